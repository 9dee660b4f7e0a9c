"""SciPy's API on the device (``cupyx.scipy``): see TODO.md for what
exists."""
