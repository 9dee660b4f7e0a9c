"""Views that change shape or axes: reshape, transpose, squeeze, diagonal,
view(dtype).  Pure stride arithmetic; a copy only where NumPy makes one."""

import numpy

from cupy._core import core
from cupy.exceptions import AxisError


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
    if isinstance(axes, (list, tuple)):
        out = tuple(normalize_axis(a, ndim) for a in axes)
    else:
        out = (normalize_axis(axes, ndim),)
    if not allow_duplicate and len(set(out)) != len(out):
        raise ValueError('repeated axis')
    return out


def infer_shape(newshape, size):
    if isinstance(newshape, (int, numpy.integer)):
        newshape = (newshape,)
    try:
        shape = [d.__index__() for d in newshape]
    except AttributeError:
        raise TypeError("'{}' object cannot be interpreted as an integer"
                        .format(type(newshape).__name__)) from None
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
                             .format(size, tuple(newshape)))
        shape[unknown[0]] = size // known
    total = 1
    for d in shape:
        total *= d
    if total != size:
        raise ValueError('cannot reshape array of size {} into shape {}'
                         .format(size, tuple(shape)))
    return tuple(shape)


def _nocopy_strides(shape, strides, newshape, itemsize):
    """C-order strides for `newshape` over the same memory, or None when a
    view cannot express it (NumPy's no-copy reshape rule)."""
    old = [(d, s) for d, s in zip(shape, strides) if d != 1]
    oi = 0
    ni = 0
    newshape = list(newshape)
    out = [0] * len(newshape)
    # group old and new dims whose products match
    while ni < len(newshape):
        if newshape[ni] == 1:
            ni += 1
            continue
        if oi >= len(old):
            return None
        np_, op_ = newshape[ni], old[oi][0]
        nj, oj = ni, oi
        while np_ != op_:
            if np_ < op_:
                nj += 1
                np_ *= newshape[nj]
            else:
                oj += 1
                op_ *= old[oj][0]
        # the old group must be contiguous in C order
        for k in range(oi, oj):
            if old[k][1] != old[k + 1][1] * old[k + 1][0]:
                return None
        acc = old[oj][1]
        for k in range(nj, ni - 1, -1):
            out[k] = acc
            acc *= newshape[k]
        ni, oi = nj + 1, oj + 1
    # size-1 dims: any stride works; use the next one's extent like NumPy
    for k in range(len(newshape) - 1, -1, -1):
        if newshape[k] == 1:
            out[k] = out[k + 1] * newshape[k + 1] if k + 1 < len(
                newshape) else itemsize
    return tuple(out)


def reshape_strides(a, newshape, order):
    """(shape, strides) of a view of `a` with `newshape` in `order`, or
    None when only a copy can have that shape."""
    shape = infer_shape(newshape, a.size)
    if a.size <= 1:
        return shape, core.contiguous_strides(shape, a.itemsize, order)
    if order == 'F':
        r = _nocopy_strides(a.shape[::-1], a.strides[::-1], shape[::-1],
                            a.itemsize)
        return None if r is None else (shape, r[::-1])
    r = _nocopy_strides(a.shape, a.strides, shape, a.itemsize)
    return None if r is None else (shape, r)


def reshape(a, newshape, order='C'):
    if order in ('A', 'K'):
        order = 'F' if (a.flags.f_contiguous and
                        not a.flags.c_contiguous) else 'C'
    elif order not in ('C', 'F'):
        raise ValueError("order must be one of 'C', 'F', 'A' (got {!r})"
                         .format(order))
    r = reshape_strides(a, newshape, order)
    if r is not None:
        return a._view_py(r[0], r[1], 0)
    shape = infer_shape(newshape, a.size)
    return reshape(a.copy(order), shape, order)


def transpose(a, axes=None):
    nd = a.ndim
    if axes is None:
        axes = tuple(range(nd - 1, -1, -1))
    else:
        if len(axes) != nd:
            raise ValueError("axes don't match array")
        axes = normalize_axes(axes, nd)
    shape = tuple(a.shape[i] for i in axes)
    strides = tuple(a.strides[i] for i in axes)
    return a._view_py(shape, strides, 0)


def swapaxes(a, axis1, axis2):
    nd = a.ndim
    axis1 = normalize_axis(axis1, nd)
    axis2 = normalize_axis(axis2, nd)
    axes = list(range(nd))
    axes[axis1], axes[axis2] = axes[axis2], axes[axis1]
    return transpose(a, axes)


def squeeze(a, axis=None):
    if axis is None:
        keep = [i for i, d in enumerate(a.shape) if d != 1]
    else:
        axes = normalize_axes(axis, a.ndim)
        for i in axes:
            if a.shape[i] != 1:
                raise ValueError('cannot select an axis to squeeze out which '
                                 'has size not equal to one')
        keep = [i for i in range(a.ndim) if i not in axes]
    return a._view_py(tuple(a.shape[i] for i in keep),
                      tuple(a.strides[i] for i in keep), 0)


def diagonal(a, offset=0, axis1=0, axis2=1):
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
            'size of original dtype'.format(
                'larger' if new > old else 'smaller'))
    shape = a.shape[:-1] + (last // new,)
    strides = a.strides[:-1] + (new,)
    return a._view_py(shape, strides, 0, dtype)
