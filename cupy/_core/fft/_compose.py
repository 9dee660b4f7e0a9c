"""Fourier transforms composed of other device operations (DESIGN.md
capability path, step 2): what the provider's 'fft' does not run --
complex128 (no Ascend library has a double FFT, blas_fft.md 3.3) and
sizes it cannot plan (a prime factor > 199, more than 2^27 points).

* powers of two: a radix-2 Stockham transform (autosort, no bit
  reversal): log2(n) passes of one twiddle multiply, one add and one
  subtract over strided views, each pass writing the two halves of a new
  buffer.  Stage L (transforms of length L done, M = n / L columns left):
  Y'[k] = E[k] + w^k O[k] and Y'[k + L] = E[k] - w^k O[k], with E and O
  the first and second halves of the columns and w = exp(-+2 pi i / 2L);
  the twiddles of every stage are one strided view of one table of n/2.
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


def composable(dtype):
    return all(_dispatch.route(name, loop) not in (None, 'host')
               for name, loop in elementwise_parts(dtype))


class _Table:
    """Device arrays kept in the plan cache (its entry protocol: nbytes,
    destroy)."""

    def __init__(self, key, arrays):
        self.key = key
        self.arrays = arrays
        self.nbytes = sum(a.nbytes for a in arrays)

    def destroy(self):
        self.arrays = None


def _cached(key, make):
    cache = _dispatch.run('fft_plan_cache', (), (), {}, 0)
    return cache.composed(key, lambda: _Table(key, make())).arrays


def _unit_circle(angle, dtype):
    """exp(1j * angle) (angle float64 on the device) as `dtype`."""
    out = core._empty(angle.shape, _C128)
    core._copy_to(out.real, _uf.cos(angle))
    core._copy_to(out.imag, _uf.sin(angle))
    return out if dtype == _C128 else out.astype(dtype)


def _twiddles(n, dtype, forward):
    """exp(-+2 pi i k / n), k < n / 2."""
    def make():
        k = index_range(n // 2).astype(_F64)
        step = (-2.0 if forward else 2.0) * math.pi / n
        return [_unit_circle(_uf.multiply(k, step), dtype)]
    return _cached(('twiddles', n, dtype.char, forward,
                    core._empty((), dtype).data.device_id), make)[0]


def stockham(x, forward):
    """The unnormalised DFT of the last axis of `x` (complex, C-contiguous,
    a power-of-two length n >= 2): a new contiguous array."""
    n = x.shape[-1]
    batch = x.size // n
    tw = _twiddles(n, x.dtype, forward)
    y = x.reshape(batch, 1, n)
    length = 1
    while length < n:
        half = n // (2 * length)
        even = y[:, :, :half]
        odd = y[:, :, half:]
        res = core._empty((batch, 2 * length, half), x.dtype)
        if length > 1:
            w = tw[::half][:length].reshape(1, length, 1)
            odd = _uf.multiply(odd, w)
        _uf.add(even, odd, out=res[:, :length])
        _uf.subtract(even, odd, out=res[:, length:])
        y = res
        length *= 2
    return y.reshape(x.shape)


def _bluestein_tables(n, m, dtype, forward, transform):
    """The chirp c[k] = exp(-+i pi k^2 / n) (k < n) and the transform of
    its conjugate's circular extension to m points, divided by m (the
    inverse transform's scale folded in)."""
    def make():
        k = index_range(n)
        # k^2 mod 2n exactly in int64, so the angle keeps its precision
        k2 = _uf.remainder(_uf.multiply(k, k), 2 * n).astype(_F64)
        step = (-1.0 if forward else 1.0) * math.pi / n
        chirp = _unit_circle(_uf.multiply(k2, step), dtype)
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
