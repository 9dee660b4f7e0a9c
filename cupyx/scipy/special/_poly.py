"""Polynomial and Chebyshev evaluation as whole-array steps (the Cephes
helpers polevl, p1evl and chbevl, Moshier 1989, "Methods and programs for
mathematical functions", section 4), one multiply-add per coefficient."""


def polevl(x, coefs):
    """sum coefs[i] * x**(n - i) by Horner's rule, highest degree first."""
    y = x * coefs[0] + coefs[1]
    for c in coefs[2:]:
        y = y * x + c
    return y


def p1evl(x, coefs):
    """polevl with an implicit leading coefficient 1."""
    y = x + coefs[0]
    for c in coefs[1:]:
        y = y * x + c
    return y


def chbevl(x, coefs):
    """The Chebyshev series sum' coefs[i] T_i(x / 2) in Clenshaw's
    recurrence, coefficients from the highest order (Cephes' order)."""
    b0 = x * 0.0 + coefs[0]
    b1 = x * 0.0
    b2 = b1
    for c in coefs[1:]:
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + c
    return 0.5 * (b0 - b2)
