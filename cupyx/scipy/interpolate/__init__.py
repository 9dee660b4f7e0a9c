"""``scipy.interpolate`` on the device (see TODO.md,
"cupyx.scipy.interpolate")."""

from cupyx.scipy.interpolate._ppoly import (  # NOQA
    PPoly, CubicHermiteSpline, CubicSpline, PchipInterpolator,
    pchip_interpolate, Akima1DInterpolator)
from cupyx.scipy.interpolate._bspline import (  # NOQA
    BSpline, make_interp_spline, make_smoothing_spline, splder, splantider)
from cupyx.scipy.interpolate._interp1d import interp1d  # NOQA
from cupyx.scipy.interpolate._rgi import (  # NOQA
    RegularGridInterpolator, interpn)
from cupyx.scipy.interpolate._bpoly import BPoly  # NOQA
from cupyx.scipy.interpolate._ndppoly import NdPPoly  # NOQA
from cupyx.scipy.interpolate._polyint import (  # NOQA
    KroghInterpolator, krogh_interpolate, BarycentricInterpolator,
    barycentric_interpolate)
from cupyx.scipy.interpolate._ndbspline import NdBSpline  # NOQA
from cupyx.scipy.interpolate import _interpolate  # NOQA
from cupyx.scipy.interpolate._bspline_lsq import make_lsq_spline  # NOQA
from cupyx.scipy.interpolate._rbfinterp import RBFInterpolator  # NOQA
from cupyx.scipy.interpolate._fitpack_py import (  # NOQA
    splrep, splev, splint, sproot, spalde, insert)
from cupyx.scipy.interpolate._fitpack2 import (  # NOQA
    UnivariateSpline, InterpolatedUnivariateSpline, LSQUnivariateSpline)
pchip = PchipInterpolator  # NOQA  (SciPy's backward-compatible name)
from cupyx.scipy.interpolate import _interpnd  # NOQA
from cupyx.scipy.interpolate._interpnd import (  # NOQA
    LinearNDInterpolator, CloughTocher2DInterpolator)
from cupyx.scipy.interpolate._ndgriddata import (  # NOQA
    NearestNDInterpolator, griddata)
