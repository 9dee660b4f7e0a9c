"""Sorting: sort, argsort, lexsort, msort, sort_complex, partition and
argpartition (the array core's routines, cupy/_core/_routines_sorting.py,
on the device for every dtype NumPy sorts)."""

import numpy

from cupy._core._routines_sorting import argpartition  # NOQA
from cupy._core._routines_sorting import argsort  # NOQA
from cupy._core._routines_sorting import lexsort  # NOQA
from cupy._core._routines_sorting import partition  # NOQA
from cupy._core._routines_sorting import sort


def msort(a):
    """``sort(a, axis=0)`` (NumPy 1's ``msort``)."""
    return sort(a, axis=0)


def sort_complex(a):
    """``a`` sorted (real part first, then imaginary) as a complex array:
    complex64 for (u)int8/16, complex128 for other real dtypes (bool
    too, as NumPy)."""
    b = sort(a)
    if b.dtype.kind != 'c':
        b = b.astype(numpy.complex64 if b.dtype.char in 'bhBH'
                     else numpy.complex128)
    return b
