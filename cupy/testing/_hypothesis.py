"""``chi_square_test``: Pearson's goodness-of-fit test for tests of random
numbers (as ``cupy.testing._hypothesis``)."""

import numpy


def chi_square_test(observed, expected, alpha=0.05, df=None):
    """True when Pearson's chi-square test does not reject that the counts
    `observed` follow `expected` at significance `alpha` (0.05 or 0.01),
    with `df` degrees of freedom (default: number of bins - 1)."""
    if alpha not in (0.05, 0.01):
        raise ValueError('support only alpha == 0.05 or 0.01')
    observed = numpy.asarray(observed, dtype=numpy.float64)
    expected = numpy.asarray(expected, dtype=numpy.float64)
    if df is None:
        df = observed.size - 1
    from scipy import stats
    statistic = numpy.sum((observed - expected) ** 2 / expected)
    return bool(statistic < stats.chi2.ppf(1 - alpha, df))
