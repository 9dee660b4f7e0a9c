"""``scipy.fft``'s complex, real and Hermitian transforms on the device
(SciPy's signatures; ``overwrite_x`` and ``workers`` are accepted and do
nothing: the input is never modified, the device does the work).
``plan``: an object from :func:`get_fft_plan`, accepted for CuPy's
signature; plans are cached by the plan cache in any case."""

from cupy._core.fft import _routines as _r

def _planned(plan, fn, *args):
    """`fn(*args)` inside `plan`'s block (its shape checked), if given."""
    if plan is None:
        return fn(*args)
    with plan:
        return fn(*args)


_SWAP = {None: 'forward', 'backward': 'forward', 'forward': 'backward',
         'ortho': 'ortho'}


def fft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
        plan=None):
    """1-D discrete Fourier transform (``scipy.fft.fft``)."""
    return _planned(plan, _r.c2c, x, n, axis, norm, True)


def ifft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
         plan=None):
    """1-D inverse discrete Fourier transform."""
    return _planned(plan, _r.c2c, x, n, axis, norm, False)


def fft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
         workers=None, *, plan=None):
    """2-D discrete Fourier transform."""
    return _planned(plan, _r.c2cn, x, s, axes, norm, True)


def ifft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
          workers=None, *, plan=None):
    """2-D inverse discrete Fourier transform."""
    return _planned(plan, _r.c2cn, x, s, axes, norm, False)


def fftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
         *, plan=None):
    """N-D discrete Fourier transform."""
    return _planned(plan, _r.c2cn, x, s, axes, norm, True)


def ifftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
          *, plan=None):
    """N-D inverse discrete Fourier transform."""
    return _planned(plan, _r.c2cn, x, s, axes, norm, False)


def rfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
         plan=None):
    """1-D transform of real input."""
    return _r.r2c(x, n, axis, norm)


def irfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
          plan=None):
    """The inverse of :func:`rfft`."""
    return _r.c2r(x, n, axis, norm)


def rfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
          workers=None, *, plan=None):
    """2-D transform of real input."""
    return _r.r2cn(x, s, axes, norm)


def irfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
           workers=None, *, plan=None):
    """The inverse of :func:`rfft2`."""
    return _r.c2rn(x, s, axes, norm)


def rfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
          *, plan=None):
    """N-D transform of real input."""
    return _r.r2cn(x, s, axes, norm)


def irfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
           *, plan=None):
    """The inverse of :func:`rfftn`."""
    return _r.c2rn(x, s, axes, norm)


def hfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
         plan=None):
    """Transform of a Hermitian-symmetric signal (a real spectrum)."""
    return _r.hfft(x, n, axis, norm)


def ihfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
          plan=None):
    """The inverse of :func:`hfft`."""
    return _r.ihfft(x, n, axis, norm)


def hfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
          *, plan=None):
    """N-D transform of a Hermitian-symmetric signal: irfftn of the
    conjugate with the opposite normalisation (SciPy's definition)."""
    return _r.c2rn(_r.conjugate(x), s, axes, _SWAP[norm])


def ihfftn(x, s=None, axes=None, norm=None, overwrite_x=False,
           workers=None, *, plan=None):
    """The inverse of :func:`hfftn`."""
    res = _r.r2cn(x, s, axes, _SWAP[norm])
    return _r.conjugate(res, out=res)


def hfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
          workers=None, *, plan=None):
    """2-D :func:`hfftn`."""
    return hfftn(x, s, axes, norm)


def ihfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
           workers=None, *, plan=None):
    """2-D :func:`ihfftn`."""
    return ihfftn(x, s, axes, norm)
