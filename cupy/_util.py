"""Small helpers CuPy code and tests import from ``cupy._util``: the
PerformanceWarning class, the ``experimental`` marker and ``memoize``."""

import functools
import threading
import warnings

from cupy._core._fallback import PerformanceWarning  # NOQA


def experimental(api_name):
    """Warn (FutureWarning) that ``api_name`` is experimental."""
    warnings.warn(
        '{} is experimental. The interface can change in the future.'.format(
            api_name), FutureWarning, stacklevel=3)


_memos = []
_memo_lock = threading.Lock()


def memoize(for_each_device=False):
    """Cache a function's results by its (hashable) arguments, per current
    device if ``for_each_device``; ``clear_memo`` empties every cache."""
    def decorator(f):
        cache = {}
        with _memo_lock:
            _memos.append(cache)

        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items())))
            if for_each_device:
                from cupy_backends.backend import api
                key = (api.xpuGetDevice(),) + key
            try:
                return cache[key]
            except KeyError:
                value = cache[key] = f(*args, **kwargs)
                return value
        return wrapper
    return decorator


def clear_memo():
    """Empty the caches of every ``memoize``d function."""
    with _memo_lock:
        for cache in _memos:
            cache.clear()
