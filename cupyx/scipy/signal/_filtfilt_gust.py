"""filtfilt(method='gust') on the device: Gustafsson's choice of the
forward and backward initial states (F. Gustafsson, "Determining the
initial states in forward-backward filtering", IEEE Trans. Signal
Processing 44(4), 1996), which makes forward-backward and
backward-forward filtering agree.

Every pass is ``lfilter`` (the device's parallel scan); the observability
matrix O (response of the filter to each unit initial state), the
matrix S (the filter applied to the reversed O) and the least-squares
solve for the optimal states (2*order unknowns, one right-hand side per
filtered line, ``cupy.linalg.lstsq``) are all device arrays.

Short signals take ``gust_matrix``: every step above is linear in x, so
the whole method is one n x n matrix built on the host from the filter's
tables (``_iir_dense``) and applied in one product."""

import numpy

import cupy
from cupyx.scipy.signal import _iir_dense
from cupyx.scipy.signal._lfilter import lfilter


def _blocks(top_left, bottom_right, m, n, order):
    """[[A, 0], [0, B]] when only m < n samples at each end take part
    (Gustafsson section IV), else [A, B] side by side."""
    if m == n:
        return cupy.concatenate([top_left, bottom_right], axis=1)
    out = cupy.zeros((2 * m, 2 * order), dtype=top_left.dtype)
    out[:m, :order] = top_left
    out[m:, order:] = bottom_right
    return out


def _host_blocks(top_left, bottom_right, m, n, order):
    """``_blocks`` on host matrices; the block-diagonal form is real, as
    SciPy's (it fills a float64 array: complex parts are dropped)."""
    if m == n:
        return numpy.concatenate([top_left, bottom_right], axis=1)
    out = numpy.zeros((2 * m, 2 * order))
    out[:m, :order] = top_left.real
    out[m:, order:] = bottom_right.real
    return out


def gust_matrix(key, system, n, irlen, dtype):
    """(M^T,) on the device with filtfilt(x, method='gust') = M x for
    signals of n samples: the steps of ``filtfilt_gust`` on the host
    tables T (zero-state response) and C (zero-input responses)."""
    order = len(system[1])
    m = n if irlen is None or n <= 2 * irlen else irlen

    def build():
        t, c, _, _ = _iir_dense._tables(system, n)
        first = c[:m, 0].real
        obs = numpy.zeros((m, order))
        for k in range(order):
            obs[k:, k] = first[:m - k]
        obs_r = obs[::-1]
        s = t[:m, :m] @ obs_r
        s_r = s[::-1]
        mat = _host_blocks(s_r - obs, obs_r - s, m, n, order)
        rev = t[::-1, ::-1]                  # reverse, filter, reverse
        fb = rev @ t
        delta = t @ rev - fb
        if m != n:
            delta = numpy.concatenate([delta[:m], delta[-m:]])
        ic = numpy.linalg.lstsq(mat.astype(delta.dtype), delta,
                                rcond=None)[0]
        wic = _host_blocks(s_r, obs_r, m, n, order) @ ic
        full = fb.astype(wic.dtype)
        if m == n:
            full += wic
        else:
            full[:m] += wic[:m]
            full[-m:] += wic[-m:]
        return [full.T]
    return _iir_dense._cached(('gust', key, n, m), build, dtype)


def filtfilt_gust(b, a, x, axis=-1, irlen=None):
    """(y, forward initial state, backward initial state)."""
    b = numpy.atleast_1d(b)
    a = numpy.atleast_1d(a)
    order = max(len(b), len(a)) - 1
    if order == 0:
        return (b[0] / a[0]) ** 2 * x, cupy.array([]), cupy.array([])
    x = cupy.swapaxes(x, axis, x.ndim - 1)
    n = x.shape[-1]
    m = n if irlen is None or n <= 2 * irlen else irlen
    unit = numpy.zeros(order)
    unit[0] = 1
    # O: column k is the zero-input response to the k-th unit state; it is
    # the first column delayed by k samples.  SciPy stores it as float64
    # (real) whatever the coefficients, and so does this.
    first = lfilter(b, a, cupy.zeros(m), zi=unit)[0]
    first = first.real if first.dtype.kind == 'c' else first
    obs = cupy.zeros((m, order))
    for k in range(order):
        obs[k:, k] = first[:m - k]
    obs_r = obs[::-1]
    s = lfilter(b, a, obs_r, axis=0)
    s_r = s[::-1]
    mat = _blocks(s_r - obs, obs_r - s, m, n, order)
    y_f = lfilter(b, a, x)
    y_fb = lfilter(b, a, y_f[..., ::-1])[..., ::-1]
    y_b = lfilter(b, a, x[..., ::-1])[..., ::-1]
    y_bf = lfilter(b, a, y_b)
    delta = y_bf - y_fb
    if m != n:
        delta = cupy.concatenate([delta[..., :m], delta[..., -m:]], axis=-1)
    rhs = delta.reshape(-1, delta.shape[-1]).T
    if rhs.dtype.kind == 'c' or mat.dtype.kind == 'c':
        mat = mat.astype(numpy.result_type(mat.dtype, rhs.dtype))
        rhs = rhs.astype(mat.dtype)
    ic = cupy.linalg.lstsq(mat, rhs, rcond=None)[0].T
    ic = ic.reshape(delta.shape[:-1] + (2 * order,))
    # a broadcast product: Atlas A2 has no float64 matmul
    wic = (ic[..., :, None] * _blocks(s_r, obs_r, m, n, order).T).sum(-2)
    y = y_fb.copy()
    if m == n:
        y += wic
    else:
        y[..., :m] += wic[..., :m]
        y[..., -m:] += wic[..., -m:]
    x0 = cupy.swapaxes(ic[..., :order], axis, x.ndim - 1)
    x1 = cupy.swapaxes(ic[..., -order:], axis, x.ndim - 1)
    return cupy.swapaxes(y, axis, x.ndim - 1), x0, x1
