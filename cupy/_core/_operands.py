"""Operands and results of the core's routines (DESIGN.md layer 4): what
every family needs around a request -- its arguments as device arrays,
NumPy's ``out=`` checks, results delivered into ``out`` as NumPy casts
them, host copies for the host fallback.  One home for these, so that
every routine (reductions, products, indexing ...) takes and returns
operands the same way."""

import numpy

from cupy._core import core

# Marks an argument that was not given: NumPy's own marker, so that
# callers passing numpy._NoValue through (ufunc.reduce) mean the same.
NoValue = numpy._NoValue


def as_array(a):
    """``a`` as a device array (host data is copied once; a sequence that
    holds device arrays is stacked on the device, as ``cupy.asarray``)."""
    if isinstance(a, core.ndarray):
        return a
    from cupy._core import _routines_creation
    return _routines_creation.array(a, copy=None, order=None)


def numpy_standin(a):
    """A host array of a's dtype on which NumPy's own argument checks run
    (its exceptions, in its order): a's shape when a is empty (there is
    no data, so NumPy's answer on it is the answer), else one element per
    axis."""
    return numpy.zeros(a.shape if a.size == 0 else (1,) * a.ndim, a.dtype)


def check_out(out, shape, what):
    """NumPy's errors for an ``out=`` that is not a device array of the
    result's shape."""
    if out is None:
        return
    if not isinstance(out, core.ndarray):
        raise TypeError('{}: out must be a cupy.ndarray, not {}'.format(
            what, type(out).__name__))
    if out.shape != shape:
        raise ValueError(
            '{}: the output has shape {} but the result has shape {}'.format(
                what, out.shape, shape))


def overlap(x, y):
    """Whether device arrays ``x`` and ``y`` may share memory (the same
    allocation counts as overlapping: the worst is assumed)."""
    return x.data.mem is y.data.mem


def finish(res, out):
    """``res`` into ``out`` (cast as NumPy casts it); out, or res."""
    if out is None or res is out:
        return res
    core._copy_to(out, res)
    return out


def deliver(res, out, what):
    """``res``, or ``res`` copied into ``out``, which must have its shape
    (NumPy's errors for ``what``, e.g. 'ndarray.take')."""
    if out is None:
        return res
    if not isinstance(out, core.ndarray):
        raise TypeError('output must be a cupy.ndarray')
    if out.shape != res.shape:
        raise ValueError('output array does not match result of ' + what)
    core._copy_to(out, res)
    return out


def host_value(x):
    """A NumPy copy of ``x`` (device arrays) or ``x`` itself."""
    if isinstance(x, core.ndarray):
        return x.get()
    return x


def scalar_array(value, dtype):
    """A 0-d device array of ``value`` cast to ``dtype`` (a fill)."""
    out = core._empty((), dtype)
    core._fill(out, numpy.asarray(value).astype(dtype, casting='unsafe'))
    return out


def routine(name):
    """The core's routine ``name`` (a ufunc, or where), for compositions of
    whole calls."""
    from cupy._core import _routines_math, _routines_ufuncs
    if name == 'where':
        return _routines_math.where
    return getattr(_routines_ufuncs, name)
