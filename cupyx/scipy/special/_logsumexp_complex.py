"""logsumexp of complex input on the device: SciPy 1.15+'s algorithm
for complex arrays (the term of largest real part is taken out of the
sum, its phase goes into the sign, the imaginary part of the result is
wrapped into (-pi, pi]).  The device has complex exp, log, sums and
selections but no complex sign or log1p loops: sign is z/|z| (NumPy 2's
definition) and log1p(z) = log|1 + z| + i arg(1 + z), its real part
from the real log1p where |z| is small (so no cancellation)."""

import math

import numpy

import cupy


def _csign(z):
    a = cupy.abs(z)
    return cupy.where(a == 0, 0, z / cupy.where(a == 0, 1, a))


def _clog1p(z):
    x = z.real
    y = z.imag
    small = cupy.abs(z) < 0.5
    xs = cupy.where(small, x, 0)
    ys = cupy.where(small, y, 0)
    re = cupy.where(small, 0.5 * cupy.log1p(xs * (2 + xs) + ys * ys),
                    cupy.log(cupy.abs(z + 1)))
    return re + 1j * cupy.arctan2(y, x + 1)


def _wrap(x):
    """x wrapped into (-pi, pi], x itself where |x| < pi (SciPy)."""
    wrapped = -(cupy.fmod(-x + math.pi, 2 * math.pi) - math.pi)
    # fmod keeps the dividend's sign; SciPy's % takes the divisor's
    wrapped = cupy.where(wrapped > math.pi, wrapped - 2 * math.pi, wrapped)
    return cupy.where(cupy.abs(x) < math.pi, x, wrapped)


def _max_real(a, axis):
    """(the element of largest real part along axis, kept dims; its
    position as a mask): the last such element in C order (SciPy takes
    the largest flat index)."""
    ra = a.real
    mask = ra == cupy.max(ra, axis=axis, keepdims=True)
    i = cupy.arange(a.size).reshape(a.shape)
    i = cupy.where(mask, i, -1)
    mask = i == cupy.max(i, axis=axis, keepdims=True)
    return cupy.sum(cupy.where(mask, a, 0), axis=axis, keepdims=True), mask


def _core(a, b, axis, return_sign):
    if b is not None:
        a = cupy.where(b == 0, -numpy.inf, a)
    a_max, i_max = _max_real(a, axis)
    a = cupy.where(i_max, -numpy.inf, a)
    w = i_max.astype(a.dtype) if b is None else b * i_max.astype(a.dtype)
    m = cupy.sum(w, axis=axis, keepdims=True, dtype=a.dtype)
    e = cupy.exp(a - a_max)
    if b is not None:
        e = b * e
    s = cupy.sum(e, axis=axis, keepdims=True, dtype=e.dtype)
    s = cupy.where(s == 0, s, s / cupy.where(s == 0, 1, m))
    sgn = _csign(s + 1) * _csign(m)
    sgn = sgn * cupy.exp(a_max.imag * 1j)
    out = _clog1p(s) + cupy.log(m) + a_max
    if return_sign:
        out = out.real
    return out, sgn


def logsumexp_complex(a, b, axis, return_sign):
    """logsumexp of a complex array a (b None or broadcast to a), axis a
    tuple, a not empty; kept dimensions."""
    bea = cupy.exp(a) if b is None else b * cupy.exp(a)
    total = cupy.sum(bea, axis=axis, keepdims=True)
    sgn_inf = _csign(total) if return_sign else None
    if return_sign:
        total = cupy.abs(total)
    out_inf = cupy.log(total)
    out, sgn = _core(a, b, axis, return_sign)
    finite = cupy.isfinite(out)
    out = cupy.where(finite, out, out_inf)
    if return_sign:
        sgn = cupy.where(finite, sgn, sgn_inf)
        if out.dtype.kind == 'c':
            sgn = sgn.real + 1j * _wrap(sgn.imag)
    elif out.dtype.kind == 'c':
        out = out.real + 1j * _wrap(out.imag)
    return out, sgn
