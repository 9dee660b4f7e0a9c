"""``scipy.fft``'s complex, real and Hermitian transforms on the device
(SciPy's signatures; ``overwrite_x`` and ``workers`` are accepted and do
nothing: the input is never modified, the device does the work).
``plan``: an object from :func:`get_fft_plan`, accepted for CuPy's
signature; plans are cached by the plan cache in any case."""

import numpy

from cupy._core.fft import _routines as _r
from cupy._core.fft import _transform as _t
from cupyx.scipy.fft._plan import planned as _planned


def _axes(s, axes):
    """SciPy's rule: with `s` and no `axes`, the last len(s) axes (NumPy
    2 deprecates that call; SciPy does not)."""
    if axes is None and s is not None:
        s = (s,) if isinstance(s, int) else s
        return tuple(range(-len(s), 0))
    return axes


def _single(x):
    """SciPy computes float16 input in float32 (NumPy keeps float16 for
    irfft and rounds ifft's 1/n to float16)."""
    x = _t.as_input(x)
    return x.astype(numpy.float32) if x.dtype.char == 'e' else x


_SWAP = {None: 'forward', 'backward': 'forward', 'forward': 'backward',
         'ortho': 'ortho'}


def fft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
        plan=None):
    """1-D discrete Fourier transform (``scipy.fft.fft``)."""
    return _planned(plan, _r.c2c, _single(x), n, axis, norm, True)


def ifft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
         plan=None):
    """1-D inverse discrete Fourier transform."""
    return _planned(plan, _r.c2c, _single(x), n, axis, norm, False)


def fft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
         workers=None, *, plan=None):
    """2-D discrete Fourier transform."""
    return _planned(plan, _r.c2cn, _single(x), s, _axes(s, axes), norm, True)


def ifft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
          workers=None, *, plan=None):
    """2-D inverse discrete Fourier transform."""
    return _planned(plan, _r.c2cn, _single(x), s, _axes(s, axes), norm, False)


def fftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
         *, plan=None):
    """N-D discrete Fourier transform."""
    return _planned(plan, _r.c2cn, _single(x), s, _axes(s, axes), norm, True)


def ifftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
          *, plan=None):
    """N-D inverse discrete Fourier transform."""
    return _planned(plan, _r.c2cn, _single(x), s, _axes(s, axes), norm, False)


def rfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
         plan=None):
    """1-D transform of real input."""
    return _planned(plan, _r.r2c, _single(x), n, axis, norm)


def irfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
          plan=None):
    """The inverse of :func:`rfft`."""
    return _planned(plan, _r.c2r, _single(x), n, axis, norm)


def rfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
          workers=None, *, plan=None):
    """2-D transform of real input."""
    return _planned(plan, _r.r2cn, _single(x), s, _axes(s, axes), norm)


def irfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
           workers=None, *, plan=None):
    """The inverse of :func:`rfft2`."""
    return _planned(plan, _r.c2rn, _single(x), s, _axes(s, axes), norm)


def rfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
          *, plan=None):
    """N-D transform of real input."""
    return _planned(plan, _r.r2cn, _single(x), s, _axes(s, axes), norm)


def irfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
           *, plan=None):
    """The inverse of :func:`rfftn`."""
    return _planned(plan, _r.c2rn, _single(x), s, _axes(s, axes), norm)


def hfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
         plan=None):
    """Transform of a Hermitian-symmetric signal (a real spectrum)."""
    return _r.hfft(_single(x), n, axis, norm)


def ihfft(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *,
          plan=None):
    """The inverse of :func:`hfft`."""
    return _r.ihfft(_single(x), n, axis, norm)


def hfftn(x, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
          *, plan=None):
    """N-D transform of a Hermitian-symmetric signal: irfftn of the
    conjugate with the opposite normalisation (SciPy's definition)."""
    return _r.c2rn(_r.conjugate(_single(x)), s, _axes(s, axes),
                   _SWAP[norm])


def ihfftn(x, s=None, axes=None, norm=None, overwrite_x=False,
           workers=None, *, plan=None):
    """The inverse of :func:`hfftn`."""
    res = _r.r2cn(_single(x), s, _axes(s, axes), _SWAP[norm])
    return _r.conjugate(res, out=res)


def hfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
          workers=None, *, plan=None):
    """2-D :func:`hfftn`."""
    return hfftn(x, s, axes, norm)


def ihfft2(x, s=None, axes=(-2, -1), norm=None, overwrite_x=False,
           workers=None, *, plan=None):
    """2-D :func:`ihfftn`."""
    return ihfftn(x, s, axes, norm)
