"""Profiler markers: ``time_range`` (named ranges, NVTX on CUDA) and
``profile`` (start/stop of the vendor profiler).

The ascend runtime binds no range-marking or profiler start/stop calls
here (runtime.md lists none), so on ascend both are accepted and mark
nothing: code written for CuPy runs unchanged; use CANN's msprof on the
whole process to profile it."""

import contextlib
import functools


class time_range:
    """A named range, as a context manager or a decorator
    (``@time_range()`` names it after the function)."""

    def __init__(self, message=None, color_id=None, argb_color=None,
                 *, sync=False):
        if message is None and argb_color is None and color_id is None:
            self.message = None
        else:
            self.message = message
        self.color_id = color_id
        self.argb_color = argb_color
        self.sync = sync

    def __enter__(self):
        if self.sync:
            from cupy.xpu import runtime
            runtime.deviceSynchronize()
        return self

    def __exit__(self, *exc):
        if self.sync:
            from cupy.xpu import runtime
            runtime.deviceSynchronize()

    def __call__(self, func):
        message = self.message if self.message is not None else \
            func.__name__

        @functools.wraps(func)
        def inner(*args, **kwargs):
            with time_range(message, self.color_id, self.argb_color,
                            sync=self.sync):
                return func(*args, **kwargs)
        return inner


@contextlib.contextmanager
def profile():
    """Profile the block with the vendor profiler (no-op on ascend: see
    the module note)."""
    yield
