"""Set routines: unique and the array API's unique_all, unique_counts,
unique_inverse and unique_values; intersect1d, union1d, setdiff1d,
setxor1d (isin and in1d are in cupy/_logic/truth.py).  They are the array
core's routines (cupy/_core/_routines_sets.py): sorts on the device and
one synchronisation for the data-dependent result size."""

from cupy._core._routines_sets import intersect1d  # NOQA
from cupy._core._routines_sets import setdiff1d  # NOQA
from cupy._core._routines_sets import setxor1d  # NOQA
from cupy._core._routines_sets import union1d  # NOQA
from cupy._core._routines_sets import unique  # NOQA
from cupy._core._routines_sets import unique_all  # NOQA
from cupy._core._routines_sets import unique_counts  # NOQA
from cupy._core._routines_sets import unique_inverse  # NOQA
from cupy._core._routines_sets import unique_values  # NOQA
