"""Truth-value reductions (all and any, from the array core's
cupy/_core/_routines_logic.py) and membership tests (isin, in1d, from
cupy/_core/_routines_sets.py: a sort and a binary search on the device)."""

from cupy._core._routines_logic import all  # NOQA
from cupy._core._routines_logic import any  # NOQA
from cupy._core._routines_sets import in1d  # NOQA
from cupy._core._routines_sets import isin  # NOQA
