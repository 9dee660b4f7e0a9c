"""The CUDA C++ every generated kernel starts with: storage and compute
types, conversions with NumPy's casting results, complex arithmetic, and
the helpers that give NumPy's edge semantics (ops/_ufuncs.py uses them).

No header is included, so NVRTC needs nothing from a toolkit: float16 is
stored as its 16 bits and converted with the PTX ``cvt`` instructions
(PTX ISA, "cvt"), complex numbers are a two-member struct with NumPy's
layout.  Math functions are CUDA's device library (the C++ overloads pick
the float versions for float arguments).
"""

from cupy_backends.cuda.ops import _catrig

# storage type of each NumPy dtype char
STORAGE = {
    '?': 'bool', 'b': 'signed char', 'B': 'unsigned char',
    'h': 'short', 'H': 'unsigned short', 'i': 'int', 'I': 'unsigned int',
    'l': 'long long', 'L': 'unsigned long long',
    'q': 'long long', 'Q': 'unsigned long long',
    'e': 'half_t', 'f': 'float', 'd': 'double',
    'F': 'cpx<float>', 'D': 'cpx<double>',
}
# the type expressions compute in (float16 computes in float, as NumPy's
# float16 loops do)
COMPUTE = dict(STORAGE, e='float')
CHARS = ''.join(STORAGE)


def type_class(char):
    """'b' bool, 'i' signed, 'u' unsigned, 'f' real float, 'c' complex."""
    if char == '?':
        return 'b'
    if char in 'bhilq':
        return 'i'
    if char in 'BHILQ':
        return 'u'
    if char in 'efd':
        return 'f'
    return 'c'


PRELUDE = r'''
typedef unsigned long long u64_t;
/* no <math.h> under NVRTC without a toolkit: the IEEE bit patterns */
#define INFINITY __int_as_float(0x7f800000)
#define NAN __int_as_float(0x7fffffff)
struct half_t { unsigned short x; };
template<class T> struct __align__(2 * sizeof(T)) cpx { T re, im; };

__device__ __forceinline__ float h2f(half_t h) {
    float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h.x)); return f; }
__device__ __forceinline__ half_t f2h(float f) {
    half_t h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h.x) : "f"(f)); return h; }
__device__ __forceinline__ half_t d2h(double d) {
    half_t h; asm("cvt.rn.f16.f64 %0, %1;" : "=h"(h.x) : "d"(d)); return h; }

/* conversions: conv<To>(x), NumPy's casts (to bool: != 0; complex to
   real: the real part) */
template<class O> struct tag {};
template<class C> __device__ __forceinline__ bool conv_(tag<bool>, C x) {
    return x != C(0); }
template<class T> __device__ __forceinline__ bool conv_(tag<bool>, cpx<T> x) {
    return x.re != T(0) || x.im != T(0); }
template<class T> struct is_real_ { static constexpr bool v = false; };
template<> struct is_real_<float> { static constexpr bool v = true; };
template<> struct is_real_<double> { static constexpr bool v = true; };
/* float -> integer as NumPy's C casts compile on x86-64: cvttsd2si into
   32 bits (int32 and the narrower types, truncated) or 64 bits (int64,
   uint32), whose out-of-range and NaN result is the "integer indefinite"
   INT_MIN (Intel SDM, CVTTSD2SI); uint64 subtracts 2^63 first above it
   (gcc's sequence).  A negative value thus wraps into an unsigned type,
   where CUDA's own conversions would saturate. */
__device__ __forceinline__ long long x86_i64(double x) {
    return (x >= -9223372036854775808.0 && x < 9223372036854775808.0)
        ? (long long)x : (long long)0x8000000000000000ULL; }
__device__ __forceinline__ int x86_i32(double x) {
    return (x > -2147483649.0 && x < 2147483648.0) ? (int)x
                                                    : (int)0x80000000u; }
template<class O> struct is_u64_ { static constexpr bool v = false; };
template<> struct is_u64_<unsigned long long> {
    static constexpr bool v = true; };
template<class O, class C> __device__ __forceinline__ O conv_(tag<O>, C x) {
    if constexpr (is_real_<C>::v && !is_real_<O>::v) {
        double d = (double)x;
        if constexpr (is_u64_<O>::v) {
            return d < 9223372036854775808.0
                ? (O)x86_i64(d)
                : (O)x86_i64(d - 9223372036854775808.0) ^ (O)1 << 63;
        } else if constexpr (sizeof(O) == 8 || (sizeof(O) == 4 &&
                                                O(-1) > O(0))) {
            return (O)x86_i64(d);
        } else {
            return (O)x86_i32(d);
        }
    } else {
        return (O)x;
    }
}
template<class O, class T> __device__ __forceinline__ O conv_(tag<O>,
                                                              cpx<T> x) {
    return conv_(tag<O>(), x.re); }
template<class C> __device__ __forceinline__ half_t conv_(tag<half_t>, C x) {
    return f2h((float)x); }
__device__ __forceinline__ half_t conv_(tag<half_t>, double x) {
    return d2h(x); }
template<class T> __device__ __forceinline__ half_t conv_(tag<half_t>,
                                                          cpx<T> x) {
    return conv_(tag<half_t>(), x.re); }
template<class T, class C> __device__ __forceinline__ cpx<T> conv_(
        tag<cpx<T> >, C x) {
    cpx<T> r; r.re = (T)x; r.im = T(0); return r; }
template<class T, class U> __device__ __forceinline__ cpx<T> conv_(
        tag<cpx<T> >, cpx<U> x) {
    cpx<T> r; r.re = (T)x.re; r.im = (T)x.im; return r; }
template<class O> __device__ __forceinline__ O conv_(tag<O>, half_t x) {
    return conv_(tag<O>(), h2f(x)); }
template<class T> __device__ __forceinline__ cpx<T> conv_(tag<cpx<T> >,
                                                          half_t x) {
    cpx<T> r; r.re = (T)h2f(x); r.im = T(0); return r; }
__device__ __forceinline__ half_t conv_(tag<half_t>, half_t x) { return x; }
__device__ __forceinline__ bool conv_(tag<bool>, half_t x) {
    return h2f(x) != 0.0f; }
template<class O, class X> __device__ __forceinline__ O conv(X x) {
    return conv_(tag<O>(), x); }

/* complex arithmetic */
__device__ __forceinline__ float mul_rn(float a, float b) {
    return __fmul_rn(a, b); }
__device__ __forceinline__ double mul_rn(double a, double b) {
    return __dmul_rn(a, b); }
template<class T> __device__ __forceinline__ cpx<T> mk(T re, T im) {
    cpx<T> r; r.re = re; r.im = im; return r; }
template<class T> __device__ __forceinline__ cpx<T> operator+(cpx<T> a,
                                                              cpx<T> b) {
    return mk(a.re + b.re, a.im + b.im); }
template<class T> __device__ __forceinline__ cpx<T> operator-(cpx<T> a,
                                                              cpx<T> b) {
    return mk(a.re - b.re, a.im - b.im); }
template<class T> __device__ __forceinline__ cpx<T> operator-(cpx<T> a) {
    return mk(-a.re, -a.im); }
template<class T> __device__ __forceinline__ cpx<T> operator*(cpx<T> a,
                                                              cpx<T> b) {
    /* NumPy's SIMD loops on x86-64 with FMA (its builds for AVX2 and
       AVX-512 hosts): re = fma(ar, br, -(ai bi)), im = fma(ar, bi, ai br),
       bit for bit (checked against NumPy 2.4 on an AVX-512 host); NVRTC's
       own contraction may fuse the other product */
    return mk(fma(a.re, b.re, -mul_rn(a.im, b.im)),
              fma(a.re, b.im, mul_rn(a.im, b.re))); }
/* Smith's algorithm, as NumPy's complex division (umath loops) */
template<class T> __device__ __forceinline__ cpx<T> operator/(cpx<T> a,
                                                              cpx<T> b) {
    T abr = fabs(b.re), abi = fabs(b.im);
    if (abr >= abi) {
        if (abr == T(0) && abi == T(0)) {
            return mk(a.re / abr, a.im / abi);
        }
        T rat = b.im / b.re, scl = T(1) / (b.re + b.im * rat);
        return mk((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);
    }
    T rat = b.re / b.im, scl = T(1) / (b.im + b.re * rat);
    return mk((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);
}
template<class T> __device__ __forceinline__ bool operator==(cpx<T> a,
                                                             cpx<T> b) {
    return a.re == b.re && a.im == b.im; }
template<class T> __device__ __forceinline__ bool operator!=(cpx<T> a,
                                                             cpx<T> b) {
    return !(a == b); }
/* NumPy orders complex numbers lexicographically (real, then imag) */
template<class T> __device__ __forceinline__ bool operator<(cpx<T> a,
                                                            cpx<T> b) {
    return a.re < b.re ? (a.im == a.im && b.im == b.im)
                       : (a.re == b.re && a.im < b.im); }
template<class T> __device__ __forceinline__ bool operator>(cpx<T> a,
                                                            cpx<T> b) {
    return b < a; }
template<class T> __device__ __forceinline__ bool operator<=(cpx<T> a,
                                                             cpx<T> b) {
    return a.re < b.re ? (a.im == a.im && b.im == b.im)
                       : (a.re == b.re && a.im <= b.im); }
template<class T> __device__ __forceinline__ bool operator>=(cpx<T> a,
                                                             cpx<T> b) {
    return b <= a; }
template<class T> __device__ __forceinline__ T cabs_(cpx<T> a) {
    return hypot(a.re, a.im); }
template<class T> __device__ __forceinline__ bool isnan_(cpx<T> a) {
    return isnan(a.re) || isnan(a.im); }
template<class T> __device__ __forceinline__ bool isnan_(T a) {
    return a != a; }
template<class T> __device__ __forceinline__ cpx<T> cexp_(cpx<T> a) {
    T e = exp(a.re);
    if (a.im == T(0)) return mk(e, a.im);
    return mk(e * cos(a.im), e * sin(a.im)); }
/* log|z| as glibc's clog (NumPy's complex log) computes it: where |z| is
   near 1 (glibc's regions: max(|x|, |y|) in [0.5, 1) with |z|^2 >= 1/2,
   or in [1, 2) with min(|x|, |y|) < 1), log1p(x^2 + y^2 - 1) / 2;
   log(hypot) there loses what lies below the rounding of |z| (log|1 -
   1e-8i| is 5e-17, not 0).  x^2 + y^2 - 1 from exact terms: a^2 - 1 =
   (a - 1)(A + Ae) with a - 1 exact (Sterbenz) and A + Ae = a + 1 (Ae 0
   or half an ulp of A, so (a - 1) Ae is exact), the products split by
   fma, summed by Sum2 (Ogita, Rump and Oishi, 2005).  Checked on the
   host against glibc's clog: within 3 ulp, also where it cancels. */
template<class T> __device__ __forceinline__ T two_sum_(T a, T b, T& e) {
    T s = a + b, v = s - a; e = (a - (s - v)) + (b - v); return s; }
template<class T> __device__ __forceinline__ T clogabs_(T re, T im) {
    T h = hypot(re, im), x = fabs(re), y = fabs(im);
    T a = x > y ? x : y, b = x > y ? y : x;
    if (!((a >= T(0.5) && a < T(1) && h >= T(0.70710678118654752)) ||
          (a >= T(1) && a < T(2) && b < T(1))))
        return log(h);               /* also NaN and infinities */
    /* mul_rn: products rounded alone (no contraction with a sum) */
    T am = a - T(1), e, c = T(0);
    T A = two_sum_(a, T(1), e);
    T m = mul_rn(am, A), me = fma(am, A, -m), k = mul_rn(am, e);
    T q = mul_rn(b, b), qe = fma(b, b, -q);
    T s = two_sum_(m, q, e); c += e;
    s = two_sum_(s, me, e); c += e;
    s = two_sum_(s, k, e); c += e;
    s = two_sum_(s, qe, e); c += e;
    return T(0.5) * log1p(s + c);
}
template<class T> __device__ __forceinline__ cpx<T> clog_(cpx<T> a) {
    return mk(clogabs_(a.re, a.im), atan2(a.im, a.re)); }
template<class T> __device__ __forceinline__ cpx<T> csqrt_(cpx<T> a) {
    /* the principal root; branch cut along the negative real axis */
    if (a.re == T(0) && a.im == T(0)) return mk(T(0), a.im);
    if (isinf(a.im)) return mk(T(INFINITY), a.im);
    if (isnan(a.re)) return mk(a.re, a.im == a.im ? a.re : a.im);
    if (isinf(a.re)) {
        if (a.re > 0) return mk(a.re, a.im == a.im ? copysign(T(0), a.im)
                                                   : a.im);
        return mk(a.im == a.im ? T(0) : fabs(a.im), copysign(-a.re, a.im));
    }
    T t = sqrt((fabs(a.re) + hypot(a.re, a.im)) * T(0.5));
    if (a.re >= T(0)) return mk(t, a.im / (2 * t));
    return mk(fabs(a.im) / (2 * t), copysign(t, a.im));
}
template<class T> __device__ __forceinline__ cpx<T> csin_(cpx<T> a) {
    return mk(sin(a.re) * cosh(a.im), cos(a.re) * sinh(a.im)); }
template<class T> __device__ __forceinline__ cpx<T> ccos_(cpx<T> a) {
    return mk(cos(a.re) * cosh(a.im), -sin(a.re) * sinh(a.im)); }
template<class T> __device__ __forceinline__ cpx<T> csinh_(cpx<T> a) {
    return mk(sinh(a.re) * cos(a.im), cosh(a.re) * sin(a.im)); }
template<class T> __device__ __forceinline__ cpx<T> ccosh_(cpx<T> a) {
    return mk(cosh(a.re) * cos(a.im), sinh(a.re) * sin(a.im)); }
/* NumPy 2's complex sign: z / |z|, 0 at 0, NaN where a part is NaN; an
   infinite part gives its sign (both infinite: NaN) */
template<class T> __device__ __forceinline__ cpx<T> csign_(cpx<T> a) {
    T m = hypot(a.re, a.im);
    if (isnan(m)) return mk(T(NAN), T(NAN));
    if (isinf(m)) {
        if (isinf(a.re))
            return isinf(a.im) ? mk(T(NAN), T(NAN))
                               : mk(copysign(T(1), a.re), T(0));
        return mk(T(0), copysign(T(1), a.im));
    }
    if (m == T(0)) return mk(T(0), T(0));
    return mk(a.re / m, a.im / m); }
/* NumPy's complex exp2, log2 and log10 (npymath's nc_exp2 / nc_log2 /
   nc_log10): exp of z ln 2; log z times log2(e) or log10(e), per part */
template<class T> __device__ __forceinline__ cpx<T> cexp2_(cpx<T> a) {
    const T l = T(0.693147180559945309417232121458176568);
    return cexp_(mk(mul_rn(a.re, l), mul_rn(a.im, l))); }
template<class T> __device__ __forceinline__ cpx<T> clogk_(cpx<T> a, T k) {
    cpx<T> r = clog_(a);
    return mk(mul_rn(r.re, k), mul_rn(r.im, k)); }
template<class T> __device__ __forceinline__ cpx<T> clog2_(cpx<T> a) {
    return clogk_(a, T(1.442695040888963407359924681001892137)); }
template<class T> __device__ __forceinline__ cpx<T> clog10_(cpx<T> a) {
    return clogk_(a, T(0.434294481903251827651128918916605082)); }
/* bit count of |a| (NumPy's bitwise_count of signed integers) */
template<class T> __device__ __forceinline__ unsigned char ipopcount(T a) {
    u64_t u = (u64_t)(long long)a;
    if (a < T(0)) u = (u64_t)0 - u;
    return (unsigned char)__popcll(u); }
__device__ __forceinline__ unsigned char ipopcount(u64_t a) {
    return (unsigned char)__popcll(a); }
/* a product with each term rounded alone, as npymath's and the C
   library's complex functions compute it (NumPy's multiply loop fuses) */
template<class T> __device__ __forceinline__ cpx<T> cmul_rn(cpx<T> a,
                                                            cpx<T> b) {
    return mk(mul_rn(a.re, b.re) - mul_rn(a.im, b.im),
              mul_rn(a.re, b.im) + mul_rn(a.im, b.re)); }
template<class T> __device__ __forceinline__ cpx<T> cpow_(cpx<T> a,
                                                          cpx<T> b) {
    /* NumPy: x**0 is 1, 0**y is 0 for Re y > 0 (NumPy 2.x's npy_cpow:
       whatever Im y is), small integer powers by repeated multiplication */
    if (b.re == T(0) && b.im == T(0)) return mk(T(1), T(0));
    if (a.re == T(0) && a.im == T(0)) {
        if (b.re > T(0)) return mk(T(0), T(0));
        return mk(T(NAN), T(NAN));
    }
    if (b.im == T(0) && b.re == floor(b.re) && fabs(b.re) < T(100)) {
        int n = (int)b.re, m = n < 0 ? -n : n;
        /* npy_cpow: 1, 2 and 3 without the product with 1 (which makes
           NaN of an infinite part) */
        if (n == 1) return a;
        if (n == 2) return cmul_rn(a, a);
        if (n == 3) return cmul_rn(cmul_rn(a, a), a);
        cpx<T> r = mk(T(1), T(0)), p = a;
        while (m) {
            if (m & 1) r = cmul_rn(r, p);
            p = cmul_rn(p, p);
            m >>= 1;
        }
        return n < 0 ? mk(T(1), T(0)) / r : r;
    }
    /* exp(b log a) with b log a rounded term by term: NumPy's cpow (the C
       library's), bit for bit against NumPy 2.4 (complex64 and
       complex128) on the host */
    return cexp_(cmul_rn(b, clog_(a)));
}

/* integers: NumPy's floor division and remainder (0 for a zero divisor;
   MIN // -1 wraps to MIN) */
template<class T> __device__ __forceinline__ T ifloordiv(T a, T b) {
    if (b == T(0)) return T(0);
    if (T(-1) < T(0) && b == T(-1)) return (T)(T(0) - (u64_t)a);
    T q = a / b;
    if (T(-1) < T(0) && (a % b != T(0)) && ((a < T(0)) != (b < T(0))))
        q = q - T(1);
    return q;
}
template<class T> __device__ __forceinline__ T iremainder(T a, T b) {
    if (b == T(0) || (T(-1) < T(0) && b == T(-1))) return T(0);
    T r = a % b;
    if (T(-1) < T(0) && r != T(0) && ((r < T(0)) != (b < T(0)))) r += b;
    return r;
}
template<class T> __device__ __forceinline__ T ifmod(T a, T b) {
    if (b == T(0) || (T(-1) < T(0) && b == T(-1))) return T(0);
    return a % b;
}
template<class T> __device__ __forceinline__ T ipow(T a, T b) {
    if (T(-1) < T(0) && b < T(0)) {
        if (a == T(1)) return T(1);
        if (a == T(-1)) return (b & T(1)) ? T(-1) : T(1);
        return T(0);
    }
    T r = T(1);
    while (b) { if (b & T(1)) r = (T)(r * a); a = (T)(a * a); b >>= 1; }
    return r;
}
template<class T> __device__ __forceinline__ T ilshift(T a, T b) {
    return (b < T(0) || (u64_t)b >= sizeof(T) * 8) ? T(0)
                                                    : (T)((u64_t)a << b); }
template<class T> __device__ __forceinline__ T irshift(T a, T b) {
    if (b < T(0) || (u64_t)b >= sizeof(T) * 8) return a < T(0) ? T(-1) : T(0);
    return a >> b; }
template<class T> __device__ __forceinline__ T igcd(T a, T b) {
    a = a < T(0) ? T(0) - a : a; b = b < T(0) ? T(0) - b : b;
    while (b != T(0)) { T t = a % b; a = b; b = t; }
    return a; }
template<class T> __device__ __forceinline__ T ilcm(T a, T b) {
    T g = igcd(a, b);
    if (g == T(0)) return T(0);
    T r = a / g * b;
    return r < T(0) ? T(0) - r : r; }

/* floats: NumPy's floor division and remainder (npy_divmod) */
template<class T> __device__ __forceinline__ T ffloordiv(T a, T b) {
    if (b == T(0)) return a / b;
    T mod = fmod(a, b);
    T div = (a - mod) / b;
    if (mod != T(0) && ((b < T(0)) != (mod < T(0)))) div -= T(1);
    T fl;
    if (div != T(0)) {
        fl = floor(div);
        if (div - fl > T(0.5)) fl += T(1);
    } else {
        fl = copysign(T(0), a / b);
    }
    return fl;
}
template<class T> __device__ __forceinline__ T fremainder(T a, T b) {
    if (b == T(0)) return fmod(a, b);
    T mod = fmod(a, b);
    if (mod != T(0)) {
        if ((b < T(0)) != (mod < T(0))) mod += b;
    } else {
        mod = copysign(T(0), b);
    }
    return mod;
}
template<class T> __device__ __forceinline__ T imax_(T a, T b) {
    return a > b ? a : b; }
template<class T> __device__ __forceinline__ T imin_(T a, T b) {
    return a < b ? a : b; }
/* maximum/minimum propagate NaN; fmax/fmin ignore it (umath loops) */
template<class T> __device__ __forceinline__ T fmaximum(T a, T b) {
    return (a >= b || isnan_(a)) ? a : b; }
template<class T> __device__ __forceinline__ T fminimum(T a, T b) {
    return (a <= b || isnan_(a)) ? a : b; }
template<class T> __device__ __forceinline__ T ffmax(T a, T b) {
    return (a >= b || isnan_(b)) ? a : b; }
template<class T> __device__ __forceinline__ T ffmin(T a, T b) {
    return (a <= b || isnan_(b)) ? a : b; }
template<class T> __device__ __forceinline__ T fsign(T a) {
    return a > T(0) ? T(1) : (a < T(0) ? T(-1) : (a == T(0) ? T(0) : a)); }
template<class T> __device__ __forceinline__ T fheaviside(T a, T b) {
    return isnan(a) ? a : (a < T(0) ? T(0) : (a == T(0) ? b : T(1))); }
template<class T> __device__ __forceinline__ T flogaddexp(T a, T b) {
    if (a == b) return a + T(0.693147180559945309417232121458176568);
    T t = a - b;
    if (t > T(0)) return a + log1p(exp(-t));
    if (t <= T(0)) return b + log1p(exp(t));
    return t;
}
template<class T> __device__ __forceinline__ T flogaddexp2(T a, T b) {
    const T log2e = T(1.442695040888963407359924681001892137);
    if (a == b) return a + T(1);
    T t = a - b;
    if (t > T(0)) return a + log1p(exp2(-t)) * log2e;
    if (t <= T(0)) return b + log1p(exp2(t)) * log2e;
    return t;
}
template<class T> __device__ __forceinline__ T fnan_to_num(T a, double nan,
                                                           double pinf,
                                                           double ninf) {
    if (isnan(a)) return (T)nan;
    if (isinf(a)) return a > T(0) ? (T)pinf : (T)ninf;
    return a;
}
template<class T> __device__ __forceinline__ T fspacing(T a) {
    if (isinf(a)) return T(NAN);
    return nextafter(a, copysign(T(INFINITY), a)) - a; }
/* float16 (computed in float): the neighbour in float16's own grid */
__device__ __forceinline__ float hnextafter(float a, float b) {
    if (isnan(a) || isnan(b)) return a + b;
    if (a == b) return b;
    half_t h;
    if (a == 0.0f) { h.x = b > 0.0f ? 0x0001 : 0x8001; return h2f(h); }
    h = f2h(a);
    if ((a < b) == (a > 0.0f)) h.x += 1; else h.x -= 1;
    return h2f(h);
}
/* NumPy's float16 spacing steps towards +inf whatever the sign (its
   float32/float64 spacing steps away from zero) */
__device__ __forceinline__ float hspacing(float a) {
    if (isinf(a)) return NAN;
    if (isnan(a)) return a;
    return hnextafter(a, INFINITY) - a; }
/* Correctly rounded float64 pow (NumPy's power is glibc's pow, which
   rounds correctly in practice; CUDA's pow is within 2 ulp, so e.g.
   10**log10(3) lands below 3 and truncates to 2 in geomspace to
   integers).  Double-double arithmetic (Dekker; Knuth's two-sum):
   exp of a double-double by k ln2 + r, r / 2^10 through a degree-8
   Taylor polynomial and 10 squarings; log(a) by one Newton step from
   CUDA's log, y + log(a e^-y); a^b = exp(b log a): relative error about
   1e-29 before the final rounding. */
struct ddt { double hi, lo; };
__device__ __forceinline__ ddt dd_two_sum(double a, double b) {
    double s = a + b, v = s - a;
    ddt r = {s, (a - (s - v)) + (b - v)}; return r; }
__device__ __forceinline__ ddt dd_quick(double a, double b) {
    double s = a + b; ddt r = {s, b - (s - a)}; return r; }
__device__ __forceinline__ ddt dd_mul_d(ddt a, double b) {
    double p = __dmul_rn(a.hi, b);
    double e = __fma_rn(a.lo, b, __fma_rn(a.hi, b, -p));
    return dd_quick(p, e); }
__device__ __forceinline__ ddt dd_mul(ddt a, ddt b) {
    double p = __dmul_rn(a.hi, b.hi);
    double e = __fma_rn(a.hi, b.hi, -p);
    e = __fma_rn(a.lo, b.hi, __fma_rn(a.hi, b.lo, e));
    return dd_quick(p, e); }
__device__ __forceinline__ ddt dd_add(ddt a, ddt b) {
    ddt s = dd_two_sum(a.hi, b.hi), t = dd_two_sum(a.lo, b.lo);
    s = dd_quick(s.hi, s.lo + t.hi);
    return dd_quick(s.hi, s.lo + t.lo); }
/* ln 2 and 1/k! as double-doubles (exact to 2^-106) */
#define DD_LN2_HI 0x1.62e42fefa39efp-1
#define DD_LN2_LO 0x1.abc9e3b39803fp-56
__device__ __forceinline__ ddt dd_exp(ddt x) {
    const double ch[9] = {1.0, 1.0, 0.5, 0.16666666666666666,
        0.041666666666666664, 0.008333333333333333, 0.001388888888888889,
        0.0001984126984126984, 2.48015873015873e-05};
    const double cl[9] = {0.0, 0.0, 0.0, 9.25185853854297e-18,
        2.3129646346357427e-18, 1.1564823173178714e-19,
        -5.300543954373577e-20, 1.7209558293420705e-22,
        2.1511947866775882e-23};
    double k = rint(x.hi * 1.4426950408889634);
    ddt ln2 = {DD_LN2_HI, DD_LN2_LO};
    ddt r = dd_add(x, dd_mul_d(ln2, -k));
    ddt s = {r.hi * 0x1p-10, r.lo * 0x1p-10};
    ddt q = {ch[8], cl[8]};
    for (int j = 7; j >= 1; --j) {
        ddt c = {ch[j], cl[j]};
        q = dd_add(dd_mul(q, s), c);
    }
    ddt e = dd_mul(q, s);                 /* e^s - 1 */
    for (int j = 0; j < 10; ++j)          /* (1 + e)^2 - 1 = 2e + e^2 */
        e = dd_add(dd_mul_d(e, 2.0), dd_mul(e, e));
    ddt one = {1.0, 0.0};
    ddt v = dd_add(one, e);
    int ki = (int)k;
    ddt out = {scalbn(v.hi, ki), scalbn(v.lo, ki)};
    return out;
}
__device__ __forceinline__ ddt dd_log(double a) {
    /* a > 0, finite */
    int adj = 0;
    if (a < 2.2250738585072014e-308) { a *= 0x1p54; adj = 54; }
    double y = log(a);
    ddt my = {-y, 0.0};
    ddt u = dd_mul_d(dd_exp(my), a);      /* a e^-y = 1 + d */
    double d = (u.hi - 1.0) + u.lo;
    ddt r = dd_two_sum(y, d - 0.5 * d * d);
    if (adj) {
        ddt ln2 = {DD_LN2_HI, DD_LN2_LO};
        r = dd_add(r, dd_mul_d(ln2, -(double)adj));
    }
    return r;
}
/* r: CUDA's pow(a, b), right in every special case (signs, zeros,
   infinities, NaN, negative bases); refined where it is a normal number
   of a finite nonzero base, exponent and result */
__device__ __forceinline__ double dpow_cr(double a, double b, double r) {
    if (!(fabs(r) >= 2.2250738585072014e-308 && fabs(r) < INFINITY) ||
            a == 0.0 || !isfinite(a) || !isfinite(b))
        return r;
    ddt p = dd_mul_d(dd_log(fabs(a)), b);
    if (!(p.hi > -708.0 && p.hi < 709.0)) return r;
    return copysign(dd_exp(p).hi, r);
}
/* pow with glibc's results where CUDA's pow (2 ulp) may miss them: x**1,
   x**2, x**-1, x**0.5 and integer powers of integers below 2**52 exactly
   (products); float64 otherwise correctly rounded (dpow_cr), float32
   (and float16) through CUDA's float64 pow, rounded once */
template<class T> __device__ __forceinline__ T fpow(T a, T b) {
    if (b == T(1)) return a;
    if (b == T(2)) return a * a;
    if (b == T(-1)) return T(1) / a;
    if (b == T(0.5) && a > T(0)) return sqrt(a);
    if constexpr (sizeof(T) != 8) {
        return (T)pow((double)a, (double)b);
    } else {
        T r = pow(a, b);
        if (b == floor(b) && fabs(b) <= T(64) && a == floor(a) &&
                fabs(r) < T(4503599627370496.0) && fabs(r) > T(0)) {
            int m = (int)fabs(b);
            T x = T(1), p = a;
            while (m) { if (m & 1) x = x * p; p = p * p; m >>= 1; }
            return b < T(0) ? T(1) / x : x;
        }
        return dpow_cr(a, b, r);
    }
}
/* power by a host scalar exponent: NumPy's fast path (ops/_ufuncs.py) */
template<class T> __device__ __forceinline__ T fpow_s(T a, T b) {
    if (b == T(-1)) return T(1) / a;
    if (b == T(0)) return T(1);
    if (b == T(0.5)) return sqrt(a);
    if (b == T(1)) return a;
    if (b == T(2)) return a * a;
    return fpow(a, b);
}
'''

# the complex inverse trigonometric and hyperbolic functions (their own
# file: ops/_catrig.py)
PRELUDE += _catrig.CATRIG
