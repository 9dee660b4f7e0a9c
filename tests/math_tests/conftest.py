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


@pytest.fixture(params=['provider', 'restricted'])
def provider_routes(request):
    """Runs a test twice: on the backend's provider, and on the reference
    provider with a device-like table (reference_provider.py), so that the
    cast and composed routes run.  Modules take it with
    ``pytestmark = pytest.mark.usefixtures('provider_routes')``."""
    if request.param == 'provider':
        yield request.param
    else:
        from tests.math_tests.reference_provider import (
            reference_provider, restricted_table)
        with reference_provider(restricted_table()):
            yield request.param
