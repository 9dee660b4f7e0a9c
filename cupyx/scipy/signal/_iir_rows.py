"""Long recursive filters on the device: blocks run their recursion side by
side ("row layout"), a scan over the blocks chains them.

A signal of n samples is cut into nblk blocks of B samples and stored as
R[t, b, j] = x[j * B + t] (t: position in the block, b: signal of the
batch, j: block), so that row t of every block is one contiguous array
of batch * nblk values.  The all-pole recursion

    y[t] = w[t] - a1 y[t-1] - ... - aq y[t-q]

then runs down the B rows, each step 2q elementwise operations on whole
rows (every block at once, starting from a zero state).  Each block's
last q outputs are its end state; the true state entering block j is
S_j = L_{j-1} + M S_{j-1} (M: q x q, the zero-input response of the
filter after B samples), a linear scan over the blocks done by doubling
(log2(nblk) levels of q x q products on the states).  One more pass adds
to every block the zero-input response G (B x q) to its incoming state.

Why rows: on the device (and on the simulator, whose kernels are NumPy
loops) an elementwise operation on a contiguous array costs about one
memory pass, while strided or broadcast operands cost several; the
in-block doubling this replaces ran log2(B) levels of q strided
multiply-adds over half the samples.  Here the whole filter is about
4q + 2 passes plus two transposes.  Measured in benchmarks/RESULTS.md.

The coefficient tables (G, M and its powers) are a few hundred numbers
computed on the host from the coefficients, as the filter design is.
"""

import numpy

import cupy

# Dtypes whose in-block recursion is a matrix product: the device's
# matmul loops (float32 on the cube unit; no float64 matmul on Atlas A2,
# reference/cann/blas_fft.md), accumulated in float32 over one block.
_MATMUL = 'f'

# Samples per block: the rows of the recursion (each one operation
# launch per term) against the blocks chained by the scan (log2(nblk)
# levels of q*q products).  64 was the fastest of 32/64/128/256 on 2**22
# samples (benchmarks/RESULTS.md, "row layout").
_BLOCK = 64


def block_len(q):
    """Rows per block for a recursion of order q (at least q rows, so a
    block's end state lies inside it)."""
    b = _BLOCK
    while b < q:
        b *= 2
    return b


def to_rows(v2, block):
    """(batch, n) -> (block, batch, nblk), zeros in front so that the
    signal ends at the last row of the last block (the end is where the
    final states are read; leading zeros through a filter at rest stay
    zero)."""
    batch, n = v2.shape
    nblk = max(1, -(-n // block))
    front = nblk * block - n
    if front:
        buf = cupy.zeros((batch, nblk * block), dtype=v2.dtype)
        buf[:, front:] = v2
    else:
        buf = v2
    return cupy.ascontiguousarray(
        buf.reshape(batch, nblk, block).transpose(2, 0, 1))


def from_rows(rows, n):
    """The inverse of ``to_rows``: (block, batch, nblk) -> (batch, n)."""
    block, batch, nblk = rows.shape
    flat = cupy.ascontiguousarray(rows.transpose(1, 2, 0)).reshape(
        batch, nblk * block)
    return flat[:, nblk * block - n:]


def position(n, block, i):
    """(row, block) of sample i (0 <= i < n) of a signal in row layout."""
    nblk = max(1, -(-n // block))
    k = nblk * block - n + i
    return k % block, k // block


def _zero_input(a, rows):
    """G[t, c]: output t of the recursion with zero input and the unit
    state y[-1-c] = 1 (host, float64 or complex128)."""
    q = len(a)
    g = numpy.zeros((rows + q, q), dtype=a.dtype)
    g[:q] = numpy.eye(q, dtype=a.dtype)[::-1]     # g[q-1-c] = y[-1-c]
    for t in range(rows):
        g[q + t] = -a @ g[q + t - 1::-1][:q]
    return g[q:]


def _axpy(dst, src, coef, tmp):
    """dst += coef * src, in place (two launches, no allocation)."""
    cupy.multiply(src, coef, out=tmp)
    cupy.add(dst, tmp, out=dst)


def allpole_rows(w, a):
    """y[t] = w[t] - sum_c a[c] y[t-1-c] along the rows of w (block, batch,
    nblk) from a zero state before the first block; ``a`` (host) holds
    a1..aq.  Returns a new array of the same layout."""
    a = numpy.asarray(a)
    q = len(a)
    block, batch, nblk = w.shape
    dtype = w.dtype
    host_a = a.astype(numpy.result_type(a, numpy.float64))
    table = _zero_input(host_a, block)
    if dtype.char in _MATMUL:
        y = _in_block_matmul(w, table)
    else:
        y = _in_block_rows(w, a, q)
    if nblk == 1:
        return y
    states = _chain(y, table, q, block)
    # the response of every block to the state it receives
    if dtype.char in _MATMUL:
        g = cupy.asarray(table.astype(dtype, copy=False))
        flat = y.reshape(block, batch * nblk)
        flat += cupy.matmul(g, cupy.stack(states).reshape(q, -1))
        return y
    cols = cupy.asarray(table.T.astype(dtype, copy=False))   # one upload
    for c in range(q):
        y += cols[c][:, None, None] * states[c][None]
    return y


def _in_block_rows(w, a, q):
    """The recursion from rest inside every block, row after row (2q
    elementwise operations per row on all blocks at once)."""
    block, batch, nblk = w.shape
    dtype = w.dtype
    coef = [dtype.type(-c) for c in a]
    hist = cupy.empty((q + block, batch, nblk), dtype=dtype)
    hist[:q] = 0
    tmp = cupy.empty((batch, nblk), dtype=dtype)
    for t in range(block):
        row = hist[q + t]
        terms = [c for c in range(q) if t - 1 - c >= 0 and coef[c] != 0]
        if not terms:
            row[...] = w[t]
            continue
        c0 = terms[0]
        cupy.multiply(hist[q + t - 1 - c0], coef[c0], out=row)
        cupy.add(row, w[t], out=row)
        for c in terms[1:]:
            _axpy(row, hist[q + t - 1 - c], coef[c], tmp)
    return hist[q:]


def _in_block_matmul(w, table):
    """The recursion from rest inside every block as one product: the
    block x block lower triangular Toeplitz matrix of the impulse
    response (h[0] = 1, h[t] = G[t-1, 0]) times all blocks."""
    block, batch, nblk = w.shape
    h = numpy.concatenate([[1.0], table[:block - 1, 0]])
    lag = numpy.arange(block)[:, None] - numpy.arange(block)[None, :]
    toe = numpy.where(lag >= 0, h[numpy.maximum(lag, 0)], 0)
    toe = cupy.asarray(toe.astype(w.dtype))
    return cupy.matmul(toe, w.reshape(block, batch * nblk)).reshape(
        block, batch, nblk)


def _chain(y, table, q, block):
    """The states entering each block: list of q arrays (batch, nblk),
    state[c][:, j] = y[-1-c] just before block j (zero for j = 0)."""
    batch, nblk = y.shape[1:]
    # end states of the blocks from rest: T_j[c] = y_j[block-1-c]
    ends = [y[block - 1 - c].copy() for c in range(q)]
    # carry over one block: T_j += M T_{j-1}, M[c, c'] = G[block-1-c, c']
    mat = table[block - q:block][::-1]
    power = mat
    step = 1
    while step < nblk:
        adds = []
        for c in range(q):
            acc = None
            for c2 in range(q):
                m = power[c, c2]
                if m == 0:
                    continue
                term = ends[c2][:, :nblk - step] * y.dtype.type(m)
                acc = term if acc is None else acc + term
            adds.append(acc)
        for c in range(q):
            if adds[c] is not None:
                ends[c][:, step:] += adds[c]
        power = power @ power
        step *= 2
    states = []
    for c in range(q):
        s = cupy.zeros((batch, nblk), dtype=y.dtype)
        s[:, 1:] = ends[c][:, :-1]
        states.append(s)
    return states


def fir_rows(x, b):
    """sum_k b[k] x[t - k] in row layout (x: (block, batch, nblk)), for
    len(b) <= block: the first rows of a block reach into the previous
    block's last rows."""
    block = x.shape[0]
    dtype = x.dtype
    w = x * dtype.type(b[0])
    for k in range(1, len(b)):
        if b[k] == 0:
            continue
        coef = dtype.type(b[k])
        w[k:] += x[:block - k] * coef
        # row t < k of block j takes row block - k + t of block j - 1
        w[:k, :, 1:] += x[block - k:, :, :-1] * coef
    return w
