"""Shape and joining routines of the array core: reshape (with ``copy=``),
broadcast_to, expand_dims, concatenate, stack, repeat, resize.

``ndarray`` methods and the core's other routines call these;
``cupy/_manipulation`` re-exports them.
"""

import operator

import numpy

from cupy._core import _dtype
from cupy._core import _layout
from cupy._core import _shape
from cupy._core import core
from cupy._core._operands import as_array


_NO_SHAPE = object()


def reshape(a, shape=_NO_SHAPE, order='C', *, newshape=None, copy=None):
    """``a`` with a new shape: a view where NumPy gives one, else a copy
    (``copy=True`` always copies, ``copy=False`` never does)."""
    if newshape is not None:
        if shape is not _NO_SHAPE:
            raise TypeError('You cannot specify \'newshape\' and \'shape\' '
                            'arguments at the same time.')
        shape = newshape
    if shape is _NO_SHAPE:
        raise TypeError("reshape() missing 1 required positional argument: "
                        "'shape'")
    a = as_array(a)
    if shape is None:       # NumPy: an explicit None keeps the shape
        shape = a.shape
    if isinstance(copy, str):
        raise ValueError("strings are not allowed for 'copy' keyword. "
                         "Use True/False/None instead.")
    order = _layout.check_order(order, 'C')
    if order == 'K':
        raise ValueError("order 'K' is not permitted for reshaping")
    if order == 'A':
        order = 'F' if _layout.is_fortran(a) else 'C'
    if copy:
        shp = _shape.infer_shape(shape, a.size)
        out = core._empty(shp, a.dtype, order)
        core._copy_to(_shape.reshape(out, a.shape, order), a)
        return out
    if copy is False and _shape.reshape_strides(a, shape, order) is None:
        raise ValueError('Unable to avoid creating a copy while reshaping.')
    return _shape.reshape(a, shape, order)


def _shape_tuple(shape):
    if isinstance(shape, (int, numpy.integer)):
        return (int(shape),)
    return tuple(operator.index(d) for d in shape)


def broadcast_to(array, shape, subok=False):
    """A view of ``array`` broadcast to ``shape``."""
    array = as_array(array)
    shape = _shape_tuple(shape)
    if not shape and array.shape:
        raise ValueError('cannot broadcast a non-scalar to a scalar array')
    if any(d < 0 for d in shape):
        raise ValueError('all elements of broadcast shape must be '
                         'non-negative')
    try:
        return core._broadcast_to(array, shape)
    except ValueError:
        raise ValueError(
            'operands could not be broadcast together with remapped shapes '
            '[original->remapped]: {}  and requested shape {}'.format(
                array.shape, shape)) from None


def expand_dims(a, axis):
    """A view of ``a`` with size-1 axes inserted at ``axis`` (an int or a
    tuple, positions in the result)."""
    a = as_array(a)
    if not isinstance(axis, (tuple, list)):
        axis = (axis,)
    nd = a.ndim + len(axis)
    axes = _shape.normalize_axes(axis, nd)
    old = iter(zip(a.shape, a.strides))
    shape, strides = [], []
    for i in range(nd):
        d, s = (1, 0) if i in axes else next(old)
        shape.append(d)
        strides.append(s)
    return a._view_py(tuple(shape), tuple(strides), 0)


def concatenate(arrays, axis=0, out=None, *, dtype=None,
                casting='same_kind'):
    """The arrays joined along an existing axis (``axis=None``: flattened
    first).  ``dtype`` or ``out`` sets the result dtype, each input cast
    under ``casting``."""
    if not (hasattr(arrays, '__len__') and hasattr(arrays, '__getitem__')):
        raise TypeError('The first input argument needs to be a sequence')
    arrays = list(arrays)
    if axis is not None:
        axis = operator.index(axis)     # parsed first, as NumPy does
    if not arrays:
        raise ValueError('need at least one array to concatenate')
    if out is not None and dtype is not None:
        raise TypeError('concatenate() only takes `out` or `dtype` as an '
                        'argument, but both were provided.')
    _dtype.check_casting(casting)
    # Python scalars take part in the result dtype as NumPy's weak
    # scalars (NEP 50): [uint8 array, 1] stays uint8
    kinds = [a if type(a) in (int, float, complex) else None
             for a in arrays]
    # a Python int past 64 bits is weak too: a float or complex result
    # takes it, an integer one overflows (after the shape checks)
    huge = {i: a for i, a in enumerate(arrays) if type(a) is int and not
            -2**63 <= a < 2**64}
    arrays = [as_array(0 if i in huge else a) for i, a in enumerate(arrays)]
    if axis is None:
        arrays = [a.reshape(-1) if a.ndim != 1 else a for a in arrays]
        axis = 0
    nd = arrays[0].ndim
    if nd == 0:
        raise ValueError('zero-dimensional arrays cannot be concatenated')
    axis = _shape.normalize_axis(axis, nd)
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != nd:
            raise ValueError(
                'all the input arrays must have same number of dimensions, '
                'but the array at index 0 has {} dimension(s) and the array '
                'at index {} has {} dimension(s)'.format(nd, i, a.ndim))
    shape = list(arrays[0].shape)
    for i, a in enumerate(arrays[1:], 1):
        for d in range(nd):
            if d != axis and a.shape[d] != shape[d]:
                raise ValueError(
                    'all the input array dimensions except for the '
                    'concatenation axis must match exactly, but along '
                    'dimension {}, the array at index 0 has size {} and the '
                    'array at index {} has size {}'.format(
                        d, shape[d], i, a.shape[d]))
        shape[axis] += a.shape[axis]
    shape = tuple(shape)
    if out is not None:
        if not isinstance(out, core.ndarray):
            raise TypeError('out must be a cupy.ndarray')
        if out.shape != shape:
            raise ValueError('Output array is the wrong shape')
        dt = out.dtype
    elif dtype is not None:
        dt = _dtype.get_dtype(dtype)
    else:
        dt = numpy.result_type(*[a.dtype if k is None else k
                                 for a, k in zip(arrays, kinds)])
    for i, v in huge.items():
        if dt.kind not in 'fc':
            raise OverflowError('Python int too large to convert to C long')
        arrays[i] = as_array(numpy.full(arrays[i].shape, v, dtype=dt))
    for a, k in zip(arrays, kinds):
        if k is None and not numpy.can_cast(a.dtype, dt, casting):
            raise TypeError(
                'Cannot cast array data from {!r} to {!r} according to the '
                'rule {!r}'.format(a.dtype, dt, casting))
    if dt.kind not in 'cb' and any(
            a.dtype.kind == 'c' for a, k in zip(arrays, kinds) if k is None):
        # NumPy's unsafe complex -> real copy warns
        _dtype.warn_complex_cast(stacklevel=3)
    if out is None:
        order = 'F' if all(a.flags.f_contiguous and not a.flags.c_contiguous
                           for a in arrays) else 'C'
        out = core._empty(shape, dt, order)
    pos = 0
    lead = (slice(None),) * axis
    for a in arrays:
        n = a.shape[axis]
        if n:
            core._copy_to(out[lead + (slice(pos, pos + n),)], a)
        pos += n
    return out


def _sequence(tup):
    if isinstance(tup, (core.ndarray, numpy.ndarray)):
        # NumPy iterates an array over its first axis
        if tup.ndim == 0:
            raise TypeError('iteration over a 0-d array')
        return list(tup)
    if not isinstance(tup, (list, tuple)):
        raise TypeError('arrays to stack must be passed as a "sequence" type '
                        'such as list or tuple.')
    return tup


def stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind'):
    """The arrays (all of one shape) joined along a new axis."""
    arrays = [as_array(a) for a in _sequence(arrays)]
    if not arrays:
        raise ValueError('need at least one array to stack')
    shape = arrays[0].shape
    for a in arrays[1:]:
        if a.shape != shape:
            raise ValueError('all input arrays must have the same shape')
    axis = _shape.normalize_axis(axis, arrays[0].ndim + 1)
    expanded = [expand_dims(a, axis) for a in arrays]
    return concatenate(expanded, axis, out, dtype=dtype, casting=casting)


def _repeat_view(a, axis, n_rep):
    """`a` with a zero-stride axis of length n_rep after `axis`."""
    shape = a.shape[:axis + 1] + (n_rep,) + a.shape[axis + 1:]
    strides = a.strides[:axis + 1] + (0,) + a.strides[axis + 1:]
    return a._view_py(shape, strides, 0)


def repeat(a, repeats, axis=None):
    """Each element of ``a`` repeated ``repeats`` times (an int, or one
    count per element along ``axis``); ``axis=None`` flattens first."""
    a = as_array(a)
    if isinstance(repeats, core.ndarray):
        repeats = repeats.get()        # the counts decide the result size
    reps = numpy.asarray(repeats)
    if reps.ndim > 1:
        raise ValueError(
            'setting an array element with a sequence. The requested array '
            'would exceed the maximum number of dimension of 1.')
    reps = reps.astype(numpy.intp)
    if isinstance(axis, (bool, numpy.bool_)):
        raise TypeError('an integer is required for the axis')
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    elif a.ndim == 0:
        _shape.normalize_axis(axis, 1)
        a = a.reshape(1)
        axis = 0
    else:
        axis = _shape.normalize_axis(axis, a.ndim)
    n = a.shape[axis]
    if reps.ndim == 1 and reps.size != 1:
        if reps.size != n:
            raise ValueError('operands could not be broadcast together with '
                             'shape ({},) ({},)'.format(n, reps.size))
        if (reps < 0).any():
            raise ValueError('repeats may not contain negative values.')
        if n and (reps == reps[0]).all():
            reps = reps[0]
        else:
            index = numpy.repeat(numpy.arange(n, dtype=numpy.intp), reps)
            out = a[(slice(None),) * axis + (index,)]
            # numpy.repeat makes a C-contiguous array; indexing may not
            return out if out.flags.c_contiguous else out.copy('C')
    r = int(reps.reshape(()))
    if r < 0 and n:         # NumPy repeats nothing without complaint
        raise ValueError('negative dimensions are not allowed')
    r = max(r, 0)
    shape = a.shape[:axis] + (n * r,) + a.shape[axis + 1:]
    out = core._empty(shape, a.dtype)
    if out.size:
        grouped = out.reshape(a.shape[:axis + 1] + (r,) + a.shape[axis + 1:])
        core._copy_to(grouped, _repeat_view(a, axis, r))
    return out


def resize(a, new_shape):
    """A new array of ``new_shape`` filled with ``a``'s elements (in C
    order), repeated as needed."""
    a = as_array(a)
    if isinstance(new_shape, (int, numpy.integer)):
        new_shape = (new_shape,)
    new_shape = tuple(operator.index(d) for d in new_shape)
    new_size = 1
    for d in new_shape:
        new_size *= d
        if d < 0:
            raise ValueError('all elements of `new_shape` must be '
                             'non-negative')
    out = core._empty(new_shape, a.dtype)
    if a.size == 0 or new_size == 0:
        core._fill(out, 0)
        return out
    flat_in = a.reshape(-1)
    flat_out = out.reshape(-1)
    n = a.size
    full, rest = divmod(new_size, n)
    if full:
        core._copy_to(flat_out[:full * n].reshape(full, n), flat_in)
    if rest:
        core._copy_to(flat_out[full * n:], flat_in[:rest])
    return out
