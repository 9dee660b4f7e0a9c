"""NumPy kernel of the simulator's AsdSip FFT (csrc/sim_fft.c;
shared/reference/cann/blas_fft.md section 3.3).

One kernel for every plan: ``AsdFft(input, output, fftType, direction,
rank, n0, n1, n2, batch, dimType, overwrite)``.  Both directions are
unnormalised (AsdSip's unit tests compare the inverse with NumPy's
``norm='forward'``): C2C FORWARD is ``fftn``, INVERSE ``ifftn(norm=
'forward')``; R2C FORWARD ``rfftn``, R2C INVERSE ``ihfft(norm='forward')``
(conj of rfft); C2R INVERSE ``irfftn(norm='forward')``, C2R FORWARD
``hfft`` (irfft of the conjugate, unscaled).  C2R ignores the imaginary
parts of the self-conjugate bins as NumPy's irfft does [inferred: not
documented].  NumPy computes float32 transforms in float32 (NumPy >= 2).

``overwrite``: the plan overwrites its input (horizontal 1-D of a power
of two >= 2^15, FFT_1D.md): the input is filled with NaN afterwards.
"""

import numpy

from cupy_backends.ascend.simulator.kernels.elementwise import _quiet

try:
    # the gufuncs behind numpy.fft (NumPy >= 2.0; the public functions
    # are a thin layer over them)
    from numpy.fft import _pocketfft_umath as _PFU
except ImportError:
    _PFU = None

# include/cupy_asdsip.h
_C2C, _C2R, _R2C = 0x10, 0x11, 0x12
_FORWARD = 0x10
_VERTICAL = 0x11


def _fft(src, out, fft_type, direction, rank, n0, n1, n2, batch, dim_type,
         overwrite):
    sizes = (n0, n1, n2)[:rank]
    fwd = direction == _FORWARD
    # a device does not warn: the worker's error state is set once
    # (elementwise.mark_worker); entering numpy.errstate per call cost
    # ~1.3 us of a ~12 us 1024-point kernel (measured 2026-11-27)
    with _quiet():
        if rank == 1:
            # (batch, n), or (n, batch) for a vertical plan: one axis,
            # written straight into `out` (the kernel's cost is the
            # simulator's "device time")
            _transform_1d(src, out, fft_type, fwd, n0,
                          0 if dim_type == _VERTICAL else 1)
        else:
            out[...] = _transform(src, fft_type, fwd, sizes,
                                  tuple(range(1, rank + 1)))
    if overwrite:
        src[...] = numpy.nan


def _transform_1d(x, out, fft_type, fwd, n, axis):
    if fft_type == _C2C:
        if _PFU is not None:
            # NumPy's own kernel without numpy.fft's argument handling
            # (its norm checks, dtype probes and axis normalisation: ~5 us
            # of a 1024-point call, measured 2026-11-27); the factor 1 is
            # what fft (backward) and ifft(norm='forward') pass it
            (_PFU.fft if fwd else _PFU.ifft)(
                x, 1, axes=[(axis,), (), (axis,)], out=out)
        elif fwd:
            numpy.fft.fft(x, axis=axis, out=out)
        else:
            numpy.fft.ifft(x, axis=axis, norm='forward', out=out)
    elif fft_type == _R2C:
        if _PFU is not None:
            (_PFU.rfft_n_even if n % 2 == 0 else _PFU.rfft_n_odd)(
                x, 1, axes=[(axis,), (), (axis,)], out=out)
        else:
            numpy.fft.rfft(x, axis=axis, out=out)
        if not fwd:
            numpy.conjugate(out, out=out)
    else:
        numpy.fft.irfft(x if not fwd else numpy.conj(x), n=n, axis=axis,
                        norm='forward', out=out)


def _transform(x, fft_type, fwd, sizes, axes):
    if fft_type == _C2C:
        res = (numpy.fft.fftn(x, axes=axes) if fwd else
               numpy.fft.ifftn(x, axes=axes, norm='forward'))
    elif fft_type == _R2C:
        res = numpy.fft.rfftn(x, axes=axes)
        if not fwd:
            res = numpy.conj(res)
    else:
        y = x if not fwd else numpy.conj(x)
        res = numpy.fft.irfftn(y, s=sizes, axes=axes, norm='forward')
    return res


KERNELS = {'AsdFft': _fft}
