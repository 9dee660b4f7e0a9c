"""Text and raw-byte I/O, and arrays from buffers, iterables and
functions.  Parsing is NumPy's, on the host; each result is uploaded once
(writes download once), as in CuPy."""

import numpy

import cupy


def loadtxt(*args, **kwargs):
    """NumPy's ``loadtxt``, the result on the device."""
    return cupy.asarray(numpy.loadtxt(*args, **kwargs))


def genfromtxt(*args, **kwargs):
    """NumPy's ``genfromtxt``, the result on the device (a structured or
    masked result cannot be a device array: TypeError)."""
    return cupy.asarray(numpy.genfromtxt(*args, **kwargs))


def savetxt(fname, X, *args, **kwargs):
    """NumPy's ``savetxt`` of the host copy of `X`."""
    numpy.savetxt(fname, cupy.asnumpy(X), *args, **kwargs)


def fromfile(*args, **kwargs):
    """NumPy's ``fromfile``, the result on the device."""
    return cupy.asarray(numpy.fromfile(*args, **kwargs))


def frombuffer(*args, **kwargs):
    """The bytes of a buffer as a device array (a copy, not a view)."""
    return cupy.asarray(numpy.frombuffer(*args, **kwargs))


def fromstring(*args, **kwargs):
    """NumPy's ``fromstring`` (text with ``sep``), on the device."""
    return cupy.asarray(numpy.fromstring(*args, **kwargs))


def fromiter(*args, **kwargs):
    """The items of an iterable as a device array (NumPy's ``fromiter``)."""
    return cupy.asarray(numpy.fromiter(*args, **kwargs))


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """``function`` called once with the index arrays of `shape` (device
    arrays of `dtype`), as NumPy's ``fromfunction``."""
    return function(*cupy.indices(shape, dtype=dtype), **kwargs)
