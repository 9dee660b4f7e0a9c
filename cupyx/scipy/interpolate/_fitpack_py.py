"""FITPACK's procedural interface on the device (``scipy.interpolate``'s
splrep, splev, splint, sproot, spalde, insert; splder and splantider
are in ``_bspline``).

A spline is a (t, c, k) tuple of device arrays, c padded with zeros to
the length of t as FITPACK returns it.  splrep runs FITPACK's curfit
(``_fitpack_curfit``: knots on the host where FITPACK is sequential, the
data's work on the device); evaluation, derivatives, integrals and knot
insertion are device operations on all points at once.  sproot's cubic
pieces are computed on the device and their roots found on the host
(a batch of 3 x 3 companion eigenvalue problems, one per knot interval:
knot-sized data, FITPACK's fpcuro is as sequential).
"""

import warnings

import numpy

import cupy
from cupyx.scipy.interpolate import _fitpack_curfit as _cf
from cupyx.scipy.interpolate._bspline import (
    BSpline, _antiderivative, _deboor)

_F64 = numpy.float64

# what splrep(task=1) continues from (SciPy keeps the same module state)
_curfit_cache = {}


def _parametric(c):
    return isinstance(c, (list, tuple))


def _check_input(x, y, w, xb, xe, k, s, nest, m):
    """FITPACK's curfit checks (ier = 10): ValueError as SciPy."""
    ok = (k >= 1 and m > k and nest >= 2 * k + 2 and s >= 0 and
          (s > 0 or nest >= m + k + 1))
    if ok:
        flags = cupy.stack([
            (cupy.diff(x) < 0).any(), (w < 0).any(),
            x[0] < xb, x[-1] > xe]).get()
        ok = not flags.any()
    if not ok:
        raise ValueError('Error on input data')


def fpchec(x, t, k):
    """FITPACK's fpchec: whether knots t (host) suit degree k and data x
    (device, sorted): True when valid (Schoenberg-Whitney included)."""
    n = t.shape[0]
    k1, k2 = k + 1, k + 2
    nk1 = n - k1
    m = x.shape[0]
    if k1 > nk1 or nk1 > m:
        return False
    if (numpy.diff(t[:k1]) < 0).any() or (numpy.diff(t[nk1 - 1:]) < 0).any():
        return False
    if (numpy.diff(t[k:nk1 + 1]) <= 0).any():
        return False
    x0, xm = (float(v) for v in cupy.stack([x[0], x[-1]]).get())
    if x0 < t[k] or xm > t[nk1]:
        return False
    if x0 >= t[k1] or xm <= t[nk1 - 1]:
        return False
    # Schoenberg-Whitney: data points i_j (increasing) with
    # t[j] < x[i_j] < t[j + k + 1], taken greedily as FITPACK does:
    # i_j = max(i_{j-1} + 1, first index with x > t[j])
    if nk1 - 1 < 2:
        return True
    js = numpy.arange(1, nk1 - 1)
    first = cupy.searchsorted(x, cupy.asarray(t[js]), side='right').get()
    idx = numpy.maximum.accumulate(first - js) + js
    idx = numpy.maximum(idx, js)            # i_j >= j (i_0 = 0)
    if idx[-1] >= m - 1:
        return False
    xi = x[cupy.asarray(idx)].get()
    return bool((xi < t[js + k1]).all())


def splrep(x, y, w=None, xb=None, xe=None, k=3, task=0, s=None, t=None,
           full_output=0, per=0, quiet=1):
    """B-spline representation of a 1-D curve (``scipy.interpolate.
    splrep``): FITPACK's knots and coefficients, as a (t, c, k) tuple of
    device arrays."""
    if per:
        raise NotImplementedError(
            'splrep: periodic splines (per=1) are not implemented; use '
            'make_interp_spline(..., bc_type="periodic") for s=0')
    x = cupy.asarray(x, dtype=_F64).ravel()
    y = cupy.asarray(y, dtype=_F64).ravel()
    m = x.shape[0]
    if w is None:
        w = cupy.ones(m, dtype=_F64)
        if s is None:
            s = 0.0
    else:
        w = cupy.asarray(w, dtype=_F64).ravel()
        if s is None:
            s = m - (2 * m) ** 0.5
    if w.shape[0] != m:
        raise TypeError('len(w)={} is not equal to m={}'.format(
            w.shape[0], m))
    if y.shape[0] != m:
        raise TypeError('Lengths of the first three arguments (x,y,w) must '
                        'be equal')
    if not 1 <= k <= 5:
        raise TypeError('Given degree of the spline (k={}) is not '
                        'supported. (1<=k<=5)'.format(k))
    if m <= k:
        raise TypeError('m > k must hold')
    ends = cupy.stack([x[0], x[-1]]).get()
    xb = float(ends[0]) if xb is None else float(xb)
    xe = float(ends[1]) if xe is None else float(xe)
    if not -1 <= task <= 1:
        raise TypeError('task must be -1, 0 or 1')
    s = float(s)
    if t is not None:
        task = -1
    data = _cf._Data(x, y, w, xb, xe, k)
    if task == -1:
        if t is None:
            raise TypeError('Knots must be given for task=-1')
        tin = numpy.asarray(cupy.asnumpy(t), dtype=_F64).ravel()
        tt = numpy.concatenate([[xb] * (k + 1), tin, [xe] * (k + 1)])
        _check_input(x, y, w, xb, xe, k, 1.0, tt.size, m)
        if not fpchec(x, tt, k):
            # SciPy 1.17 raises TypeError('An error occurred') here
            raise TypeError('An error occurred: the knots t do not suit '
                            'the data x (order, range or the '
                            'Schoenberg-Whitney conditions)')
        tk, c, fp, ier = _cf.curfit(data, s, tt.size, iopt=-1, t=tt)
    else:
        nest = max(m + k + 1, 2 * k + 3)
        _check_input(x, y, w, xb, xe, k, s, nest, m)
        state = None
        if task == 1:
            state = _curfit_cache.get('state')
            if state is None:
                raise TypeError('must call with task=1 only after call '
                                'with task=0,-1')
        else:
            state = _cf.CurfitState()
            _curfit_cache['state'] = state
        tk, c, fp, ier = _cf.curfit(data, s, nest, iopt=task, state=state)
        # the cache holds host copies only (no device memory kept alive
        # between calls); after s = 0 a later call restarts from the
        # polynomial whatever the knots (fp0 = 0 <= s), so none are kept
        state.t = None if s == 0 else cupy.asnumpy(state.t)
        state.c_last = None
    tck = (cupy.asarray(tk), c, k)
    msg = _cf.MESSAGES.get(ier, 'An error occurred')
    if ier <= 0 and not quiet:
        warnings.warn(RuntimeWarning(
            msg + '\tk={} n={} m={} fp={} s={}'.format(k, tk.size, m, fp, s)),
            stacklevel=2)
    if ier > 0 and not full_output:
        warnings.warn(RuntimeWarning(msg), stacklevel=2)
    if full_output:
        return tck, fp, ier, msg
    return tck


def _spline(tck):
    t, c, k = tck
    t = cupy.asarray(t, dtype=_F64)
    c = cupy.asarray(c)
    return t, c, int(k)


def splev(x, tck, der=0, ext=0):
    """Value (or derivative ``der``) of a B-spline at x
    (``scipy.interpolate.splev``); ext: 0 extrapolate, 1 zero, 2 raise,
    3 the boundary value."""
    if isinstance(tck, BSpline):
        if tck.c.ndim > 1:
            raise ValueError('Calling splev() with BSpline objects with '
                             'c.ndim > 1 is not allowed. Use BSpline.'
                             '__call__(x) instead.')
        return tck(x, der, extrapolate=(ext == 0))
    t, c, k = tck
    if _parametric(c):
        return [splev(x, (t, ci, k), der, ext) for ci in c]
    t, c, k = _spline(tck)
    if not 0 <= der <= k:
        raise ValueError('0<=der={}<=k={} must hold'.format(der, k))
    if ext not in (0, 1, 2, 3):
        raise ValueError('ext = {} not in (0, 1, 2, 3) '.format(ext))
    x = cupy.asarray(x)
    shape = x.shape
    xv = cupy.ascontiguousarray(x.ravel(), dtype=_F64)
    n = t.shape[0] - k - 1
    lo, hi = t[k], t[n]
    outside = (xv < lo) | (xv > hi)
    if ext == 2 and xv.size and bool(outside.any()):
        raise ValueError('Found x value not in the domain')
    if ext == 3 and der == 0:
        # FITPACK's splder extrapolates derivatives whatever ext is 3
        xv = cupy.clip(xv, lo, hi)
    tt, cc, kk = t, c[:n], k
    spl = BSpline.construct_fast(tt, cc, kk)
    for _ in range(der):
        tt, cc, kk = spl._deriv_coeffs(tt, cc, kk)
    y = _deboor(tt, cc, kk, tt.shape[0] - kk - 1, xv, True)
    if ext == 1:
        y = cupy.where(outside, 0.0, y)
    return y.reshape(shape)


def splint(a, b, tck, full_output=0):
    """Definite integral of a B-spline over [a, b] (``scipy.interpolate.
    splint``); as FITPACK, the spline is taken as zero outside
    [t[k], t[n-k-1]].  Returns a 0-d device array."""
    if isinstance(tck, BSpline):
        return tck.integrate(a, b, extrapolate=False)
    t, c, k = tck
    if _parametric(c):
        return [splint(a, b, (t, ci, k)) for ci in c]
    if full_output:
        raise NotImplementedError(
            'splint: full_output (the integrals of the B-splines) is not '
            'implemented')
    t, c, k = _spline(tck)
    n = t.shape[0] - k - 1
    t2, c2, k2 = _antiderivative(t, c[:n], k)
    ab = cupy.clip(cupy.asarray([a, b], dtype=_F64), t[k], t[n])
    vals = _deboor(t2, c2, k2, t2.shape[0] - k2 - 1, ab, True)
    return vals[1] - vals[0]


def spalde(x, tck):
    """All derivatives 0..k of a B-spline at x (``scipy.interpolate.
    spalde``): an array (k+1,) for one point, a list of them for several
    (SciPy's layout)."""
    t, c, k = tck
    if _parametric(c):
        return [spalde(x, (t, ci, k)) for ci in c]
    t, c, k = _spline(tck)
    xv = cupy.atleast_1d(cupy.asarray(x, dtype=_F64)).ravel()
    n = t.shape[0] - k - 1
    if xv.size and bool(((xv < t[k]) | (xv > t[n])).any()):
        raise TypeError('Invalid input data. t(k)<=x<=t(n-k+1) must hold.')
    out = cupy.stack([splev(xv, (t, c, k), der=j) for j in range(k + 1)],
                     axis=1)
    if xv.size > 1:
        return [out[i] for i in range(xv.size)]
    return out[0]


def insert(x, tck, m=1, per=0):
    """Insert the knot x m times (``scipy.interpolate.insert``, Boehm's
    algorithm on the device)."""
    if isinstance(tck, BSpline):
        t, c, k = insert(x, tck.tck, m, per)
        return BSpline.construct_fast(t, c, k, tck.extrapolate, tck.axis)
    t, c, k = tck
    if _parametric(c):
        cs = [insert(x, (t, ci, k), m, per) for ci in c]
        return cs[0][0], [ci for _, ci, _ in cs], k
    if per:
        raise NotImplementedError('insert: periodic splines (per=1) are '
                                  'not implemented')
    t, c, k = _spline(tck)
    x = float(x)
    for _ in range(m):
        t, c = _insert_once(t, c, k, x)
    return t, c, k


def _insert_once(t, c, k, x):
    n = t.shape[0]
    nk1 = n - k - 1
    hostt = t.get()
    if not hostt[k] <= x <= hostt[nk1]:
        raise ValueError('Invalid input data')
    l_ = int(numpy.searchsorted(hostt, x, side='right')) - 1
    l_ = min(max(l_, k), nk1 - 1)
    cc = c[:nk1]
    i = cupy.arange(nk1 + 1)
    ic = cupy.clip(i, 0, nk1 - 1)
    im = cupy.clip(i - 1, 0, nk1 - 1)
    ti = t[ic]
    tik = t[cupy.clip(i + k, 0, n - 1)]
    den = tik - ti
    alpha = cupy.where(den == 0, 0.0, (x - ti) / cupy.where(den == 0, 1.0,
                                                           den))
    alpha = alpha.reshape((-1,) + (1,) * (c.ndim - 1))
    mixed = alpha * cc[ic] + (1 - alpha) * cc[im]
    sel = i.reshape((-1,) + (1,) * (c.ndim - 1))
    newc = cupy.where(sel <= l_ - k, cc[ic],
                      cupy.where(sel > l_, cc[im], mixed))
    t2 = cupy.concatenate([t[:l_ + 1], cupy.asarray([x]), t[l_ + 1:]])
    c2 = cupy.zeros((n + 1,) + c.shape[1:], dtype=c.dtype)
    c2[:nk1 + 1] = newc
    return t2, c2


def sproot(tck, mest=10):
    """Zeros of a cubic B-spline (``scipy.interpolate.sproot``)."""
    t, c, k = tck
    if k != 3:
        raise ValueError('sproot works only for cubic (k=3) splines')
    if _parametric(c):
        return [sproot((t, ci, k), mest) for ci in c]
    t, c, k = _spline(tck)
    if t.shape[0] < 8:
        raise TypeError('The number of knots {}>=8'.format(t.shape[0]))
    n = t.shape[0]
    hostt = t.get()
    if ((numpy.diff(hostt[:4]) < 0).any() or
            (numpy.diff(hostt[n - 4:]) < 0).any() or
            (numpy.diff(hostt[3:n - 3]) <= 0).any()):
        raise TypeError('Invalid input data. t1<=..<=t4<t5<..<tn-3<=..<=tn '
                        'must hold.')
    left = cupy.asarray(hostt[3:n - 4])
    # the cubic on each knot interval from the value and derivatives at
    # its left end (on the device), then its roots (host)
    ders = cupy.stack([splev(left, (t, c, 3), der=j) / f
                       for j, f in enumerate((1., 1., 2., 6.))], axis=1)
    roots = _cubic_roots(ders.get(), numpy.diff(hostt[3:n - 3]),
                         hostt[3:n - 4])
    if roots.size > mest:
        warnings.warn(RuntimeWarning('The number of zeros exceeds mest'),
                      stacklevel=2)
        roots = roots[:mest]
    return cupy.asarray(roots)


def _cubic_roots(coef, h, x0):
    """Real roots in [0, h_i] of a0 + a1 u + a2 u^2 + a3 u^3 for each row
    of coef, shifted by x0_i, sorted, a root on a knot counted once."""
    out = []
    for (a0, a1, a2, a3), hi, xi in zip(coef, h, x0):
        p = numpy.trim_zeros(numpy.array([a3, a2, a1, a0]), 'f')
        if p.size <= 1:
            continue
        r = numpy.roots(p)
        scale = max(hi, 1e-300)
        tol = 1e-10 * scale
        r = r[numpy.abs(r.imag) <= 1e-8 * scale].real
        r = r[(r >= -tol) & (r <= hi + tol)]
        out.extend(numpy.clip(r, 0, hi) + xi)
    out = numpy.sort(numpy.asarray(out, dtype=_F64))
    if out.size > 1:
        keep = numpy.concatenate([[True], numpy.diff(out) > 1e-12 * max(
            1.0, numpy.abs(out).max())])
        out = out[keep]
    return out
