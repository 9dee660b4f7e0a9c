"""``scipy.fftpack`` on the device (CuPy's ``cupyx.scipy.fftpack``):
complex transforms, real transforms in fftpack's packed real format,
discrete cosine and sine transforms, and ``get_fft_plan``."""

from cupyx.scipy.fftpack._fftpack import (  # NOQA
    fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, dct, idct, dst, idst)
from cupyx.scipy.fft._plan import get_fft_plan  # NOQA
from cupy.fft._helper import fftfreq, rfftfreq, fftshift, ifftshift  # NOQA
from cupyx.scipy.fft._helper import next_fast_len  # NOQA
