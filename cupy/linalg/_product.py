"""Matrix and vector products: dot, vdot, inner, outer, tensordot, kron,
matmul, matrix_power.  Contractions become transposes, reshapes and one
matmul (cupy/_core/_routines_linalg.py); products without a sum become
elementwise multiplications."""

import numpy

from cupy._core import _routines_linalg
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import core
from cupy._core._operands import as_array
from cupy._manipulation.basic import copyto
from cupy._manipulation.transpose import moveaxis
from cupy._core._routines_product import dot  # NOQA
from cupy._core._routines_product import tensordot


def matmul(x1, x2, /, out=None, *, casting='same_kind', order='K',
           dtype=None, subok=True, axes=None, axis=None, signature=None):
    """Matrix product (``numpy.matmul``): 1-d operands are promoted and
    the added axis removed again, batch axes broadcast.  ``axes`` names
    the matrix axes of each operand and of the result (NumPy's gufunc
    keyword): they are moved last, and the result's moved into place."""
    if axes is not None and axis is None and signature is None:
        return _matmul_axes(as_array(x1), as_array(x2), out, axes,
                            dict(casting=casting, order=order, dtype=dtype,
                                 subok=subok))
    return _routines_linalg.matmul(x1, x2, out, casting, order, dtype,
                                   subok, axes, axis, signature)


def _core_axes(entry, nd, core_nd, what):
    # an operand's matrix axes: a tuple of core_nd ints (an int for one)
    if core_nd == 0:
        return ()
    entry = (entry,) if isinstance(entry, (int, numpy.integer)) else \
        tuple(entry)
    if len(entry) != core_nd:
        raise ValueError(
            'matmul: axes item {} has {} entries, but the {} has {} core '
            'dimension(s)'.format(what, len(entry), 'result' if what == 2
                                  else 'operand', core_nd))
    return tuple(numpy.lib.array_utils.normalize_axis_index(int(i), nd)
                 for i in entry)


def _matmul_axes(a, b, out, axes, kw):
    core_a, core_b = min(a.ndim, 2), min(b.ndim, 2)
    core_out = (core_a == 2) + (core_b == 2)
    axes = list(axes)
    if len(axes) != 3:
        # NumPy counts the result's optional core axes even where 1-d
        # operands drop them
        raise ValueError('matmul: axes should be a list with an entry for '
                         'both operands and the result')
    ax_a = _core_axes(axes[0], a.ndim, core_a, 0)
    ax_b = _core_axes(axes[1], b.ndim, core_b, 1)
    last = tuple(range(-core_a, 0))
    a = moveaxis(a, ax_a, last)
    b = moveaxis(b, ax_b, tuple(range(-core_b, 0)))
    res = _routines_linalg.matmul(a, b, None, **kw)
    ax_o = _core_axes(axes[2], res.ndim, core_out, 2)
    res = moveaxis(res, tuple(range(-core_out, 0)), ax_o)
    if out is None:
        return res
    if out.shape != res.shape:
        raise ValueError('matmul: out has shape {}, the result {}'.format(
            out.shape, res.shape))
    copyto(out, res, casting=kw['casting'])
    return out


def vdot(a, b):
    """Dot product of the flattened arrays, the first conjugated
    (``numpy.vdot``)."""
    a = as_array(a)
    b = as_array(b)
    if a.size != b.size:
        raise ValueError('cupy.vdot: the arrays have {} and {} elements; '
                         'they must have the same number'.format(a.size,
                                                                 b.size))
    a = a.reshape(-1)
    b = b.reshape(-1)
    if a.dtype.kind == 'c':
        a = ufuncs.conjugate(a)
    return _routines_linalg.matmul(a, b)


def inner(a, b):
    """Inner product over the last axes (``numpy.inner``)."""
    a = as_array(a)
    b = as_array(b)
    if a.ndim == 0 or b.ndim == 0:
        return ufuncs.multiply(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError('shapes {} and {} not aligned: {} (dim {}) != {} '
                         '(dim {})'.format(a.shape, b.shape, a.shape[-1],
                                           a.ndim - 1, b.shape[-1],
                                           b.ndim - 1))
    return tensordot(a, b, ((a.ndim - 1,), (b.ndim - 1,)))


def outer(a, b, out=None):
    """Outer product of the flattened vectors (``numpy.outer``)."""
    a = as_array(a).reshape(-1, 1)
    b = as_array(b).reshape(1, -1)
    return ufuncs.multiply(a, b, out=out)


def kron(a, b):
    """Kronecker product (``numpy.kron``)."""
    a = as_array(a)
    b = as_array(b)
    nd = max(a.ndim, b.ndim)
    sa = (1,) * (nd - a.ndim) + a.shape
    sb = (1,) * (nd - b.ndim) + b.shape
    xa = a.reshape(tuple(d for s in sa for d in (s, 1)))
    xb = b.reshape(tuple(d for s in sb for d in (1, s)))
    res = ufuncs.multiply(xa, xb)
    return res.reshape(tuple(x * y for x, y in zip(sa, sb)))


def matrix_power(a, n):
    """``a`` to the integer power ``n`` by repeated squaring
    (``numpy.linalg.matrix_power``); n < 0 powers the inverse."""
    a = as_array(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError('input must be a square array')
    try:
        n = int(n.__index__())
    except AttributeError:
        raise TypeError('exponent must be an integer') from None
    if n < 0:
        from cupy.linalg._solve import inv
        a = inv(a)
        n = -n
    if n == 0:
        from cupy._creation.basic import zeros
        res = zeros(a.shape, a.dtype)
        diag = res.diagonal(0, -2, -1)
        core._fill(diag, 1)
        return res
    result = None
    z = a
    # the loops without a device matmul (float64, complex128, integers)
    # multiply on the vector unit rather than on the host
    from cupy._core._routines_solve import matmul_any
    if a.dtype.kind == 'b':
        mul = _routines_linalg.matmul
    else:
        def mul(x, y):
            return matmul_any(x, y, a.dtype)
    while True:
        if n & 1:
            result = z if result is None else mul(result, z)
        n >>= 1
        if not n:
            break
        z = mul(z, z)
    return result.copy() if result is a else result


_cross_2 = []


def _two_element_cross():
    """Whether the installed NumPy still takes 2-element vectors in cross
    (deprecated in 2.0, an error in 2.5): asked of NumPy once."""
    import warnings
    if not _cross_2:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)
            try:
                numpy.cross([1, 0], [0, 1])
                _cross_2.append(True)
            except ValueError:
                _cross_2.append(False)
    return _cross_2[0]


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 2- or 3-element vectors (``numpy.cross``): the
    components are products and differences of slices, as NumPy computes
    them, in the promoted dtype."""
    import warnings
    import cupy
    from numpy.lib.array_utils import normalize_axis_index
    if axis is not None:
        axisa, axisb, axisc = (axis,) * 3
    a = as_array(a)
    b = as_array(b)
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
    if (a.shape[-1] == 2 or b.shape[-1] == 2) and not _two_element_cross():
        # NumPy 2.5 ended the 2.0 deprecation
        raise ValueError(
            'Both input arrays must be (arrays of) 3-dimensional vectors, '
            'but they are {} and {} dimensional instead.'.format(
                a.shape[-1], b.shape[-1]))
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
    mul = ufuncs.multiply
    sub = ufuncs.subtract
    neg = ufuncs.negative
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
    x1 = as_array(x1)
    x2 = as_array(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(
            'Both input arrays must be (arrays of) 3-dimensional vectors, '
            'but they are {} and {} dimensional instead.'.format(
                x1.shape[axis], x2.shape[axis]))
    return cross(x1, x2, axis=axis)


def linalg_outer(x1, x2, /):
    """Outer product of two 1-d arrays (``numpy.linalg.outer``)."""
    x1 = as_array(x1)
    x2 = as_array(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError('Input arrays must be one-dimensional, but they are '
                         '{}-dimensional and {}-dimensional.'.format(
                             x1.ndim, x2.ndim))
    return outer(x1, x2)


def vecdot(x1, x2, /, *, axis=-1):
    """Dot products of vectors along ``axis``, the first conjugated,
    batch axes broadcast."""
    x1 = as_array(x1)
    x2 = as_array(x2)
    if x1.dtype.kind == 'c':
        x1 = ufuncs.conjugate(x1)
    x1 = moveaxis(x1, axis, -1)
    x2 = moveaxis(x2, axis, -1)
    if x1.shape[-1] != x2.shape[-1]:
        raise ValueError('vecdot: the vectors have lengths {} and {}'.format(
            x1.shape[-1], x2.shape[-1]))
    r = _routines_linalg.matmul(x1[..., None, :], x2[..., :, None])
    return r[..., 0, 0]


def matvec(x1, x2, /):
    """Matrix-vector products of stacks (``numpy.matvec``)."""
    x2 = as_array(x2)
    return _routines_linalg.matmul(x1, x2[..., None])[..., 0]


def vecmat(x1, x2, /):
    """Vector-matrix products of stacks, the vector conjugated
    (``numpy.vecmat``)."""
    x1 = as_array(x1)
    if x1.dtype.kind == 'c':
        x1 = ufuncs.conjugate(x1)
    return _routines_linalg.matmul(x1[..., None, :], x2)[..., 0, :]


def multi_dot(arrays, *, out=None):
    """Product of a chain of matrices in the order of fewest scalar
    multiplications (a 1-d first array is a row, a 1-d last a column)."""
    arrays = [as_array(a) for a in arrays]
    if len(arrays) < 2:
        raise ValueError('Expecting at least two arrays.')
    first_1d, last_1d = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first_1d:
        arrays[0] = arrays[0][None, :]
    if last_1d:
        arrays[-1] = arrays[-1][:, None]
    for a in arrays:
        if a.ndim != 2:
            raise numpy.linalg.LinAlgError(
                '{}-dimensional array given. Array must be two-dimensional'
                .format(a.ndim))
    res = _chain(arrays, _order(arrays), 0, len(arrays) - 1)
    if first_1d and last_1d:
        res = res[0, 0]
    elif first_1d:
        res = res[0]
    elif last_1d:
        res = res[:, 0]
    if out is not None:
        core._copy_to(out, res)
        return out
    return res


def _order(arrays):
    # the classic matrix-chain dynamic programme: cost[i][j] the fewest
    # multiplications for arrays[i..j], split[i][j] where to cut
    dims = [a.shape[0] for a in arrays] + [arrays[-1].shape[1]]
    n = len(arrays)
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * \
                    dims[j + 1]
                if cost[i][j] is None or c < cost[i][j]:
                    cost[i][j] = c
                    split[i][j] = k
    return split


def _chain(arrays, split, i, j):
    if i == j:
        return arrays[i]
    k = split[i][j]
    return dot(_chain(arrays, split, i, k), _chain(arrays, split, k + 1, j))
