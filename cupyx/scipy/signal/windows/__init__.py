"""``scipy.signal.windows``: the window coefficients are computed on the
host by SciPy and returned on the device (cupyx/scipy/signal/_design.py)."""

from cupyx.scipy.signal._design import windows as _windows

globals().update(_windows)
__all__ = sorted(_windows)
