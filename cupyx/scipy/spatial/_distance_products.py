"""float64 dot products of row pairs from float32 matrix products, for
devices whose matmul has no float64 loop (the Atlas A2: ops.md section 7
lists aclnnMatmul/aclnnMm for bf16 f16 f32 only).

The Ozaki scheme (K. Ozaki, T. Ogita, S. Oishi, S. M. Rump, "Error-free
transformations of matrix multiplication by using fast routines of matrix
multiplication and its applications", Numer. Algorithms 59, 2012): each
row x is scaled by a power of two sigma >= max|x| (exact) and cut into
slices x = X1 + X2 + ... + Xs + R, slice i holding the bits of x from
2^(-b(i-1)) down to 2^(-bi), so every entry of Xi is an integer of at most
b bits times 2^(-bi).  A product Xi.Yj then sums integers of at most 2b
bits in units of 2^(-b(i+j)): with k terms it is exact in float32 (24-bit
significand) while k 2^(2b) <= 2^24, and several products of one level
i + j (the same unit) add exactly in one float32 matmul while their
count g satisfies g k 2^(2b) <= 2^24.  The levels i + j <= s + 1 (terms
down to 2^(-bs) ~ 2^-32) are computed exactly this way; the terms below
(slices of higher levels, the remainders R, each at most 2^-32 of the
product) need only float32 accuracy: they go into one more float32
matmul, whose rounding (2^-24 of 2^-32) is below float64's.  The exact
float32 results are summed in float64, smallest first, and scaled back by
the rows' sigmas.  The dot products are then accurate to a few float64
ulp of |x| |y|: what a float64 matmul gives.
"""

import math

import numpy

import cupy

_F32 = numpy.dtype(numpy.float32)
# float32's significand (IEEE 754 binary32)
_FLOAT32_BITS = 24
# the exact levels reach 2^-_EXACT_BITS of the product; the rest is
# float32-rounded: 2^-(_EXACT_BITS + 24) < float64's 2^-53
_EXACT_BITS = 32
# slice pairs summed by one exact matmul at most (fixes the slice width)
_PAIRS = 4
# the inner dimension of one product: beyond it the features are cut in
# chunks (b = 5 bits at 4096 features)
_MAX_K = 4096


def _plan(k):
    """(bits per slice, number of exact slices, slice pairs per exact
    matmul) for products over k features."""
    b = max(1, (_FLOAT32_BITS - math.ceil(math.log2(_PAIRS * k))) // 2)
    s = -(-_EXACT_BITS // b)
    g = max(1, (1 << (_FLOAT32_BITS - 2 * b)) // k)
    return b, s, g


class Split:
    """The rows of a 2-d float64 array as Ozaki slices (float32), their
    float32 remainders and power-of-two scales."""

    def __init__(self, x, b, s):
        mx = cupy.max(cupy.abs(x), axis=1)
        mx = cupy.where(mx == 0, 1.0, mx)       # a zero row: any scale
        sig = cupy.exp2(cupy.ceil(cupy.log2(mx)))
        # log2 may round below a power of two: sigma must be >= max|x|
        self.sigma = cupy.where(sig < mx, sig * 2.0, sig)
        r = x / self.sigma[:, None]
        parts = []
        for i in range(1, s + 1):
            # r + tau rounds r to a multiple of 2^(-bi): tau's ulp
            # (1.5 * 2^52 units: r's range keeps the sum in one binade)
            tau = 1.5 * 2.0 ** (52 - b * i)
            p = (r + tau) - tau
            r = r - p                       # exact (Ozaki et al., Alg. 3)
            parts.append(p)
        self.parts = parts                  # float64, exact slices
        self.slices = [p.astype(_F32) for p in parts]   # exact casts
        self.rest = r.astype(_F32)
        self.b, self.s = b, s

    def tail(self, first):
        """fl32(sum of slices first..s) (1-based), one rounding."""
        t = self.parts[first - 1]
        for p in self.parts[first:]:
            t = t + p
        return t.astype(_F32)


def _cat(arrays):
    return arrays[0] if len(arrays) == 1 else cupy.concatenate(arrays, 1)


def _scaled_dot(sa, sb, g):
    """sum over the slices' products, scaled by 1/(sigma_a sigma_b)."""
    s = sa.s
    # the float32-accurate terms: X_i . (Y_j, i + j > s + 1), X . RY,
    # RX . Y (RX . RY, below 2^-64, is left out)
    left = sa.slices[1:] + [sa.tail(1), sa.rest]
    right = [sb.tail(s + 2 - i) for i in range(2, s + 1)] + [
        sb.rest, sb.tail(1)]
    acc = (_cat(left) @ _cat(right).T).astype(numpy.float64)
    # the exact levels, smallest first
    for c in range(s + 1, 1, -1):
        pairs = [(i, c - i) for i in range(1, c)]
        for p in range(0, len(pairs), g):
            grp = pairs[p:p + g]
            acc += _cat([sa.slices[i - 1] for i, _ in grp]) @ _cat(
                [sb.slices[j - 1] for _, j in grp]).T
    return acc


class Products:
    """x . y for the rows of xb against blocks of rows of xa, as float64
    (accurate to a few ulp of |x| |y|)."""

    def __init__(self, xb):
        k = xb.shape[1]
        self.chunks = [(j, min(k, j + _MAX_K)) for j in range(0, k, _MAX_K)]
        self.b, self.s, self.g = _plan(min(k, _MAX_K))
        self.right = [Split(xb[:, lo:hi], self.b, self.s)
                      for lo, hi in self.chunks]

    def dot(self, xa, factor=1.0):
        """factor * xa @ xb.T (factor a power of two: exact)."""
        out = None
        for (lo, hi), sb in zip(self.chunks, self.right):
            sa = Split(xa[:, lo:hi], self.b, self.s)
            acc = _scaled_dot(sa, sb, self.g)
            acc *= (factor * sa.sigma)[:, None]
            acc *= sb.sigma[None, :]
            out = acc if out is None else out + acc
        return out
