"""Detection of host-device synchronisation (``cupyx.allow_synchronize``).

The points that wait for the device and then read its memory (a
synchronous device-to-host copy, ``Device.synchronize``,
``Stream.synchronize``, ``Event.synchronize``) call
``_declare_synchronize``; inside ``allow_synchronize(False)`` it raises
``DeviceSynchronized``, so a test can prove a code path never waits."""

import contextlib
import threading


class DeviceSynchronized(RuntimeError):
    """Raised when the device synchronises inside
    ``cupyx.allow_synchronize(False)``."""

    def __init__(self, message=None):
        if message is None:
            message = ('Device synchronization was detected while '
                       'disallowed (cupyx.allow_synchronize(False))')
        super().__init__(message)


_local = threading.local()


def _is_allowed():
    return getattr(_local, 'allowed', True)


def _declare_synchronize():
    if not getattr(_local, 'allowed', True):
        raise DeviceSynchronized()


@contextlib.contextmanager
def allow_synchronize(allow):
    """Allow (True) or forbid (False) synchronisation in this thread for
    the block; a forbidden one raises ``cupyx.DeviceSynchronized``.
    Waits outside this library (a vendor call made directly) are not
    seen."""
    old = _is_allowed()
    _local.allowed = bool(allow)
    try:
        yield
    finally:
        _local.allowed = old
