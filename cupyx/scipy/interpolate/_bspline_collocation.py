"""make_interp_spline for k >= 2 on the device: the collocation system
(one row per data point, one per boundary derivative condition) is
banded and solved by block cyclic reduction (``_banded.solve_banded``).

SciPy's knots: not-a-knot (odd k), the k = 2 Greville variant, or the
data with k-fold ends when derivatives are given (``bc_type`` 'clamped',
'natural' or (order, value) lists).  Rows are ordered so that the
diagonal holds a non-zero entry (a boundary row follows the data row at
its end), which block cyclic reduction without pivoting across blocks
needs; the solution is the same whatever the row order.

Returns None where this module does not apply (knots given, periodic
conditions, invalid input): the caller then takes SciPy's path, which
also raises SciPy's errors.
"""

import numpy

import cupy
from cupyx.scipy.interpolate._banded import solve_banded
from cupyx.scipy.interpolate._ndbspline import _basis_values

_NAMED = {'clamped': 1, 'natural': 2}       # derivative order, value 0


def _side(spec):
    """A boundary condition as a list of (order, value), [] for none,
    or False when it is not handled here."""
    if spec is None or (isinstance(spec, str) and spec == 'not-a-knot'):
        return []
    if isinstance(spec, str):
        return [(_NAMED[spec], None)] if spec in _NAMED else False
    try:
        return [(int(o), v) for o, v in spec]
    except (TypeError, ValueError):
        return False


def _sides(bc_type):
    if bc_type is None or isinstance(bc_type, str):
        if bc_type == 'periodic':
            return False, False
        s = _side(bc_type)
        return s, s
    try:
        left, right = bc_type
    except (TypeError, ValueError):
        return False, False
    return _side(left), _side(right)


def _knots(x, k, nl, nr):
    """SciPy's knots: not-a-knot (data points for odd k, midpoints for
    even k, k//2 or (k+1)//2 dropped at each end) without derivative
    conditions, else the data with k-fold ends."""
    if nl == 0 and nr == 0:
        if k % 2:
            inner, drop = x, (k + 1) // 2
        else:
            inner, drop = (x[1:] + x[:-1]) / 2., k // 2
        inner = inner[drop:inner.shape[0] - drop]
        return cupy.concatenate([cupy.full(k + 1, x[0]), inner,
                                 cupy.full(k + 1, x[-1])])
    return cupy.concatenate([cupy.full(k, x[0]), x, cupy.full(k, x[-1])])


def _basis_rows(t, k, n, pts, orders, ndata):
    """Values (rows, k+1) of the k+1 B-splines non-zero at each point
    (their order-th derivative for the boundary rows after the ndata
    data rows), and the first
    column of each row: the data rows all at once (Cox-de Boor), the few
    boundary rows one by one (the splines whose only coefficient is one
    at a column, differentiated)."""
    from cupyx.scipy.interpolate._bspline import BSpline
    l_ = cupy.clip(cupy.searchsorted(t, pts, side='right') - 1, k, n - 1)
    first = l_ - k
    vals = [cupy.stack(_basis_values(t, k, pts[:ndata], l_[:ndata]),
                       axis=1)]
    for i in range(ndata, len(orders)):
        eye = cupy.zeros((n, k + 1))
        eye[first[i] + cupy.arange(k + 1), cupy.arange(k + 1)] = 1.0
        vals.append(BSpline.construct_fast(t, eye, k)(pts[i:i + 1],
                                                      nu=orders[i]))
    return first, cupy.concatenate(vals)


def interp_spline(x, y, k, bc_type, axis, check_finite):
    """The interpolating BSpline, or None (see the module docstring)."""
    from cupyx.scipy.interpolate._bspline import BSpline
    left, right = _sides(bc_type)
    if left is False or right is False or x.ndim != 1 or k < 2:
        return None
    y = cupy.moveaxis(y, axis % max(y.ndim, 1), 0)
    m = x.shape[0]
    if y.shape[0] != m or m < 2:
        return None
    x = x.astype(numpy.float64)
    checks = [(cupy.diff(x) <= 0).any()]
    if check_finite:
        checks += [~cupy.isfinite(x).all(), ~cupy.isfinite(y).all()]
    if bool(cupy.stack(checks).any()):
        return None
    nl, nr = len(left), len(right)
    t = _knots(x, k, nl, nr)
    if t is None:
        return None
    n = t.shape[0] - k - 1
    if n != m + nl + nr:
        return None
    # rows: data x0, left conditions, data x1 .. x_{m-2}, right
    # conditions, data x_{m-1}
    pos = cupy.arange(m) + nl
    pos[0] = 0
    pos[-1] = n - 1
    pts = cupy.concatenate([x, cupy.full(nl, x[0]), cupy.full(nr, x[-1])])
    rows = cupy.concatenate([pos, cupy.arange(1, nl + 1),
                             cupy.arange(n - 1 - nr, n - 1)])
    orders = [0] * m + [o for o, _ in left] + [o for o, _ in right]
    first, vals = _basis_rows(t, k, n, pts, orders, m)
    hb = k + max(nl, nr)
    band = cupy.zeros((n, 2 * hb + 1), dtype=numpy.float64)
    cols = first[:, None] + cupy.arange(k + 1)[None, :]
    band[cupy.broadcast_to(rows[:, None], cols.shape),
         cols - rows[:, None] + hb] = vals
    dt = numpy.complex128 if y.dtype.kind == 'c' else numpy.float64
    tail = y.shape[1:]
    # SciPy wants each derivative value shaped as one data value
    if any(v is not None and tuple(cupy.shape(v)) != tail
           for _, v in left + right):
        return None
    rhs = cupy.zeros((n,) + tail, dtype=dt)
    rhs[pos] = y
    for r, (_, v) in zip(range(1, nl + 1), left):
        rhs[r] = 0 if v is None else cupy.asarray(v, dtype=dt)
    for r, (_, v) in zip(range(n - 1 - nr, n - 1), right):
        rhs[r] = 0 if v is None else cupy.asarray(v, dtype=dt)
    flat = rhs.reshape(n, -1)
    if dt == numpy.complex128:
        flat = cupy.concatenate([flat.real, flat.imag], axis=1)
    c = solve_banded(band, hb, flat)
    if dt == numpy.complex128:
        half = c.shape[1] // 2
        c = c[:, :half] + 1j * c[:, half:]
    return BSpline.construct_fast(t, c.reshape((n,) + tail), k, True,
                                  axis % max(y.ndim, 1))
