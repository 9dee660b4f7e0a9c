"""``cupy.random``: random numbers on the device, with NumPy's legacy API
(``RandomState`` and the module-level functions) and its ``Generator``
API.  The numbers differ from NumPy's for the same seed (as CuPy's do);
the same seed gives the same numbers on the same backend and build."""

from cupy.random._generator_legacy import RandomState  # NOQA
from cupy.random._generator_api import (  # NOQA
    BitGenerator, Generator, MRG32k3a, Philox, Philox4x3210, SeedSequence,
    XORWOW, default_rng)
from cupy.random._sample import (  # NOQA
    get_random_state, reset_states, seed, set_random_state)
from cupy.random._sample import FUNCTIONS as _FUNCTIONS

globals().update(_FUNCTIONS)
del _FUNCTIONS
