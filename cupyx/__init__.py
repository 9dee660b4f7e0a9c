"""CuPy's extension namespace (``cupyx.scipy`` and friends: see TODO.md)."""
from cupyx import scipy  # NOQA

# issue 14: top-level helpers (additive: other families add submodules)
from cupyx._errstate import errstate  # NOQA
from cupyx._errstate import geterr  # NOQA
from cupyx._errstate import seterr  # NOQA
from cupyx._misc import get_runtime_info  # NOQA
from cupyx._misc import rsqrt  # NOQA
from cupyx._pinned_array import empty_like_pinned  # NOQA
from cupyx._pinned_array import empty_pinned  # NOQA
from cupyx._pinned_array import zeros_like_pinned  # NOQA
from cupyx._pinned_array import zeros_pinned  # NOQA
from cupyx._scatter import scatter_add  # NOQA

# issue 14 (surface): scatter extrema, synchronisation detection, profiler
from cupyx._scatter_extrema import scatter_max  # NOQA
from cupyx._scatter_extrema import scatter_min  # NOQA
from cupy._core.syncdetect import allow_synchronize  # NOQA
from cupy._core.syncdetect import DeviceSynchronized  # NOQA
from cupyx import profiler  # NOQA
