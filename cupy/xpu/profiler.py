"""``cupy.cuda.profiler``: start and stop the device profiler's capture
(``cudaProfilerStart``/``Stop`` where the backend's runtime has them;
elsewhere accepted with no effect)."""

import contextlib

from cupy.xpu import runtime as _runtime


def start():
    f = getattr(_runtime, 'profilerStart', None)
    if f is not None:
        f()


def stop():
    f = getattr(_runtime, 'profilerStop', None)
    if f is not None:
        f()


@contextlib.contextmanager
def profile():
    """Capture the block: ``start()`` before, ``stop()`` after."""
    start()
    try:
        yield
    finally:
        stop()
