import pytest


@pytest.fixture(autouse=True)
def _simulator_only(sim):
    """Every test here talks to the simulator's ABI directly."""
    yield
