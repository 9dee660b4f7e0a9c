"""The CUDA C++ header every user kernel (ElementwiseKernel,
ReductionKernel, RawKernel, RawModule) is compiled with on the CUDA
backend: the types and names CuPy's kernels are written against.

- ``float16``: 16-bit storage, computes as float (an implicit conversion
  each way, so ``x * 2`` is a float expression and assigning it back
  rounds to half, as CuPy's float16 class does);
- ``complex<T>`` (also ``thrust::complex<T>``): NumPy's layout (real,
  imag), arithmetic with complex and real operands, ``real``/``imag``/
  ``abs``/``arg``/``conj``/``norm``/``exp``/``log``/``sqrt``/``pow``/
  ``sin``/``cos``...;
- ``CArray<T, ndim, c_contiguous, use_32bit>``: a view passed by value
  (data, size, shape, byte strides; CuPy's member order), indexed by a
  flat C-order index or an index array; ``CIndexer<ndim>``: the loop
  shape and the current index (``set(i)``/``get()``/``size()``);
- ``CUPY_FOR(i, n)``: the grid-stride loop; ``M_PI``, ``INFINITY``,
  ``NAN``.

Written for NVRTC with no toolkit headers (none are shipped with the
build): half conversions are the PTX ``cvt`` instructions (PTX ISA,
"cvt"), the math functions CUDA's device library.
"""

from cupy_backends.cuda.ops._prelude import STORAGE

HEADER = r'''
#ifndef CUPY_USER_KERNEL_HEADER
#define CUPY_USER_KERNEL_HEADER
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif
#define CUPY_FOR(i, n) \
    for (ptrdiff_t i = (ptrdiff_t)blockIdx.x * blockDim.x + threadIdx.x; \
         i < (n); i += (ptrdiff_t)blockDim.x * gridDim.x)

/* std::conditional without <type_traits>: the index type of 32-bit or
   64-bit index arithmetic */
template<bool use32> struct std_conditional_ { typedef long long type; };
template<> struct std_conditional_<true> { typedef int type; };

class float16 {
  unsigned short x_;
 public:
  __device__ float16() : x_(0) {}
  __device__ float16(float f) {
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(x_) : "f"(f)); }
  __device__ float16(double d) {
    asm("cvt.rn.f16.f64 %0, %1;" : "=h"(x_) : "d"(d)); }
  __device__ float16(int v) : float16((float)v) {}
  __device__ float16(unsigned int v) : float16((float)v) {}
  __device__ float16(long long v) : float16((float)v) {}
  __device__ float16(unsigned long long v) : float16((float)v) {}
  __device__ float16(bool v) : float16(v ? 1.0f : 0.0f) {}
  __device__ operator float() const {
    float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(x_)); return f; }
  static __device__ float16 from_bits(unsigned short b) {
    float16 h; h.x_ = b; return h; }
  __device__ unsigned short bits() const { return x_; }
  __device__ float16& operator+=(float v) { return *this = float(*this) + v; }
  __device__ float16& operator-=(float v) { return *this = float(*this) - v; }
  __device__ float16& operator*=(float v) { return *this = float(*this) * v; }
  __device__ float16& operator/=(float v) { return *this = float(*this) / v; }
};
__device__ inline bool isnan(float16 h) { return isnan(float(h)); }
__device__ inline bool isinf(float16 h) { return isinf(float(h)); }
__device__ inline bool isfinite(float16 h) { return isfinite(float(h)); }

namespace thrust {
template<class T> struct complex {
  T re_, im_;
  __device__ complex() : re_(0), im_(0) {}
  __device__ complex(T re) : re_(re), im_(0) {}
  __device__ complex(T re, T im) : re_(re), im_(im) {}
  template<class U> __device__ complex(const complex<U>& o)
      : re_((T)o.real()), im_((T)o.imag()) {}
  __device__ T real() const { return re_; }
  __device__ T imag() const { return im_; }
  __device__ void real(T v) { re_ = v; }
  __device__ void imag(T v) { im_ = v; }
  __device__ complex& operator+=(const complex& o) {
    re_ += o.re_; im_ += o.im_; return *this; }
  __device__ complex& operator-=(const complex& o) {
    re_ -= o.re_; im_ -= o.im_; return *this; }
  __device__ complex& operator*=(const complex& o) {
    return *this = *this * o; }
  __device__ complex& operator/=(const complex& o) {
    return *this = *this / o; }
  friend __device__ complex operator+(const complex& a, const complex& b) {
    return complex(a.re_ + b.re_, a.im_ + b.im_); }
  friend __device__ complex operator-(const complex& a, const complex& b) {
    return complex(a.re_ - b.re_, a.im_ - b.im_); }
  friend __device__ complex operator*(const complex& a, const complex& b) {
    return complex(a.re_ * b.re_ - a.im_ * b.im_,
                   a.re_ * b.im_ + a.im_ * b.re_); }
  /* Smith's algorithm: no overflow of |b|^2 for large b */
  friend __device__ complex operator/(const complex& a, const complex& b) {
    T ar = ::fabs(b.re_), ai = ::fabs(b.im_);
    if (ar >= ai) {
      T r = b.im_ / b.re_, s = T(1) / (b.re_ + b.im_ * r);
      return complex((a.re_ + a.im_ * r) * s, (a.im_ - a.re_ * r) * s);
    }
    T r = b.re_ / b.im_, s = T(1) / (b.im_ + b.re_ * r);
    return complex((a.re_ * r + a.im_) * s, (a.im_ * r - a.re_) * s);
  }
  friend __device__ complex operator-(const complex& a) {
    return complex(-a.re_, -a.im_); }
  friend __device__ complex operator+(const complex& a) { return a; }
  friend __device__ bool operator==(const complex& a, const complex& b) {
    return a.re_ == b.re_ && a.im_ == b.im_; }
  friend __device__ bool operator!=(const complex& a, const complex& b) {
    return !(a == b); }
};
/* mixed complex/real operands (the real one of the complex's type) */
#define CUPY_CPX_MIXED(op) \
  template<class T> __device__ complex<T> operator op(const complex<T>& a, \
                                                      T b) { \
    return a op complex<T>(b); } \
  template<class T> __device__ complex<T> operator op(T a, \
                                                      const complex<T>& b) { \
    return complex<T>(a) op b; }
CUPY_CPX_MIXED(+) CUPY_CPX_MIXED(-) CUPY_CPX_MIXED(*) CUPY_CPX_MIXED(/)
#undef CUPY_CPX_MIXED
template<class T> __device__ T real(const complex<T>& z) { return z.real(); }
template<class T> __device__ T imag(const complex<T>& z) { return z.imag(); }
template<class T> __device__ T abs(const complex<T>& z) {
  return ::hypot(z.real(), z.imag()); }
template<class T> __device__ T arg(const complex<T>& z) {
  return ::atan2(z.imag(), z.real()); }
template<class T> __device__ T norm(const complex<T>& z) {
  return z.real() * z.real() + z.imag() * z.imag(); }
template<class T> __device__ complex<T> conj(const complex<T>& z) {
  return complex<T>(z.real(), -z.imag()); }
template<class T> __device__ complex<T> polar(T r, T t = T(0)) {
  return complex<T>(r * ::cos(t), r * ::sin(t)); }
template<class T> __device__ complex<T> exp(const complex<T>& z) {
  T e = ::exp(z.real());
  if (z.imag() == T(0)) return complex<T>(e, z.imag());
  return complex<T>(e * ::cos(z.imag()), e * ::sin(z.imag())); }
template<class T> __device__ complex<T> log(const complex<T>& z) {
  return complex<T>(::log(abs(z)), arg(z)); }
template<class T> __device__ complex<T> log10(const complex<T>& z) {
  return log(z) / T(2.30258509299404568402); }
template<class T> __device__ complex<T> sqrt(const complex<T>& z) {
  /* principal root, branch cut on the negative real axis */
  T x = z.real(), y = z.imag();
  if (x == T(0) && y == T(0)) return complex<T>(T(0), y);
  T t = ::sqrt((::fabs(x) + ::hypot(x, y)) * T(0.5));
  if (x >= T(0)) return complex<T>(t, y / (2 * t));
  return complex<T>(::fabs(y) / (2 * t), ::copysign(t, y));
}
template<class T> __device__ complex<T> pow(const complex<T>& a,
                                            const complex<T>& b) {
  if (b.real() == T(0) && b.imag() == T(0)) return complex<T>(T(1));
  if (a.real() == T(0) && a.imag() == T(0) && b.imag() == T(0) &&
      b.real() > T(0)) return complex<T>(T(0));
  return exp(b * log(a)); }
template<class T> __device__ complex<T> pow(const complex<T>& a, T b) {
  return pow(a, complex<T>(b)); }
template<class T> __device__ complex<T> pow(T a, const complex<T>& b) {
  return pow(complex<T>(a), b); }
template<class T> __device__ complex<T> sin(const complex<T>& z) {
  return complex<T>(::sin(z.real()) * ::cosh(z.imag()),
                    ::cos(z.real()) * ::sinh(z.imag())); }
template<class T> __device__ complex<T> cos(const complex<T>& z) {
  return complex<T>(::cos(z.real()) * ::cosh(z.imag()),
                    -::sin(z.real()) * ::sinh(z.imag())); }
template<class T> __device__ complex<T> tan(const complex<T>& z) {
  return sin(z) / cos(z); }
template<class T> __device__ complex<T> sinh(const complex<T>& z) {
  return complex<T>(::sinh(z.real()) * ::cos(z.imag()),
                    ::cosh(z.real()) * ::sin(z.imag())); }
template<class T> __device__ complex<T> cosh(const complex<T>& z) {
  return complex<T>(::cosh(z.real()) * ::cos(z.imag()),
                    ::sinh(z.real()) * ::sin(z.imag())); }
template<class T> __device__ complex<T> tanh(const complex<T>& z) {
  return sinh(z) / cosh(z); }
template<class T> __device__ bool isnan(const complex<T>& z) {
  return ::isnan(z.real()) || ::isnan(z.imag()); }
template<class T> __device__ bool isinf(const complex<T>& z) {
  return ::isinf(z.real()) || ::isinf(z.imag()); }
template<class T> __device__ bool isfinite(const complex<T>& z) {
  return ::isfinite(z.real()) && ::isfinite(z.imag()); }
}  /* namespace thrust */
using thrust::complex;
using thrust::real;
using thrust::imag;
using thrust::conj;
using thrust::arg;
using thrust::norm;
using thrust::polar;
/* real arguments of real/imag/conj, as NumPy's functions take them */
__device__ inline float real(float x) { return x; }
__device__ inline double real(double x) { return x; }
__device__ inline float imag(float) { return 0.0f; }
__device__ inline double imag(double) { return 0.0; }

/* a view passed by value: CuPy's member order (data, size, shape,
   strides in bytes) */
template<class T, int ndim, bool c_contiguous = false,
         bool use_32bit_indexing = false>
class CArray {
 public:
  static const int ndim_ = ndim;
  typedef typename std_conditional_<use_32bit_indexing>::type index_t;
 private:
  T* data_;
  ptrdiff_t size_;
  ptrdiff_t shape_[ndim > 0 ? ndim : 1];
  ptrdiff_t strides_[ndim > 0 ? ndim : 1];
 public:
  __device__ ptrdiff_t size() const { return size_; }
  __device__ const ptrdiff_t* shape() const { return shape_; }
  __device__ const ptrdiff_t* strides() const { return strides_; }
  __device__ T* data() const { return data_; }
  /* by a flat C-order index over the view's shape */
  __device__ T& operator[](ptrdiff_t i) const {
    if (c_contiguous || ndim == 0) return data_[i];
    char* p = (char*)data_;
    index_t rem = (index_t)i;
    for (int d = ndim - 1; d > 0; d--) {
      index_t s = (index_t)shape_[d];
      index_t q = rem / s;
      p += (rem - q * s) * (index_t)strides_[d];
      rem = q;
    }
    if (ndim > 0) p += rem * (index_t)strides_[0];
    return *(T*)p;
  }
  /* by one index per dimension */
  template<class Int>
  __device__ T& operator[](const Int (&idx)[ndim > 0 ? ndim : 1]) const {
    char* p = (char*)data_;
    for (int d = 0; d < ndim; d++) {
      p += (index_t)idx[d] * (index_t)strides_[d];
    }
    return *(T*)p;
  }
};

/* the byte offset of flat index `idx` unravelled (C order) over dims
   [first, first + n) of a view; 32-bit division where `small` */
template<int first, int n, bool small, class A>
__device__ __forceinline__ ptrdiff_t _cupy_offset(const A& a, ptrdiff_t idx) {
  ptrdiff_t off = 0;
  #pragma unroll
  for (int d = first + n - 1; d > first; d--) {
    ptrdiff_t s = a.shape()[d], q;
    if (small) q = (ptrdiff_t)((unsigned int)idx / (unsigned int)s);
    else q = idx / s;
    off += (idx - q * s) * a.strides()[d];
    idx = q;
  }
  if (n > 0) off += idx * a.strides()[first];
  return off;
}

/* the loop shape and the current index in it (C order) */
template<int ndim, bool use_32bit_indexing = false>
class CIndexer {
 public:
  typedef typename std_conditional_<use_32bit_indexing>::type index_t;
 private:
  ptrdiff_t size_;
  ptrdiff_t shape_[ndim > 0 ? ndim : 1];
  ptrdiff_t index_[ndim > 0 ? ndim : 1];
 public:
  __device__ ptrdiff_t size() const { return size_; }
  __device__ const ptrdiff_t* shape() const { return shape_; }
  __device__ const ptrdiff_t (&get() const)[ndim > 0 ? ndim : 1] {
    return index_; }
  __device__ void set(ptrdiff_t i) {
    index_t rem = (index_t)i;
    for (int d = ndim - 1; d > 0; d--) {
      index_t s = (index_t)shape_[d];
      index_t q = rem / s;
      index_[d] = rem - q * s;
      rem = q;
    }
    if (ndim > 0) index_[0] = rem;
  }
};
#endif
'''


# NumPy dtype char -> the C type user code sees (CuPy's names): the
# provider's storage types, with CuPy's float16 and complex classes
CTYPES = dict(STORAGE, e='float16', F='complex<float>', D='complex<double>')


def ctype(dtype):
    """The C type name of a NumPy dtype in user kernels."""
    try:
        return CTYPES[dtype.char]
    except KeyError:
        raise TypeError('dtype {} has no C type in CUDA kernels'.format(
            dtype)) from None
