import pytest

from tests.simulator_tests import acl_ctypes as acl


@pytest.fixture(autouse=True)
def _simulator_only(sim):
    """Every test here talks to the simulator's ABI directly."""
    yield


@pytest.fixture
def buf():
    """A 4 KiB device allocation made through the ABI, freed after."""
    p = acl.malloc(4096)
    yield p
    acl.sync()
    assert acl.free(p) == 0
