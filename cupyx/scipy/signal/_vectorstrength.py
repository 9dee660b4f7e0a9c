"""vectorstrength on the device: each event is a unit vector at its
phase within the period; the mean vector's length is the strength and
its angle the phase (one (periods x events) complex exponential)."""

import numpy

import cupy


def vectorstrength(events, period):
    """Vector strength and phase of events for one or several periods
    (``scipy.signal.vectorstrength``)."""
    events = cupy.asarray(events)
    period = cupy.asarray(period)
    if events.ndim > 1:
        raise ValueError('events cannot have dimensions more than 1')
    if period.ndim > 1:
        raise ValueError('period cannot have dimensions more than 1')
    single = period.ndim == 0
    events = events.reshape(1, -1)
    period = period.reshape(-1, 1)
    if bool((period <= 0).any()):
        raise ValueError('periods must be positive')
    phases = (2 * numpy.pi / period) * events          # (periods, events)
    mean = cupy.exp(1j * phases).mean(axis=1)
    strength, phase = cupy.abs(mean), cupy.angle(mean)
    if single:
        return strength[0], phase[0]
    return strength, phase
