"""Waveforms on the device: chirp, sweep_poly, gausspulse, sawtooth,
square, unit_impulse (elementwise formulas of scipy.signal's)."""

import numpy

import cupy


def _time(t):
    t = cupy.asarray(t)
    if t.dtype.kind not in 'fc':
        t = t.astype(numpy.float64)
    return t


def _chirp_phase(t, f0, t1, f1, method, vertex_zero):
    two_pi = 2 * numpy.pi
    if method in ('linear', 'lin', 'li'):
        beta = (f1 - f0) / t1
        return two_pi * (f0 * t + 0.5 * beta * t * t)
    if method in ('quadratic', 'quad', 'q'):
        beta = (f1 - f0) / (t1 ** 2)
        if vertex_zero:
            return two_pi * (f0 * t + beta * t ** 3 / 3)
        return two_pi * (f1 * t + beta * ((t1 - t) ** 3 - t1 ** 3) / 3)
    if method in ('logarithmic', 'log', 'lo'):
        if f0 * f1 <= 0.0:
            raise ValueError('For a logarithmic chirp, f0 and f1 must be '
                             'nonzero and have the same sign.')
        if f0 == f1:
            return two_pi * f0 * t
        beta = t1 / numpy.log(f1 / f0)
        return two_pi * beta * f0 * (cupy.power(f1 / f0, t / t1) - 1.0)
    if method in ('hyperbolic', 'hyp'):
        if f0 == 0 or f1 == 0:
            raise ValueError('For a hyperbolic chirp, f0 and f1 must be '
                             'nonzero.')
        if f0 == f1:
            return two_pi * f0 * t
        sing = -f1 * t1 / (f0 - f1)
        return two_pi * (-sing * f0) * cupy.log(cupy.abs(1 - t / sing))
    raise ValueError("method must be 'linear', 'quadratic', 'logarithmic', "
                     "or 'hyperbolic', but a value of %r was given." % method)


def chirp(t, f0, t1, f1, method='linear', phi=0, vertex_zero=True, *,
          complex=False):
    """Frequency-swept cosine (``scipy.signal.chirp``)."""
    t = _time(t)
    phase = _chirp_phase(t, f0, t1, f1, method, vertex_zero)
    phase = phase + numpy.deg2rad(phi)
    if complex:
        return cupy.exp(1j * phase)
    return cupy.cos(phase)


def sweep_poly(t, poly, phi=0):
    """Cosine whose frequency follows a polynomial
    (``scipy.signal.sweep_poly``)."""
    t = _time(t)
    if isinstance(poly, cupy.poly1d):
        poly = poly.coeffs            # a device array (cupy.poly1d)
    if isinstance(poly, cupy.ndarray):
        poly = cupy.asnumpy(poly)
    coeffs = numpy.polyint(numpy.poly1d(poly)).coeffs
    phase = 2 * numpy.pi * cupy.polyval(cupy.asarray(coeffs), t)
    return cupy.cos(phase + numpy.deg2rad(phi))


def gausspulse(t, fc=1000, bw=0.5, bwr=-6, tpr=-60, retquad=False,
               retenv=False):
    """Gaussian-modulated sinusoid (``scipy.signal.gausspulse``)."""
    if fc < 0:
        raise ValueError('Center frequency (fc=%.2f) must be >=0.' % fc)
    if bw <= 0:
        raise ValueError('Fractional bandwidth (bw=%.2f) must be > 0.' % bw)
    if bwr >= 0:
        raise ValueError('Reference level for bandwidth (bwr=%.2f) must '
                         'be < 0 dB' % bwr)
    # exp(-a t^2) falls to ref at the band edge f = fc * bw / 2
    ref = pow(10.0, bwr / 20.0)
    a = -(numpy.pi * fc * bw) ** 2 / (4.0 * numpy.log(ref))
    if isinstance(t, str):
        if t == 'cutoff':
            if tpr >= 0:
                raise ValueError('Reference level for time cutoff must '
                                 'be < 0 dB')
            tref = pow(10.0, tpr / 20.0)
            return numpy.sqrt(-numpy.log(tref) / a)
        raise ValueError("If `t` is a string, it must be 'cutoff'")
    t = _time(t)
    yenv = cupy.exp(-a * t * t)
    yI = yenv * cupy.cos(2 * numpy.pi * fc * t)
    yQ = yenv * cupy.sin(2 * numpy.pi * fc * t)
    if not retquad and not retenv:
        return yI
    if not retquad and retenv:
        return yI, yenv
    if retquad and not retenv:
        return yI, yQ
    return yI, yQ, yenv


_OUT_DTYPES = {}


def _out_dtype(name, dtype):
    # SciPy 1.17 computes in float64 whatever t's dtype; newer SciPy keeps
    # float32: the installed SciPy's result dtype for t's, asked once
    key = (name, dtype)
    if key not in _OUT_DTYPES:
        try:
            import scipy.signal
            dt = getattr(scipy.signal, name)(numpy.zeros(1, dtype)).dtype
        except ImportError:
            dt = numpy.dtype('d')
        _OUT_DTYPES[key] = dt if dt.kind == 'f' else numpy.dtype('d')
    return _OUT_DTYPES[key]


def _periodic_out(t, param, name):
    t = cupy.asarray(t)
    param = cupy.asarray(param)
    dt = _out_dtype(name, t.dtype)
    t, param = cupy.broadcast_arrays(t.astype('d'), param)
    bad = (param > 1) | (param < 0)
    tmod = cupy.mod(t, 2 * numpy.pi)
    return t, param, tmod, bad, dt


def sawtooth(t, width=1):
    """Sawtooth wave of period 2*pi (``scipy.signal.sawtooth``)."""
    t, w, tmod, bad, dt = _periodic_out(t, width, 'sawtooth')
    rising = tmod / (numpy.pi * w) - 1
    falling = (numpy.pi * (w + 1) - tmod) / (numpy.pi * (1 - w))
    y = cupy.where(tmod < w * 2 * numpy.pi, rising, falling)
    return cupy.where(bad, numpy.nan, y).astype(dt, copy=False)


def square(t, duty=0.5):
    """Square wave of period 2*pi (``scipy.signal.square``)."""
    t, d, tmod, bad, dt = _periodic_out(t, duty, 'square')
    y = cupy.where(tmod < d * 2 * numpy.pi, 1, -1).astype(dt)
    return cupy.where(bad, numpy.nan, y).astype(dt, copy=False)


def unit_impulse(shape, idx=None, dtype=float):
    """An array of zeros with a one at ``idx``
    (``scipy.signal.unit_impulse``)."""
    out = cupy.zeros(shape, dtype)
    shape = numpy.atleast_1d(shape)
    if idx is None:
        idx = (0,) * len(shape)
    elif idx == 'mid':
        idx = tuple(shape // 2)
    elif not hasattr(idx, '__iter__'):
        idx = (idx,) * len(shape)
    out[tuple(idx)] = 1
    return out
