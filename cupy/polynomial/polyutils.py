"""Helpers of the power-series routines (``numpy.polynomial.polyutils``):
coefficient arrays lowest power first, on the device.

Trimming needs the position of the last nonzero coefficient: each trim
reads back one index (a synchronisation), as NumPy's answer has a shape
that depends on the data."""

import operator

import numpy

import cupy
from cupy._core import core


def _last_nonzero(mask):
    """The index of the last True of a 1-d device mask, or -1 (one
    download of a single index)."""
    if mask.size == 0:
        return -1
    hits = cupy.flatnonzero(mask)
    if hits.size == 0:
        return -1
    return int(hits[-1])


def trimseq(seq):
    """``seq`` without its trailing zeros (at least one element is kept);
    a view of ``seq``."""
    if not isinstance(seq, core.ndarray):
        seq = cupy.asarray(seq)
    if seq.ndim == 0:
        raise TypeError('len() of unsized object')
    if seq.ndim > 1:
        raise ValueError('trimseq takes a 1-d series')
    if seq.size <= 1:
        return seq
    last = _last_nonzero(seq != 0)
    return seq[:max(last, 0) + 1]


def as_series(alist, trim=True):
    """The arrays of ``alist`` as 1-d device series of one common type
    (``numpy.common_type``), copied, trailing zeros removed if ``trim``."""
    if isinstance(alist, core.ndarray):
        # an array is the sequence of its sub-arrays along the first axis
        # (NumPy iterates it): a 1-d array is a list of 1-term series
        if alist.ndim == 0:
            raise TypeError('iteration over a 0-d array')
        alist = [alist[i] for i in range(alist.shape[0])]
    arrays = []
    for a in alist:
        a = cupy.asarray(a)
        if a.ndim == 0:
            a = a.reshape(1)
        if a.size == 0:
            raise ValueError('Coefficient array is empty')
        if a.ndim != 1:
            raise ValueError('Coefficient array is not 1-d')
        arrays.append(a)
    if trim:
        arrays = [trimseq(a) for a in arrays]
    try:
        dtype = cupy.common_type(*arrays)
    except TypeError as e:
        raise ValueError('Coefficient arrays have no common type') from e
    return [a.astype(dtype, copy=True) for a in arrays]


def trimcoef(c, tol=0):
    """``c`` without its trailing coefficients of magnitude ``tol`` or
    less (``[0]`` when none is larger)."""
    if tol < 0:
        raise ValueError('tol must be non-negative')
    [c] = as_series([c])
    last = _last_nonzero(cupy.abs(c) > tol)
    if last < 0:
        return c[:1] * 0
    return c[:last + 1].copy()


def _as_int(x, desc):
    """``x`` as a Python int for an integer argument named ``desc``
    (NumPy refuses floats, even integral ones, with TypeError)."""
    try:
        return operator.index(x)
    except TypeError as e:
        raise TypeError('{} must be an integer, received {}'.format(
            desc, x)) from e


def _result_dtype(*arrays):
    return numpy.result_type(*[a.dtype for a in arrays])
