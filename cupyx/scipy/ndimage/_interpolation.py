"""Spline interpolation (scipy.ndimage): spline_filter(1d),
map_coordinates, affine_transform, shift, zoom, rotate; orders 0 to 5.

The input is prefiltered into spline coefficients on the device
(`_splines`), then every output sample is a weighted sum of (order+1)^ndim
gathered coefficients.  Transforms whose coordinates separate by axis
(shift, zoom, diagonal affine) interpolate one axis at a time instead:
(order + 1) gathers along that axis, so the cost grows with ndim, not
exponentially.  SciPy's boundary handling (scipy/ndimage/src/
ni_interpolation.c): coordinates outside the input are mapped back by the
mode; coefficients past the edge follow the prefilter's boundary
condition; 'constant' gives cval outside [0, n - 1]; 'nearest' and
'grid-constant' work on an input padded by 12 samples, as SciPy does.
"""

import itertools
import math

import numpy

import cupy
from cupyx.scipy.ndimage import _boundary
from cupyx.scipy.ndimage import _splines
from cupyx.scipy.ndimage import _util


# SciPy pads the input by this many samples before prefiltering for the
# modes whose spline has no exact boundary condition
# (scipy.ndimage._interpolation._prepad_for_spline_filter).
_NPAD = 12


def _check_order(order):
    if order < 0 or order > 5:
        raise RuntimeError('spline order not supported')


def _check_cval(mode, cval, output):
    """CuPy refuses a non-finite cval for an integer output in 'constant'
    mode (the C cast of NaN or infinity to an integer is undefined)."""
    if mode == 'constant' and _util._is_integer_output(output, None) and \
            not numpy.isfinite(cval):
        raise NotImplementedError('Non-finite cval is not supported for '
                                  'outputs with integer dtype.')


def _coefficient_mode(mode):
    """How coefficient indices past the edge are mapped back ('nearest'
    repeats the edge coefficient: it shows without the prefilter, whose
    12-sample padding otherwise keeps the taps inside)."""
    if mode in ('reflect', 'grid-mirror'):
        return 'reflect'
    if mode == 'nearest':
        return 'nearest'
    if mode == 'grid-wrap':
        return 'wrap'
    if mode == 'grid-constant':
        return 'constant'
    return 'mirror'


def _map_coordinate(x, n, mode, xp):
    """Coordinates outside [0, n - 1] mapped back by `mode` (SciPy's
    map_coordinate); returns (mapped, mask of cval samples or None)."""
    if mode == 'grid-constant':
        return x, None
    lo = x < 0
    hi = x > n - 1
    if mode == 'constant':
        return x, lo | hi
    if mode == 'nearest':
        # SciPy leaves the coordinate as it is: the taps past the edge
        # repeat the edge coefficient (_coefficient_index)
        return x, None
    if n <= 1:
        return xp.where(lo | hi, 0.0, x), None
    if mode == 'mirror':
        s2 = 2 * n - 2
        v = s2 * xp.trunc(-x / s2) + x
        low = xp.where(v <= 1 - n, v + s2, -v)
        v = x - s2 * xp.trunc(x / s2)
        high = xp.where(v >= n, s2 - v, v)
    elif mode in ('reflect', 'grid-mirror'):
        s2 = 2 * n
        v = xp.where(x < -s2, s2 * xp.trunc(-x / s2) + x, x)
        low = xp.where(v < -n, v + s2, -v - 1)
        v = x - s2 * xp.trunc(x / s2)
        high = xp.where(v >= n, s2 - v - 1, v)
    elif mode == 'wrap':
        s = n - 1
        low = x + s * (xp.trunc(-x / s) + 1)
        high = x - s * xp.trunc(x / s)
    elif mode == 'grid-wrap':
        low = x + n * (xp.trunc((-1 - x) / n) + 1)
        high = x - n * xp.trunc(x / n)
    else:
        raise RuntimeError('boundary mode not supported')
    return xp.where(lo, low, xp.where(hi, high, x)), None


def _coefficient_index(k, n, cmode, xp):
    """Coefficient indices mapped into [0, n); with the mask of those that
    stand for cval ('grid-constant'), else None."""
    if cmode == 'constant':
        valid = (k >= 0) & (k < n)
        return xp.clip(k, 0, n - 1), valid
    if cmode == 'nearest':
        return xp.clip(k, 0, n - 1), None
    if n == 1:
        return k * 0, None
    if cmode == 'wrap':
        return k % n, None
    if cmode == 'reflect':
        r = k % (2 * n)
        return xp.where(r >= n, 2 * n - 1 - r, r), None
    r = k % (2 * n - 2)
    return xp.where(r >= n, 2 * n - 2 - r, r), None


def _axis_terms(x, n, order, mode, xp):
    """For coordinates `x` along one axis of length n: the cval mask, and
    per tap (index, weight, valid mask or None)."""
    mapped, outside = _map_coordinate(x, n, mode, xp)
    start, t = _splines.start_and_fraction(mapped, order, xp)
    weights = _splines.weights(t, order)
    cmode = _coefficient_mode(mode)
    terms = []
    for j in range(order + 1):
        idx, valid = _coefficient_index(start + j, n, cmode, xp)
        terms.append((idx, weights[j], valid))
    return outside, terms


def _coefficients(input, order, mode, cval, prefilter, axes=None):
    """Float64 spline coefficients of `input` (along `axes`) and the
    padding SciPy adds before prefiltering."""
    axes = range(input.ndim) if axes is None else axes
    x = input.astype(numpy.float64)
    if not (prefilter and order > 1):
        return x, 0
    npad = 0
    if mode in ('nearest', 'grid-constant'):
        npad = _NPAD
        pad_mode = 'nearest' if mode == 'nearest' else 'constant'
        for axis in axes:
            x = _boundary.pad_axis(x, axis, npad, npad, pad_mode, cval)
    for axis in axes:
        x = _splines.spline_filter_work(x, order, axis, mode)
    return x, npad


def _interp_general(c, coords, order, mode, cval, npad, batch=0):
    """Interpolate coefficients `c` at device coordinate arrays `coords`
    (one per non-batch axis, all of one shape).  The first `batch` axes of
    `c` are carried through (each slice interpolated alike)."""
    out_shape = coords[0].shape
    strides = [int(numpy.prod(c.shape[d + 1:])) for d in range(c.ndim)]
    flat = c.reshape(-1)
    base = 0
    if batch:
        bshape = c.shape[:batch]
        base = cupy.zeros(bshape, dtype=numpy.int64)
        for d in range(batch):
            r = cupy.arange(bshape[d], dtype=numpy.int64) * strides[d]
            base = base + r.reshape((-1,) + (1,) * (batch - 1 - d))
        base = base.reshape(bshape + (1,) * len(out_shape))
    axis_terms = []
    outside = None
    for d, x in enumerate(coords):
        mask, terms = _axis_terms(x + npad, c.shape[batch + d], order, mode,
                                  cupy)
        if mask is not None:
            outside = mask if outside is None else outside | mask
        axis_terms.append(terms)
    acc = None
    for combo in itertools.product(*axis_terms):
        index = base
        weight = None
        valid = None
        for d, (idx, w, ok) in enumerate(combo):
            index = index + idx * strides[batch + d]
            if order > 0:
                weight = w if weight is None else weight * w
            if ok is not None:
                valid = ok if valid is None else valid & ok
        value = cupy.take(flat, index)
        if valid is not None:
            value = cupy.where(valid, value, float(cval))
        term = value if weight is None else value * weight
        acc = term if acc is None else acc + term
    if outside is not None:
        acc = cupy.where(outside, float(cval), acc)
    return acc


def _interp_separable(c, coords, order, mode, cval, npad):
    """Interpolate at the outer product of per-axis host coordinates
    (`coords[d]` is a 1-D NumPy array): one axis at a time.  The axis
    being interpolated is brought to the front of a C-contiguous array
    first, so each tap gathers whole contiguous rows (a strided gather
    per element costs several times more); the axes are put back in
    order once, at the end (a view)."""
    x = c
    perm = list(range(c.ndim))       # x's axes, as axes of c
    outside = None
    for d, xs in enumerate(coords):
        mask, terms = _axis_terms(numpy.asarray(xs, numpy.float64) + npad,
                                  c.shape[d], order, mode, numpy)
        k = perm.index(d)
        if k:
            x = cupy.ascontiguousarray(cupy.moveaxis(x, k, 0))
            perm.insert(0, perm.pop(k))
        bshape = (len(xs),) + (1,) * (c.ndim - 1)
        acc = None
        for idx, w, ok in terms:
            g = cupy.take(x, cupy.asarray(idx), axis=0)
            if ok is not None and not ok.all():
                g = cupy.where(cupy.asarray(ok).reshape(bshape), g,
                               float(cval))
            if order > 0:
                g = g * cupy.asarray(w).reshape(bshape)
            acc = g if acc is None else acc + g
        x = acc
        if mask is not None and mask.any():
            shape = [1] * c.ndim
            shape[d] = len(xs)
            m = cupy.asarray(mask.reshape(shape))
            outside = m if outside is None else outside | m
    x = x.transpose([perm.index(a) for a in range(c.ndim)])
    if outside is not None:
        x = cupy.where(outside, float(cval), x)
    return x


def _store(result, output):
    """Write interpolated values as SciPy does: integers round half away
    from zero and saturate; unsigned negatives become 0."""
    kind = output.dtype.kind
    if kind in 'iu':
        info = numpy.iinfo(output.dtype)
        if kind == 'u':
            result = cupy.where(result > 0, result + 0.5, 0.0)
        else:
            result = cupy.where(result > 0, result + 0.5, result - 0.5)
        result = cupy.trunc(cupy.clip(result, float(info.min),
                                      float(info.max)))
    output[...] = result.astype(output.dtype, copy=False)
    return output


def _complex_parts(func, input, output, cval, **kwargs):
    """Interpolate the real and imaginary parts apart, as SciPy does."""
    func(input.real, output=output.real, cval=numpy.real(cval), **kwargs)
    func(input.imag, output=output.imag, cval=numpy.imag(cval), **kwargs)
    return output


def spline_filter1d(input, order=3, axis=-1, output=numpy.float64,
                    mode='mirror'):
    """Spline coefficients along one axis (scipy.ndimage.spline_filter1d)."""
    _check_order(order)
    input = _util.check_input(input)
    is_complex = input.dtype.kind == 'c'
    output = _util.get_output(output, input, complex_output=is_complex)
    if is_complex:
        spline_filter1d(input.real, order, axis, output.real, mode)
        spline_filter1d(input.imag, order, axis, output.imag, mode)
        return output
    if order in (0, 1) or input.size == 0:
        output[...] = input
        return output
    _util.check_mode(mode)
    axis = _util.check_axis(axis, input.ndim)
    result = _splines.spline_filter_work(input.astype(numpy.float64), order,
                                         axis, mode)
    output[...] = result.astype(output.dtype, copy=False)
    return output


def spline_filter(input, order=3, output=numpy.float64, mode='mirror'):
    """Multidimensional spline filter (scipy.ndimage.spline_filter)."""
    if order < 2 or order > 5:
        raise RuntimeError('spline order not supported')
    input = _util.check_input(input)
    is_complex = input.dtype.kind == 'c'
    output = _util.get_output(output, input, complex_output=is_complex)
    if is_complex:
        spline_filter(input.real, order, output.real, mode)
        spline_filter(input.imag, order, output.imag, mode)
        return output
    _util.check_mode(mode)
    x = input.astype(numpy.float64)
    if input.size:
        for axis in range(input.ndim):
            x = _splines.spline_filter_work(x, order, axis, mode)
    output[...] = x.astype(output.dtype, copy=False)
    return output


def map_coordinates(input, coordinates, output=None, order=3,
                    mode='constant', cval=0.0, prefilter=True):
    """Values of `input` at `coordinates` (scipy.ndimage.map_coordinates)."""
    _check_order(order)
    input = _util.check_input(input)
    coordinates = cupy.asarray(coordinates)
    if coordinates.dtype.kind == 'c':
        raise TypeError('Complex type not supported')
    output_shape = coordinates.shape[1:]
    if input.ndim < 1 or len(output_shape) < 1:
        raise RuntimeError('input and output rank must be > 0')
    if coordinates.shape[0] != input.ndim:
        raise RuntimeError('invalid shape for coordinate array')
    is_complex = input.dtype.kind == 'c'
    output = _util.get_output(output, input, shape=output_shape,
                              complex_output=is_complex)
    if is_complex:
        return _complex_parts(map_coordinates, input, output, cval,
                              coordinates=coordinates, order=order,
                              mode=mode, prefilter=prefilter)
    _check_cval(mode, cval, output)
    _util.check_mode(mode)
    if output.size == 0:
        return output
    if input.size == 0:
        output[...] = cval
        return output
    c, npad = _coefficients(input, order, mode, cval, prefilter)
    coords = [coordinates[d].astype(numpy.float64)
              for d in range(input.ndim)]
    return _store(_interp_general(c, coords, order, mode, cval, npad),
                  output)


def _output_grid(shape):
    return [cupy.arange(n, dtype=numpy.float64).reshape(
        (-1,) + (1,) * (len(shape) - 1 - d)) for d, n in enumerate(shape)]


def _texture_arguments(input, matrix, output, output_shape, mode):
    """CuPy's texture_memory=True path takes a 2-D or 3-D float32 input, a
    homogeneous (ndim + 1, ndim + 1) matrix, 'constant' or 'nearest', a
    float32 output; anything else raises its ValueError."""
    ndim = input.ndim
    if ndim not in (2, 3):
        raise ValueError('Texture memory affine transformation is defined '
                         'only for 2D and 3D arrays without channel '
                         'dimension.')
    if input.dtype != numpy.float32:
        raise ValueError('Texture memory affine transformation is available '
                         'only for float32 data type (not {})'.format(
                             input.dtype))
    if tuple(matrix.shape) != (ndim + 1, ndim + 1):
        raise ValueError('Matrix must be have shape (ndim + 1, ndim + 1)')
    if mode not in ('constant', 'nearest'):
        raise ValueError('Unsupported address mode {} (supported: '
                         'constant, nearest)'.format(mode))
    shape = input.shape if output_shape is None else tuple(output_shape)
    if isinstance(output, cupy.ndarray):
        if output.shape != shape:
            raise ValueError('Output shapes do not match')
    elif output is not None and (isinstance(output, str) or
                                 numpy.dtype(output) != numpy.float32):
        raise ValueError('Texture memory affine transformation is available '
                         'only for float32 data type (not {})'.format(
                             output))


def affine_transform(input, matrix, offset=0.0, output_shape=None,
                     output=None, order=3, mode='constant', cval=0.0,
                     prefilter=True, *, texture_memory=False,
                     float64_coords=False):
    """Affine transform: input coordinate = matrix @ output coordinate +
    offset (scipy.ndimage.affine_transform).

    `texture_memory` (CuPy: CUDA texture fetches, order 0 or linear) takes
    CuPy's arguments and checks; the result is computed as without it,
    with order 0 or 1.  `float64_coords` is accepted: coordinates are
    always computed in float64 here, as SciPy does."""
    _check_order(order)
    input = _util.check_input(input)
    if texture_memory:
        _texture_arguments(input, matrix, output, output_shape, mode)
        order = min(order, 1)
        offset = 0.0          # CuPy's texture path reads the matrix only
    if output_shape is None:
        if isinstance(output, cupy.ndarray):
            output_shape = output.shape
        else:
            output_shape = input.shape
    output_shape = tuple(output_shape)
    if input.ndim < 1 or len(output_shape) < 1:
        raise RuntimeError('input and output rank must be > 0')
    is_complex = input.dtype.kind == 'c'
    output = _util.get_output(output, input, shape=output_shape,
                              complex_output=is_complex)
    if is_complex:
        return _complex_parts(affine_transform, input, output, cval,
                              matrix=matrix, offset=offset,
                              output_shape=output_shape, order=order,
                              mode=mode, prefilter=prefilter)
    matrix = numpy.asarray(cupy.asnumpy(matrix) if isinstance(
        matrix, cupy.ndarray) else matrix, dtype=numpy.float64)
    if matrix.ndim not in (1, 2) or matrix.shape[0] < 1:
        raise RuntimeError('no proper affine matrix provided')
    ndim = input.ndim
    if (matrix.ndim == 2 and matrix.shape[1] == ndim + 1 and
            matrix.shape[0] in (ndim, ndim + 1)):
        if matrix.shape[0] == ndim + 1:
            expected = [0] * ndim + [1]
            if not numpy.all(matrix[ndim] == expected):
                raise ValueError(
                    'Expected homogeneous transformation matrix with shape {}'
                    ' for image shape {}, but bottom row was not equal to {}'
                    .format(matrix.shape, input.shape, expected))
        offset = matrix[:ndim, ndim]
        matrix = matrix[:ndim, :ndim]
    if matrix.shape[0] != ndim:
        raise RuntimeError('affine matrix has wrong number of rows')
    if matrix.ndim == 2 and matrix.shape[1] != output.ndim:
        raise RuntimeError('affine matrix has wrong number of columns')
    if isinstance(offset, cupy.ndarray):
        offset = cupy.asnumpy(offset)
    offset = numpy.asarray(_util.normalize_sequence(offset, ndim),
                           dtype=numpy.float64)
    if offset.ndim != 1 or offset.shape[0] < 1:
        raise RuntimeError('no proper offset provided')
    _check_cval(mode, cval, output)
    _util.check_mode(mode)
    if output.size == 0:
        return output
    if input.size == 0:
        output[...] = cval
        return output
    c, npad = _coefficients(input, order, mode, cval, prefilter)
    if matrix.ndim == 1:
        coords = [numpy.arange(n) * m + o
                  for n, m, o in zip(output_shape, matrix, offset)]
        result = _interp_separable(c, coords, order, mode, cval, npad)
    else:
        grid = _output_grid(output_shape)
        coords = []
        for d in range(ndim):
            x = cupy.full(output_shape, float(offset[d]))
            for k in range(len(output_shape)):
                if matrix[d, k] != 0:
                    x = x + grid[k] * float(matrix[d, k])
            coords.append(x)
        result = _interp_general(c, coords, order, mode, cval, npad)
    return _store(result, output)


def shift(input, shift, output=None, order=3, mode='constant', cval=0.0,
          prefilter=True):
    """Shift an array (scipy.ndimage.shift)."""
    _check_order(order)
    input = _util.check_input(input)
    if input.ndim < 1:
        raise RuntimeError('input and output rank must be > 0')
    is_complex = input.dtype.kind == 'c'
    output = _util.get_output(output, input, complex_output=is_complex)
    if is_complex:
        return _complex_parts(globals()['shift'], input, output, cval,
                              shift=shift, order=order, mode=mode,
                              prefilter=prefilter)
    _check_cval(mode, cval, output)
    _util.check_mode(mode)
    if isinstance(shift, cupy.ndarray):
        shift = cupy.asnumpy(shift)
    shifts = _util.normalize_sequence(shift, input.ndim)
    if input.size == 0:
        return output
    c, npad = _coefficients(input, order, mode, cval, prefilter)
    coords = [numpy.arange(n) - float(s)
              for n, s in zip(input.shape, shifts)]
    return _store(_interp_separable(c, coords, order, mode, cval, npad),
                  output)


def zoom(input, zoom, output=None, order=3, mode='constant', cval=0.0,
         prefilter=True, *, grid_mode=False):
    """Zoom an array (scipy.ndimage.zoom)."""
    _check_order(order)
    input = _util.check_input(input)
    if input.ndim < 1:
        raise RuntimeError('input and output rank must be > 0')
    zooms = _util.normalize_sequence(zoom, input.ndim)
    output_shape = tuple(int(round(n * z))
                         for n, z in zip(input.shape, zooms))
    is_complex = input.dtype.kind == 'c'
    output = _util.get_output(output, input, shape=output_shape,
                              complex_output=is_complex)
    _check_cval(mode, cval, output)
    if all(z == 1 for z in zooms) and prefilter:
        output[...] = input
        return output
    if is_complex:
        return _complex_parts(globals()['zoom'], input, output, cval,
                              zoom=zooms, order=order, mode=mode,
                              prefilter=prefilter, grid_mode=grid_mode)
    _util.check_mode(mode)
    if grid_mode and mode in ('constant', 'wrap'):
        import warnings
        warnings.warn('It is recommended to use mode = {} instead of {} '
                      'when grid_mode is True.'.format(
                          'grid-' + mode, mode), stacklevel=2)
    if output.size == 0 or input.size == 0:
        return output
    c, npad = _coefficients(input, order, mode, cval, prefilter)
    coords = []
    for n_in, n_out in zip(input.shape, output_shape):
        num, div = (n_in, n_out) if grid_mode else (n_in - 1, n_out - 1)
        factor = num / div if div != 0 else 1.0
        k = numpy.arange(n_out, dtype=numpy.float64)
        coords.append((k + 0.5) * factor - 0.5 if grid_mode else k * factor)
    return _store(_interp_separable(c, coords, order, mode, cval, npad),
                  output)


def _trig_degrees(angle):
    """cos and sin of an angle in degrees, exact at multiples of 90."""
    a = float(angle) % 360.0
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0),
             270.0: (0.0, -1.0)}
    if a in exact:
        return exact[a]
    r = math.radians(a)
    return math.cos(r), math.sin(r)


def rotate(input, angle, axes=(1, 0), reshape=True, output=None, order=3,
           mode='constant', cval=0.0, prefilter=True):
    """Rotate an array in the plane of `axes` (scipy.ndimage.rotate)."""
    _check_order(order)
    input = _util.check_input(input)
    ndim = input.ndim
    if ndim < 2:
        raise ValueError('input array should be at least 2D')
    axes = list(axes)
    if len(axes) != 2:
        raise ValueError('axes should contain exactly two values')
    if not all(float(ax).is_integer() for ax in axes):
        raise ValueError('axes should contain only integer values')
    axes = [int(ax) + ndim if ax < 0 else int(ax) for ax in axes]
    if any(ax < 0 or ax >= ndim for ax in axes):
        raise ValueError('invalid rotation plane specified')
    axes.sort()
    c, s = _trig_degrees(angle)
    rot = numpy.array([[c, s], [-s, c]])
    img_shape = numpy.asarray(input.shape)
    in_plane = img_shape[axes]
    if reshape:
        iy, ix = in_plane
        bounds = rot @ [[0, 0, iy, iy], [0, ix, 0, ix]]
        out_plane = (numpy.ptp(bounds, axis=1) + 0.5).astype(int)
    else:
        out_plane = in_plane
    out_center = rot @ ((out_plane - 1) / 2)
    in_center = (in_plane - 1) / 2
    offset = in_center - out_center
    output_shape = img_shape.copy()
    output_shape[axes] = out_plane
    output_shape = tuple(int(v) for v in output_shape)
    is_complex = input.dtype.kind == 'c'
    output = _util.get_output(output, input, shape=output_shape,
                              complex_output=is_complex)
    if is_complex:
        return _complex_parts(rotate, input, output, cval, angle=angle,
                              axes=axes, reshape=reshape, order=order,
                              mode=mode, prefilter=prefilter)
    _check_cval(mode, cval, output)
    _util.check_mode(mode)
    if output.size == 0:
        return output
    if input.size == 0:
        output[...] = cval
        return output
    # the plane axes last, every other axis a batch of planes (SciPy
    # rotates plane by plane: prefilter and padding only in the plane)
    others = [d for d in range(ndim) if d not in axes]
    moved = cupy.transpose(input, others + axes)
    batch = len(others)
    coef, npad = _coefficients(moved, order, mode, cval, prefilter,
                               axes=(batch, batch + 1))
    grid = _output_grid(tuple(int(v) for v in out_plane))
    coords = [grid[0] * float(rot[d, 0]) + grid[1] * float(rot[d, 1]) +
              float(offset[d]) for d in range(2)]
    coords = [cupy.broadcast_to(x, tuple(int(v) for v in out_plane))
              for x in coords]
    result = _interp_general(coef, coords, order, mode, cval, npad, batch)
    inverse = numpy.argsort(others + axes)
    return _store(cupy.transpose(result, tuple(int(i) for i in inverse)),
                  output)
