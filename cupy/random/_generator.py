"""The global RandomState of each device (CuPy's ``cupy.random._generator``
module: ``_random_states``, ``get_random_state``, ``set_random_state``,
``reset_states``, ``seed``), seeded from ``CUPY_SEED`` when set, else from
OS entropy."""

import os
import threading

from cupy import xpu
from cupy.random._generator_legacy import RandomState  # NOQA

_lock = threading.Lock()
_random_states = {}        # device id -> RandomState


def get_random_state():
    """The RandomState of the current device."""
    dev = xpu.Device().id
    rs = _random_states.get(dev)
    if rs is None:
        with _lock:
            rs = _random_states.get(dev)
            if rs is None:
                seed = os.environ.get('CUPY_SEED')
                rs = _random_states[dev] = RandomState(
                    None if seed is None else int(seed))
    return rs


def set_random_state(rs):
    """Make `rs` the RandomState of the current device."""
    if not isinstance(rs, RandomState):
        raise TypeError('Random state must be an instance of RandomState. '
                        'Actual: {}'.format(type(rs)))
    _random_states[xpu.Device().id] = rs


def seed(seed=None):
    """Reseed the current device's RandomState."""
    get_random_state().seed(seed)


def reset_states():
    """Forget every device's RandomState."""
    with _lock:
        _random_states.clear()
