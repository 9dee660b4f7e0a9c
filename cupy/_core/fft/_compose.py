"""Fourier transforms composed of other device operations (DESIGN.md
capability path, step 2): what the provider's 'fft' does not run --
complex128 (no Ascend library has a double FFT, blas_fft.md 3.3) and
sizes it cannot plan (a prime factor > 199, more than 2^27 points).

* powers of two: a radix-2 Stockham transform (autosort, no bit
  reversal): log2(n) passes of one broadcast product and one add over
  strided views, each pass writing the two halves of a new buffer.
  Stage L (transforms of length L done, M = n / L columns left):
  Y'[k] = E[k] + w^k O[k] and Y'[k + L] = E[k] - w^k O[k], with E and O
  the first and second halves of the columns and w = exp(-+2 pi i / 2L):
  the product of O with [w^k; -w^k] gives both halves' second terms, and
  both are one strided view of one table of n twiddles.
* small sizes (n <= 2048): dense stages, the four-step algorithm with
  dense DFTs of n1 and n2 points (n = n1 n2; one stage of n points where
  n has no divisor up to its square root) as broadcast products summed
  over an axis, the twiddles folded into the second table (four
  operations instead of 2 log2(n): on a device whose cost is per
  operation, as the simulator's is, several times faster at 1024).
* real input of even length n: one complex transform of n/2 points of
  the pairs (x[2j], x[2j+1]) seen as complex numbers (a view, no copy),
  split into the spectra of the even and odd samples and joined with
  one twiddle per bin (half the work of a complex transform of n); real
  input of a small length that is not a power of two (odd ones
  included): dense stages on the real input, the last one computing the
  bins up to n/2 only.
* other sizes: Bluestein's algorithm (chirp-z), a convolution of length
  M >= 2n - 1 (a power of two) through two transforms of M points (the
  provider's for complex64, Stockham's for complex128) and the transform
  of the chirp, computed once.

Tables (twiddles, chirps) are made on the device (arange, cos, sin: no
host data) and kept in the provider's FFT plan cache, so that they are
bounded, counted in its memory and freed by its ``clear()`` like plans.
All transforms here are unnormalised; the caller scales.
"""

import functools
import math
import threading

import numpy

from cupy._core import _dispatch
from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy._core._routines_creation import index_range

_F64 = numpy.dtype(numpy.float64)
_C128 = numpy.dtype(numpy.complex128)


def is_pow2(n):
    return n > 0 and n & (n - 1) == 0


def elementwise_parts(dtype):
    """The elementwise loops the compositions need for `dtype` (complex),
    for the caller's route check (a composition whose parts go to the host
    is not chosen)."""
    c = dtype.char
    return [('multiply', c * 2 + '->' + c), ('add', c * 2 + '->' + c),
            ('subtract', c * 2 + '->' + c), ('cos', 'd->d'),
            ('sin', 'd->d'), ('multiply', 'dd->d'),
            ('remainder', 'll->l'), ('multiply', 'll->l'),
            ('add', 'll->l')]


_composable = {}     # (dtype, dispatch generation) -> bool


def composable(dtype):
    """Whether every part of the compositions runs on the device (asked
    per transform: the eight route look-ups kept per routing generation)."""
    key = (dtype, _dispatch.generation())
    res = _composable.get(key)
    if res is None:
        if len(_composable) > 64:
            _composable.clear()
        res = _composable[key] = all(
            _dispatch.route(name, loop) not in (None, 'host')
            for name, loop in elementwise_parts(dtype))
    return res


class _Table:
    """Device arrays kept in the plan cache (its entry protocol: nbytes,
    destroy)."""

    def __init__(self, key, arrays):
        self.key = key
        self.arrays = arrays
        self.nbytes = sum(a.nbytes for a in arrays)

    def destroy(self):
        self.arrays = None

    def describe(self):
        """(shape, axes, value type, double) of the 1-D transform these
        tables serve (key: kind, points, dtype char, ...)."""
        return (self.key[1],), (-1,), 'C2C', self.key[2] in 'dD'


class _NdTables:
    """The tables of one composed transform over several axes, kept as
    one plan cache entry (CuPy caches one PlanNd for such a transform):
    {key: _Table} of every axis's tables."""

    def __init__(self, key, tables):
        self.key = key
        self.tables = tables
        self.nbytes = sum(t.nbytes for t in tables.values())

    def destroy(self):
        self.tables = None

    def describe(self):
        """(shape, axes, value type, double); key: 'nd', sizes, dtype
        char, ..."""
        sizes = self.key[1]
        return (tuple(sizes), tuple(range(-len(sizes), 0)), 'C2C',
                self.key[2] in 'dD')


_collect = threading.local()    # the tables of the n-D transform running


def _plan_cache():
    return _dispatch.run('fft_plan_cache', (), (), {}, 0)


def _cached(key, make):
    tables = getattr(_collect, 'tables', None)
    if tables is not None:
        entry = tables.get(key)
        if entry is None:
            entry = tables[key] = _Table(key, make())
        return entry.arrays
    return _plan_cache().composed(key, lambda: _Table(key, make())).arrays


def run_nd(sizes, dtype, forward, run):
    """``run()``, a composed transform over several axes of `sizes`, its
    tables kept in one plan cache entry (made on its first run)."""
    key = ('nd', tuple(sizes), dtype.char, forward,
           core._empty((), dtype).data.device_id)
    made = []

    def first():
        made.append(_run_with({}, run))
        return _NdTables(key, made[0][1])
    entry = _plan_cache().composed(key, first)
    if made:
        return made[0][0]
    return _run_with(entry.tables, run)[0]


def _run_with(tables, run):
    """(run(), tables) with the composed tables looked up in `tables`."""
    outer = getattr(_collect, 'tables', None)
    _collect.tables = tables
    try:
        return run(), tables
    finally:
        _collect.tables = outer


def unit_circle(angle, dtype):
    """exp(1j * angle) (angle float64 on the device) as `dtype`."""
    out = core._empty(angle.shape, _C128)
    core._copy_to(out.real, _uf.cos(angle))
    core._copy_to(out.imag, _uf.sin(angle))
    return out if dtype == _C128 else out.astype(dtype)


def _twiddles(n, dtype, forward):
    """Every Stockham stage's twiddles, each stage contiguous: stage L
    (transforms of L points done) at offset 2L - 2, its 2L entries
    exp(-+2 pi i t / 2L) = (w^k, -w^k), k < L, w = exp(-+2 pi i / 2L), so
    one broadcast product gives both halves' twiddled odd terms and one
    add finishes the butterflies (two operations a pass).  2n - 2 entries,
    copied from one table of exp(-+2 pi i k / n) (stage L's entries are
    its every (n / 2L)-th): contiguous, so that the product's inner loop
    reads the table as NumPy's (and a vector unit's) fast loop does."""
    def make():
        k = index_range(n).astype(_F64)
        step = (-2.0 if forward else 2.0) * math.pi / n
        full = unit_circle(_uf.multiply(k, step), dtype)
        table = core._empty((2 * n - 2,), dtype)
        length = 1
        while length < n:
            core._copy_to(table[2 * length - 2:4 * length - 2],
                          full[::n // (2 * length)])
            length *= 2
        return [table]
    return _cached(('twiddles', n, dtype.char, forward,
                    core._empty((), dtype).data.device_id), make)[0]


def _stage(tw, length, axis):
    """Stage `length`'s twiddles (its 2 length entries of `tw`) as a 5-d
    broadcast operand (2, length) in axes axis, axis + 1."""
    size = tw.dtype.itemsize
    shape = [1, 1, 1, 1, 1]
    strides = [0, 0, 0, 0, 0]
    shape[axis:axis + 2] = 2, length
    strides[axis:axis + 2] = length * size, size
    return tw._view_py(tuple(shape), tuple(strides), (2 * length - 2) * size)


def stockham(x, forward, axis=-1):
    """The unnormalised DFT of `axis` of `x` (complex, C-contiguous, a
    power-of-two length n >= 2 along `axis`): a new contiguous array of
    x's shape.

    Stage L (transforms of L points done, M = n / L columns, h = M / 2):
    Y[s L + k, j] = E[k, j] + (+-w^k) O[k, j], E and O the columns j < h
    and j >= h, as two operations (a broadcast product, an add).  The
    data are kept in one of two orders: [k, j] (column index inner) while
    h >= L, then [j, k] (frequency inner): the inner loop of each pass is
    then at least sqrt(n / 2) long and the twiddles vary along it or not
    at all (on the simulator the late passes of the [k, j] order, inner
    loops of 1 to 8 elements, cost up to 10x a contiguous pass).  The pass
    that changes the order reads its input transposed.  Along an axis
    before the last, each element is a row of the `inner` contiguous
    values of the axes after it: the inner loop is that row, the order
    stays [k, j] where rows are long and nothing is transposed."""
    axis %= x.ndim
    n = x.shape[axis]
    inner = 1
    for d in x.shape[axis + 1:]:
        inner *= d
    batch = x.size // (n * inner)
    tw = _twiddles(n, x.dtype, forward)
    size = x.dtype.itemsize
    row = inner * size                      # the bytes of one element
    y = x
    length = 1
    transposed = False                      # [j, k] order
    while length < n:
        half = n // (2 * length)
        if not transposed and (half >= length or inner >= _INNER_ROW):
            # [k, j] -> [k', j']: E, O (batch, 1, L, h); Y (batch, 2, L, h)
            shape = (batch, 1, length, half, inner)
            strides = (n * row, 0, 2 * half * row, row, size)
            res = core._empty((batch, 2, length, half, inner), x.dtype)
            twv = _stage(tw, length, 1)
            odd_offset = half * row
        else:
            if transposed:
                # [j, k] -> [j', k']: E, O (batch, h, 1, L); Y (batch, h, 2, L)
                strides = (n * row, length * row, 0, row, size)
            else:
                # [k, j] read as [j, k]: E[j, k] at k M + j
                strides = (n * row, row, 0, 2 * half * row, size)
            shape = (batch, half, 1, length, inner)
            res = core._empty((batch, half, 2, length, inner), x.dtype)
            twv = _stage(tw, length, 2)
            odd_offset = half * (length if transposed else 1) * row
            transposed = True
        even = y._view_py(shape, strides, 0)
        odd = y._view_py(shape, strides, odd_offset)
        _uf.multiply(odd, twv, out=res)
        _uf.add(even, res, out=res)
        y = res
        length *= 2
    return y.reshape(x.shape)


def stockham_last(x, forward):
    """stockham() of the last axis; where the rows of x's last two axes
    are at least as many as the points (a tall batch: the last axis's
    passes have inner loops of sqrt(n / 2) while a column transform's are
    rows), through the transposed block: copied to (..., n, rows), the
    transform along its axis before the last (rows of `rows` values),
    copied back.  Measured on the simulator (2026-11-27, process CPU
    time, median of 3): 1024x1024 42 vs 58 ms, 4096x256 34 vs 49,
    2048x512 44 vs 63; not where the batch is shorter (512x2048 53 vs 55,
    256x4096 76 vs 69)."""
    if x.ndim < 2 or x.shape[-2] < x.shape[-1]:
        return stockham(x, forward)
    y = core._empty(x.shape[:-2] + (x.shape[-1], x.shape[-2]), x.dtype)
    core._copy_to(y, x.swapaxes(-1, -2))
    y = stockham(y, forward, y.ndim - 2)
    out = core._empty(x.shape, x.dtype)
    core._copy_to(out, y.swapaxes(-1, -2))
    return out


# An element of at least this many contiguous values (a transform along
# an axis before the last) is a long enough inner loop by itself: such
# transforms keep the [k, j] order (no transposed pass).
_INNER_ROW = 16


def _bluestein_tables(n, m, dtype, forward, transform):
    """The chirp c[k] = exp(-+i pi k^2 / n) (k < n) and the transform of
    its conjugate's circular extension to m points, divided by m (the
    inverse transform's scale folded in)."""
    def make():
        k = index_range(n)
        # k^2 mod 2n exactly in int64, so the angle keeps its precision
        k2 = _uf.remainder(_uf.multiply(k, k), 2 * n).astype(_F64)
        step = (-1.0 if forward else 1.0) * math.pi / n
        chirp = unit_circle(_uf.multiply(k2, step), dtype)
        conj = _uf.conjugate(chirp)
        ext = core._empty((m,), dtype)
        core._fill(ext, 0)
        core._copy_to(ext[:n], conj)
        if n > 1:
            core._copy_to(ext[m - n + 1:], conj[1:][::-1])
        spec = transform(ext.reshape(1, m), True)
        spec = _uf.multiply(spec.reshape(m), 1.0 / m)
        return [chirp, spec.astype(dtype)]
    dev = core._empty((), dtype).data.device_id
    return _cached(('bluestein', n, dtype.char, forward, dev), make)


def bluestein(x, forward, transform):
    """The unnormalised DFT of the last axis of `x` (complex, C-contiguous,
    any length n) through power-of-two transforms ``transform(y,
    forward)`` of the last axis."""
    n = x.shape[-1]
    batch = x.size // n
    m = 1
    while m < 2 * n - 1:
        m *= 2
    chirp, spec = _bluestein_tables(n, m, x.dtype, forward, transform)
    a = core._empty((batch, m), x.dtype)
    core._fill(a[:, n:], 0)
    _uf.multiply(x.reshape(batch, n), chirp, out=a[:, :n])
    fa = transform(a, True)
    _uf.multiply(fa, spec, out=fa)
    conv = transform(fa, False)
    out = core._empty((batch, n), x.dtype)
    _uf.multiply(conv[:, :n], chirp, out=out)
    return out.reshape(x.shape)


# Dense stages: the four-step algorithm generalised to n = r_1 ... r_s,
# stage t a dense DFT of r_t points as one broadcast product and one sum
# over an axis (two operations), the twiddles between stages folded into
# the next stage's table.  Its cost on the simulator is the plumbing of
# its 2s operations (~20 us each) plus the elements of its products
# (n r_t at stage t; NumPy ~2.4 ns each with the sum); Stockham's is two
# operations per factor 2 of n over n elements each.  Chosen: two stages
# (n1 n2 = n, split below), or one for a length with no divisor up to
# its square root.  More stages for powers of two were measured on the
# simulator (2026-11-27, process CPU time, alternated in one process,
# loaded machine) and are not used: 1024 points as 8x8x16 302-354 vs
# 317-464 us for 32x32 (two runs), 512 as 8x8x8 281 vs 287, 2048 as
# 16x16x8 551 vs 578 (Stockham), 4096 as 16x16x16 524 vs 554 (Stockham)
# and 8x8x8x8 660: within the load's noise.  Powers of two use two stages
# while the products of a batch stay within 2^16 elements (1024 points:
# 344 vs 363 us of Stockham, 2048: 733 vs 599, 8 rows of 1024: 1870 vs
# 715 -- the third round's measurements), other sizes while the blocks
# are at most 128 points (a dense DFT of 128 points costs 128 products
# per output) and one product stays within 2^20 elements (16 MiB of
# complex128), Bluestein's two transforms of >= 2n points being their
# alternative.
_DENSE_MAX_N = 2048
_BLOCK_MAX = 128
_DENSE_MAX_ELEMENTS_POW2 = 1 << 16
_DENSE_MAX_ELEMENTS = 1 << 20


def split(n):
    """(n1, n2), n = n1 n2 with n1 <= n2 as close to sqrt(n) as divisors
    allow, or (n,) where n has no such divisor (one dense stage)."""
    n1 = int(math.isqrt(n))
    while n % n1:
        n1 -= 1
    return (n1, n // n1) if n1 > 1 else (n,)


def dense_radices(n, batch, dtype):
    """The radices of a dense-stage transform of `batch` rows of `n`
    points, or None where it is not the cheaper composition."""
    if n > _DENSE_MAX_N or _dispatch.route('sum', dtype) in (None, 'host'):
        return None
    radices = split(n)
    if is_pow2(n):
        fits = batch * n * sum(radices) <= _DENSE_MAX_ELEMENTS_POW2
    else:
        fits = radices[-1] <= _BLOCK_MAX and \
            batch * n * radices[-1] <= _DENSE_MAX_ELEMENTS
    return radices if fits else None


def dense_real_radices(n, batch, dtype):
    """The radices of a forward real transform of `batch` rows of `n`
    points (not a power of two) as dense stages on the real input, the
    last stage computing the bins up to n / 2 only, or None.  Powers of
    two go through the packed complex transform of n / 2 points instead
    (no faster this way: 1024 points 296-316 vs 316 us on the simulator).
    Measured against the previous routes (benchmarks/fft_ab.py, four
    runs, old/new us): 999 points 279/260, 337/309, 322/299, 451/422
    (the odd length took a whole complex transform); 1000 points (the
    packed transform of 500 before) 250/252, 275/262, 318/298, 536/418."""
    if is_pow2(n):
        return None
    radices = dense_radices(n, batch, dtype)
    if radices is None or batch * n * (sum(radices[:-1]) + radices[-1] // 2
                                       + 1) > _DENSE_MAX_ELEMENTS:
        return None
    return radices


def _dense_tables(n, radices, dtype, forward, wrap=False):
    """Stage t's table, (r_(t-1), r_t, r_t, m_t): W_r^(j k) times the
    twiddle W_L^(j' k') of the previous stage (L the length it
    transformed, k' its output digit, j' = j m_t + i the index of this
    stage's input), one exponent modulo L so that it stays exact in int64;
    stage 0's, (1, r, r, 1), broadcast over the rest of the input.  With
    `wrap` the last stage's table has a row k = r more (equal to row 0:
    the outputs n and up, X[n + k] = X[k])."""
    def make():
        res = []
        length = n              # the length stage t transforms
        prev = 1
        for t, r in enumerate(radices):
            m = length // r
            j = index_range(r).reshape(1, 1, r, 1)
            rows = r + 1 if wrap and t == len(radices) - 1 else r
            k = index_range(rows).reshape(1, rows, 1, 1)
            if t == 0:
                mod = length
                e = _uf.multiply(_uf.multiply(j, k), m)
            else:
                mod = prev * length
                inner = _uf.add(_uf.multiply(j, m),
                                index_range(m).reshape(1, 1, 1, m))
                e = _uf.add(_uf.multiply(_uf.multiply(j, k), m * prev),
                            _uf.multiply(inner, index_range(prev).reshape(
                                prev, 1, 1, 1)))
            e = _uf.remainder(e, mod).astype(_F64)
            step = (-2.0 if forward else 2.0) * math.pi / mod
            res.append(unit_circle(_uf.multiply(e, step), dtype))
            prev, length = r, m
        return res
    dev = core._empty((), dtype).data.device_id
    return _cached(('dense', n, dtype.char, forward, dev, tuple(radices),
                    wrap), make)


def dense(x, forward, radices, half=False, wrap=False):
    """The unnormalised DFT of the last axis of `x` (C-contiguous,
    complex, or real with `half`), n = prod(radices) points, by dense
    stages: the data as (batch, k_1..k_(t-1) done, r_t x m_t to do); stage
    t multiplies (.., 1, r_t, m_t) by its table (r_(t-1), r_t, r_t, m_t)
    and sums the r_t axis; the last stage's sum is written with its digit
    axes reversed, which is the natural order k = k_1 + r_1 k_2 + ...
    With `half` (the forward real transform) the last stage computes
    k_s <= r_s / 2 only, which covers the bins k <= n / 2 (n // 2 + 1
    returned); with `wrap` it computes k_s = r_s too and n + 1 values are
    returned, the last X[n] = X[0] (for packed_r2c)."""
    n = x.shape[-1]
    batch = x.size // n
    cdt = x.dtype if x.dtype.kind == 'c' else numpy.dtype(
        x.dtype.char.upper())
    tables = _dense_tables(n, radices, cdt, forward, wrap)
    stages, (out_shape, perm, last_shape, rows) = _dense_layout(
        n, batch, tuple(radices), half, wrap)
    y = x
    for t, (shape, tab_shape, axis, kt) in enumerate(stages):
        tab = tables[t]
        if kt != tab.shape[1]:
            tab = tab[:, :kt]
        prod = _uf.multiply(y.reshape(shape), tab.reshape(tab_shape))
        if t < len(stages) - 1:
            y = prod.sum(axis=axis)
    out = core._empty(out_shape, cdt)
    prod.reshape(last_shape).sum(axis=len(last_shape) - 1,
                                 out=out.transpose(perm))
    out = out.reshape(batch, rows)
    if half or wrap:
        keep = n // 2 + 1 if half else n + 1
        return out[:, :keep].reshape(x.shape[:-1] + (keep,))
    return out.reshape(x.shape)


@functools.lru_cache(maxsize=256)
def _dense_layout(n, batch, radices, half, wrap):
    """The shapes of dense()'s operations: per stage the data's view, the
    table's and the summed axis (the stage's axes (batch, done, prev, kt,
    r, m) without those of length 1 in both operands: fewer dimensions,
    less work per operation in the provider and the simulator; the table
    right-aligned, without its leading ones), the number of bins kept;
    then the result's shape, the permutation that gives its digits in the
    order the last sum writes them, the last product's shape for that sum
    and the result's length per row."""
    stages = []
    last = len(radices) - 1
    done, prev, length = 1, 1, n
    for t, r in enumerate(radices):
        m = length // r
        kt = r if t < last else r // 2 + 1 if half else r + 1 if wrap \
            else r
        data = (batch, done, prev, 1, r, m)
        tab = (1, 1, prev, kt, r, m if t else 1)
        keep = [k for k in range(6) if data[k] != 1 or tab[k] != 1 or k == 4]
        stages.append((tuple(data[k] for k in keep),
                       tuple(tab[k] for k in keep if k >= 2),
                       keep.index(4), kt))
        done, prev, length = done * prev, kt, m
    return tuple(stages), (
        (batch, kt) + tuple(radices[-2::-1]),
        (0,) + tuple(range(last + 1, 0, -1)),
        (batch,) + tuple(radices[:-1]) + (kt, radices[-1]),
        kt * (n // radices[-1]))


def _packed_tables(n, dtype):
    """A = (1 + w^k / i) / 2 and B = (1 - w^k / i) / 2, w = exp(-2 pi i /
    n), k <= n / 2: X[k] = A Z[k] + B conj Z[-k] (packed_r2c)."""
    def make():
        k = index_range(n // 2 + 1).astype(_F64)
        h = _uf.multiply(unit_circle(_uf.multiply(k, -2.0 * math.pi / n),
                                     _C128), -0.5j)
        return [_uf.add(h, 0.5).astype(dtype),
                _uf.subtract(0.5, h).astype(dtype)]
    dev = core._empty((), dtype).data.device_id
    return _cached(('packed-r2c', n, dtype.char, dev), make)


def packed_r2c(x, cdtype, transform):
    """The forward half spectrum (n/2 + 1 bins) of the last axis of real,
    C-contiguous `x` (even n >= 4), through ``transform(z, True)`` of n/2
    complex points.  With z = x[0::2] + i x[1::2] and Z its transform:
    X[k] = E[k] + exp(-2 pi i k / n) O[k], E = (Z[k] + conj Z[-k]) / 2,
    O = (Z[k] - conj Z[-k]) / 2i, gathered as X = A Z + B conj Z[-k]
    (two products and an add)."""
    n = x.shape[-1]
    m = n // 2
    lead = x.shape[:-1]
    real = numpy.dtype(cdtype.char.lower())
    if x.dtype != real:
        x = x.astype(real)
    a, b = _packed_tables(n, cdtype)
    z = x.view(cdtype)
    radices = None if _dispatch.device_has('fft', cdtype) else \
        dense_radices(m, z.size // m, cdtype)
    if radices is not None:
        # Z[0..m] with Z[m] = Z[0] straight from the dense stages (two
        # copies fewer: ~35 us of a 1024-point transform's ~270 on the
        # simulator)
        zp = dense(z, True, radices, wrap=True)
    else:
        z = transform(z, True)                          # (..., m)
        zp = core._empty(lead + (m + 1,), cdtype)       # Z[0..m], Z[m] = Z[0]
        core._copy_to(zp[..., :m], z)
        core._copy_to(zp[..., m:], z[..., :1])
    zr = _uf.conjugate(zp[..., ::-1])                   # conj Z[-k]
    _uf.multiply(zr, b, out=zr)
    _uf.multiply(zp, a, out=zp)
    return _uf.add(zp, zr, out=zp)
