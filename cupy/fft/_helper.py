"""Frequencies and shifts (``numpy.fft.fftfreq``, ``fftshift`` ...)."""

import numpy

from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core._routines_creation import index_range


def _int(n, what):
    try:
        return int(numpy.asarray(n).astype(int, casting='same_kind'))
    except TypeError:
        raise ValueError('{} should be an integer'.format(what)) from None


def fftfreq(n, d=1.0, device=None):
    """The sample frequencies of :func:`fft`: [0, 1, ..., n/2-1, -n/2, ...,
    -1] / (d * n), float64."""
    n = _int(n, 'n')
    k = index_range(n)
    # k for k < ceil(n / 2), k - n after
    res = core._empty((n,), numpy.dtype(numpy.float64))
    half = (n - 1) // 2 + 1
    core._copy_to(res[:half], k[:half])
    core._copy_to(res[half:], _uf.subtract(k[half:], n))
    return _uf.multiply(res, 1.0 / (n * d), out=res)


def rfftfreq(n, d=1.0, device=None):
    """The sample frequencies of :func:`rfft`: [0, 1, ..., n // 2] / (d *
    n), float64."""
    n = _int(n, 'n')
    res = index_range(n // 2 + 1).astype(numpy.float64)
    return _uf.multiply(res, 1.0 / (n * d), out=res)


def _roll(x, shifts, axes):
    res = x
    for shift, ax in zip(shifts, axes):
        size = res.shape[ax]
        if size == 0:
            continue
        shift %= size
        if shift == 0:
            continue
        out = core._empty(res.shape, res.dtype)
        lead = [slice(None)] * res.ndim
        tail = [slice(None)] * res.ndim
        lead[ax] = slice(shift, None)
        tail[ax] = slice(0, size - shift)
        core._copy_to(out[tuple(lead)], res[tuple(tail)])
        lead[ax] = slice(0, shift)
        tail[ax] = slice(size - shift, None)
        core._copy_to(out[tuple(lead)], res[tuple(tail)])
        res = out
    return res if res is not x else x.copy()


def _shifts(x, axes, sign):
    # NumPy's order: the sizes looked up with Python indexing (its
    # IndexError and TypeError), then numpy.roll's checks (a 0-d array
    # cannot be rolled: ValueError; AxisError for a bad axis)
    if axes is None:
        axes = tuple(range(x.ndim))
        shifts = [sign * (d // 2) for d in x.shape]
    elif isinstance(axes, (int, numpy.integer)):
        shifts = [sign * (x.shape[axes] // 2)]
        axes = (axes,)
    else:
        shifts = [sign * (x.shape[ax] // 2) for ax in axes]
    if x.ndim == 0:
        raise ValueError('not enough values to unpack (expected 2, got 0)')
    axes = numpy.lib.array_utils.normalize_axis_tuple(
        axes, x.ndim, allow_duplicate=True)
    return shifts, axes


def fftshift(x, axes=None):
    """Move the zero-frequency term to the centre (``numpy.fft.fftshift``)."""
    x = as_array(x)
    shifts, axes = _shifts(x, axes, 1)
    return _roll(x, shifts, axes)


def ifftshift(x, axes=None):
    """The inverse of :func:`fftshift`."""
    x = as_array(x)
    shifts, axes = _shifts(x, axes, -1)
    return _roll(x, shifts, axes)
