"""``scipy.fft`` on the device: complex, real and Hermitian transforms,
discrete cosine and sine transforms (types 1-4), the fast Hankel
transform (fht, ifht), ``next_fast_len``, ``prev_fast_len``,
``get_fft_plan``, and SciPy's backend protocol
(``scipy.fft.set_backend(cupyx.scipy.fft)``)."""

from cupyx.scipy.fft._fft import (  # NOQA
    fft, ifft, fft2, ifft2, fftn, ifftn, rfft, irfft, rfft2, irfft2, rfftn,
    irfftn, hfft, ihfft, hfft2, ihfft2, hfftn, ihfftn)
from cupyx.scipy.fft._realtransforms import (  # NOQA
    dct, idct, dst, idst, dctn, idctn, dstn, idstn)
from cupyx.scipy.fft._helper import next_fast_len, prev_fast_len  # NOQA
from cupyx.scipy.fft._fftlog import fht, ifht, fhtoffset  # NOQA
from cupyx.scipy.fft._plan import get_fft_plan  # NOQA
from cupyx.scipy.fft._backend import (  # NOQA
    __ua_domain__, __ua_function__, __ua_convert__)
from cupy.fft._helper import fftfreq, rfftfreq, fftshift, ifftshift  # NOQA
