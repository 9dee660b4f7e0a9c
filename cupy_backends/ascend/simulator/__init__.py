"""The bundled CANN simulator: the CANN C ABI on host memory (see
csrc/sim_internal.h).  This package gives Python access to its counters and
settings; the library itself reaches it only through the C ABI."""


def _module():
    from cupy_backends.ascend.simulator import _sim
    return _sim


def counters():
    """Live objects and transfer totals, as a dict of ints."""
    return _module().counters()


def reset_transfer_counters():
    """Zero the host<->device byte and copy counters."""
    _module().reset_transfer_counters()


def set_strict_delay_us(us):
    """Delay each stream task by ``us`` microseconds (0: off)."""
    _module().set_strict_delay_us(us)


def get_strict_delay_us():
    return _module().get_strict_delay_us()
