"""Fixtures of the ufunc tests."""

import warnings

import pytest


@pytest.fixture(autouse=True)
def _quiet_host_fallback():
    """Host fallbacks (the provider may lack a loop) warn; the tests that
    check the warning record it themselves."""
    import cupy
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', cupy.PerformanceWarning)
        yield


@pytest.fixture
def fallback():
    """cupy._core._fallback with its counts and warnings reset."""
    from cupy._core import _fallback
    _fallback.reset()
    yield _fallback
    _fallback.reset()
