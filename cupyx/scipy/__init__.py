"""SciPy-compatible routines on the device (``cupyx.scipy``): fft, linalg.
See TODO.md for what exists."""

try:
    import scipy  # NOQA
    _scipy_available = True     # CuPy's flag (its tests read it)
except ImportError:
    _scipy_available = False

from cupyx.scipy import linalg  # NOQA
from cupyx.scipy import signal  # NOQA
from cupyx.scipy import interpolate  # NOQA
from cupyx.scipy import ndimage  # NOQA
