"""Discrete cosine and sine transforms, types 1 to 4 (SciPy's definitions
and normalisations, ``scipy.fft.dct``/``dst``), composed of the FFT
family's transforms on the device.

Unnormalised (norm='backward') transforms of the last axis, N points:
* DCT-I: the real part of the rfft of the even extension [x0..x(N-1),
  x(N-2)..x1] (2(N-1) points), first N bins.
* DCT-II: rfft of [x, x reversed] (2N points), bin k turned by
  exp(-i pi k / 2N), real part.
* DCT-III: Re(unnormalised ifft of z) with z[n] = c[n] x[n] exp(i pi n /
  2N) zero-padded to 2N (c[0] = 1, else 2).
* DCT-IV: 2 Re(exp(-i pi (2k+1) / 4N) fft(x[n] exp(-i pi n / 2N), 2N)[k]).
* DST-I: -Im of the fft of the odd extension [0, x, 0, -x reversed]
  (2(N+1) points), bins 1..N.
* DST-II[k] = DCT-II(x (-1)^n)[N-1-k]; DST-III[k] = (-1)^k DCT-III(x
  reversed)[k]; DST-IV[k] = (-1)^k DCT-IV(x reversed)[k] (trigonometric
  identities, checked against SciPy in tests/fft_tests).
"""

import math
import operator

import numpy

from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy._core._routines_creation import index_range
from cupy._core.fft import _compose
from cupy._core.fft import _routines as _r
from cupy._core.fft import _transform as _t

_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}
_SWAP = {'backward': 'forward', 'forward': 'backward', 'ortho': 'ortho'}


def _turn(n, m, sign, offset, dtype):
    """exp(sign i pi (k + offset) / m), k < n, as `dtype` (complex)."""
    k = index_range(n).astype(numpy.float64)
    if offset:
        k = _uf.add(k, offset)
    return _compose.unit_circle(_uf.multiply(k, sign * math.pi / m), dtype)


def _cat(parts, axis=-1):
    from cupy._core import _routines_manipulation
    return _routines_manipulation.concatenate(parts, axis=axis)


def _alternate(n, dtype):
    """(-1)^k, k < n."""
    out = core._empty((n,), dtype)
    core._fill(out, 1)
    core._fill(out[1::2], -1)
    return out


def _dct_raw(x, kind):
    n = x.shape[-1]
    cdt = _t.result_dtype('r2c', x.dtype)
    if kind == 1:
        if n == 1:
            return x.copy()
        v = _cat([x, x[..., -2:0:-1]])
        return _r.r2c(v, None, -1, None).real[..., :n].copy()
    if kind == 2:
        v = _cat([x, x[..., ::-1]])
        y = _r.r2c(v, None, -1, None)[..., :n]
        return _uf.multiply(y, _turn(n, 2 * n, -1, 0, cdt)).real.copy()
    if kind == 3:
        z = core._empty(x.shape[:-1] + (2 * n,), cdt)
        core._fill(z[..., n:], 0)
        w = _turn(n, 2 * n, 1, 0, cdt)
        _uf.multiply(x, w, out=z[..., :n])
        _uf.multiply(z[..., 1:n], 2, out=z[..., 1:n])
        y = _r.c2c(z, None, -1, 'forward', False)
        return y[..., :n].real.copy()
    z = _uf.multiply(x, _turn(n, 2 * n, -1, 0, cdt))
    y = _r.c2c(z, 2 * n, -1, None, True)[..., :n]
    y = _uf.multiply(y, _turn(n, 2 * n, -1, 0.5, cdt))
    return _uf.multiply(y.real, 2)


def _dst_raw(x, kind):
    n = x.shape[-1]
    if kind == 1:
        zero = core._empty(x.shape[:-1] + (1,), x.dtype)
        core._fill(zero, 0)
        v = _cat([zero, x, zero, _uf.negative(x[..., ::-1])])
        y = _r.r2c(v, None, -1, None)[..., 1:n + 1]
        return _uf.negative(y.imag)
    if kind == 2:
        y = _dct_raw(_uf.multiply(x, _alternate(n, x.dtype)), 2)
        return y[..., ::-1].copy()
    y = _dct_raw(x[..., ::-1].copy(), kind)
    return _uf.multiply(y, _alternate(n, x.dtype))


def _scale_edges(x, kind, sine, factor):
    """Multiply the elements SciPy's orthogonal variants weigh apart."""
    if kind == 1 and not sine:
        idx = [0, -1]
    elif kind in (2, 3):
        idx = [-1] if sine else [0]
    else:
        return x
    for i in idx:
        _uf.multiply(x[..., i], factor, out=x[..., i])
    return x


def _norm_length(kind, sine, n):
    if kind == 1:
        return 2 * (n + 1) if sine else 2 * (n - 1)
    return 2 * n


def transform(x, kind, n, axis, norm, sine, orthogonalize=None):
    """dct (sine False) / dst of `kind` along `axis`."""
    x = _t.as_input(x)
    if kind not in (1, 2, 3, 4):
        raise ValueError('invalid number of DCT type' if not sine else
                         'invalid number of DST type')
    norm = _t.check_norm(norm)
    if x.dtype.kind == 'c':
        re = transform(x.real, kind, n, axis, norm, sine, orthogonalize)
        im = transform(x.imag, kind, n, axis, norm, sine, orthogonalize)
        out = core._empty(re.shape, _t.result_dtype('r2c', re.dtype))
        core._copy_to(out.real, re)
        core._copy_to(out.imag, im)
        return out
    axis = _t.normalize_axis(axis, x.ndim)
    size = _t.check_n(x.shape[axis] if n is None else int(n))
    if kind == 1 and not sine and size < 2:
        raise ValueError('DCT-I is not defined for size < 2')
    rdt = _t.result_dtype('r2c', x.dtype).char.lower()
    y = _t.move_last(_t.resize(x, axis, size), axis).astype(rdt)
    ortho = norm == 'ortho' and orthogonalize is not False
    if ortho and kind in ((1, 3) if not sine else (3,)):
        y = y.copy()
        _scale_edges(y, kind, sine, math.sqrt(2))
    res = (_dst_raw if sine else _dct_raw)(y, kind)
    if not res.flags.c_contiguous or res.base is not None:
        res = res.copy()
    length = _norm_length(kind, sine, size)
    if norm == 'ortho':
        _uf.multiply(res, 1 / math.sqrt(length), out=res)
        if ortho and kind in ((1, 2) if not sine else (2,)):
            _scale_edges(res, kind, sine, 1 / math.sqrt(2))
    elif norm == 'forward':
        _uf.multiply(res, 1 / length, out=res)
    return _t.deliver(_t.move_back(res, axis), None)


def inverse(x, kind, n, axis, norm, sine, orthogonalize=None):
    """idct / idst: the transform of the inverse type, opposite norm."""
    if kind not in (1, 2, 3, 4):
        raise ValueError('invalid number of DCT type' if not sine else
                         'invalid number of DST type')
    return transform(x, _INVERSE_TYPE[kind], n, axis,
                     _SWAP[_t.check_norm(norm)], sine, orthogonalize)


def transform_n(x, kind, s, axes, norm, sine, inv, orthogonalize=None):
    """dctn / dstn / idctn / idstn: the 1-D transforms axis by axis."""
    x = _t.as_input(x)
    if axes is None and s is None:
        axes = list(range(x.ndim))
    elif axes is None:
        axes = list(range(x.ndim - len(s), x.ndim)) if not numpy.isscalar(
            s) else [x.ndim - 1]
    elif numpy.isscalar(axes):
        axes = [axes]
    axes = [_t.normalize_axis(int(a), x.ndim) for a in axes]
    if s is None:
        s = [None] * len(axes)
    else:
        s = [s] * len(axes) if numpy.isscalar(s) else list(s)
        try:
            s = [operator.index(v) for v in s]
        except TypeError:
            raise ValueError('shape must be a scalar or iterable of '
                             'integers') from None
    if len(s) != len(axes):
        raise ValueError('when given, axes and shape arguments have to be '
                         'of the same length')
    if len(set(axes)) != len(axes):
        raise ValueError('duplicate axes are not allowed')
    # SciPy: -1 keeps the axis's size
    s = [x.shape[ax] if v == -1 else v for v, ax in zip(s, axes)]
    fn = inverse if inv else transform
    for ax, n in zip(axes, s):
        x = fn(x, kind, n, ax, norm, sine, orthogonalize)
    return x
