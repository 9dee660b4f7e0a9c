"""Products of the array core: dot, tensordot and trace.  Contractions
become transposes, reshapes and one matmul (cupy/_core/_routines_linalg.py);
products without a sum become elementwise multiplications.

``ndarray.dot`` and ``ndarray.trace`` call these; ``cupy/linalg``
re-exports them.
"""

import numbers
import operator

import numpy

from cupy._core.reduction import _reduce as _reduction
from cupy._core import _routines_linalg
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import _shape
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core._operands import finish


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
    a = as_array(a)
    b = as_array(b)
    if a.ndim == 0 or b.ndim == 0:
        return ufuncs.multiply(a, b, out=out)
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
    return finish(res, out)


def _normalize_tensordot_axes(axes, a, b):
    if isinstance(axes, numbers.Integral) or (
            isinstance(axes, numpy.ndarray) and axes.ndim == 0):
        # NumPy's ranges of a negative count are empty: no sum
        n = max(int(axes), 0)
        xa, xb = list(range(-n, 0)), list(range(n))
    else:
        try:
            xa, xb = axes
        except (TypeError, ValueError):
            raise TypeError('axes must be an integer or a pair of '
                            'sequences') from None
        xa = [xa] if isinstance(xa, numbers.Integral) else list(xa)
        xb = [xb] if isinstance(xb, numbers.Integral) else list(xb)
    if len(xa) != len(xb):
        raise ValueError('shape-mismatch for sum')
    # NumPy's order: pair by pair, each axis indexes its shape (an axis
    # out of range is IndexError there), then the lengths must agree
    for k, (i, j) in enumerate(zip(xa, xb)):
        for x, ndim in ((i, a.ndim), (j, b.ndim)):
            if not -ndim <= operator.index(x) < ndim:
                raise IndexError('tensordot: axis {} is out of range for '
                                 'an operand of {} dimensions'.format(
                                     x, ndim))
        if a.shape[i] != b.shape[j]:
            raise ValueError('shape-mismatch for sum')
        xa[k], xb[k] = i % a.ndim, j % b.ndim
    return xa, xb


def tensordot(a, b, axes=2):
    """Sum products over the given axes (``numpy.tensordot``): the
    remaining axes of ``a`` then those of ``b``."""
    a = as_array(a)
    b = as_array(b)
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
        return ufuncs.multiply(x, b, dtype=dtype)
    a2 = a.transpose(ra + xa).reshape(m, k)
    b2 = b.transpose(xb + rb).reshape(k, n)
    res = _routines_linalg.product(a2, b2, (), dtype)
    return res.reshape(shape)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal (``numpy.trace``): the diagonal is a strided
    view, summed with NumPy's dtype rules."""
    a = as_array(a)
    d = a.diagonal(offset, axis1, axis2)
    return _reduction.reduce('sum', d, -1, dtype, out)
