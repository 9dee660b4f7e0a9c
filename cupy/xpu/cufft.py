"""CuPy's ``cupy.cuda.cufft`` names, answered truthfully for this backend:
cuFFT is NVIDIA's library and does not exist on the ascend backend, whose
transforms run on AsdSip plans or on device compositions (TODO.md, FFT).
The plan classes exist so that ``isinstance`` checks and imports work,
but none can be made here: cupyx.scipy.fft.get_fft_plan gives this
backend's plan context instead."""

available = False


def getVersion():
    """cuFFT's version: 0, as no cuFFT is loaded on this backend."""
    return 0


class _NoCufft:
    def __init__(self, *args, **kwargs):
        raise RuntimeError(
            'cuFFT plans do not exist on the ascend backend; use '
            'cupyx.scipy.fft.get_fft_plan for a plan of this backend')


class Plan1d(_NoCufft):
    """A cuFFT 1-D plan (never made on this backend)."""


class PlanNd(_NoCufft):
    """A cuFFT n-D plan (never made on this backend)."""
