"""``scipy.interpolate`` on the device (see TODO.md,
"cupyx.scipy.interpolate")."""

from cupyx.scipy.interpolate._ppoly import (  # NOQA
    PPoly, CubicHermiteSpline, CubicSpline, PchipInterpolator,
    pchip_interpolate, Akima1DInterpolator)
from cupyx.scipy.interpolate._bspline import (  # NOQA
    BSpline, make_interp_spline)
from cupyx.scipy.interpolate._interp1d import interp1d  # NOQA
from cupyx.scipy.interpolate._rgi import (  # NOQA
    RegularGridInterpolator, interpn)
