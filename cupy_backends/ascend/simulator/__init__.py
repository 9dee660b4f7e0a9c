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


# ---------------------------------------------------------------- faults --

def set_faults(spec):
    """Make vendor entry points fail (the simulator's fault injection).

    ``spec`` is what ``CUPY_ASCEND_SIMULATOR_FAULTS`` takes: comma-separated
    rules ``PATTERN:N`` (the Nth call of each entry point matching the
    fnmatch pattern, counted from now), ``PATTERN:N+`` (that call and every
    later one), ``PATTERN:pX`` (each call with probability X; ``seed=S``
    seeds it), each optionally followed by ``=CODE`` (the status; default:
    what CANN returns for that entry point, e.g. 207001 for aclrtMalloc)
    and, for an operator's launch, ``@device`` (the kernel fails on the
    device, reported by the next synchronize).  Example:
    ``'aclrtMalloc:3,aclnnAdd*:1'``.  ``''`` clears the rules.
    """
    _module().set_faults(spec)


def clear_faults():
    """Remove every fault rule."""
    _module().clear_faults()


def fault_call_counts():
    """Calls per vendor entry point since the last reset (only those
    called), e.g. ``{'aclrtMalloc': 4, 'aclnnAddGetWorkspaceSize': 2}``."""
    return _module().fault_call_counts()


def reset_fault_call_counts():
    _module().reset_fault_call_counts()


def faults_injected():
    """How many calls failed by a rule since the rules were set."""
    return _module().faults_injected()


class faults:
    """``with faults('aclrtMalloc:1'): ...`` sets the rules for the block
    and clears them after."""

    def __init__(self, spec):
        self.spec = spec

    def __enter__(self):
        set_faults(self.spec)
        return self

    def __exit__(self, *exc):
        clear_faults()
