"""The bundled CANN simulator: the CANN C ABI on host memory (see
csrc/sim_internal.h).  This package gives Python access to its counters and
settings; the library itself reaches it only through the C ABI."""


def _module():
    from cupy_backends.ascend.simulator import _sim
    return _sim


def counters():
    """Live objects, transfer totals and call counts, as a dict of ints.

    Besides the live_* objects, bytes and copies: ``phase1_calls`` (every
    aclnn*GetWorkspaceSize call), ``executor_creations``,
    ``address_rebinds`` (successful aclSetInputTensorAddr /
    aclSetOutputTensorAddr / aclSetTensorAddr), ``synchronizations``
    (aclrtSynchronizeStream / Device / Event calls), ``tensor_creations``,
    ``scalar_creations`` and ``array_creations`` (int, float and bool
    arrays and tensor and scalar lists), ``kernel_launches``,
    ``sanitizer_errors``, ``api_ns`` and ``api_calls``.
    """
    return _module().counters()


def reset_transfer_counters():
    """Zero the host<->device byte and copy counters."""
    _module().reset_transfer_counters()


def set_strict_delay_us(us):
    """Delay each stream task by ``us`` microseconds (0: off)."""
    _module().set_strict_delay_us(us)


def get_strict_delay_us():
    return _module().get_strict_delay_us()
