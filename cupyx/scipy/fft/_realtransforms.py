"""``scipy.fft``'s discrete cosine and sine transforms, types 1 to 4
(SciPy's signatures and normalisations), composed of FFTs on the device
(cupy/_core/fft/_trig.py).  ``overwrite_x`` and ``workers`` are accepted
and do nothing."""

from cupy._core.fft import _trig


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False,
        workers=None, orthogonalize=None):
    """Discrete cosine transform of ``type`` 1-4 along ``axis``."""
    return _trig.transform(x, type, n, axis, norm, False, orthogonalize)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False,
         workers=None, orthogonalize=None):
    """Inverse discrete cosine transform."""
    return _trig.inverse(x, type, n, axis, norm, False, orthogonalize)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False,
        workers=None, orthogonalize=None):
    """Discrete sine transform of ``type`` 1-4 along ``axis``."""
    return _trig.transform(x, type, n, axis, norm, True, orthogonalize)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False,
         workers=None, orthogonalize=None):
    """Inverse discrete sine transform."""
    return _trig.inverse(x, type, n, axis, norm, True, orthogonalize)


def dctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False,
         workers=None, *, orthogonalize=None):
    """N-D discrete cosine transform."""
    return _trig.transform_n(x, type, s, axes, norm, False, False,
                             orthogonalize)


def idctn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False,
          workers=None, orthogonalize=None):
    """N-D inverse discrete cosine transform."""
    return _trig.transform_n(x, type, s, axes, norm, False, True,
                             orthogonalize)


def dstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False,
         workers=None, orthogonalize=None):
    """N-D discrete sine transform."""
    return _trig.transform_n(x, type, s, axes, norm, True, False,
                             orthogonalize)


def idstn(x, type=2, s=None, axes=None, norm=None, overwrite_x=False,
          workers=None, orthogonalize=None):
    """N-D inverse discrete sine transform."""
    return _trig.transform_n(x, type, s, axes, norm, True, True,
                             orthogonalize)
