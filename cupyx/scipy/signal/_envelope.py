"""envelope (``scipy.signal.envelope``, SciPy 1.16): the magnitude of the
band-limited analytic signal, from one FFT along the axis, the band's
bins (doubled for real input) moved to baseband, and an inverse FFT of
n_out points; the residual is the spectrum outside the band."""

import operator

import cupy
from cupyx.scipy.signal._resample import resample


def _check(z, bp_in, n_out, residual, axis):
    if not -z.ndim <= axis < z.ndim:
        raise ValueError('Invalid parameter axis={} for z.shape={}!'.format(
            axis, z.shape))
    if not z.shape[axis] > 0:
        raise ValueError('z.shape[axis] not > 0 for z.shape={}, axis={}!'
                         .format(z.shape, axis))
    if len(bp_in) != 2 or not all(isinstance(b, int) or b is None
                                  for b in bp_in):
        raise ValueError("bp_in={} isn't a 2-tuple of type (int | None, "
                         'int | None)!'.format(bp_in))
    if not ((isinstance(n_out, int) and n_out > 0) or n_out is None):
        raise ValueError('n_out={} is not a positive integer or None!'
                         .format(n_out))
    if residual not in ('lowpass', 'all', None):
        raise ValueError("residual={!r} not in ['lowpass', 'all', None]!"
                         .format(residual))


def envelope(z, bp_in=(1, None), *, n_out=None, squared=False,
             residual='lowpass', axis=-1):
    """Envelope of a real or complex signal along an axis; with a
    residual, (envelope, residual) stacked on a new first axis."""
    z = cupy.asarray(z)
    _check(z, bp_in, n_out, residual, axis)
    n = z.shape[axis]
    n_out = n if n_out is None else operator.index(n_out)
    scale = n_out / n
    start = bp_in[0] if bp_in[0] is not None else -(n // 2)
    stop = bp_in[1] if bp_in[1] is not None else (n + 1) // 2
    if not -n // 2 <= start < stop <= (n + 1) // 2:
        raise ValueError('`-n//2 <= bp_in[0] < bp_in[1] <= (n+1)//2` does '
                         'not hold for n=z.shape[axis]={} and bp_in={}!'
                         .format(n, bp_in))
    z = cupy.moveaxis(z, axis, -1)
    if z.dtype.kind == 'c':
        spec = cupy.fft.fft(z)
    else:
        # only the non-negative bins of a real signal; the band's are
        # doubled to make the signal analytic there
        half = cupy.fft.rfft(z)
        spec = cupy.zeros(z.shape, dtype=half.dtype)
        spec[..., :n // 2 + 1] = half
        if start > 0:
            spec[..., start:stop] *= 2
        elif stop > 0:
            spec[..., 1:stop] *= 2
    straddles = start <= 0 < stop
    if not straddles:
        band = spec[..., start:stop]
    else:
        # the band crosses bin 0: take it from the centred spectrum
        band = cupy.fft.fftshift(spec, axes=-1)[
            ..., start + n // 2:stop + n // 2]
    base = cupy.fft.ifft(band, n=n_out) * scale
    if squared:
        env = base.real ** 2 + base.imag ** 2
    else:
        env = cupy.abs(base)
    env = cupy.moveaxis(env, -1, axis)
    if residual is None:
        return env
    spec = spec.copy()
    if not straddles:
        spec[..., start:stop] = 0
    else:
        spec[..., :stop] = 0
        spec[..., start:] = 0
    if residual == 'lowpass':
        if stop > 0:
            spec[..., stop:(n + 1) // 2] = 0
        else:
            spec[..., start:] = 0
            spec[..., 0:(n + 1) // 2] = 0
    if z.dtype.kind == 'c':
        res = resample(spec, n_out, axis=-1, domain='freq')
    else:
        m = min(n, n_out)
        if n_out != n and m % 2 == 0:
            # the unpaired bin at m // 2 before the real inverse FFT
            spec[..., m // 2] *= 2 if n_out < n else 0.5
        res = scale * cupy.fft.irfft(spec, n=n_out)
    return cupy.stack((env, cupy.moveaxis(res, -1, axis)), axis=0)
