"""Matrix and vector products: dot, vdot, inner, outer, tensordot, kron,
matmul, matrix_power.  Contractions become transposes, reshapes and one
matmul (cupy/_core/_routines_linalg.py); products without a sum become
elementwise multiplications."""

import numbers

import numpy

from cupy._core import _reduction
from cupy._core import _routines_linalg
from cupy._core import core


def _ufunc(name):
    import cupy
    return getattr(cupy, name)


def matmul(x1, x2, /, out=None, *, casting='same_kind', order='K',
           dtype=None, subok=True, axes=None, axis=None, signature=None):
    """Matrix product (``numpy.matmul``): 1-d operands are promoted and
    the added axis removed again, batch axes broadcast."""
    return _routines_linalg.matmul(x1, x2, out, casting, order, dtype,
                                   subok, axes, axis, signature)


def _check_dot_out(out, shape, dtype):
    if out is None:
        return
    if (not isinstance(out, core.ndarray) or out.shape != shape or
            out.dtype != dtype or not out.flags.c_contiguous):
        raise ValueError('output array is not acceptable (must have the '
                         'right datatype, number of dimensions, and be a '
                         'C-Array)')


def dot(a, b, out=None):
    """Dot product (``numpy.dot``): a sum product over the last axis of
    ``a`` and the second-to-last of ``b`` (the last for 1-d ``b``)."""
    a = _reduction.as_array(a)
    b = _reduction.as_array(b)
    if a.ndim == 0 or b.ndim == 0:
        return _ufunc('multiply')(a, b, out=out)
    ka = a.shape[-1]
    kb = b.shape[-2] if b.ndim > 1 else b.shape[0]
    if ka != kb:
        raise ValueError('shapes {} and {} not aligned: {} (dim {}) != {} '
                         '(dim {})'.format(a.shape, b.shape, ka, a.ndim - 1,
                                           kb, max(b.ndim - 2, 0)))
    dtype = numpy.result_type(a.dtype, b.dtype)
    if b.ndim > 2 and a.ndim > 1:
        shape = a.shape[:-1] + b.shape[:-2] + b.shape[-1:]
        _check_dot_out(out, shape, dtype)
        res = tensordot(a, b, ((a.ndim - 1,), (b.ndim - 2,)))
    else:
        shape = _routines_linalg.result_shape(a.shape, b.shape)[3]
        _check_dot_out(out, shape, dtype)
        res = _routines_linalg.matmul(a, b)
    return _reduction.finish(res, out)


def vdot(a, b):
    """Dot product of the flattened arrays, the first conjugated
    (``numpy.vdot``)."""
    a = _reduction.as_array(a)
    b = _reduction.as_array(b)
    if a.size != b.size:
        raise ValueError('cupy.vdot: the arrays have {} and {} elements; '
                         'they must have the same number'.format(a.size,
                                                                 b.size))
    a = a.reshape(-1)
    b = b.reshape(-1)
    if a.dtype.kind == 'c':
        a = _ufunc('conjugate')(a)
    return _routines_linalg.matmul(a, b)


def inner(a, b):
    """Inner product over the last axes (``numpy.inner``)."""
    a = _reduction.as_array(a)
    b = _reduction.as_array(b)
    if a.ndim == 0 or b.ndim == 0:
        return _ufunc('multiply')(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError('shapes {} and {} not aligned: {} (dim {}) != {} '
                         '(dim {})'.format(a.shape, b.shape, a.shape[-1],
                                           a.ndim - 1, b.shape[-1],
                                           b.ndim - 1))
    return tensordot(a, b, ((a.ndim - 1,), (b.ndim - 1,)))


def outer(a, b, out=None):
    """Outer product of the flattened vectors (``numpy.outer``)."""
    a = _reduction.as_array(a).reshape(-1, 1)
    b = _reduction.as_array(b).reshape(1, -1)
    return _ufunc('multiply')(a, b, out=out)


def _normalize_tensordot_axes(axes, a, b):
    if isinstance(axes, numbers.Integral) or (
            isinstance(axes, numpy.ndarray) and axes.ndim == 0):
        n = int(axes)
        if n < 0:
            raise ValueError('negative dimensions are not allowed')
        if n > a.ndim or n > b.ndim:
            raise ValueError('tensordot: axes={} exceeds the dimensions of '
                             'the operands ({} and {})'.format(n, a.ndim,
                                                                b.ndim))
        return (list(range(a.ndim - n, a.ndim)), list(range(n)))
    try:
        xa, xb = axes
    except (TypeError, ValueError):
        raise TypeError('axes must be an integer or a pair of sequences') \
            from None
    xa = [xa] if isinstance(xa, numbers.Integral) else list(xa)
    xb = [xb] if isinstance(xb, numbers.Integral) else list(xb)
    if len(xa) != len(xb):
        raise ValueError('shape-mismatch for sum')
    from cupy._core import _shape
    xa = [_shape.normalize_axis(x, a.ndim) for x in xa]
    xb = [_shape.normalize_axis(x, b.ndim) for x in xb]
    return xa, xb


def tensordot(a, b, axes=2):
    """Sum products over the given axes (``numpy.tensordot``): the
    remaining axes of ``a`` then those of ``b``."""
    a = _reduction.as_array(a)
    b = _reduction.as_array(b)
    xa, xb = _normalize_tensordot_axes(axes, a, b)
    for i, j in zip(xa, xb):
        if a.shape[i] != b.shape[j]:
            raise ValueError('shape-mismatch for sum')
    ra = [i for i in range(a.ndim) if i not in xa]
    rb = [j for j in range(b.ndim) if j not in xb]
    k = 1
    for i in xa:
        k *= a.shape[i]
    m = 1
    for i in ra:
        m *= a.shape[i]
    n = 1
    for j in rb:
        n *= b.shape[j]
    shape = tuple(a.shape[i] for i in ra) + tuple(b.shape[j] for j in rb)
    dtype = numpy.result_type(a.dtype, b.dtype)
    if not xa:
        # no sum: an outer product
        x = a.reshape(a.shape + (1,) * b.ndim)
        return _ufunc('multiply')(x, b, dtype=dtype)
    a2 = a.transpose(ra + xa).reshape(m, k)
    b2 = b.transpose(xb + rb).reshape(k, n)
    res = _routines_linalg.product(a2, b2, (), dtype)
    return res.reshape(shape)


def kron(a, b):
    """Kronecker product (``numpy.kron``)."""
    a = _reduction.as_array(a)
    b = _reduction.as_array(b)
    nd = max(a.ndim, b.ndim)
    sa = (1,) * (nd - a.ndim) + a.shape
    sb = (1,) * (nd - b.ndim) + b.shape
    xa = a.reshape(tuple(d for s in sa for d in (s, 1)))
    xb = b.reshape(tuple(d for s in sb for d in (1, s)))
    res = _ufunc('multiply')(xa, xb)
    return res.reshape(tuple(x * y for x, y in zip(sa, sb)))


def matrix_power(a, n):
    """``a`` to the integer power ``n`` by repeated squaring
    (``numpy.linalg.matrix_power``); n < 0 needs the inverse, which is
    not available yet."""
    a = _reduction.as_array(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError('input must be a square array')
    try:
        n = int(n.__index__())
    except AttributeError:
        raise TypeError('exponent must be an integer') from None
    if n < 0:
        raise NotImplementedError(
            'cupy.linalg.matrix_power with a negative exponent needs '
            'cupy.linalg.inv, which is not available yet')
    if n == 0:
        from cupy._creation.basic import zeros
        res = zeros(a.shape, a.dtype)
        diag = res.diagonal(0, -2, -1)
        core._fill(diag, 1)
        return res
    result = None
    z = a
    while True:
        if n & 1:
            result = z if result is None else _routines_linalg.matmul(
                result, z)
        n >>= 1
        if not n:
            break
        z = _routines_linalg.matmul(z, z)
    return result.copy() if result is a else result


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 2- or 3-element vectors (``numpy.cross``): the
    components are products and differences of slices, as NumPy computes
    them, in the promoted dtype."""
    import warnings
    import cupy
    from numpy.lib.array_utils import normalize_axis_index
    if axis is not None:
        axisa, axisb, axisc = (axis,) * 3
    a = _reduction.as_array(a)
    b = _reduction.as_array(b)
    if a.ndim < 1 or b.ndim < 1:
        raise ValueError('At least one array has zero dimension')
    axisa = normalize_axis_index(axisa, a.ndim)
    axisb = normalize_axis_index(axisb, b.ndim)
    a = cupy.moveaxis(a, axisa, -1)
    b = cupy.moveaxis(b, axisb, -1)
    msg = ('incompatible dimensions for cross product\n'
           '(dimension must be 2 or 3)')
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError(msg)
    if a.shape[-1] == 2 or b.shape[-1] == 2:
        warnings.warn(
            'Arrays of 2-dimensional vectors are deprecated. Use arrays of '
            '3-dimensional vectors instead. (deprecated in NumPy 2.0)',
            DeprecationWarning, stacklevel=2)
    shape = numpy.broadcast_shapes(a.shape[:-1], b.shape[:-1])
    if a.shape[-1] == 3 or b.shape[-1] == 3:
        shape += (3,)
        axisc = normalize_axis_index(axisc, len(shape))
    dtype = numpy.promote_types(a.dtype, b.dtype)
    cp = core._empty(shape, dtype)
    mul = _ufunc('multiply')
    sub = _ufunc('subtract')
    neg = _ufunc('negative')
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else None
    b2 = b[..., 2] if b.shape[-1] == 3 else None
    if cp.ndim != 0 and cp.shape[-1] == 3:
        cp0, cp1, cp2 = cp[..., 0], cp[..., 1], cp[..., 2]
    else:
        cp2 = cp
    with numpy.errstate(over='ignore'):
        if a2 is None and b2 is None:
            cp[...] = sub(mul(a0, b1), mul(a1, b0))
            return cp
        if a2 is None:
            cp0[...] = mul(a1, b2)
            cp1[...] = neg(mul(a0, b2).astype(dtype, copy=False))
            cp2[...] = sub(mul(a0, b1), mul(a1, b0))
        elif b2 is None:
            cp0[...] = neg(mul(a2, b1).astype(dtype, copy=False))
            cp1[...] = mul(a2, b0)
            cp2[...] = sub(mul(a0, b1), mul(a1, b0))
        else:
            cp0[...] = sub(mul(a1, b2), mul(a2, b1))
            cp1[...] = sub(mul(a2, b0), mul(a0, b2))
            cp2[...] = sub(mul(a0, b1), mul(a1, b0))
    return cupy.moveaxis(cp, -1, axisc)


def linalg_cross(x1, x2, /, *, axis=-1):
    """Cross product of 3-element vectors (``numpy.linalg.cross``)."""
    x1 = _reduction.as_array(x1)
    x2 = _reduction.as_array(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(
            'Both input arrays must be (arrays of) 3-dimensional vectors, '
            'but they are {} and {} dimensional instead.'.format(
                x1.shape[axis], x2.shape[axis]))
    return cross(x1, x2, axis=axis)
