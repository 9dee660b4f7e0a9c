"""``cupy.random``: random numbers on the device, with NumPy's legacy API
(``RandomState`` and the module-level functions) and its ``Generator``
API.  The numbers differ from NumPy's for the same seed (as CuPy's do);
the same seed gives the same numbers on the same backend and build."""

from cupy.random import _generator  # NOQA
from cupy.random import _bit_generator  # NOQA
from cupy.random._generator import (  # NOQA
    RandomState, get_random_state, reset_states, seed, set_random_state)
from cupy.random._generator_api import (  # NOQA
    BitGenerator, Generator, MRG32k3a, Philox, Philox4x3210, SeedSequence,
    XORWOW, default_rng)
from cupy.random._sample import (  # NOQA
    bytes, choice, permutation, rand, randint, randn, random,
    random_integers, random_sample, ranf, sample, shuffle)
from cupy.random import _distributions as _dist

globals().update((name, getattr(_dist, name)) for name in _dist.NAMES)
del _dist
