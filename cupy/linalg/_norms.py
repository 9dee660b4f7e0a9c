"""Norms and other numbers of vectors and matrices: norm, vector_norm,
matrix_norm, trace and diagonal of the last two axes.  Compositions on the
device of absolute values, powers and reductions; the 2-norm and the
nuclear norm of matrices take the singular values
(cupy/linalg/_decomposition.py)."""

import operator

import numpy

import cupy
from cupy._core._operands import as_array
from cupy._core._routines_product import trace as _trace
from cupy.linalg import _decomposition


def _float(x):
    x = as_array(x)
    if x.dtype.kind not in 'fc':
        x = x.astype(numpy.float64)
    return x


def _vector(x, ord, axis, keepdims):
    if isinstance(ord, str):
        raise ValueError("Invalid norm order '{}' for vectors".format(ord))
    ax = cupy.abs(x)
    if ord == numpy.inf:
        # initial=0: the norm of no elements is 0, as NumPy's
        return ax.max(axis=axis, keepdims=keepdims, initial=0)
    if ord == -numpy.inf:
        return ax.min(axis=axis, keepdims=keepdims)
    if ord == 0:
        return (x != 0).astype(ax.dtype).sum(axis=axis, keepdims=keepdims)
    if ord == 1:
        return ax.sum(axis=axis, keepdims=keepdims)
    if ord is None or ord == 2:
        return cupy.sqrt((ax * ax).sum(axis=axis, keepdims=keepdims))
    ord = ax.dtype.type(ord)
    with numpy.errstate(divide='ignore'):
        return cupy.power(cupy.power(ax, ord).sum(axis=axis,
                                                  keepdims=keepdims),
                          1 / ord)


def _matrix(x, ord, row, col, keepdims):
    if ord in (2, -2, 'nuc'):
        s = _decomposition.svdvals(cupy.moveaxis(x, (row, col), (-2, -1)))
        if ord == 2:
            r = s.max(axis=-1)
        elif ord == -2:
            r = s.min(axis=-1)
        else:
            r = s.sum(axis=-1)
    elif ord in (None, 'fro'):
        ax = cupy.abs(x)
        r = cupy.sqrt((ax * ax).sum(axis=(row, col)))
    elif ord in (1, -1, numpy.inf, -numpy.inf):
        ax = cupy.abs(x)
        inner, outer = (row, col) if ord in (1, -1) else (col, row)
        if outer > inner:
            outer -= 1
        sums = ax.sum(axis=inner)
        r = sums.max(axis=outer, initial=0) if ord in (1, numpy.inf) else \
            sums.min(axis=outer)
    else:
        raise ValueError('Invalid norm order for matrices.')
    if keepdims:
        shape = list(x.shape)
        shape[row] = shape[col] = 1
        r = r.reshape(shape)
    return r


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if not isinstance(axis, tuple):
        # NumPy's norm takes int(axis): 1.0 is axis 1
        try:
            axis = (int(axis),)
        except (TypeError, ValueError):
            raise TypeError("'axis' must be None, an integer or a tuple of "
                            'integers')
    return tuple(numpy.lib.array_utils.normalize_axis_index(
        operator.index(a), ndim) for a in axis)


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm (``numpy.linalg.norm``): every ``ord`` NumPy
    takes, over one axis (vectors) or two (matrices)."""
    x = _float(x)
    if axis is None and ord is None:
        ax = cupy.abs(x).ravel()
        r = cupy.sqrt((ax * ax).sum())
        return r.reshape((1,) * x.ndim) if keepdims else r
    if isinstance(ord, str) and axis is not None and (
            not isinstance(axis, tuple) or len(axis) == 1):
        # NumPy checks a vector's order before its axis
        raise ValueError("Invalid norm order '{}' for vectors".format(ord))
    axes = _axes(axis, x.ndim)
    if len(axes) == 1:
        return _vector(x, ord, axes, keepdims)
    if len(axes) == 2:
        if axes[0] == axes[1]:
            raise ValueError('Duplicate axes given.')
        return _matrix(x, ord, axes[0], axes[1], keepdims)
    raise ValueError('Improper number of dimensions to norm.')


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Vector norm over ``axis`` (all axes, flattened, when None)."""
    x = _float(x)
    if axis is None:
        r = _vector(x.ravel(), ord, None, False)
        return r.reshape((1,) * x.ndim) if keepdims else r
    axes = _axes(axis, x.ndim)
    if len(set(axes)) != len(axes):
        raise ValueError('Duplicate axes given.')
    return _vector(x, ord, axes, keepdims)


def matrix_norm(x, /, *, keepdims=False, ord='fro'):
    """Matrix norm of the last two axes."""
    x = _float(x)
    if x.ndim < 2:
        raise ValueError(
            'The input array must be at least 2-dimensional, but it is '
            '{}-dimensional.'.format(x.ndim))
    return _matrix(x, ord, x.ndim - 2, x.ndim - 1, keepdims)


def trace(x, /, *, offset=0, dtype=None):
    """Sum of the diagonal of the last two axes (``numpy.linalg.trace``)."""
    return _trace(x, offset, -2, -1, dtype)


def diagonal(x, /, *, offset=0):
    """Diagonal of the last two axes (a view)."""
    return as_array(x).diagonal(offset, -2, -1)
