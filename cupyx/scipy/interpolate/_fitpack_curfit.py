"""FITPACK's curve fit (Dierckx's curfit/fpcurf, the algorithm behind
``scipy.interpolate.splrep`` and ``UnivariateSpline``) with the data on
the device.

What runs where:
- device, everything of the size of the data (m points): the B-spline
  values of every point, the banded normal equations (one scatter-add),
  their solve (``_banded.solve_banded``: block cyclic reduction), the
  residuals, the sum of squares fp and its split over the knot
  intervals (fpint), the interpolation knots;
- host, FITPACK's sequential decisions on knot-sized data: where to add
  knots (fpknot: the interval of largest fpint, a data index), how many
  (nplus), the discontinuity-jump matrix of the k-th derivative at the
  knots (fpdisc), the initial p of the smoothing iteration (needs the
  diagonal of the Cholesky factor of the normal matrix: a band
  Cholesky of nk1 x (k+1) numbers) and the rational iteration on p
  (fprati).  Each least-squares fit reads back fp and fpint (nrint
  numbers); each p step reads back fp.

FITPACK triangularises the observation matrix with Givens rotations;
here the same least-squares problems are solved through their normal
equations (same solution; the condition number squared, harmless for
the well-conditioned B-spline bases of these fits).  Interpolating fits
(as many coefficients as points) solve the square collocation system
instead.  Decisions compare sums of squares with tolerances of 0.001 s,
so rounding differences do not change the knots but in ties.

Names and numbers (con1, con4, con9, tol=0.001, maxit=20, the nplus
rule, the half split of a point on a knot) follow fpcurf.f of FITPACK
(P. Dierckx, "Curve and Surface Fitting with Splines", 1993, ch. 5).
"""

import math

import numpy

import cupy
import cupyx
from cupy._core._routines_solve import matmul_any
from cupyx.scipy.linalg import solve_triangular
from cupyx.scipy.interpolate._banded import solve_banded
from cupyx.scipy.interpolate._ndbspline import _basis_values

_CON1, _CON4, _CON9 = 0.1, 0.04, 0.9     # fpcurf.f's step constants
TOL, MAXIT = 0.001, 20                   # fpcurf.f's defaults
_F64 = numpy.dtype(numpy.float64)

# the meaning of FITPACK's ier (curfit.f's comments, SciPy's wording)
MESSAGES = {
    0: 'The spline has a residual sum of squares fp such that '
       'abs(fp-s)/s<=0.001',
    -1: 'The spline is an interpolating spline (fp=0)',
    -2: 'The spline is weighted least-squares polynomial of degree k.\n'
        'fp gives the upper bound fp0 for the smoothing factor s',
    1: 'The required storage space exceeds the available storage space.\n'
       'Probable causes: data (x,y) size is too small or smoothing '
       'parameter\ns is too small (fp>s).',
    2: 'A theoretically impossible result when finding a smoothing spline\n'
       'with fp = s. Probable cause: s too small. (abs(fp-s)/s>0.001)',
    3: 'The maximal number of iterations (20) allowed for finding smoothing\n'
       'spline with fp=s has been reached. Probable cause: s too small.\n'
       '(abs(fp-s)/s>0.001)',
}


class _Data:
    """The data of one fit, on the device (float64)."""

    def __init__(self, x, y, w, xb, xe, k):
        self.x, self.y, self.w = x, y, w
        self.m = x.shape[0]
        self.xb, self.xe, self.k = float(xb), float(xe), k


def _design(t_dev, k, x):
    """Interval index l (m,) with t[l] <= x < t[l+1] (within the base
    interval) and the k+1 non-zero B-splines there (m, k+1)."""
    n = t_dev.shape[0]
    nk1 = n - k - 1
    l_ = cupy.searchsorted(t_dev, x, side='right') - 1
    l_ = cupy.clip(l_, k, nk1 - 1)
    vals = cupy.stack(_basis_values(t_dev, k, x, l_), axis=1)
    return l_, vals


def _normal(l_, h, k, nk1, hb, rhs_vals):
    """Band (nk1, 2 hb + 1) of sum_i h_i h_i^T (rows h_i at columns
    l_i - k ..) and the right-hand side sum_i h_i rhs_i."""
    band = cupy.zeros((nk1, 2 * hb + 1), dtype=numpy.float64)
    a_idx, b_idx = numpy.meshgrid(numpy.arange(k + 1), numpy.arange(k + 1),
                                  indexing='ij')
    a_idx, b_idx = a_idx.ravel(), b_idx.ravel()
    rows = (l_ - k)[:, None] + cupy.asarray(a_idx)[None, :]
    cols = cupy.asarray(b_idx - a_idx + hb)[None, :]
    vals = h[:, a_idx] * h[:, b_idx]
    cupyx.scatter_add(band, (rows, cupy.broadcast_to(cols, rows.shape)),
                      vals)
    z = cupy.zeros(nk1, dtype=numpy.float64)
    cupyx.scatter_add(z, (l_[:, None] - k + cupy.arange(k + 1)[None, :],),
                      h * rhs_vals[:, None])
    return band, z


# refinement steps of the normal equations' solution (corrected
# semi-normal equations, Bjorck, "Numerical Methods for Least Squares
# Problems", 1996, 2.5.4): the residual is formed from the data, so one
# step brings the error from cond(A)^2 eps to about cond(A) eps, what
# FITPACK's Givens rotations give [one step measured enough on k = 5
# fits of 200 points]
_REFINE = 1


# relative size of the refinement step above which the normal equations
# are too ill-conditioned (cond(A)^2 eps near 1) and the fit is redone by
# a dense QR of the design matrix while it has at most _DENSE_MAX
# entries (2^24: 128 MiB) [our choices]; larger ones keep the refined
# solution (TODO.md)
_ILL = 1e-6
_DENSE_MAX = 1 << 24


def _refined(band, hb, z, residual):
    """Solution of the normal equations after _REFINE corrections, and
    the relative size of the last correction (read back)."""
    c = solve_banded(band, hb, z[:, None])[:, 0]
    rel = 0.0
    for _ in range(_REFINE):
        d = solve_banded(band, hb, residual(c)[:, None])[:, 0]
        c = c + d
        sizes = cupy.stack([cupy.abs(d).max(), cupy.abs(c).max()]).get()
        rel = float(sizes[0] / sizes[1]) if sizes[1] else 0.0
    return c, rel


def _band_matvec(band, hb, c):
    n = c.shape[0]
    cp_ = cupy.concatenate([cupy.zeros(hb), c, cupy.zeros(hb)])
    idx = cupy.arange(n)[:, None] + cupy.arange(2 * hb + 1)[None, :]
    return (band * cp_[idx]).sum(axis=1)


def _spline_at_data(c, l_, vals, k):
    idx = l_[:, None] - k + cupy.arange(k + 1)[None, :]
    return (c[idx] * vals).sum(axis=1)


class _LSQ:
    """The weighted least-squares spline of the data with knots t (host
    numpy array): its coefficients and sum of squared residuals, and
    what the smoothing iteration reuses (basis values, normal band)."""

    def __init__(self, data, t):
        k, m = data.k, data.m
        self.t = t
        self.t_dev = cupy.asarray(t)
        n = t.shape[0]
        self.nk1 = nk1 = n - k - 1
        self.l_, self.vals = _design(self.t_dev, k, data.x)
        self.band = self.z = None
        if nk1 == m:
            # interpolation: the square collocation system, not the
            # normal equations (their condition number would be squared)
            band = cupy.zeros((m, 2 * k + 1), dtype=numpy.float64)
            rows = cupy.broadcast_to(cupy.arange(m)[:, None], (m, k + 1))
            cols = (self.l_ - k)[:, None] + cupy.arange(k + 1)[None, :]
            band[rows, cols - rows + k] = self.vals
            self.c = solve_banded(band, k, data.y[:, None])[:, 0]
        else:
            band, z = self.normal(data)
            self.c, delta = _refined(band, k, z, lambda c: self.at_data_rhs(
                data, c))
            if delta > _ILL and m * nk1 <= _DENSE_MAX:
                self.c = self._dense_qr(data)
        self.res2 = (data.w * (_spline_at_data(self.c, self.l_, self.vals,
                                               k) - data.y)) ** 2

    def at_data_rhs(self, data, c):
        """A^T W^2 (y - A c): the normal equations' residual, formed
        from the data (not from the squared matrix)."""
        r = data.w * data.w * (data.y - _spline_at_data(c, self.l_,
                                                         self.vals, data.k))
        out = cupy.zeros(self.nk1, dtype=numpy.float64)
        idx = self.l_[:, None] - data.k + cupy.arange(data.k + 1)[None, :]
        cupyx.scatter_add(out, (idx,), self.vals * r[:, None])
        return out

    def _dense_qr(self, data):
        """The fit by a Householder QR of the weighted design matrix on
        the device (backward stable, as FITPACK's Givens rotations; no
        rank cut, as FITPACK)."""
        k, m = data.k, data.m
        a = cupy.zeros((m, self.nk1), dtype=numpy.float64)
        rows = cupy.broadcast_to(cupy.arange(m)[:, None], (m, k + 1))
        cols = (self.l_ - k)[:, None] + cupy.arange(k + 1)[None, :]
        a[rows, cols] = self.vals * data.w[:, None]
        q, r = cupy.linalg.qr(a)
        rhs = matmul_any(q.T, (data.w * data.y)[:, None], _F64)
        return solve_triangular(r, rhs)[:, 0]

    def normal(self, data):
        """The band of the normal equations and their right-hand side."""
        if self.band is None:
            h = self.vals * data.w[:, None]
            self.band, self.z = _normal(self.l_, h, data.k, self.nk1,
                                        data.k, data.w * data.y)
        return self.band, self.z

    def fp_and_fpint(self, data, nrint):
        """fp and fpint (the squared residuals summed per knot interval,
        a point on a knot split half and half), read back together."""
        k = data.k
        tin = self.t_dev[k + 1:k + nrint]          # the interior knots
        cnt = cupy.searchsorted(tin, data.x, side='right')
        prev = cupy.concatenate([cupy.zeros(1, cnt.dtype), cnt[:-1]])
        new = cnt > prev
        half = cupy.where(new, 0.5, 1.0) * self.res2
        fpint = cupy.zeros(nrint + 1, dtype=numpy.float64)
        cupyx.scatter_add(fpint, (cnt,), half)
        cupyx.scatter_add(fpint, (cupy.maximum(cnt - 1, 0),),
                          cupy.where(new, 0.5 * self.res2, 0.0))
        out = cupy.concatenate([self.res2.sum()[None], fpint[:nrint]]).get()
        return float(out[0]), out[1:]


def _interp_knots(data, n):
    """The knots (device) of the interpolating spline (n = m + k + 1):
    interior knots at the data points for odd k, at midpoints for even k
    (fpcurf.f, label 10)."""
    k, m = data.k, data.m
    mk1 = m - k - 1
    j = k // 2 + 1                                  # 0-based first point
    if k % 2:
        inner = data.x[j:j + mk1]
    else:
        inner = (data.x[j:j + mk1] + data.x[j - 1:j - 1 + mk1]) * 0.5
    return cupy.concatenate([cupy.full(k + 1, data.xb), inner,
                             cupy.full(k + 1, data.xe)])


def _fpknot(t, src, n, fpint, nrdata, nrint, k):
    """Add one knot at the middle data point of the interval of largest
    fpint that holds data points (fpknot.f).  t, src (the data index of
    each knot still to be read, -1 for known ones), fpint and nrdata are
    updated in place; fpknot reads no knot value, so the new ones are
    gathered from the device after a batch of insertions."""
    fpmax, number, maxpt, maxbeg = 0.0, -1, 0, 0
    jbegin = 0
    for j in range(nrint):
        jpoint = nrdata[j]
        if fpmax < fpint[j] and jpoint != 0:
            fpmax, number, maxpt, maxbeg = fpint[j], j, jpoint, jbegin
        jbegin += jpoint + 1
    if number < 0:
        raise ValueError('fpknot: no knot interval holds data points')
    ihalf = maxpt // 2 + 1
    nxt = number + 1
    fpint[nxt + 1:nrint + 1] = fpint[nxt:nrint].copy()
    nrdata[nxt + 1:nrint + 1] = nrdata[nxt:nrint].copy()
    t[nxt + k + 1:n + 1] = t[nxt + k:n].copy()
    src[nxt + k + 1:n + 1] = src[nxt + k:n].copy()
    nrdata[number] = ihalf - 1
    nrdata[nxt] = maxpt - ihalf
    fpint[number] = fpmax * nrdata[number] / maxpt
    fpint[nxt] = fpmax * nrdata[nxt] / maxpt
    src[nxt + k] = maxbeg + ihalf         # 0-based index of the data point


def _fpdisc(t, n, k):
    """Discontinuity jumps (n - 2k - 2, k + 2) of the k-th derivative of
    the B-splines at the interior knots (fpdisc.f), scaled by the mean
    knot spacing to the power k."""
    k1, k2 = k + 1, k + 2
    nk1 = n - k1
    nrint = nk1 - k
    fac = nrint / (t[nk1] - t[k])
    rows = []
    for l_ in range(k1, nk1):             # 0-based interior knot index
        h = numpy.empty(2 * k1)
        for j in range(k1):
            h[j] = t[l_] - t[l_ + j - k1]
            h[j + k1] = t[l_] - t[l_ + j + 1]
        lp = l_ - k1
        row = numpy.empty(k2)
        for j in range(k2):
            prod = h[j]
            for i in range(1, k1):
                prod *= h[j + i] * fac
            row[j] = (t[lp + k1] - t[lp]) / prod
            lp += 1
        rows.append(row)
    return numpy.asarray(rows).reshape(-1, k2)


def _chol_diag_sum(band, k):
    """Sum of the diagonal of R, R^T R = the normal matrix (FITPACK's
    Givens triangle has this diagonal): a band Cholesky on the host
    (nk1 x (k+1) numbers, as sequential as FITPACK's own)."""
    b = band[:, k:].get()                 # upper band: b[i, o] = N[i, i+o]
    nk1 = b.shape[0]
    r = numpy.zeros((nk1, k + 1))
    total = 0.0
    for i in range(nk1):
        for o in range(k + 1):
            if i + o >= nk1:
                break
            s = b[i, o]
            for q in range(1, k + 1 - o):
                if i - q < 0:
                    break
                s -= r[i - q, q] * r[i - q, q + o]
            if o == 0:
                s = math.sqrt(max(s, 0.0))
                r[i, 0] = s
                total += s
            else:
                r[i, o] = s / r[i, 0] if r[i, 0] else 0.0
    return total


def _fprati(p1, f1, p2, f2, p3, f3):
    """Rational interpolation step of the p iteration (fprati.f):
    returns p and the updated (p1, f1, p3, f3)."""
    if p3 > 0:
        h1 = f1 * (f2 - f3)
        h2 = f2 * (f3 - f1)
        h3 = f3 * (f1 - f2)
        p = -(p1 * p2 * h3 + p2 * p3 * h1 + p3 * p1 * h2) / (
            p1 * h1 + p2 * h2 + p3 * h3)
    else:
        p = (p1 * (f1 - f3) * f2 - p2 * (f2 - f3) * f1) / ((f1 - f2) * f3)
    if f2 < 0:
        p3, f3 = p2, f2
    else:
        p1, f1 = p2, f2
    return p, p1, f1, p3, f3


class CurfitState:
    """What a later call with iopt=1 continues from (FITPACK keeps it in
    fpint(n), fpint(n-1) and nrdata(n))."""

    def __init__(self):
        self.t = None
        self.n = 0
        self.fpint = None
        self.nrdata = None
        self.fp0 = 0.0
        self.fpold = 0.0
        self.nplus = 0
        self.c_last = None


def _smooth(data, lsq, t, n, s, fp0, fpms, acc):
    """Part 2 of fpcurf: the smoothing spline with the knots t, p chosen
    such that fp(p) = s (rational iteration).  Returns (c, fp, ier)."""
    k = data.k
    nk1 = n - k - 1
    nmin = 2 * k + 2
    b = _fpdisc(t, n, k)
    n8 = n - nmin
    # penalty band (1/p^2 B^T B), half-bandwidth k + 1
    hb = k + 1
    big = cupy.zeros((nk1, 2 * hb + 1), dtype=numpy.float64)
    big[:, 1:-1] = lsq.normal(data)[0]
    pen = cupy.zeros_like(big)
    if n8:
        bb = cupy.asarray(b)
        a_idx, b_idx = numpy.meshgrid(numpy.arange(k + 2),
                                      numpy.arange(k + 2), indexing='ij')
        a_idx, b_idx = a_idx.ravel(), b_idx.ravel()
        rows = cupy.arange(n8)[:, None] + cupy.asarray(a_idx)[None, :]
        cols = cupy.broadcast_to(cupy.asarray(b_idx - a_idx + hb)[None, :],
                                 rows.shape)
        cupyx.scatter_add(pen, (rows, cols), bb[:, a_idx] * bb[:, b_idx])
    p1, f1 = 0.0, fp0 - s
    p3, f3 = -1.0, fpms
    p = nk1 / _chol_diag_sum(lsq.band, k)
    ich1 = ich3 = 0
    c, fp = lsq.c, None
    for it in range(1, MAXIT + 1):
        pinv = 1.0 / p
        scaled = pen * (pinv * pinv)
        c = _refined(big + scaled, hb, lsq.z, lambda c: (
            lsq.at_data_rhs(data, c) - _band_matvec(scaled, hb, c)))[0]
        res = data.w * (_spline_at_data(c, lsq.l_, lsq.vals, k) - data.y)
        fp = float((res * res).sum())
        fpms = fp - s
        if abs(fpms) < acc:
            return c, fp, 0
        if it == MAXIT:
            return c, fp, 3
        p2, f2 = p, fpms
        if not ich3:
            if not (f2 - f3 > acc):
                # the initial p was too large
                p3, f3 = p2, f2
                p = p * _CON4
                if p <= p1:
                    p = p1 * _CON9 + p2 * _CON1
                continue
            if f2 < 0:
                ich3 = 1
        if not ich1:
            if not (f1 - f2 > acc):
                # the initial p was too small
                p1, f1 = p2, f2
                p = p / _CON4
                if p3 < 0:
                    continue
                if p >= p3:
                    p = p2 * _CON1 + p3 * _CON9
                continue
            if f2 > 0:
                ich1 = 1
        if f2 >= f1 or f2 <= f3:
            return c, fp, 2
        p, p1, f1, p3, f3 = _fprati(p1, f1, p2, f2, p3, f3)
    return c, fp, 3


def curfit(data, s, nest, iopt=0, t=None, state=None, ier0=0):
    """fpcurf: knots t (host array, or device array for interpolating
    fits), coefficients c (device, length n), fp and
    ier, as FITPACK.  iopt=-1: least squares with the full knot vector
    t; iopt=1 continues from ``state`` (ier0: the ier FITPACK is called
    with, the previous call's for SciPy's UnivariateSpline: anything
    but 0 makes the first knot step add one knot)."""
    k, m = data.k, data.m
    k1 = k + 1
    nmin = 2 * k1
    state = state if state is not None else CurfitState()
    if iopt < 0:
        n = t.shape[0]
        lsq = _LSQ(data, t)
        fp = float(lsq.res2.sum())
        ier = -2 if n == nmin else 0
        return _finish(t, n, lsq.c, fp, ier, state, k)
    acc = TOL * s
    nmax = m + k1
    ier = ier0 if iopt == 1 else 0
    if s > 0:
        if (iopt == 1 and state.n != nmin and state.t is not None and
                state.fpint is not None):
            n = state.n
            tt = numpy.zeros(nest + 1)
            tt[:n] = cupy.asnumpy(state.t)
            fpint = numpy.zeros(nest + 1)
            fpint[:len(state.fpint)] = state.fpint[:nest + 1]
            nrdata = numpy.zeros(nest + 1, dtype=numpy.int64)
            nrdata[:len(state.nrdata)] = state.nrdata[:nest + 1]
            fp0, fpold, nplus = state.fp0, state.fpold, state.nplus
            start_poly = not (fp0 > s)
        else:
            start_poly = True
        if start_poly:
            n = nmin
            tt = numpy.zeros(nest + 1)
            fpint = numpy.zeros(nest + 1)
            nrdata = numpy.zeros(nest + 1, dtype=numpy.int64)
            fpold, nplus, fp0 = 0.0, 0, 0.0
            nrdata[0] = m - 2
        interp = False
    else:
        n = nmax
        if nmax > nest:
            # fpcurf.f's label 420: nothing computed, ier = 1
            return state.t, state.c_last, 0.0, 1
        tt = numpy.zeros(nest + 1)
        fpint = numpy.zeros(nest + 1)
        nrdata = numpy.zeros(nest + 1, dtype=numpy.int64)
        fp0 = fpold = 0.0
        nplus = 0
        interp = True
    lsq = None
    fpms = 0.0
    for _ in range(m):
        if interp:
            # stays on the device: as many knots as data points
            t_cur = _interp_knots(data, n)
            interp = False
        else:
            tt[:k1] = data.xb
            tt[n - k1:n] = data.xe
            t_cur = tt[:n].copy()
        if n == nmin:
            ier = -2
        nrint = n - nmin + 1
        lsq = _LSQ(data, t_cur)
        if s > 0 and n < nmax and n < nest:
            fp, part = lsq.fp_and_fpint(data, nrint)
        else:
            fp, part = float(lsq.res2.sum()), None
        if ier == -2:
            fp0 = fp
        state_store = (fp0, fpold, nplus)
        fpms = fp - s
        if abs(fpms) < acc:
            return _finish(t_cur, n, lsq.c, fp, ier, state, k,
                           fpint, nrdata, state_store)
        if fpms < 0:
            break
        if n == nmax:
            return _finish(t_cur, n, lsq.c, fp, -1, state, k,
                           fpint, nrdata, state_store)
        if n == nest:
            return _finish(t_cur, n, lsq.c, fp, 1, state, k,
                           fpint, nrdata, state_store)
        if ier != 0:
            nplus = 1
            ier = 0
        else:
            npl1 = nplus * 2
            rn = nplus
            if fpold - fp > acc:
                npl1 = int(rn * fpms / (fpold - fp))
            nplus = min(nplus * 2, max(npl1, nplus // 2, 1))
        fpold = fp
        if part is None:
            fp, part = lsq.fp_and_fpint(data, nrint)
        fpint[:nrint] = part
        src = numpy.full(nest + 1, -1, dtype=numpy.int64)
        for _ in range(nplus):
            _fpknot(tt, src, n, fpint, nrdata, nrint, k)
            n += 1
            nrint += 1
            if n == nmax or n == nest:
                break
        where = numpy.nonzero(src[:n] >= 0)[0]
        tt[where] = data.x[cupy.asarray(src[where])].get()
        if n == nmax:
            interp = True
    if ier == -2:
        return _finish(t_cur, n, lsq.c, float(lsq.res2.sum()), ier, state,
                       k,
                       fpint, nrdata, (fp0, fpold, nplus))
    c, fp, ier = _smooth(data, lsq, cupy.asnumpy(t_cur), n, s, fp0, fpms,
                         acc)
    return _finish(t_cur, n, c, fp, ier, state, k, fpint, nrdata,
                   (fp0, fpold, nplus))


def _finish(t, n, c, fp, ier, state, k, fpint=None, nrdata=None,
            store=None):
    state.t, state.n = t, n
    state.c_last = c
    if fpint is not None:
        state.fpint, state.nrdata = fpint.copy(), nrdata.copy()
        state.fp0, state.fpold, state.nplus = store
    cc = cupy.zeros(n, dtype=numpy.float64)
    cc[:c.shape[0]] = c
    return t, cc, fp, ier
