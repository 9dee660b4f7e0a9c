"""CUDA C of the complex inverse trigonometric and hyperbolic functions
(the F->F and D->D loops of arcsin, arccos, arctan, arcsinh, arccosh,
arctanh), appended to the prelude (ops/_prelude.py).  NumPy takes them
from the C library (glibc's casin ...); CUDA has none.

Computed in double (complex64 rounds the double result once):
- arcsin/arccos after T. E. Hull, T. F. Fairgrieve and P. T. P. Tang,
  "Implementing the complex arcsine and arccosine functions using
  exception handling", ACM TOMS 23 (1997): for x, y >= 0, A = (|z + 1| +
  |z - 1|)/2, B = x / A; Re asin = asin B and Re acos = acos B where
  B <= 0.6417, else atan forms of A^2 - x^2 written without its
  cancellation; Im = log(A + sqrt(A^2 - 1)), log1p of A - 1 (from exact
  differences) where A <= 1.5; beyond 1e150 (A^2 would overflow) Re from
  atan2 and Im = log|z| + log 2;
- arctanh: Re = log1p(4x / ((1 - x)^2 + y^2)) / 4, Im = atan2(2y,
  (1 - x)(1 + x) - y^2) / 2 (W. Kahan, "Branch cuts for complex
  elementary functions", 1987), x / |z|^2 and pi/2 beyond 1e150;
- the others by the identities asinh z = -i asin(iz), atan z =
  -i atanh(iz), acosh z = |Im acos z| + i sign(y) Re acos z, and the
  parts' symmetries (signed zeros follow the argument's).
Non-finite arguments: these formulas' NaN/inf, not C99 Annex G's special
values (as the provider's other complex functions, TODO.md)."""

CATRIG = r'''
/* x, y >= 0: Re asin, Re acos and Im asin (Hull et al. 1997) */
__device__ inline void casin_q_(double x, double y, double& ras,
                                double& rac, double& im) {
    if (x > 1e150 || y > 1e150) {
        ras = atan2(x, y); rac = atan2(y, x);
        im = log(hypot(x, y)) + 0.6931471805599453094172321214581766;
        return; }
    double r = hypot(x + 1.0, y), s = hypot(x - 1.0, y);
    double a = 0.5 * (r + s), b = x / a, y2 = y * y;
    if (b <= 0.6417) { ras = asin(b); rac = acos(b); }
    else {
        double d;       /* sqrt(A^2 - x^2) */
        if (x <= 1.0)
            d = sqrt(0.5 * (a + x) * (y2 / (r + (x + 1.0)) + (s + (1.0 - x))));
        else
            d = y * sqrt(0.5 * ((a + x) / (r + (x + 1.0)) +
                                (a + x) / (s + (x - 1.0))));
        ras = atan(x / d); rac = atan(d / x); }
    if (a <= 1.5) {
        double am1 = x < 1.0
            ? 0.5 * (y2 / (r + (x + 1.0)) + y2 / (s + (1.0 - x)))
            : 0.5 * (y2 / (r + (x + 1.0)) + (s + (x - 1.0)));
        im = log1p(am1 + sqrt(am1 * (a + 1.0)));
    } else im = log(a + sqrt(a * a - 1.0));
}
/* x, y >= 0: atanh (Kahan) */
__device__ inline void catanh_q_(double x, double y, double& re,
                                 double& im) {
    const double pio2 = 1.5707963267948966192313216916397514;
    if (x > 1e150 || y > 1e150) {
        double h = hypot(x, y);
        re = isinf(h) ? 0.0 : (x / h) / h; im = pio2; return; }
    if (x == 1.0 && y == 0.0) { re = __longlong_as_double(
        0x7ff0000000000000LL); im = 0.0; return; }
    double u = 1.0 - x;
    re = 0.25 * log1p(4.0 * x / (u * u + y * y));
    im = 0.5 * atan2(2.0 * y, u * (1.0 + x) - y * y);
}
template<class T> __device__ inline cpx<T> casin_(cpx<T> z) {
    double x = z.re, y = z.im, ras, rac, im;
    casin_q_(fabs(x), fabs(y), ras, rac, im);
    return mk(T(copysign(ras, x)), T(copysign(im, y))); }
__device__ inline double cacos_re_(double x, double rac) {
    const double pi = 3.1415926535897932384626433832795029;
    return signbit(x) ? pi - rac : rac; }
template<class T> __device__ inline cpx<T> cacos_(cpx<T> z) {
    double x = z.re, y = z.im, ras, rac, im;
    casin_q_(fabs(x), fabs(y), ras, rac, im);
    return mk(T(cacos_re_(x, rac)), T(copysign(im, -y))); }
template<class T> __device__ inline cpx<T> casinh_(cpx<T> z) {
    double x = z.re, y = z.im, ras, rac, im;
    casin_q_(fabs(y), fabs(x), ras, rac, im);
    return mk(T(copysign(im, x)), T(copysign(ras, y))); }
template<class T> __device__ inline cpx<T> cacosh_(cpx<T> z) {
    double x = z.re, y = z.im, ras, rac, im;
    casin_q_(fabs(x), fabs(y), ras, rac, im);
    return mk(T(im), T(copysign(cacos_re_(x, rac), y))); }
template<class T> __device__ inline cpx<T> catanh_(cpx<T> z) {
    double x = z.re, y = z.im, re, im;
    catanh_q_(fabs(x), fabs(y), re, im);
    return mk(T(copysign(re, x)), T(copysign(im, y))); }
template<class T> __device__ inline cpx<T> catan_(cpx<T> z) {
    double x = z.re, y = z.im, re, im;
    catanh_q_(fabs(y), fabs(x), re, im);
    return mk(T(copysign(im, x)), T(copysign(re, y))); }
'''
