"""Rejection sampling in bounded rounds on the device.

Each round proposes a candidate for every element and keeps it where the
element is still pending and the candidate is accepted.  Rounds run
without synchronising in groups of _CHECK_EVERY; after each group one
boolean (any element pending?) comes back to the host: the one
synchronisation a rejection loop needs.  The samplers used here accept
with probability about 0.9 or more per round (Marsaglia-Tsang >= 0.95,
PTRS/BTRS about 0.9, Best-Fisher >= 0.65), so _MAX_ROUNDS leaves a
pending element with probability below 0.35**_MAX_ROUNDS per element.
"""

import cupy

_CHECK_EVERY = 4
_MAX_ROUNDS = 256


def rejection(propose, max_rounds=_MAX_ROUNDS):
    """propose() -> (candidate, accepted), arrays of the result's shape;
    returns the first accepted candidate of every element."""
    result, ok = propose()
    pending = cupy.logical_not(ok)
    for r in range(1, max_rounds):
        if r % _CHECK_EVERY == 0 and not bool(pending.any()):
            return result
        cand, ok = propose()
        take = pending & ok
        result = cupy.where(take, cand, result)
        pending &= ~ok
    if bool(pending.any()):
        raise RuntimeError('cupy.random: a rejection sampler did not accept '
                           'every element in {} rounds'.format(max_rounds))
    return result
