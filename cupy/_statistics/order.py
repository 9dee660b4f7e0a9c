"""Order statistics: maxima and minima (NaN-propagating and NaN-ignoring)
and the peak-to-peak range (cupy/_core/_routines_statistics.py)."""

from cupy._core._routines_statistics import amax  # NOQA
from cupy._core._routines_statistics import amin  # NOQA
from cupy._core._routines_statistics import nanmax  # NOQA
from cupy._core._routines_statistics import nanmin  # NOQA
from cupy._core._routines_statistics import ptp  # NOQA
