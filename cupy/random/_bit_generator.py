"""CuPy's ``cupy.random._bit_generator`` names: the bit generators of
_generator_api.py."""

from cupy.random._generator_api import (  # NOQA
    BitGenerator, MRG32k3a, Philox4x3210, XORWOW)
