"""The all-pole recurrence y[t] = w[t] - a1 y[t-1] - ... - aq y[t-q] as a
parallel scan on the device (no loop over samples).

Aligned doubling: after level k every aligned block of 2**k samples holds
its zero-state output (as if the signal started at the block).  Two
neighbouring blocks of W samples merge into one of 2W: the right block's
outputs gain the response to the left block's final state, which is its
last q outputs (the companion state of an all-pole filter is the recent
outputs), times the zero-input responses G[t, c] of the filter to a unit
state y[-1-c] = 1.  A level is a broadcast product, a sum over q and an
add on half the samples: q * n / 2 multiply-adds, log2(n) levels.

G itself doubles the same way (its right half is its left half times
the q x q state matrix taken from its own last rows); its first rows, up
to q, are a few host steps on the coefficients.

Signals longer than _BLOCK samples double only inside blocks of _BLOCK;
the blocks' end states then form a q-dimensional linear recurrence over
the blocks (a scan of n / _BLOCK steps with q x q matrices) whose result
enters each block as one more G-weighted sum.
"""

import numpy

import cupy


def _zero_input_head(a, rows):
    """G[t, c] for t < rows, by the recurrence on the host (rows <= q)."""
    q = len(a)
    g = numpy.zeros((rows, q), dtype=a.dtype)
    for c in range(q):
        hist = numpy.zeros(q + rows, dtype=a.dtype)  # hist[q-1-j] = y[-1-j]
        hist[q - 1 - c] = 1
        for t in range(rows):
            val = -numpy.dot(a, hist[q - 1 + t::-1][:q])
            hist[q + t] = val
            g[t, c] = val
    return g


def _zero_input_table(a, length, dtype):
    """G (length x q) on the device, length a power of two."""
    q = len(a)
    w0 = 1
    while w0 < q:
        w0 *= 2
    w0 = min(w0, length)
    g = cupy.asarray(_zero_input_head(a, w0))
    w = w0
    while w < length:
        # state after the first w samples of the response to each unit
        # state c: (y[w-1], ..., y[w-q]), all inside the table as w >= q
        s = g[w - q:w][::-1]                      # (q, q): s[j, c]
        right = (g[:, :, None] * s[None, :, :]).sum(axis=1)
        g = cupy.concatenate([g, right])
        w *= 2
    return g.astype(dtype, copy=False)


# Block length of the in-block doubling (a power of two).  Longer signals
# are cut into blocks of this length whose carries are chained by a scan
# over the blocks: log2(_BLOCK) full-size levels instead of log2(n), and a
# padding of less than one block instead of up to n.  The chaining scan
# works on q*q values per block, so it costs about q / _BLOCK of a level
# per step: 64 balances the two (measured on 2**22 samples).
_BLOCK = 1 << 6


def _double_in_blocks(y, table, q, block):
    """Zero-state output of every aligned block of ``block`` samples of
    y (batch, n), n a multiple of block, in place."""
    batch, size = y.shape
    half = 1
    while half < block:
        blocks = y.reshape(batch, size // (2 * half), 2, half)
        left = blocks[:, :, 0, :]
        right = blocks[:, :, 1, :]
        m = min(q, half)
        # the left block's final state, most recent first: (batch, B, m)
        state = left[:, :, half - m:][:, :, ::-1]
        # one multiply-add per state component: a sum over a short last
        # axis costs more than q passes over the data
        for c in range(m):
            right += state[:, :, c:c + 1] * table[:half, c]
        half *= 2


def _matmul_small(a, b):
    """(..., q, q) @ (q, q) as a broadcast product and sum (float64 matmul
    has no device loop on Atlas A2)."""
    return (a[..., :, :, None] * b[None, :, :]).sum(axis=-2)


def _chain_blocks(y, table, q, block):
    """Add to every block the response to the state its predecessors
    leave (y: (batch, nblk, block) holding zero-state block outputs)."""
    batch, nblk, _ = y.shape
    # local end states, most recent first: (batch, nblk, q)
    local = y[:, :, block - q:][:, :, ::-1]
    # carry over a block: S_j = local_j + M S_{j-1}, M[c, c'] = G[B-1-c, c']
    mat = table[block - q:block][::-1]             # (q, q)
    state = local.copy()
    power = mat
    step = 1
    while step < nblk:
        # Hillis-Steele over the blocks: S_j += M^step S_{j-step}
        shifted = state[:, :nblk - step, :]
        add = (shifted[:, :, None, :] * power).sum(axis=-1)
        state = state.copy()
        state[:, step:, :] += add
        power = _matmul_small(power, power)
        step *= 2
    # the response of block j (j >= 1) to S_{j-1}
    incoming = state[:, :-1, :]                    # (batch, nblk-1, q)
    for c in range(q):
        y[:, 1:, :] += incoming[:, :, c:c + 1] * table[:block, c]


def allpole(w, a):
    """Zero-state all-pole filter along the last axis of the 2-d device
    array w (batch, n); ``a`` holds a1..aq on the host (a0 = 1)."""
    a = numpy.asarray(a)
    q = len(a)
    batch, n = w.shape
    if n == 0 or q == 0:
        return w.copy()
    block = min(1 << max(0, (n - 1).bit_length()), _BLOCK)
    block = max(block, 1 << max(0, (q - 1).bit_length()))
    size = -(-n // block) * block
    dtype = w.dtype
    gdt = numpy.result_type(a.dtype, numpy.float64)
    y = cupy.zeros((batch, size), dtype=dtype)
    y[:, :n] = w
    if size == 1:
        return y[:, :n]
    table = _zero_input_table(a.astype(gdt), block, dtype)
    _double_in_blocks(y, table, q, block)
    if size > block:
        _chain_blocks(y.reshape(batch, size // block, block), table, q,
                      block)
    return y[:, :n]


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
