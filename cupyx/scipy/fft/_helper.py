"""``scipy.fft.next_fast_len``."""

import operator

# CuPy's rule (cupyx.scipy.fft.next_fast_len): lengths made of 2, 3, 5
# and 7, the radices cuFFT is fastest at, for real and complex transforms
# alike (SciPy's pocketfft uses 5-smooth real, 11-smooth complex); CuPy's
# own tests check this set.
_FAST_PRIMES = (2, 3, 5, 7)


def _smooth(n, primes):
    for p in primes:
        while n % p == 0:
            n //= p
    return n == 1


def next_fast_len(target, real=False):
    """The smallest length >= ``target`` made of the factors 2, 3, 5, 7
    (CuPy's definition; ``real`` is accepted for SciPy's signature)."""
    target = operator.index(target)
    if target < 0:
        raise ValueError('Target length must be positive')
    if target == 0:
        return 0
    primes = _FAST_PRIMES
    n = target
    while not _smooth(n, primes):
        n += 1
    return n


def prev_fast_len(target, real=False):
    """The largest length <= ``target`` made of the factors 2, 3, 5, 7
    (as :func:`next_fast_len`; ``real`` is accepted for SciPy's
    signature)."""
    target = operator.index(target)
    if target < 0:
        raise ValueError('Target length must be positive')
    primes = _FAST_PRIMES
    n = target
    while n > 1 and not _smooth(n, primes):
        n -= 1
    return n
