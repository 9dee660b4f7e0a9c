"""as_strided and sliding_window_view: views with chosen strides.

Device arrays have no read-only flag: ``as_strided`` accepts
``writeable`` with no effect and ``sliding_window_view`` refuses
``writeable=True`` (CuPy's behaviour); a view past the allocation is caught by
the first operation that reads it (the simulator's sanitizer, a fault on
a device).
"""

import operator

import numpy

from cupy._core import core


def _check(x):
    if not isinstance(x, core.ndarray):
        raise TypeError('argument must be a cupy.ndarray, got {}'.format(
            type(x).__name__))


def as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    """A view of `x`'s memory with the given shape and byte strides."""
    _check(x)
    shape = x.shape if shape is None else tuple(
        operator.index(s) for s in shape)
    strides = x.strides if strides is None else tuple(
        operator.index(s) for s in strides)
    if len(shape) != len(strides):
        raise ValueError('shape and strides must have the same length')
    if any(s < 0 for s in shape):
        raise ValueError('negative dimensions are not allowed')
    return x._view_py(shape, strides, 0)


def sliding_window_view(x, window_shape, axis=None, *, subok=False,
                        writeable=False):
    """Every window of `window_shape` over `axis` as a view (NumPy's).
    Device arrays have no read-only flag, so ``writeable=True`` (a view
    whose overlapping windows may be written) is refused, as CuPy does."""
    if writeable:
        raise NotImplementedError('Writeable views are not supported.')
    if not isinstance(x, core.ndarray):
        import cupy
        x = cupy.asarray(x)     # array-likes are uploaded (CuPy)
    window_shape = (tuple(window_shape) if numpy.iterable(window_shape)
                    else (window_shape,))
    window_shape = tuple(operator.index(w) for w in window_shape)
    if any(w < 0 for w in window_shape):
        raise ValueError('`window_shape` cannot contain negative values')
    if axis is None:
        axis = tuple(range(x.ndim))
        if len(window_shape) != len(axis):
            raise ValueError(
                'Since axis is `None`, must provide window_shape for all '
                'dimensions of `x`; got {} window_shape elements and '
                '`x.ndim` is {}.'.format(len(window_shape), x.ndim))
    else:
        axis = numpy.lib.array_utils.normalize_axis_tuple(
            axis, x.ndim, allow_duplicate=True)
        if len(window_shape) != len(axis):
            raise ValueError(
                'Must provide matching length window_shape and axis; got '
                '{} window_shape elements and {} axes elements.'.format(
                    len(window_shape), len(axis)))
    shape = list(x.shape)
    for ax, w in zip(axis, window_shape):
        if shape[ax] < w:
            raise ValueError(
                'window shape cannot be larger than input array shape')
        shape[ax] -= w - 1
    strides = x.strides + tuple(x.strides[ax] for ax in axis)
    return x._view_py(tuple(shape) + window_shape, strides, 0)
