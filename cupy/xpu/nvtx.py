"""``cupy.cuda.nvtx``: NVTX marks and ranges for profilers.

The NVTX library is not bound by this package, so these are accepted
and do nothing (programs that annotate their code run unchanged; a
profiler sees no ranges from them)."""

available = False


def Mark(message, id_color=-1):
    """Accepted; no effect (NVTX is not bound)."""


def MarkC(message, color=0):
    """Accepted; no effect (NVTX is not bound)."""


def RangePush(message, id_color=-1):
    """Accepted; no effect (NVTX is not bound)."""


def RangePushC(message, color=0):
    """Accepted; no effect (NVTX is not bound)."""


def RangePop():
    """Accepted; no effect (NVTX is not bound)."""
