"""NumPy kernels of the simulator's matmul family and dot (ops.md
section 7, blas_fft.md section 2; operators in csrc/sim_ops_linalg.c).

The products are written into ``out`` by NumPy itself
(``numpy.matmul(a, b, out=out)``), so a product costs what NumPy's costs.

cubeMathType (blas_fft.md 2) is honoured for float32 operands: 0
(KEEP_DTYPE) and 4 compute in float32; 1 (ALLOW_FP32_DOWN_PRECISION) and
3 (USE_HF32) round the operands to HF32 (10 explicit mantissa bits, as
TF32 [inferred: the HF32 rounding mode is not documented; round to
nearest is assumed]) and accumulate in float32; 2 (USE_FP16) rounds them
to float16.  float16 operands ignore it.
"""

import numpy

_F32 = numpy.dtype(numpy.float32)


def _hf32(x):
    """float32 values rounded to 10 mantissa bits (nearest, ties away)."""
    bits = numpy.ascontiguousarray(x, dtype=numpy.float32).view(numpy.uint32)
    finite = numpy.isfinite(x)
    rounded = ((bits + numpy.uint32(0x1000)) &
               numpy.uint32(0xFFFFE000)).view(numpy.float32)
    return numpy.where(finite, rounded, x)


def _operands(a, b, cube):
    if a.dtype != _F32 or cube in (0, 4):
        return a, b
    if cube == 2:
        return (a.astype(numpy.float16).astype(_F32),
                b.astype(numpy.float16).astype(_F32))
    return _hf32(a), _hf32(b)


def _matmul(self, mat2, out, cube_math_type):
    a, b = _operands(self, mat2, int(cube_math_type))
    with numpy.errstate(all='ignore'):
        if out.ndim == 0:
            out[...] = numpy.matmul(a, b)
        else:
            numpy.matmul(a, b, out=out)


def _dot(self, tensor, out):
    # the result in the inputs' dtype (ops.md 7: s8 . s8 returns s8)
    with numpy.errstate(all='ignore'):
        out[...] = numpy.dot(self, tensor)


KERNELS = {
    'Matmul': _matmul,
    'Mm': _matmul,
    'BatchMatMul': _matmul,
    'Dot': _dot,
}
