"""CuPy's extension namespace (``cupyx.scipy`` and friends: see TODO.md)."""
from cupyx import scipy  # NOQA
