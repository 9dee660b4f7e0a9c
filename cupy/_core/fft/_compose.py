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
* small sizes (n <= 2048 = n1 n2, both <= 128): the four-step
  algorithm with dense DFTs of n1 and n2 points as broadcast products
  summed over an axis, the twiddles folded into the second table (four
  operations instead of 2 log2(n): on a device whose cost is per
  operation, as the simulator's is, several times faster at 1024).
* real input of even length n: one complex transform of n/2 points of
  the pairs (x[2j], x[2j+1]) seen as complex numbers (a view, no copy),
  split into the spectra of the even and odd samples and joined with
  one twiddle per bin (half the work of a complex transform of n).
* other sizes: Bluestein's algorithm (chirp-z), a convolution of length
  M >= 2n - 1 (a power of two) through two transforms of M points (the
  provider's for complex64, Stockham's for complex128) and the transform
  of the chirp, computed once.

Tables (twiddles, chirps) are made on the device (arange, cos, sin: no
host data) and kept in the provider's FFT plan cache, so that they are
bounded, counted in its memory and freed by its ``clear()`` like plans.
All transforms here are unnormalised; the caller scales.
"""

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
            ('remainder', 'll->l'), ('multiply', 'll->l')]


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


# Four-step limits: at most 2048 points, blocks of at most 128 (a dense
# DFT of 128 points costs 128 products per output), and at most 2^16
# elements in its two broadcast products together (batch n (n1 + n2)).
# Measured on the simulator, process CPU time against the Stockham passes
# above (2026-11-27, one process, alternated): 256 points 130 vs 298 us,
# 512: 199 vs 324, 1024: 344 vs 363 (65536 elements), 2048: 733 vs 599,
# 8 rows of 256: 447 vs 356, 8 rows of 1024: 1870 vs 715 -- its cost is
# the elements of the dense products, Stockham's the operations.  Other
# sizes have Bluestein's two transforms of >= 2n points as the
# alternative: there at most 2^20 elements in one broadcast product
# (16 MiB of complex128).
_BLOCK_MAX_N = 2048
_BLOCK_MAX = 128
_BLOCK_MAX_ELEMENTS_POW2 = 1 << 16
_BLOCK_MAX_ELEMENTS = 1 << 20


def split(n):
    """n = n1 * n2 with n1 <= n2 as close to sqrt(n) as divisors allow."""
    n1 = int(math.isqrt(n))
    while n % n1:
        n1 -= 1
    return n1, n // n1


def four_step_fits(n, batch, dtype):
    if n > _BLOCK_MAX_N or _dispatch.route('sum', dtype) in (None, 'host'):
        return False
    n1, n2 = split(n)
    if is_pow2(n):
        return batch * n * (n1 + n2) <= _BLOCK_MAX_ELEMENTS_POW2
    return n2 <= _BLOCK_MAX and batch * n * n2 <= _BLOCK_MAX_ELEMENTS


def _phase_table(rows, cols, n, dtype, forward):
    """exp(-+2 pi i (r c mod n) / n) for r < rows, c < cols: (rows, cols)."""
    r = index_range(rows).reshape(rows, 1)
    c = index_range(cols).reshape(1, cols)
    rc = _uf.remainder(_uf.multiply(r, c), n).astype(_F64)
    step = (-2.0 if forward else 2.0) * math.pi / n
    return unit_circle(_uf.multiply(rc, step), dtype)


def _four_step_tables(n, dtype, forward):
    """W_n1^(j1 k1) (n1, n1) and the second step's table with the
    twiddles folded in, W_n^(j2 k1) W_n2^(j2 k2) as (k1, k2, j2)."""
    def make():
        n1, n2 = split(n)
        tw = _phase_table(n1, n2, n, dtype, forward)            # (k1, j2)
        m2 = _phase_table(n2, n2, n2, dtype, forward)           # (k2, j2)
        both = _uf.multiply(tw.reshape(n1, 1, n2), m2.reshape(1, n2, n2))
        return [_phase_table(n1, n1, n1, dtype, forward), both]
    dev = core._empty((), dtype).data.device_id
    return _cached(('four-step', n, dtype.char, forward, dev), make)


def four_step(x, forward):
    """The unnormalised DFT of the last axis of `x` (complex, C-contiguous,
    n = n1 n2 points, four_step_fits): X[k1 + n1 k2] = sum_j2 W_n2^(j2 k2)
    W_n^(j2 k1) sum_j1 W_n1^(j1 k1) x[j1 n2 + j2]: two broadcast products
    each summed over an axis, the second sum written transposed into the
    result (four operations)."""
    n = x.shape[-1]
    batch = x.size // n
    n1, n2 = split(n)
    m1, both = _four_step_tables(n, x.dtype, forward)
    y = x.reshape(batch, 1, n1, n2)
    y = _uf.multiply(y, m1.reshape(1, n1, n1, 1)).sum(axis=2)  # (b, k1, j2)
    out = core._empty((batch, n2, n1), x.dtype)
    _uf.multiply(y.reshape(batch, n1, 1, n2),
                 both.reshape(1, n1, n2, n2)).sum(
                     axis=3, out=out.transpose(0, 2, 1))     # (b, k1, k2)
    return out.reshape(x.shape)


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
    z = transform(x.view(cdtype), True)                 # (..., m)
    zp = core._empty(lead + (m + 1,), cdtype)           # Z[0..m], Z[m] = Z[0]
    core._copy_to(zp[..., :m], z)
    core._copy_to(zp[..., m:], z[..., :1])
    zr = _uf.conjugate(zp[..., ::-1])                   # conj Z[-k]
    _uf.multiply(zr, b, out=zr)
    _uf.multiply(zp, a, out=zp)
    return _uf.add(zp, zr, out=zp)
