"""Binary and grey morphology (scipy.ndimage).

Binary erosion is a minimum, dilation a maximum, over the structuring
element's shifted views of the border-extended image (`_rank_filters`);
iterations repeat the pass on the device, and "until no change" checks
one device-side `any` per pass, except for dilation until stable with a
symmetric centred element (binary_propagation, binary_fill_holes), which
is one dilation and a connected-components pass (`_label`).  Structures are small host arrays.
"""

import operator
import warnings

import numpy

import cupy
from cupyx.scipy.ndimage import _filters
from cupyx.scipy.ndimage import _label
from cupyx.scipy.ndimage import _rank_filters
from cupyx.scipy.ndimage import _util


def _host(a, dtype=None):
    if isinstance(a, cupy.ndarray):
        a = cupy.asnumpy(a)
    return numpy.asarray(a, dtype=dtype)


def generate_binary_structure(rank, connectivity):
    """Binary structure of `rank` dimensions whose elements are within
    `connectivity` unit steps of the centre (as SciPy)."""
    if connectivity < 1:
        connectivity = 1
    if rank < 1:
        return cupy.asarray(numpy.array(True))
    grid = numpy.indices((3,) * rank)
    steps = numpy.abs(grid - 1).sum(axis=0)
    return cupy.asarray(steps <= connectivity)


def iterate_structure(structure, iterations, origin=None):
    """Dilate a structure with itself `iterations` - 1 times."""
    structure = _host(structure)
    if iterations < 2:
        out = cupy.asarray(structure.copy())
    else:
        ni = iterations - 1
        shape = [s + ni * (s - 1) for s in structure.shape]
        pos = [ni * (s // 2) for s in structure.shape]
        seed = numpy.zeros(shape, bool)
        seed[tuple(slice(p, p + s) for p, s in
                   zip(pos, structure.shape))] = structure != 0
        out = binary_dilation(cupy.asarray(seed), structure, iterations=ni)
    if origin is None:
        return out
    origin = _util.normalize_sequence(origin, structure.ndim)
    return out, [iterations * o for o in origin]


def _flip(structure):
    return structure[(slice(None, None, -1),) * structure.ndim]


def _reflected_origin(origin, shape):
    """The origin of the reflected element (SciPy's dilation rule)."""
    out = []
    for o, s in zip(origin, shape):
        o = -o
        if not s & 1:
            o -= 1
        out.append(o)
    return out


def _binary_pass(x, footprint, origins, border_value, dilate):
    """One erosion (all) or dilation (any) of boolean device `x`."""
    fn = _rank_filters._min_or_max_filter
    return fn(x, None, footprint, None, None, 'constant',
              int(bool(border_value)), origins, not dilate)


def _binary_op(input, structure, iterations, mask, output, border_value,
               origin, dilate, axes):
    try:
        iterations = operator.index(iterations)
    except TypeError as e:
        raise TypeError('iterations parameter should be an integer') from e
    input = _util.check_input(input)
    if input.dtype.kind == 'c':
        raise TypeError('Complex type not supported')
    ndim = input.ndim
    axes = _util.check_axes(axes, ndim)
    if structure is None:
        structure = _host(generate_binary_structure(len(axes), 1))
    elif isinstance(structure, int) or (
            isinstance(structure, tuple) and
            all(isinstance(k, int) for k in structure)):
        # CuPy's shorthand: the shape of an all-true box (an int: the
        # same size along every axis)
        shape = ((structure,) * len(axes) if isinstance(structure, int)
                 else structure)
        structure = numpy.ones(shape, dtype=bool)
    else:
        structure = _host(structure, bool)
    if ndim > len(axes):
        structure = _filters._expand_to_ndim(ndim, axes, structure,
                                             'structure')
    if structure.ndim != ndim:
        raise RuntimeError('structure and input must have same '
                           'dimensionality')
    if structure.size < 1:
        raise RuntimeError('structure must not be empty')
    if mask is not None:
        mask = cupy.asarray(mask)
        if mask.shape != input.shape:
            raise RuntimeError('mask and input must have equal sizes')
        mask = mask.astype(bool)
    origins = _filters._expand_origin(
        ndim, axes, _util.normalize_sequence(origin, len(axes)))
    if isinstance(output, cupy.ndarray):
        if output.dtype.kind == 'c':
            raise TypeError('Complex output type not supported')
    else:
        output = bool
    output = _util.get_output(output, input)
    if dilate:
        structure = _flip(structure)
        origins = _reflected_origin(origins, structure.shape)
    x = input != 0
    if input.size == 0 or not structure.any():
        if not structure.any():
            # an empty element erodes to all true, dilates to all false
            x = cupy.full(input.shape, not dilate, dtype=bool)
        output[...] = x
        return output
    if iterations < 1 and dilate:
        sym = _union_find_structure(structure, origins)
        if sym is not None:
            output[...] = _propagate(x, sym, structure, origins, mask,
                                     border_value)
            return output
    count = 0
    while True:
        new = _binary_pass(x, structure, origins, border_value, dilate)
        if mask is not None:
            new = cupy.where(mask, new, x)
        count += 1
        if iterations >= 1:
            x = new
            if count >= iterations:
                break
            continue
        changed = bool((new != x).any())
        x = new
        if not changed:
            break
    output[...] = x
    return output


def _union_find_structure(structure, origins):
    """Dilation until stable with a symmetric element centred at its origin
    is reachability in the graph the element defines: the element padded
    to 3 along every axis for `_label`, or None when that does not hold."""
    if structure.ndim == 0 or any(origins) or any(
            s not in (1, 3) for s in structure.shape):
        return None
    centre = tuple(s // 2 for s in structure.shape)
    if not structure[centre] or not (structure == _flip(structure)).all():
        return None
    return numpy.pad(structure, [((3 - s) // 2,) * 2
                                 for s in structure.shape])


def _propagate(x, sym, structure, origins, mask, border_value):
    """Iterated dilation of `x` within `mask` in one union-find pass: the
    elements one dilation reaches (border included) light up their whole
    component of the mask."""
    reach = _binary_pass(x, structure, origins, border_value, True)
    region = cupy.ones(x.shape, dtype=bool) if mask is None else mask
    labels, count = _label.components(region, sym)
    lit = cupy.zeros(count + 1, dtype=bool)
    lit[labels[reach & region]] = True
    lit[0] = False
    result = cupy.take(lit, labels)
    return result if mask is None else cupy.where(mask, result, x)


def binary_erosion(input, structure=None, iterations=1, mask=None,
                   output=None, border_value=0, origin=0, brute_force=False,
                   *, axes=None):
    """Binary erosion (scipy.ndimage.binary_erosion)."""
    return _binary_op(input, structure, iterations, mask, output,
                      border_value, origin, False, axes)


def binary_dilation(input, structure=None, iterations=1, mask=None,
                    output=None, border_value=0, origin=0, brute_force=False,
                    *, axes=None):
    """Binary dilation (scipy.ndimage.binary_dilation)."""
    return _binary_op(input, structure, iterations, mask, output,
                      border_value, origin, True, axes)


def _default_structure(input, structure, axes):
    if structure is None:
        axes = _util.check_axes(axes, input.ndim)
        structure = generate_binary_structure(len(axes), 1)
    return structure


def binary_opening(input, structure=None, iterations=1, output=None,
                   origin=0, mask=None, border_value=0, brute_force=False,
                   *, axes=None):
    """Binary opening: erosion then dilation."""
    input = _util.check_input(input)
    structure = _default_structure(input, structure, axes)
    tmp = binary_erosion(input, structure, iterations, mask, None,
                         border_value, origin, brute_force, axes=axes)
    return binary_dilation(tmp, structure, iterations, mask, output,
                           border_value, origin, brute_force, axes=axes)


def binary_closing(input, structure=None, iterations=1, output=None,
                   origin=0, mask=None, border_value=0, brute_force=False,
                   *, axes=None):
    """Binary closing: dilation then erosion."""
    input = _util.check_input(input)
    structure = _default_structure(input, structure, axes)
    tmp = binary_dilation(input, structure, iterations, mask, None,
                          border_value, origin, brute_force, axes=axes)
    return binary_erosion(tmp, structure, iterations, mask, output,
                          border_value, origin, brute_force, axes=axes)


def binary_hit_or_miss(input, structure1=None, structure2=None, output=None,
                       origin1=0, origin2=None, *, axes=None):
    """Binary hit-or-miss transform (scipy.ndimage.binary_hit_or_miss)."""
    input = _util.check_input(input)
    if structure1 is None:
        structure1 = _default_structure(input, None, axes)
    structure1 = _host(structure1, bool)
    if structure2 is None:
        structure2 = numpy.logical_not(structure1)
    if origin2 is None:
        origin2 = origin1
    tmp1 = binary_erosion(input, structure1, 1, None, None, 0, origin1,
                          axes=axes)
    inside = _util.check_input(input) == 0
    # SciPy erodes the inverted input with the border inverted too: the
    # outside counts as background
    tmp2 = binary_erosion(inside, structure2, 1, None, None, 1, origin2,
                          axes=axes)
    result = tmp1 & tmp2
    if isinstance(output, cupy.ndarray):
        output[...] = result
        return output
    return result


def binary_propagation(input, structure=None, mask=None, output=None,
                       border_value=0, origin=0, *, axes=None):
    """Repeated dilation within `mask` until stable."""
    return binary_dilation(input, structure, -1, mask, output, border_value,
                           origin, axes=axes)


def binary_fill_holes(input, structure=None, output=None, origin=0, *,
                      axes=None):
    """Fill the holes (background not connected to the border)."""
    input = _util.check_input(input)
    mask = input == 0
    seed = cupy.zeros(input.shape, dtype=bool)
    outside = binary_dilation(seed, structure, -1, mask, None, 1, origin,
                              axes=axes)
    result = ~outside
    if isinstance(output, cupy.ndarray):
        output[...] = result
        return output
    return result


# -- grey ------------------------------------------------------------------

def grey_erosion(input, size=None, footprint=None, structure=None,
                 output=None, mode='reflect', cval=0.0, origin=0, *,
                 axes=None):
    """Grey erosion: minimum filter (less `structure`)."""
    if size is None and footprint is None and structure is None:
        raise ValueError('size, footprint, or structure must be specified')
    return _rank_filters._min_or_max_filter(
        input, size, footprint, structure, output, mode, cval, origin, True,
        axes)


def grey_dilation(input, size=None, footprint=None, structure=None,
                  output=None, mode='reflect', cval=0.0, origin=0, *,
                  axes=None):
    """Grey dilation: maximum filter (plus `structure`) over the
    reflected element."""
    if size is None and footprint is None and structure is None:
        raise ValueError('size, footprint, or structure must be specified')
    if structure is not None:
        structure = _flip(_host(structure))
    if footprint is not None:
        footprint = _flip(_host(footprint))
    input = _util.check_input(input)
    axes_ = _util.check_axes(axes, input.ndim)
    origins = _util.normalize_sequence(origin, len(axes_))
    sizes = []
    for i in range(len(axes_)):
        if footprint is not None:
            sizes.append(footprint.shape[i])
        elif structure is not None:
            sizes.append(structure.shape[i])
        elif numpy.isscalar(size):
            sizes.append(size)
        else:
            sizes.append(size[i])
    origins = _reflected_origin(origins, sizes)
    return _rank_filters._min_or_max_filter(
        input, size, footprint, structure, output, mode, cval, origins,
        False, axes)


def _warn_size(size, footprint):
    if size is not None and footprint is not None:
        warnings.warn('ignoring size because footprint is set',
                      UserWarning, stacklevel=3)


def grey_opening(input, size=None, footprint=None, structure=None,
                 output=None, mode='reflect', cval=0.0, origin=0, *,
                 axes=None):
    """Grey opening: erosion then dilation."""
    _warn_size(size, footprint)
    tmp = grey_erosion(input, size, footprint, structure, None, mode, cval,
                       origin, axes=axes)
    return grey_dilation(tmp, size, footprint, structure, output, mode,
                         cval, origin, axes=axes)


def grey_closing(input, size=None, footprint=None, structure=None,
                 output=None, mode='reflect', cval=0.0, origin=0, *,
                 axes=None):
    """Grey closing: dilation then erosion."""
    _warn_size(size, footprint)
    tmp = grey_dilation(input, size, footprint, structure, None, mode, cval,
                        origin, axes=axes)
    return grey_erosion(tmp, size, footprint, structure, output, mode,
                        cval, origin, axes=axes)


def _array_output(output):
    """SciPy's morphological gradient and laplace use `output` only when it
    is an array: given a dtype, their result keeps the input's dtype."""
    return output if isinstance(output, cupy.ndarray) else None


def _finish(result, output):
    if isinstance(output, cupy.ndarray):
        output[...] = result
        return output
    if output is not None:               # a dtype: SciPy's result has it
        return result.astype(numpy.dtype(output), copy=False)
    return result


def morphological_gradient(input, size=None, footprint=None, structure=None,
                           output=None, mode='reflect', cval=0.0, origin=0,
                           *, axes=None):
    """Dilation minus erosion."""
    args = (size, footprint, structure, None, mode, cval, origin)
    d = grey_dilation(input, *args, axes=axes)
    e = grey_erosion(input, *args, axes=axes)
    return _finish(d - e, _array_output(output))


def morphological_laplace(input, size=None, footprint=None, structure=None,
                          output=None, mode='reflect', cval=0.0, origin=0,
                          *, axes=None):
    """Dilation plus erosion minus twice the input."""
    args = (size, footprint, structure, None, mode, cval, origin)
    d = grey_dilation(input, *args, axes=axes)
    e = grey_erosion(input, *args, axes=axes)
    return _finish(d + e - input - input, _array_output(output))


def white_tophat(input, size=None, footprint=None, structure=None,
                 output=None, mode='reflect', cval=0.0, origin=0, *,
                 axes=None):
    """Input minus its grey opening."""
    _warn_size(size, footprint)
    # SciPy computes the opening in the output's dtype first
    tmp = grey_opening(input, size, footprint, structure, output, mode, cval,
                       origin, axes=axes)
    if input.dtype == numpy.bool_ and tmp.dtype == numpy.bool_:
        return _finish(input ^ tmp, output)
    return _finish(input - tmp, output)


def black_tophat(input, size=None, footprint=None, structure=None,
                 output=None, mode='reflect', cval=0.0, origin=0, *,
                 axes=None):
    """Grey closing minus the input."""
    _warn_size(size, footprint)
    # SciPy computes the closing in the output's dtype first
    tmp = grey_closing(input, size, footprint, structure, output, mode, cval,
                       origin, axes=axes)
    if input.dtype == numpy.bool_ and tmp.dtype == numpy.bool_:
        return _finish(tmp ^ input, output)
    return _finish(tmp - input, output)
