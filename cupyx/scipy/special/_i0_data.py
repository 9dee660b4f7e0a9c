"""Polynomial approximations of the modified Bessel function I0 (i0,
i0e), fitted here (not copied) in place of Cephes' Chebyshev series of
30 and 25 terms (i0.c), which cost three whole-array steps a term in
Clenshaw's recurrence where Horner's rule costs two; the shape of the
forms is the one Boost's bessel_i0 uses (a power series in x^2 below the
split, exp(x) / sqrt(x) times a polynomial in 1/x beyond).

- |x| <= 8: I0(x) = 1 + a P(a), a = x^2 (SMALL, degree 14): max relative
  error of I0 9.2e-19 on [0, 8].
- |x| > 8: I0(x) = exp(x) / sqrt(x) G(8 / x) (LARGE, degree 22 in
  u = 8 / x in (0, 1]): max relative error of G 2.6e-17.
- The float32 loops (computed in float64 and rounded once) take degree 9
  forms: 2.9e-10 and 3.5e-11 relative, below 1/200 of a float32 ulp.

Computed by ``python -m cupyx.scipy.special._i0_data`` (needs mpmath):
``_minimax.poly_fit`` of (I0(sqrt(a)) - 1) / a, weighted by I0(sqrt(a)) /
a (the relative error of I0), in u = a / 64 on [0, 1], and of
I0(x) exp(-x) sqrt(x) relative, in u = 8 / x on [0, 1] (u = 0: its limit
1 / sqrt(2 pi)).  Coefficients from the highest degree.
"""

SPLIT = 8.0

SMALL = (
    8.559744734437807e-34, 4.202485503502042e-31, 3.932886499228581e-28,
    2.5902526421104096e-25, 1.4967725472092377e-22,
    7.242077463952082e-20, 2.896908778320361e-17, 9.385965836871796e-15,
    2.402807567095402e-12, 4.709502795207822e-10, 6.781684027909507e-08,
    6.781684027771897e-06, 0.0004340277777777928, 0.015624999999999981,
    0.25)
LARGE = (
    0.0003807515533700011, -0.004107723658379019, 0.020462728169735732,
    -0.06241905440107239, 0.13040289220511764, -0.19779168806707806,
    0.22539591688350566, -0.19709210282745354, 0.13395757846197587,
    -0.07126205017832285, 0.029733698108625257, -0.009706605490418537,
    0.0024613200915029063, -0.0004784379420689752,
    7.001952045820153e-05, -7.093010824921731e-06,
    1.415123002882887e-06, 2.7401200255572976e-06,
    1.0923926177175603e-05, 5.7069154850204015e-05,
    0.00043829107915534097, 0.006233473131277087, 0.39894228040143265)
SMALL_F32 = (
    1.3527617853049927e-19, 2.0024635899451008e-17,
    1.0056163401186073e-14, 2.3730195754819144e-12,
    4.717654303547133e-10, 6.780317064977276e-08, 6.781819039741774e-06,
    0.0004340270555272087, 0.01562500177841596, 0.24999999861591227)
LARGE_F32 = (
    -4.182836894967448e-06, 1.9226412807833196e-05,
    -3.285942471857473e-05, 3.1096509863182065e-05,
    -1.3029351787171703e-05, 1.5725215075812597e-05,
    5.6254608225322524e-05, 0.00043835992039651013,
    0.006233470902369606, 0.39894228041325475)


def _fit(small_degree, large_degree):
    import mpmath as mp
    from cupyx.scipy.special import _minimax

    def p(u):
        a = u * SPLIT * SPLIT
        return (mp.besseli(0, mp.sqrt(a)) - 1) / a if a else mp.mpf(1) / 4

    def w(u):
        a = u * SPLIT * SPLIT
        return mp.besseli(0, mp.sqrt(a)) / a if a else mp.mpf(1) / 4

    def g(u):
        if u == 0:
            return 1 / mp.sqrt(2 * mp.pi)
        x = SPLIT / u
        return mp.besseli(0, x) * mp.exp(-x) * mp.sqrt(x)

    e1, c1 = _minimax.poly_fit(p, 0, 1, small_degree, weight=w)
    e2, c2 = _minimax.poly_fit(g, 0, 1, large_degree)
    return (float(e1), _minimax.horner_order(c1, SPLIT * SPLIT),
            float(e2), _minimax.horner_order(c2))


if __name__ == '__main__':  # the generator (needs mpmath)
    for suffix, degrees in (('', (14, 22)), ('_F32', (9, 9))):
        e1, small, e2, large = _fit(*degrees)
        print('# max relative errors', e1, e2)
        print('SMALL{} = {!r}'.format(suffix, small))
        print('LARGE{} = {!r}'.format(suffix, large))
