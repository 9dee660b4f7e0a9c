"""The ``device=`` keyword of the creation routines (NumPy 2, Array API):
the array is made on that device; None means the current device."""

import contextlib

import numpy


def device_scope(device):
    """A context in which ``device`` (None, a Device or a device number) is
    current; ValueError for anything else, as NumPy says for devices it
    does not know."""
    if device is None:
        return contextlib.nullcontext()
    from cupy.xpu.device import Device
    if isinstance(device, Device):
        return device
    if isinstance(device, (int, numpy.integer)) and not isinstance(
            device, (bool, numpy.bool_)):
        return Device(int(device))
    raise ValueError(
        'Device not understood: pass a cupy.cuda.Device, a device number '
        'or None, not {!r}'.format(device))
