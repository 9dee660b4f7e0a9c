"""``benchmark``: host and device times of repeated calls.

Each run is bracketed by a host clock (``time.perf_counter``) and by a
pair of timing events recorded on the current stream of every measured
device; the device time is the events' elapsed time, read after the
run's end event has been waited for.  The text form is CuPy's (the
device columns are labelled ``GPU-<id>`` on every backend, so tools that
read CuPy's output read this one)."""

import math
import time

import numpy

from cupy.xpu import device as _device
from cupy.xpu import stream as _stream


class _PerfCaseResult:
    """The times of one ``benchmark``: ``cpu_times`` (seconds, one per
    run) and ``gpu_times`` (seconds, one row per device)."""

    def __init__(self, name, ts, devices):
        self.name = name
        self._ts = ts
        self._devices = devices

    @property
    def cpu_times(self):
        return self._ts[0]

    @property
    def gpu_times(self):
        return self._ts[1:]

    @staticmethod
    def _column(label, t):
        us = t * 1e6
        text = '    {}: {:9.03f} us'.format(label, us.mean())
        if t.size > 1:
            text += '   +/- {:6.03f} (min: {:9.03f} / max: {:9.03f}) us'\
                .format(us.std(), us.min(), us.max())
        return text

    def to_str(self, show_gpu=False):
        cols = [self._column('CPU', self._ts[0])]
        if show_gpu:
            cols += [self._column('GPU-{}'.format(d), self._ts[1 + i])
                     for i, d in enumerate(self._devices)]
        return '{:<20s}:{}'.format(self.name, ' '.join(cols))

    def __str__(self):
        return self.to_str(show_gpu=True)

    __repr__ = __str__


def benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None,
              n_warmup=10, max_duration=math.inf, devices=None):
    """Call ``func(*args, **kwargs)`` ``n_warmup`` times untimed, then up
    to ``n_repeat`` times (stopping once ``max_duration`` seconds have
    passed), timing each call on the host and on each device of
    ``devices`` (device ids; the current device by default)."""
    if name is None:
        name = func.__name__
    if devices is None:
        devices = (_device.get_device_id(),)
    if not callable(func):
        raise ValueError('`func` should be a callable object.')
    if not isinstance(args, tuple):
        raise ValueError('`args` should be of tuple type.')
    if not isinstance(kwargs, dict):
        raise ValueError('`kwargs` should be of dict type.')
    if not isinstance(n_repeat, int):
        raise ValueError('`n_repeat` should be an integer.')
    if not isinstance(name, str):
        raise ValueError('`name` should be a string.')
    if not isinstance(n_warmup, int):
        raise ValueError('`n_warmup` should be an integer.')
    if not numpy.isreal(max_duration):
        raise ValueError('`max_duration` should be given in seconds')
    if not isinstance(devices, tuple):
        raise ValueError('`devices` should be of tuple type')
    for _ in range(n_warmup):
        func(*args, **kwargs)
    prev = _device.get_device_id()
    events = []
    try:
        for d in devices:
            _device.Device(d).use()
            events.append((_stream.Event(), _stream.Event()))
    finally:
        _device.Device(prev).use()
    cpu = numpy.empty(n_repeat)
    gpu = numpy.empty((len(devices), n_repeat))
    elapsed = 0.0
    n = 0
    while n < n_repeat:
        for d, (start, _) in zip(devices, events):
            start.record(_stream.get_current_stream(d))
        t0 = time.perf_counter()
        func(*args, **kwargs)
        t1 = time.perf_counter()
        for d, (_, end) in zip(devices, events):
            end.record(_stream.get_current_stream(d))
        for i, (start, end) in enumerate(events):
            end.synchronize()
            gpu[i, n] = _stream.get_elapsed_time(start, end) * 1e-3
        cpu[n] = t1 - t0
        n += 1
        elapsed += time.perf_counter() - t0
        if elapsed >= max_duration:
            break
    ts = numpy.vstack([cpu[None, :n], gpu[:, :n]])
    return _PerfCaseResult(name, ts, devices)
