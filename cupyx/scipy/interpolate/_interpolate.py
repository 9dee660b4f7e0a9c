"""CuPy's module name for the piecewise-polynomial helpers (its tests
reach ``_interpolate._fix_continuity``); the code lives in ``_ppoly``."""

from cupyx.scipy.interpolate._ppoly import (  # NOQA
    fix_continuity as _fix_continuity)
