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


def allpole(w, a):
    """Zero-state all-pole filter along the last axis of the 2-d device
    array w (batch, n); ``a`` holds a1..aq on the host (a0 = 1)."""
    a = numpy.asarray(a)
    q = len(a)
    batch, n = w.shape
    if n == 0 or q == 0:
        return w.copy()
    size = 1 << max(0, (n - 1).bit_length())
    dtype = w.dtype
    gdt = numpy.result_type(a.dtype, numpy.float64)
    y = cupy.zeros((batch, size), dtype=dtype)
    y[:, :n] = w
    if size == 1:
        return y[:, :n]
    table = _zero_input_table(a.astype(gdt), size // 2, dtype)
    half = 1
    while half < size:
        blocks = y.reshape(batch, size // (2 * half), 2, half)
        left = blocks[:, :, 0, :]
        right = blocks[:, :, 1, :]
        m = min(q, half)
        # the left block's final state, most recent first: (batch, B, m)
        state = left[:, :, half - m:][:, :, ::-1]
        g = table[:half, :m]                       # (half, m)
        if m == 1:
            right += state * g[:, 0]
        else:
            right += (state[:, :, None, :] * g).sum(axis=-1)
        half *= 2
    return y[:, :n]
