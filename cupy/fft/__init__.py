"""Discrete Fourier transforms (``numpy.fft``) on the device: AsdSip's
FFT for complex64/float32 on Ascend, compositions of device operations
for complex128/float64 and sizes AsdSip cannot plan."""

from cupy.fft import config  # NOQA
from cupy.fft._fft import fft, ifft, fft2, ifft2, fftn, ifftn  # NOQA
from cupy.fft._real import (  # NOQA
    rfft, irfft, rfft2, irfft2, rfftn, irfftn, hfft, ihfft)
from cupy.fft._helper import fftfreq, rfftfreq, fftshift, ifftshift  # NOQA
