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
from cupyx.scipy.signal import _iir_dense

# Dtypes whose products are the device's matmul (float32 on the cube
# unit; no float64 matmul on Atlas A2, reference/cann/blas_fft.md): the
# in-block recursion is one product, accumulated over one block.
_MATMUL = 'f'
# Dtypes whose long signals take the in-block product too (none: see
# allpole_rows).
_PRODUCT_DTYPES = ''

# Samples per block of long signals: the rows of the recursion (each one
# operation launch per term) against the blocks chained by the scan
# (log2(nblk) levels of q*q products).  On 2**22 samples (sosfilt and
# lfilter, shared VM, two rounds) blocks of 16 to 128 were within the
# noise of each other and 256 was the slowest (1.6 s against 0.5-1.4 s).
_BLOCK = 64
# Signals (batch * n samples) below which launches, not element passes,
# dominate (about 20 us a launch against 1 ns a value on the simulator):
# they take the in-block part as one product instead of 2q launches per
# row.
_SMALL = 1 << 18


def block_len(q, size=None):
    """Rows per block for a recursion of order q over ``size`` samples in
    all (at least q rows, so a block's end state lies inside it)."""
    if size is None or size >= _SMALL:
        b, least = _BLOCK, q
    else:
        # the in-block part is a block x block product: 16 rows keep the
        # scan short and the product below 16 multiply-adds per sample
        b, least = 16, q
    while b < least:
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
    a1..aq.  Returns a new array of the same layout.

    Long signals run the rows one after another (2q passes over the data
    in all); signals small enough that launches cost more than passes
    take the in-block part as one product with the block x block
    Toeplitz matrix of the impulse response instead (block multiply-adds
    per sample; the matmul for float32).  Long float32 signals keep the
    rows: on the simulator the 64 x 64 by 64 x 65536 float32 matmul took
    80-120 ms against 30-40 ms for the 64 rows of a second-order section
    (2^22 samples, shared VM); on Atlas A2's cube unit the product may be
    the cheaper one (set ``_PRODUCT_DTYPES = 'f'`` to measure it).
    """
    a = numpy.asarray(a)
    q = len(a)
    block, batch, nblk = w.shape
    dtype = w.dtype
    if w.size < _SMALL and dtype.char in 'fF':
        # small single-precision signals run in double and round once:
        # float32 products and block chaining drifted 6e-5 relative from
        # SciPy's float32 recursion at zero crossings (CuPy's
        # test_iir_utils test_order[3-128])
        wide = numpy.dtype('D' if dtype.char == 'F' else 'd')
        return allpole_rows(w.astype(wide), a).astype(dtype)
    by_product = dtype.char in _PRODUCT_DTYPES or w.size < _SMALL
    toe, table, powers = _tables(a, block, nblk, dtype, by_product)
    if by_product:
        y = _left_product(toe, w)
    else:
        y = _in_block_rows(w, a, q)
    if nblk == 1:
        return y
    states = _chain(y, powers, q, block)       # (q, batch, nblk)
    # the response of every block to the state it receives
    if by_product:
        y += _left_product(table, states)
    else:
        for c in range(q):
            y += table[:, c][:, None, None] * states[c][None]
    return y


def _tables(a, block, nblk, dtype, by_product):
    """Device copies, kept in ``_iir_dense``'s bounded cache, of the
    Toeplitz matrix of the impulse response (block x block, products
    only), the zero-input responses G (block x q) and the powers
    M^(2^k) (levels x q x q) of the block-to-block state map."""
    host_a = a.astype(numpy.result_type(a, numpy.float64))
    levels = max(0, (nblk - 1).bit_length())

    def build():
        table = _zero_input(host_a, block)
        if by_product:
            h = numpy.concatenate([[1.0], table[:block - 1, 0]])
            lag = numpy.arange(block)[:, None] - numpy.arange(block)[None]
            toe = numpy.where(lag >= 0, h[numpy.maximum(lag, 0)], 0)
        else:
            toe = numpy.zeros((0, 0))
        # carry over one block: M[c, c'] = G[block-1-c, c']
        power = table[block - len(a):block][::-1]
        powers = numpy.empty((levels,) + power.shape, power.dtype)
        for k in range(levels):
            powers[k] = power
            power = power @ power
        return [toe, table, powers]
    key = ('rows', host_a.dtype.char, host_a.tobytes(), block, levels,
           by_product)
    return _iir_dense._cached(key, build, dtype)


def _left_product(m, v):
    """m (k x r, device) times v (r, batch, nblk): the matmul where the
    device has the loop, else a broadcast product and a sum over r."""
    k, r = m.shape
    flat = v.reshape(r, -1)
    if v.dtype.char in _MATMUL:
        out = cupy.matmul(m, flat)
    else:
        out = (m[:, :, None] * flat[None, :, :]).sum(axis=1)
    return out.reshape((k,) + v.shape[1:])


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


def _chain(y, powers, q, block):
    """The states entering each block, (q, batch, nblk): [c][:, j] is
    y[-1-c] just before block j (zero for j = 0).  A doubling scan over
    the blocks: level k adds M^(2^k) (``powers[k]``) times the states 2^k
    blocks back (one broadcast product, one sum, one add)."""
    nblk = y.shape[2]
    # end states of the blocks from rest: T_j[c] = y_j[block-1-c]
    ends = y[block - q:][::-1].copy()      # a copy: updated in place below
    step = 1
    for level in range(powers.shape[0]):
        mat = powers[level][:, :, None, None]
        add = (mat * ends[None, :, :, :nblk - step]).sum(axis=1)
        ends[:, :, step:] += add
        step *= 2
    states = cupy.zeros_like(ends)
    states[:, :, 1:] = ends[:, :, :-1]
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
