"""Indices of maxima and minima: argmax, argmin and their NaN-ignoring
forms (``numpy.argmax`` ...): int64 results, the first occurrence wins,
NaN counts as the extreme for argmax/argmin (NumPy's rule).  The array
core's routines (cupy/_core/_routines_sorting.py)."""

from cupy._core._routines_sorting import argmax  # NOQA
from cupy._core._routines_sorting import argmin  # NOQA
from cupy._core._routines_sorting import nanargmax  # NOQA
from cupy._core._routines_sorting import nanargmin  # NOQA
