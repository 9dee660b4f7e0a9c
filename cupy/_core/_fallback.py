"""Host fallback (DESIGN.md, "The operation contract", step 3): run an
operation with NumPy on host copies of its operands when no device path
exists, warning once per (operation, loop) and counting every call.

``CUPY_HOST_FALLBACK`` (read at each fallback, so tests may change it):
``warn`` (default) warns with :class:`PerformanceWarning` the first time
an (operation, loop) falls back; ``silent`` only counts; ``error`` raises
:class:`HostFallbackError` instead of copying.
"""

import os
import threading
import warnings


class PerformanceWarning(RuntimeWarning):
    """An operation ran a slow path (here: on the host, through NumPy)
    because the device has no kernel for it."""


class HostFallbackError(NotImplementedError):
    """Raised instead of a host fallback when ``CUPY_HOST_FALLBACK=error``."""


_MODES = ('warn', 'silent', 'error')
_lock = threading.Lock()
_counts = {}
_warned = set()


def mode():
    """The current ``CUPY_HOST_FALLBACK`` setting."""
    m = os.environ.get('CUPY_HOST_FALLBACK', 'warn').strip().lower() or 'warn'
    if m not in _MODES:
        raise ValueError(
            'CUPY_HOST_FALLBACK must be one of warn, silent or error (got '
            '{!r})'.format(m))
    return m


def enter(name, loop, why=None):
    """Account for one host fallback of (name, loop); raise in error mode,
    warn the first time in warn mode.  Call before copying anything."""
    m = mode()
    key = (name, loop)
    if m == 'error':
        raise HostFallbackError(
            'cupy: {!r} on loop {!r} has no device path{} and '
            'CUPY_HOST_FALLBACK=error forbids running it on the host'.format(
                name, loop, ' ({})'.format(why) if why else ''))
    with _lock:
        _counts[key] = _counts.get(key, 0) + 1
        first = key not in _warned
        if first:
            _warned.add(key)
    if first and m == 'warn':
        warnings.warn(
            'cupy: {!r} on loop {!r} has no device path{}; it runs on the '
            'host through NumPy (copies both ways). Set CUPY_HOST_FALLBACK='
            'silent to hide this warning or =error to forbid it.'.format(
                name, loop, ' ({})'.format(why) if why else ''),
            PerformanceWarning, stacklevel=2)


_declared = {}


def declare(name, loop, why):
    """Record that (name, loop) always runs on the host (no device
    algorithm), so ``python -m cupy info`` can list it before it runs."""
    with _lock:
        _declared[(name, loop)] = why


def declared():
    """{(operation, loop): why} of the declared host routes."""
    with _lock:
        return dict(_declared)


def fallback_counts():
    """{(operation, loop): number of host fallbacks} since the start (or
    the last :func:`reset`)."""
    with _lock:
        return dict(_counts)


def reset():
    """Forget the counts and which fallbacks have warned (for tests)."""
    with _lock:
        _counts.clear()
        _warned.clear()
