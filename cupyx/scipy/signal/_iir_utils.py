"""CuPy's private IIR helpers (apply_iir, apply_iir_sos) and the zero-state
all-pole filter ``allpole`` that lfilter's long path uses: the recursion
runs in the row layout of ``_iir_rows`` (every block of the signal at
once, chained by a scan over the blocks)."""

import numpy

import cupy
from cupyx.scipy.signal import _iir_rows


def allpole(w, a):
    """Zero-state all-pole filter along the last axis of the 2-d device
    array w (batch, n); ``a`` holds a1..aq on the host (a0 = 1)."""
    a = numpy.asarray(a)
    q = len(a)
    n = w.shape[1]
    if n == 0 or q == 0:
        return w.copy()
    block = _iir_rows.block_len(q, w.size)
    y = _iir_rows.allpole_rows(_iir_rows.to_rows(w, block), a)
    return _iir_rows.from_rows(y, n)


def _host_coeffs(a):
    if isinstance(a, cupy.ndarray):
        return cupy.asnumpy(a)
    return numpy.asarray(a)


def apply_iir(x, a, axis=-1, zi=None, dtype=None, block_sz=1024):
    """y[n] = x[n] + sum_k a[k] y[n-1-k] along an axis (CuPy's private
    helper).  ``zi`` holds the len(a) previous outputs, oldest first;
    ``block_sz`` is accepted for CuPy's signature (the scan needs none)."""
    x = cupy.asarray(x)
    a = _host_coeffs(a)
    if dtype is None:
        dtype = numpy.result_type(x.dtype, a.dtype)
    dtype = numpy.dtype(dtype)
    q = a.size
    axis = axis % x.ndim
    xm = cupy.moveaxis(x, axis, -1)
    lead = xm.shape[:-1]
    n = xm.shape[-1]
    w = cupy.ascontiguousarray(xm).astype(dtype).reshape(-1, n)
    if zi is not None and q:
        z = cupy.moveaxis(cupy.asarray(zi), axis, -1).astype(dtype)
        z = cupy.ascontiguousarray(z).reshape(-1, q)
        # the past outputs' part of y[t] for t < q: sum over k with
        # t - 1 - k < 0 of a[k] * y[t-1-k], y[-j] = z[q - j]
        m = min(q, n)
        mat = numpy.zeros((m, q), dtype=numpy.result_type(a, dtype))
        for t in range(m):
            for k in range(t, q):
                mat[t, q - 1 - (k - t)] += a[k]
        extra = (z[:, None, :] * cupy.asarray(mat.astype(dtype))).sum(-1)
        w[:, :m] += extra
    y = allpole(w, -a) if q else w
    return cupy.ascontiguousarray(cupy.moveaxis(
        y.astype(dtype, copy=False).reshape(lead + (n,)), -1, axis))


def apply_iir_sos(x, sos, axis=-1, zi=None, dtype=None, block_sz=1024,
                  apply_fir=True, out=None):
    """Cascaded second-order sections (CuPy's private helper).  ``zi``
    (sections, ..., 4) holds per section its last two inputs and last two
    outputs, oldest first; with zi the final such state is returned too."""
    # _lfilter imports this module: import at call time
    from cupyx.scipy.signal._lfilter import lfilter, sosfilt
    x = cupy.asarray(x)
    sos = _host_coeffs(sos)
    if dtype is None:
        dtype = numpy.result_type(x.dtype, sos.dtype)
    axis = axis % x.ndim
    if zi is None:
        return sosfilt(sos, x.astype(dtype), axis=axis)
    zi = cupy.moveaxis(cupy.asarray(zi), axis + 1, -1).astype(dtype)
    b = cupy.asarray(sos[:, :3].astype(dtype))
    a = cupy.asarray(sos[:, 3:].astype(dtype))
    shape = (sos.shape[0],) + (1,) * (zi.ndim - 2)
    b1, b2 = b[:, 1].reshape(shape), b[:, 2].reshape(shape)
    a1, a2 = a[:, 1].reshape(shape), a[:, 2].reshape(shape)
    xm2, xm1, ym2, ym1 = (zi[..., j] for j in range(4))
    # lfiltic's transposed direct form II state of each section
    tdf = cupy.stack([b1 * xm1 + b2 * xm2 - a1 * ym1 - a2 * ym2,
                      b2 * xm1 - a2 * ym1], axis=-1)
    xs = cupy.moveaxis(x.astype(dtype), axis, -1)
    stages = [xs]
    y = xs
    for s in range(sos.shape[0]):
        y, _ = lfilter(sos[s, :3], sos[s, 3:], y, axis=-1, zi=tdf[s])
        y = y.astype(dtype, copy=False)
        stages.append(y)
    n = xs.shape[-1]
    finals = []
    for s in range(sos.shape[0]):
        hist_in = cupy.concatenate([zi[s, ..., :2], stages[s]], axis=-1)
        hist_out = cupy.concatenate([zi[s, ..., 2:], stages[s + 1]], axis=-1)
        finals.append(cupy.concatenate([hist_in[..., n:], hist_out[..., n:]],
                                       axis=-1))
    zf = cupy.ascontiguousarray(cupy.moveaxis(cupy.stack(finals), -1,
                                              axis + 1))
    return cupy.ascontiguousarray(cupy.moveaxis(y, -1, axis)), zf
