"""``scipy.fftpack``'s transforms over the core's FFT routines.

fftpack differs from ``scipy.fft`` in three ways, reproduced here:
``fft2``/``fftn`` take ``shape`` (not ``s``); ``rfft``/``irfft`` use the
packed real format ``[y0, Re y1, Im y1, Re y2, ...]`` of n real numbers
(real input and output only); the inverse cosine/sine transforms are
unnormalised by default (``idct`` of type 2 is ``dct`` of type 3).
``overwrite_x=True`` lets a complex transform write its result into the
input when it has the result's shape and dtype, as CuPy does; otherwise
the input is never modified.
"""

import numpy

from cupy._core import core
from cupy._core.fft import _routines as _r
from cupy._core.fft import _transform as _t
from cupyx.scipy.fft import _realtransforms as _rt
from cupyx.scipy.fft._plan import planned as _planned
from cupyx.scipy.fft._fft import _single

# the type of the inverse of each DCT/DST type (fftpack's unnormalised
# inverse is the forward transform of this type: SciPy's fftpack docs)
_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}


def _into(x, res, overwrite_x):
    """`res`, written into `x` when allowed and possible."""
    if (overwrite_x and isinstance(x, core.ndarray) and
            x.dtype == res.dtype and x.shape == res.shape):
        core._copy_to(x, res)
        return x
    return res


def _nd_axes(x, shape, axes):
    """fftpack's rule: `axes` default to all, and `shape`, when given,
    has one size per axis."""
    if isinstance(shape, int):
        shape = (shape,)
    if shape is not None:
        if axes is None:
            axes = tuple(range(_t.as_input(x).ndim))
        if len(shape) != len(axes):
            raise ValueError('when given, axes and shape arguments have to '
                             'be of the same length')
    return shape, axes


def fft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """1-D discrete Fourier transform (``scipy.fftpack.fft``)."""
    res = _planned(plan, _r.c2c, _single(x), n, axis, None, True)
    return _into(x, res, overwrite_x)


def ifft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """1-D inverse discrete Fourier transform (normalised by 1/n)."""
    res = _planned(plan, _r.c2c, _single(x), n, axis, None, False)
    return _into(x, res, overwrite_x)


def fftn(x, shape=None, axes=None, overwrite_x=False, plan=None):
    """N-D discrete Fourier transform over `axes` with sizes `shape`."""
    shape, axes = _nd_axes(x, shape, axes)
    res = _planned(plan, _r.c2cn, _single(x), shape, axes, None, True)
    return _into(x, res, overwrite_x)


def ifftn(x, shape=None, axes=None, overwrite_x=False, plan=None):
    """N-D inverse discrete Fourier transform."""
    shape, axes = _nd_axes(x, shape, axes)
    res = _planned(plan, _r.c2cn, _single(x), shape, axes, None, False)
    return _into(x, res, overwrite_x)


def fft2(x, shape=None, axes=(-2, -1), overwrite_x=False, plan=None):
    """2-D discrete Fourier transform."""
    return fftn(x, shape, axes, overwrite_x, plan)


def ifft2(x, shape=None, axes=(-2, -1), overwrite_x=False, plan=None):
    """2-D inverse discrete Fourier transform."""
    return ifftn(x, shape, axes, overwrite_x, plan)


def _real_only(x):
    x = _t.as_input(x)
    if x.dtype.kind == 'c':
        raise TypeError('x must be a real sequence')
    return x


def _contiguous(x):
    # SciPy's results are C-contiguous whatever the axis
    return x if x.flags.c_contiguous else x.copy()


def rfft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """Transform of real input in fftpack's packed real format: n reals
    ``[y0, Re y1, Im y1, ..., Re y(n/2)]`` (the last Im too for odd n)."""
    x = _real_only(x)
    if n is None:
        n = x.shape[axis]
    y = _planned(plan, _r.r2c, x, n, axis, None)
    axis = _t.normalize_axis(axis, y.ndim)
    y = _t.move_last(y, axis)
    # [Re y0, Im y0, Re y1, Im y1, ...] without Im y0 (always 0), cut at n
    pairs = y.copy().view(numpy.dtype(y.dtype.char.lower()))
    packed = core._empty(pairs.shape[:-1] + (n,), pairs.dtype)
    core._copy_to(packed[..., :1], pairs[..., :1])
    core._copy_to(packed[..., 1:], pairs[..., 2:n + 1])
    return _contiguous(_t.move_back(packed, axis))


def irfft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The inverse of :func:`rfft`: packed real spectrum to real data."""
    x = _real_only(x)
    if n is None:
        n = x.shape[axis]
    _t.check_n(n)
    axis = _t.normalize_axis(axis, x.ndim)
    x = _t.move_last(_t.resize(x, axis, n), axis)
    rdt = numpy.dtype(_t.result_dtype('r2c', x.dtype).char.lower())
    # unpack into the complex spectrum of n // 2 + 1 bins (Im y0 = 0, and
    # Im y(n/2) = 0 for even n)
    half = n // 2 + 1
    pairs = core._empty(x.shape[:-1] + (2 * half,), rdt)
    core._fill(pairs, 0)
    core._copy_to(pairs[..., :1], x[..., :1])
    core._copy_to(pairs[..., 2:n + 1], x[..., 1:])
    y = pairs.view(_t.result_dtype('c2c', rdt))
    res = _planned(plan, _r.c2r, y, n, -1, None)
    return _contiguous(_t.move_back(res, axis))


def dct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """Discrete cosine transform (types 1-4)."""
    return _rt.dct(x, type, n, axis, norm)


def dst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """Discrete sine transform (types 1-4)."""
    return _rt.dst(x, type, n, axis, norm)


def idct(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """Inverse DCT: unnormalised (the DCT of the inverse type) unless
    ``norm='ortho'``."""
    if norm is None:
        return _rt.dct(x, _INVERSE_TYPE.get(type, type), n, axis)
    return _rt.idct(x, type, n, axis, norm)


def idst(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False):
    """Inverse DST: unnormalised (the DST of the inverse type) unless
    ``norm='ortho'``."""
    if norm is None:
        return _rt.dst(x, _INVERSE_TYPE.get(type, type), n, axis)
    return _rt.idst(x, type, n, axis, norm)
