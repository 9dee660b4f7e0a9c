"""The linalg tests leave nothing cached behind them: garbage arrays
(exception frames of the error tests) and pool blocks are released at
the end of each module, so
that later tests that reason about the pool's free space (provider_tests'
out-of-memory checks) see the pool as the tests before them left it."""

import pytest


@pytest.fixture(scope='module', autouse=True)
def _release_linalg_caches():
    yield
    from tests.conftest import release_cached_memory
    release_cached_memory()
