"""Memory layouts of new arrays: NumPy's orders 'C', 'F', 'A' and 'K' for
copies and *_like arrays, and the element order of ravel/flatten 'K'.

Two different 'K' orders exist in NumPy and both are followed here:
- a new array that keeps a prototype's layout (``copy('K')``,
  ``astype``, ``empty_like``, ``array``) gets dense strides whose axes are
  ordered like the prototype's by decreasing |stride| (equal |strides|
  keep their axis order);
- ``ravel('K')``/``flatten('K')`` read the elements the way NumPy's
  iterator visits them: by decreasing |stride| too, but an axis with a
  zero stride is not moved past another, and negative strides are read
  in index order (not flipped).
"""

from cupy._core import core

_ORDERS = {'C': 'C', 'c': 'C', 'F': 'F', 'f': 'F', 'A': 'A', 'a': 'A',
           'K': 'K', 'k': 'K'}


def c_strides(shape, itemsize):
    """The C-order strides of `shape` (an axis of length 0 counts as 1, as
    NumPy's)."""
    out = []
    acc = itemsize
    for n in reversed(shape):
        out.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(out))


def check_order(order, default='K'):
    """The order as 'C', 'F', 'A' or 'K' (NumPy takes lower case too; None
    means ``default``), else NumPy's ValueError."""
    if order is None:
        return default
    if not isinstance(order, str):
        raise TypeError('order must be str, not {}'.format(
            type(order).__name__))
    try:
        return _ORDERS[order]
    except (KeyError, TypeError):
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got "
                         '{!r})'.format(order)) from None


def is_fortran(a):
    """NumPy's test for 'A': F-contiguous and not C-contiguous."""
    return a.flags.f_contiguous and not a.flags.c_contiguous


def keep_order_axes(strides):
    """The axes of a 'K' layout, outermost first: by decreasing |stride|,
    ties in axis order (NumPy's sorted stride permutation)."""
    return sorted(range(len(strides)), key=lambda i: -abs(strides[i]))


def iteration_axes(a):
    """The axes in the order ravel/flatten 'K' read them, outermost first.

    NumPy's iterator: an insertion sort from the innermost axis outwards
    that moves an axis inwards past axes of larger |stride|; an axis of
    stride 0 or length 1 is no evidence either way and is stepped over.
    """
    strides = [abs(s) if d != 1 else 0 for d, s in zip(a.shape, a.strides)]
    perm = list(range(a.ndim - 1, -1, -1))      # innermost first
    for i0 in range(1, a.ndim):
        ax = perm[i0]
        pos = i0
        if strides[ax]:
            for i1 in range(i0 - 1, -1, -1):
                s1 = strides[perm[i1]]
                if s1:
                    if s1 <= strides[ax]:
                        break
                    pos = i1
        perm.insert(pos, perm.pop(i0))
    return perm[::-1]


def layout_of(a, order, shape=None):
    """The layout NumPy gives a new array made from ``a`` in ``order``:
    'C', 'F', or a tuple of axes (outermost first) for a 'K' layout.
    ``shape`` (default ``a.shape``) is the new array's shape (*_like's
    ``shape=``)."""
    order = check_order(order)
    if order in ('C', 'F'):
        return order
    if order == 'A':
        return 'F' if is_fortran(a) else 'C'
    if shape is not None and len(shape) != a.ndim:
        return 'C'
    if a.flags.c_contiguous or a.ndim <= 1:
        return 'C'
    if a.flags.f_contiguous:
        return 'F'
    return tuple(keep_order_axes(a.strides))


def empty(shape, dtype, layout):
    """A new array of ``shape`` in ``layout`` (see :func:`layout_of`)."""
    shape = tuple(shape)
    if not isinstance(layout, tuple):
        return core._empty(shape, dtype, layout)
    strides = [0] * len(shape)
    acc = dtype.itemsize
    for ax in reversed(layout):
        strides[ax] = acc
        acc *= max(shape[ax], 1)
    return core.ndarray(shape, dtype, strides=tuple(strides))


def empty_like(a, dtype=None, order='K', shape=None):
    """``numpy.empty_like(a, dtype, order, shape=shape)`` for a cupy
    array ``a`` (``shape`` a tuple or None)."""
    dt = a.dtype if dtype is None else dtype
    new_shape = a.shape if shape is None else tuple(shape)
    return empty(new_shape, dt, layout_of(a, order, shape))
