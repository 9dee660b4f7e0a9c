"""The signal job of benchmark.py: issue 17's cases of cupyx.scipy.signal
against SciPy on the host in the same run (ratio = device / SciPy):
fftconvolve of 2^20 by 2^12 samples, sosfiltfilt of 2^22 samples (an
8th-order Butterworth filter, 4 sections; float64, and float32 with
float32 coefficients, whose in-block recursion is a matmul), welch of
2^22 samples (nperseg 1024), and lfilter of 2^22 samples (4th order)."""

import numpy

import cupy


def _data(n, dtype, seed):
    return numpy.random.RandomState(seed).uniform(-1, 1, n).astype(dtype)


def _row(op, dtype, size, dev_fn, ref_fn, event_time, host_time, check,
         rate):
    t_dev = event_time(dev_fn, 1, 3)
    t_np = host_time(ref_fn, 1, 3)
    ok = check(dev_fn(), ref_fn())
    return dict(op=op, dtype=numpy.dtype(dtype).name, size=size,
                device_s=t_dev, numpy_s=t_np, ratio=t_dev / t_np,
                rate='{:.1f} MS/s'.format(rate / t_dev / 1e6), correct=ok)


def _close(rtol):
    def check(got, want):
        if isinstance(got, tuple):
            got, want = got[-1], want[-1]
        got = cupy.asnumpy(got)
        scale = numpy.abs(want).max()
        return bool(got.dtype == want.dtype and
                    numpy.abs(got - want).max() <= rtol * scale)
    return check


def bench_signal(event_time, host_time):
    import scipy.signal as ss
    import cupyx.scipy.signal as cs
    rows = []
    for dtype in (numpy.float32, numpy.float64):
        tol = 1e-4 if dtype == numpy.float32 else 1e-10
        x = _data(1 << 20, dtype, 1)
        h = _data(1 << 12, dtype, 2)
        dx, dh = cupy.asarray(x), cupy.asarray(h)
        rows.append(_row('fftconvolve', dtype, '2^20*2^12',
                         lambda: cs.fftconvolve(dx, dh),
                         lambda: ss.fftconvolve(x, h), event_time,
                         host_time, _close(tol), x.size))
    x = _data(1 << 22, numpy.float64, 3)
    dx = cupy.asarray(x)
    sos = ss.butter(8, 0.1, output='sos')
    rows.append(_row('sosfiltfilt', numpy.float64, 1 << 22,
                     lambda: cs.sosfiltfilt(sos, dx),
                     lambda: ss.sosfiltfilt(sos, x), event_time, host_time,
                     _close(1e-9), x.size))
    x32, sos32 = x.astype(numpy.float32), sos.astype(numpy.float32)
    dx32 = cupy.asarray(x32)
    rows.append(_row('sosfiltfilt', numpy.float32, 1 << 22,
                     lambda: cs.sosfiltfilt(sos32, dx32),
                     lambda: ss.sosfiltfilt(sos32, x32), event_time,
                     host_time, _close(1e-4), x.size))
    b, a = ss.butter(4, 0.1)
    rows.append(_row('lfilter', numpy.float64, 1 << 22,
                     lambda: cs.lfilter(b, a, dx),
                     lambda: ss.lfilter(b, a, x), event_time, host_time,
                     _close(1e-9), x.size))
    for dtype in (numpy.float32, numpy.float64):
        xw = x.astype(dtype)
        dxw = cupy.asarray(xw)
        rows.append(_row('welch', dtype, 1 << 22,
                         lambda: cs.welch(dxw, nperseg=1024),
                         lambda: ss.welch(xw, nperseg=1024), event_time,
                         host_time, _close(1e-4 if dtype == numpy.float32
                                           else 1e-10), xw.size))
    return rows
