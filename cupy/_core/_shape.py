"""Views that change shape or axes: reshape, ravel, transpose, squeeze,
diagonal, view(dtype).  Pure stride arithmetic; a copy only where NumPy
makes one."""

import operator

import numpy
from numpy.exceptions import AxisError

from cupy._core import _layout
from cupy._core import core


def _as_int(x):
    """``operator.index(x)``; NumPy takes no booleans as sizes or axes."""
    if isinstance(x, (bool, numpy.bool_)):
        raise TypeError('an integer is required')
    return operator.index(x)


def _index_arg(x):
    try:
        return operator.index(x)
    except TypeError:
        raise TypeError("'{}' object cannot be interpreted as an integer"
                        .format(type(x).__name__)) from None


def normalize_axis(axis, ndim):
    try:
        axis = axis.__index__()
    except AttributeError:
        raise TypeError("'{}' object cannot be interpreted as an integer"
                        .format(type(axis).__name__)) from None
    if not -ndim <= axis < ndim:
        raise AxisError(axis, ndim)
    return axis % ndim if ndim else 0


def normalize_axes(axes, ndim, allow_duplicate=False):
    """A tuple of axes in [0, ndim) from an integer or any sequence of
    integers (a list, tuple, range, or 1-d integer array), as NumPy's
    normalize_axis_tuple."""
    if not isinstance(axes, (list, tuple)):
        try:
            axes = (operator.index(axes),)
        except TypeError:
            pass        # iterated below: a 1-d array, a range ...
    out = tuple(normalize_axis(a, ndim) for a in axes)
    if not allow_duplicate and len(set(out)) != len(out):
        raise ValueError('repeated axis')
    return out


def int_sequence(seq, unwrap=False):
    """A list of Python ints from an integer or a sequence of integers (a
    tuple, list, range, or 1-d integer array, NumPy's or ours), each
    element taken with operator.index as NumPy does.

    With ``unwrap``, a 1-tuple holding a sequence other than a list or
    tuple is that sequence: ``a.reshape(numpy.array([2, 3]))`` reaches us
    as ``(array,)``."""
    if isinstance(seq, (bool, numpy.bool_)):
        raise TypeError('expected a sequence of integers or a single '
                        "integer, got '{}'".format(seq))
    try:
        return [operator.index(seq)]
    except TypeError:
        pass
    if (unwrap and isinstance(seq, tuple) and len(seq) == 1
            and not isinstance(seq[0], (list, tuple, bool, numpy.bool_))):
        try:
            operator.index(seq[0])
        except TypeError:
            seq = seq[0]
    if isinstance(seq, (dict, set, frozenset)):
        raise TypeError('expected a sequence of integers or a single '
                        "integer, got '{}'".format(seq))
    try:
        items = list(seq)
    except TypeError:
        raise TypeError('expected a sequence of integers or a single '
                        "integer, got '{}'".format(seq)) from None
    return [_as_int(d) for d in items]


def infer_shape(newshape, size):
    """The shape ``newshape`` asks for (one negative length: the one
    inferred) for ``size`` elements; NumPy's errors."""
    return _resolve_unknown(int_sequence(newshape, unwrap=True), size)


def _resolve_unknown(shape, size):
    shape = list(shape)
    unknown = [i for i, d in enumerate(shape) if d < 0]
    if len(unknown) > 1:
        raise ValueError('can only specify one unknown dimension')
    if unknown:
        # NumPy takes any negative value as the unknown dimension
        known = 1
        for i, d in enumerate(shape):
            if i != unknown[0]:
                known *= d
        if known == 0 or size % known:
            raise ValueError('cannot reshape array of size {} into shape {}'
                             .format(size, tuple(shape)))
        shape[unknown[0]] = size // known
    total = 1
    for d in shape:
        total *= d
    if total != size:
        raise ValueError('cannot reshape array of size {} into shape {}'
                         .format(size, tuple(shape)))
    return tuple(shape)


def _nocopy_strides(shape, strides, newshape, itemsize, order):
    """Strides for `newshape` over the same memory, read in `order`, or
    None when a view cannot express it (NumPy's no-copy reshape).

    The old axes of length 1 are dropped; the new axes are taken in
    groups whose length products match a run of old axes, and that run
    must be contiguous in `order`.  Within a group the strides follow
    from the run's innermost stride; length-1 new axes join the group
    after them, and those after the last group take NumPy's trailing
    stride."""
    old = [(d, s) for d, s in zip(shape, strides) if d != 1]
    nnew = len(newshape)
    out = [0] * nnew
    ni = oi = 0
    while ni < nnew and oi < len(old):
        nj, oj = ni + 1, oi + 1
        nprod, oprod = newshape[ni], old[oi][0]
        while nprod != oprod:
            if nprod < oprod:
                nprod *= newshape[nj]
                nj += 1
            else:
                oprod *= old[oj][0]
                oj += 1
        for k in range(oi, oj - 1):
            (d0, s0), (d1, s1) = old[k], old[k + 1]
            if (s1 != d0 * s0) if order == 'F' else (s0 != d1 * s1):
                return None
        if order == 'F':
            out[ni] = old[oi][1]
            for k in range(ni + 1, nj):
                out[k] = out[k - 1] * newshape[k - 1]
        else:
            out[nj - 1] = old[oj - 1][1]
            for k in range(nj - 1, ni, -1):
                out[k - 1] = out[k] * newshape[k]
        ni, oi = nj, oj
    if ni:
        last = out[ni - 1] * (newshape[ni - 1] if order == 'F' else 1)
    else:
        last = itemsize
    for k in range(ni, nnew):
        out[k] = last
    return tuple(out)


# NumPy's NPY_MAXDIMS (numpy 2)
_MAXDIMS = 64


def reshape_strides(a, newshape, order):
    """(shape, strides) of a view of `a` with `newshape` in `order`, or
    None when only a copy can have that shape.  The strides are NumPy's:
    unchanged when `newshape` is literally a's shape, contiguous ones when
    `a` is contiguous in `order`, else those of the no-copy rule."""
    requested = tuple(int_sequence(newshape, unwrap=True))
    if len(requested) > _MAXDIMS:
        raise ValueError(
            'maximum supported dimension for an ndarray is currently {}, '
            'found {}'.format(_MAXDIMS, len(requested)))
    if requested == a.shape:
        return a.shape, a.strides
    shape = _resolve_unknown(requested, a.size)
    if a.flags.c_contiguous if order == 'C' else a.flags.f_contiguous:
        return shape, core.contiguous_strides(shape, a.itemsize, order)
    r = _nocopy_strides(a.shape, a.strides, shape, a.itemsize, order)
    return None if r is None else (shape, r)


def reshape(a, newshape, order='C'):
    """``a.reshape(newshape, order=order)``: a view where the strides allow
    one, else a copy."""
    order = _layout.check_order(order, 'C')
    if order == 'K':
        raise ValueError("order 'K' is not permitted for reshaping")
    if order == 'A':
        order = 'F' if _layout.is_fortran(a) else 'C'
    r = reshape_strides(a, newshape, order)
    if r is not None:
        return a._view_py(r[0], r[1], 0)
    shape = infer_shape(newshape, a.size)
    out = core._empty(shape, a.dtype, order)
    core._copy_to(_reshape_view(out, a.shape, order), a)
    return out


def _reshape_view(a, shape, order):
    r = reshape_strides(a, shape, order)
    return a._view_py(r[0], r[1], 0)


def ravel(a, order='C'):
    """``numpy.ravel``: a 1-d view when the elements are contiguous in
    ``order`` (for 'K': in the order of their strides), else a copy."""
    order = _layout.check_order(order, 'C')
    if order == 'A':
        order = 'F' if _layout.is_fortran(a) else 'C'
    if order == 'C' and a.flags.c_contiguous:
        return a._view_py((a.size,), (a.itemsize,), 0)
    if order == 'F' and a.flags.f_contiguous:
        return a._view_py((a.size,), (a.itemsize,), 0)
    if order == 'K' and _dense_in_stride_order(a):
        return a._view_py((a.size,), (a.itemsize,), 0)
    return flatten(a, order)


def _dense_in_stride_order(a):
    """Whether ``a``'s elements fill a block without gaps, with positive
    strides, ordered by decreasing stride (NumPy's view test of ravel
    'K')."""
    acc = a.itemsize
    for ax in reversed(_layout.keep_order_axes(a.strides)):
        if a.shape[ax] == 1:
            continue
        if a.strides[ax] != acc:
            return False
        acc *= a.shape[ax]
    return True


def flatten(a, order='C'):
    """``a.flatten(order)``: a new 1-d array of the elements read in
    ``order`` ('K': in NumPy's iteration order of their strides)."""
    order = _layout.check_order(order, 'C')
    if order == 'A':
        order = 'F' if _layout.is_fortran(a) else 'C'
    out = core._empty((a.size,), a.dtype)
    if order == 'K':
        src = transpose(a, _layout.iteration_axes(a))
        order = 'C'
    else:
        src = a
    if a.size:
        core._copy_to(_reshape_view(out, src.shape, order), src)
    return out


def transpose(a, axes=None):
    nd = a.ndim
    if axes is None:
        axes = tuple(range(nd - 1, -1, -1))
    else:
        axes = int_sequence(axes, unwrap=True)
        if len(axes) != nd:
            raise ValueError("axes don't match array")
        axes = normalize_axes(axes, nd)
    shape = tuple(a.shape[i] for i in axes)
    strides = tuple(a.strides[i] for i in axes)
    return a._view_py(shape, strides, 0)


def swapaxes(a, axis1, axis2):
    axis1, axis2 = _index_arg(axis1), _index_arg(axis2)  # NumPy's order
    nd = a.ndim
    axis1 = normalize_axis(axis1, nd)
    axis2 = normalize_axis(axis2, nd)
    axes = list(range(nd))
    axes[axis1], axes[axis2] = axes[axis2], axes[axis1]
    return transpose(a, axes)


def squeeze(a, axis=None):
    """``a`` without its length-1 axes (those in ``axis``: an integer or a
    tuple, as NumPy takes)."""
    if axis is None:
        keep = [i for i, d in enumerate(a.shape) if d != 1]
    else:
        if isinstance(axis, tuple):
            axes = normalize_axes(axis, a.ndim)
        else:
            if isinstance(axis, (bool, numpy.bool_)):
                raise TypeError('an integer is required for the axis')
            axis = operator.index(axis)
            if a.ndim == 0 and axis in (0, -1):
                axes = ()       # NumPy takes axis 0 or -1 for a 0-d array
            else:
                axes = (normalize_axis(axis, a.ndim),)
        for i in axes:
            if a.shape[i] != 1:
                raise ValueError('cannot select an axis to squeeze out which '
                                 'has size not equal to one')
        keep = [i for i in range(a.ndim) if i not in axes]
    return a._view_py(tuple(a.shape[i] for i in keep),
                      tuple(a.strides[i] for i in keep), 0)


def diagonal(a, offset=0, axis1=0, axis2=1):
    # NumPy parses the arguments (integers) before looking at the array
    offset, axis1, axis2 = (_index_arg(x) for x in (offset, axis1, axis2))
    nd = a.ndim
    if nd < 2:
        raise ValueError('diag requires an array of at least two dimensions')
    axis1 = normalize_axis(axis1, nd)
    axis2 = normalize_axis(axis2, nd)
    if axis1 == axis2:
        raise ValueError('axis1 and axis2 cannot be the same')
    n1, n2 = a.shape[axis1], a.shape[axis2]
    s1, s2 = a.strides[axis1], a.strides[axis2]
    start = 0
    if offset >= 0:
        n = max(0, min(n1, n2 - offset))
        start = offset * s2 if n else 0
    else:
        n = max(0, min(n1 + offset, n2))
        start = -offset * s1 if n else 0
    rest = [i for i in range(nd) if i not in (axis1, axis2)]
    shape = tuple(a.shape[i] for i in rest) + (n,)
    strides = tuple(a.strides[i] for i in rest) + (s1 + s2,)
    return a._view_py(shape, strides, start)


def view_as(a, dtype):
    old = a.itemsize
    new = dtype.itemsize
    if new == old:
        return a._view_py(a.shape, a.strides, 0, dtype)
    if a.ndim == 0:
        raise ValueError('Changing the dtype of a 0d array is only supported '
                         'if the itemsize is unchanged')
    if a.strides[-1] != old and a.shape[-1] != 1:
        raise ValueError('To change to a dtype of a different size, the last '
                         'axis must be contiguous')
    last = a.shape[-1] * old
    if last % new:
        raise ValueError(
            'When changing to a {} dtype, its size must be a divisor of the '
            'total size in bytes of the last axis of the array.'.format(
                'larger' if new > old else 'smaller'))
    shape = a.shape[:-1] + (last // new,)
    strides = a.strides[:-1] + (new,)
    return a._view_py(shape, strides, 0, dtype)
