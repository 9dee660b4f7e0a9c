"""SciPy-compatible routines on the device (``cupyx.scipy``): fft, linalg.
See TODO.md for what exists."""

from cupyx.scipy import linalg  # NOQA
from cupyx.scipy import signal  # NOQA
from cupyx.scipy import interpolate  # NOQA
from cupyx.scipy import ndimage  # NOQA
