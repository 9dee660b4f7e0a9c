"""Near-minimax polynomial fits for the coefficient generators of the
data modules (``_i0_data.py``, ``_gammaln_data.py``); needs mpmath, which
only the generators import (run as ``python -m cupyx.scipy.special.
_i0_data`` and so on), never the library.

The fit is a weighted least-squares polynomial on Chebyshev points of the
interval, its weights updated round by round with Lawson's rule (each
point's weight grows with its error) towards the minimax solution, in
50-digit arithmetic; the round with the smallest maximum error is kept.
The error is relative to ``weight(x)`` (the function itself unless
given).
"""


def chebyshev_points(mp, lo, hi, n):
    a, b = mp.mpf(lo), mp.mpf(hi)
    return [(a + b) / 2 + (b - a) / 2 *
            mp.cos(mp.pi * (k + mp.mpf(1) / 2) / n) for k in range(n)]


def poly_fit(f, lo, hi, degree, weight=None, rounds=30):
    """(max weighted error, coefficients from the constant up) of the
    polynomial of `degree` closest to f on [lo, hi]."""
    import mpmath as mp
    mp.mp.dps = 50
    n = 4 * (degree + 1) + 40
    xs = chebyshev_points(mp, lo, hi, n)
    ys = [f(x) for x in xs]
    scale = [1 / abs(weight(x) if weight else y) for x, y in zip(xs, ys)]
    lawson = [mp.mpf(1)] * n
    best = None
    for _ in range(rounds):
        a = mp.matrix(n, degree + 1)
        rhs = mp.matrix(n, 1)
        for i, x in enumerate(xs):
            w = scale[i] * lawson[i]
            for j in range(degree + 1):
                a[i, j] = w * x ** j
            rhs[i] = w * ys[i]
        sol = mp.qr_solve(a, rhs)[0]
        c = [sol[j] for j in range(degree + 1)]
        err = [scale[i] * (mp.polyval(c[::-1], x) - ys[i])
               for i, x in enumerate(xs)]
        worst = max(abs(e) for e in err)
        if best is None or worst < best[0]:
            best = (worst, c)
        total = sum(lawson[i] * abs(err[i]) for i in range(n))
        lawson = [lawson[i] * abs(err[i]) / total * n + mp.mpf('1e-40')
                  for i in range(n)]
    return best


def horner_order(coefs, unit=1):
    """Coefficients from the constant up, for a variable scaled by
    `unit` (fitted in u = v / unit), as floats from the highest degree
    (the order of ``_poly.polevl``)."""
    return tuple(float(c / unit ** j) for j, c in enumerate(coefs))[::-1]
