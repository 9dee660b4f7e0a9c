"""Short signals: a linear filter's whole response as matrix products.

A linear time-invariant filter with a state s of d values (SciPy's
transposed direct form II state: lfilter's ``zi``, or the stacked states
of sosfilt's sections) maps n input samples x and its initial state s0 to

    y = T x + C s0        T: n x n (the impulse response, Toeplitz)
    s_n = B x + A s0      C: n x d, B: d x n, A: d x d

The four matrices depend on the coefficients and n only.  They are built
on the host from the filter's state-space form (n steps of d x d
products in float64/complex128, below a millisecond for the short
signals this path takes) and kept in a bounded cache, so a call on the
device is two or four products instead of the scan's tens of passes
(``_iir_utils.allpole``: log2 of its block length doubling levels, each
q multiply-adds, plus the chaining of blocks).  Long signals keep the scan:
the products cost n multiply-adds per sample.
"""

import collections

import numpy

import cupy

# Most products (batch * n * n) a dense filter call may take: above this
# the scan's ~q * log2(64) passes over the data are cheaper.  2**21
# products are one 16 MiB float64 temporary of the composed product.
_MAX_PRODUCTS = 1 << 21
# Longest signal the dense path takes (the host builds n x n tables).
_MAX_N = 512
# Bounded cache of host-built tables, keyed by coefficients and length
# (CuPy's tests make ~10^5 calls with a few thousand distinct keys).
_CACHE_SIZE = 256
_cache = collections.OrderedDict()


def takes(batch, n):
    """Whether a call of ``batch`` signals of ``n`` samples goes dense."""
    return 0 < n <= _MAX_N and batch * n * n <= _MAX_PRODUCTS


def tdf2_system(b, a):
    """State-space form (F, g, h, D) of SciPy's transposed direct form II
    for normalised b, a of equal length p + 1 (a[0] == 1):
    z[t+1] = F z[t] + g x[t],  y[t] = h z[t] + D x[t]."""
    p = len(a) - 1
    dt = numpy.result_type(b, a, numpy.float64)
    f = numpy.zeros((p, p), dt)
    f[:, 0] = -a[1:]
    f[numpy.arange(p - 1), numpy.arange(1, p)] = 1
    g = (b[1:] - a[1:] * b[0]).astype(dt)
    h = numpy.zeros(p, dt)
    if p:
        h[0] = 1
    return f, g, h, dt.type(b[0])


def series(first, second):
    """The system ``second`` fed by the output of ``first`` (states
    stacked first-then-second, as sosfilt's zi)."""
    f1, g1, h1, d1 = first
    f2, g2, h2, d2 = second
    p1, p2 = len(g1), len(g2)
    dt = numpy.result_type(f1, f2)
    f = numpy.zeros((p1 + p2, p1 + p2), dt)
    f[:p1, :p1] = f1
    f[p1:, :p1] = numpy.outer(g2, h1)
    f[p1:, p1:] = f2
    g = numpy.concatenate([g1, g2 * d1]).astype(dt)
    h = numpy.concatenate([h1 * d2, h2]).astype(dt)
    return f, g, h, d1 * d2


def _tables(system, n):
    """T (n x n), C (n x d), B (d x n), A (d x d) on the host."""
    f, g, h, d0 = system
    d = len(g)
    rows = numpy.empty((n + 1, d), f.dtype)     # rows[t] = h F^t
    cols = numpy.empty((n, d), f.dtype)         # cols[t] = F^t g
    row = h
    col = g
    for t in range(n):
        rows[t] = row
        cols[t] = col
        row = row @ f
        col = f @ col
    rows[n] = row
    imp = numpy.empty(n, f.dtype)
    imp[0] = d0
    imp[1:] = rows[:n - 1] @ g
    idx = numpy.arange(n)
    lag = idx[:, None] - idx[None, :]
    t = numpy.where(lag >= 0, imp[numpy.maximum(lag, 0)], 0)
    c = rows[:n]
    bmat = cols[::-1].T                          # B[:, k] = F^(n-1-k) g
    amat = numpy.linalg.matrix_power(f, n) if d else numpy.zeros((0, 0))
    return t, c, bmat, amat


def _cached(key, build, dtype):
    """Device copies (in ``dtype``) of the host matrices ``build()``
    returns, kept under ``key`` in the bounded cache."""
    full = key + (numpy.dtype(dtype).char, cupy.cuda.Device().id)
    try:
        _cache.move_to_end(full)
        return _cache[full]
    except KeyError:
        pass
    with numpy.errstate(over='ignore', invalid='ignore'):
        dev = tuple(cupy.asarray(m.astype(dtype)) for m in build())
    _cache[full] = dev
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return dev


def clear():
    """Drop the cached device tables (the test suite's leak check)."""
    _cache.clear()


def tables(key, system, n, dtype, need_state):
    """The device tables for ``system`` over n samples in ``dtype``,
    transposed for row-vector products: (T^T, C^T) or, with need_state,
    (T^T, C^T, B^T, A^T)."""
    def build():
        t, c, bmat, amat = _tables(system, n)
        return [t.T, c.T] + ([bmat.T, amat.T] if need_state else [])
    return _cached((key, n, need_state), build, dtype)


def extension(padtype, n, edge):
    """filtfilt's padding of n samples by ``edge`` at both ends as an
    (n + 2 edge) x n matrix."""
    eye = numpy.eye(n)
    if padtype is None or edge == 0:
        return eye
    first, last = eye[:1], eye[-1:]
    if padtype == 'constant':
        left = numpy.repeat(first, edge, axis=0)
        right = numpy.repeat(last, edge, axis=0)
    else:
        left = eye[edge:0:-1]
        right = eye[-2:-(edge + 2):-1]
        if padtype == 'odd':
            left = 2 * first - left
            right = 2 * last - right
    return numpy.concatenate([left, eye, right])


def forward_backward(key, system, zi, n, padtype, edge, dtype):
    """(M^T,) on the device, M (n x n) the whole of filtfilt's 'pad'
    method: x extended, filtered forwards from the state zi * x[0],
    reversed, filtered again from zi times its first sample, reversed
    back and cut to n samples; every step is linear in x."""
    def build():
        m = n + 2 * edge
        t, c, _, _ = _tables(system, m)
        k = t.astype(numpy.result_type(t, zi))
        k[:, 0] += c @ zi
        fwd = k @ extension(padtype, n, edge)
        full = k[::-1, ::-1] @ fwd             # reverse, filter, reverse
        return [full[edge:edge + n].T]
    return _cached(('ff', key, n, padtype, edge), build, dtype)


def _product(v, m):
    """(batch, k) @ (k, j) on the device: the matmul where the device has
    the loop (float32/complex64), else a broadcast product and a sum
    (Atlas A2 has no float64 matmul: reference/cann/blas_fft.md)."""
    if v.dtype.char in 'fF':
        return cupy.matmul(v, m)
    return (v[:, :, None] * m[None, :, :]).sum(axis=1)


def apply(x2, s0, tabs):
    """y (batch, n) and the final state (or None) of the 2-d signal x2
    from the initial state s0 (batch, d) or None."""
    t, c = tabs[0], tabs[1]
    y = _product(x2, t)
    if s0 is not None and c.shape[0]:
        y += _product(s0, c)
    if len(tabs) == 2:
        return y, None
    bmat, amat = tabs[2], tabs[3]
    sf = _product(x2, bmat)
    if s0 is not None and amat.shape[0]:
        sf += _product(s0, amat)
    return y, sf
