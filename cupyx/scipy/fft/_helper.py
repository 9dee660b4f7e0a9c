"""``scipy.fft.next_fast_len``."""

import operator

# SciPy's rule: 5-smooth lengths for real transforms, 11-smooth for
# complex ones (pocketfft's fast radices).
_REAL_PRIMES = (2, 3, 5)
_COMPLEX_PRIMES = (2, 3, 5, 7, 11)


def _smooth(n, primes):
    for p in primes:
        while n % p == 0:
            n //= p
    return n == 1


def next_fast_len(target, real=False):
    """The smallest length >= ``target`` made of the factors SciPy's FFT
    is fastest at (2, 3, 5 for real transforms; also 7, 11 for complex)."""
    target = operator.index(target)
    if target < 0:
        raise ValueError('Target length must be positive')
    if target == 0:
        return 0
    primes = _REAL_PRIMES if real else _COMPLEX_PRIMES
    n = target
    while not _smooth(n, primes):
        n += 1
    return n
