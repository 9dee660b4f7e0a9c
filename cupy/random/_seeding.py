"""Seeds -> the 64-bit stream seeds of the core (cupy/_core/
_routines_random.Stream).

An int in [0, 2**64) is the stream seed itself; anything else NumPy
accepts as a seed (an array of ints, a SeedSequence, None for fresh OS
entropy) is hashed by NumPy's SeedSequence into 64 bits.
"""

import numpy

_U64 = (1 << 64) - 1


def from_seed_sequence(ss):
    return int(ss.generate_state(1, numpy.uint64)[0])


def stream_seed(seed):
    if seed is None:
        return from_seed_sequence(numpy.random.SeedSequence())
    if isinstance(seed, numpy.random.SeedSequence):
        return from_seed_sequence(seed)
    if isinstance(seed, (int, numpy.integer, numpy.bool_)):
        seed = int(seed)
        if not 0 <= seed <= _U64:
            raise ValueError('Seed must be between 0 and 2**64 - 1')
        return seed
    if isinstance(seed, (float, numpy.floating)):
        raise TypeError('Cannot cast scalar from dtype(\'float64\') to '
                        'dtype(\'int64\') according to the rule \'safe\'')
    arr = numpy.asarray(seed)
    if hasattr(arr, 'get') and not isinstance(arr, numpy.ndarray):
        arr = arr.get()
    if arr.dtype.kind not in 'iu':
        raise TypeError('seed must be an integer or a sequence of integers')
    if arr.size and arr.min() < 0:
        raise ValueError('Seed must be non-negative')
    return from_seed_sequence(numpy.random.SeedSequence(
        [int(v) for v in arr.reshape(-1)]))
