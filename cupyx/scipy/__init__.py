"""SciPy-compatible routines on the device (``cupyx.scipy``): linalg."""

from cupyx.scipy import linalg  # NOQA
