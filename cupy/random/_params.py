"""Parameters of the distributions: scalars or arrays, NumPy's checks and
NumPy's broadcasting of parameters against ``size``."""

import numpy

import cupy
from cupy._core import _routines_random as _rr


def as_param(x, dtype=numpy.float64):
    """A Python number for a scalar parameter, else a device array of
    `dtype` (a float or int64)."""
    if isinstance(x, cupy.ndarray):
        return x.astype(dtype, copy=False)
    arr = numpy.asarray(x)
    if arr.ndim == 0:
        v = arr.item()
        if isinstance(v, complex):
            raise TypeError('a complex parameter is not accepted')
        return int(v) if numpy.dtype(dtype).kind in 'iu' else float(v)
    return cupy.asarray(arr.astype(dtype))


def out_shape(size, *params):
    """The result's shape: ``size`` (the parameters must broadcast to it)
    or, for size=None, the parameters' broadcast shape (() for
    scalars)."""
    shapes = [p.shape for p in params if isinstance(p, cupy.ndarray)]
    if size is None:
        return numpy.broadcast_shapes(*shapes) if shapes else ()
    shape = _rr._shape(size)
    if any(s < 0 for s in shape):
        raise ValueError('negative dimensions are not allowed')
    try:
        full = numpy.broadcast_shapes(shape, *shapes)
    except ValueError:
        full = None
    if full != shape:
        raise ValueError('shape mismatch: objects cannot be broadcast to a '
                         'single shape; size {} does not fit the parameters '
                         'of shapes {}'.format(shape, shapes))
    return shape


def violates(bad, *params):
    """Whether bad(p) holds for any parameter value (one synchronisation
    per array parameter: NumPy checks them all before drawing)."""
    for p in params:
        if isinstance(p, cupy.ndarray):
            if p.size and bool(cupy.any(bad(p))):
                return True
        elif bad(numpy.float64(p)):
            return True
    return False


def check(message, bad, *params):
    """ValueError(message) when bad(p) holds for any value of params."""
    with numpy.errstate(invalid='ignore'):
        if violates(bad, *params):
            raise ValueError(message)


def float_dtype(dtype):
    dtype = numpy.dtype(numpy.float64 if dtype is None else dtype)
    if dtype.char not in 'efd':
        raise TypeError('Unsupported dtype {!r} for this distribution: '
                        'float16, float32 or float64'.format(dtype.name))
    return dtype


def full(p, shape, dtype):
    """p (scalar or array) as an array of `shape` and `dtype`."""
    if isinstance(p, cupy.ndarray):
        return cupy.broadcast_to(p.astype(dtype, copy=False), shape)
    return cupy.full(shape, p, dtype=dtype)
