"""The Collatz step count, the host reference of the kernels in these
tests that loop a data-dependent number of times."""


def collatz_steps(v, cap=None):
    """Steps of v -> v / 2 (even) or 3 v + 1 (odd) until v == 1, stopping
    at `cap` steps when one is given."""
    c = 0
    while v != 1 and (cap is None or c < cap):
        v = 3 * v + 1 if v % 2 else v // 2
        c += 1
    return c
