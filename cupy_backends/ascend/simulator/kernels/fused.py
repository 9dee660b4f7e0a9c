"""NumPy kernels of the simulator's fused elementwise operators
(csrc/sim_ops_fused.c): aclnnAddcmul and aclnnAddcdiv.

Sources: hicann/ops-math math/addcmul/docs/aclnnAddcmul&aclnnInplaceAddcmul.md
(out = self + value * tensor1 * tensor2) and math/addcdiv/docs/
aclnnAddcdiv&aclnnInplaceAddcdiv.md (out = self + value * tensor1 /
tensor2); shared/reference/cann/ops.md is silent on both.  The op_api
(aclnn_addcmul.cpp, aclnn_addcdiv.cpp) casts the three inputs to their
promoted dtype and value to it (ConvertToTensor(value, promoteType)),
runs the kernel in that dtype and casts into out.  Rounding: the docs
say nothing of a fused multiply-add; the Ascend C sample of the operator
(Hayden727/cann-ops src/math/addcmul/docs/Addcmul.md) is built from the
vector Mul and Add instructions, y = input_data + (x1 * x2) * value, so
each step is rounded to the compute dtype: tensor1 * tensor2 (or /),
then times value (exact, and skipped, for value 1), then plus self.
Integer Addcdiv (int64 is in the A2 list) divides as aclnnDiv's int32
division is modelled (kernels/elementwise.py: truncation, x / 0 gives
-1, undocumented).

float32/float64 operands of out's dtype and size (or single elements)
run as one C loop (csrc/sim_ops_fused.c, the same roundings) instead of
NumPy's three passes: the one memory pass a fused device kernel makes.
"""

import numpy

from cupy_backends.ascend.simulator.kernels import elementwise as _ew
from cupy_backends.ascend.simulator.kernels.device import assign as _assign

_FAST = (numpy.dtype(numpy.float32), numpy.dtype(numpy.float64))
# csrc/sim_fused.h SIM_FUSED_*
MUL, DIV = 1, 2
_sim = []       # the simulator module, imported at first use (it imports us)


def _loop():
    if not _sim:
        from cupy_backends.ascend.simulator import _sim as mod
        _sim.append(mod)
    return _sim[0].fused_into


def fast_into(op, out, x, p, q, value):
    """out = x + (p OP q) * value in one pass (q None: x + p * value),
    where the operands allow it; False (nothing written) otherwise."""
    dt = out.dtype
    if dt not in _FAST or x.dtype != dt or p.dtype != dt or \
            (q is not None and q.dtype != dt):
        return False
    return _loop()(op, out, x, p, q, value)


def alpha_into(self, other, alpha, out, sign):
    """aclnnAdd/aclnnSub (sign -1) with alpha != 1 of two float32/float64
    tensors of out's dtype: self + sign * alpha * other in one pass, each
    step rounded; False where that does not apply."""
    if alpha == 1 or not isinstance(other, numpy.ndarray):
        return False
    al = sign * alpha
    return fast_into(0, out, self, other, None, al)


def _compute(self, t1, t2):
    ct = _ew._promote(t1.dtype, t2.dtype)
    return _ew._promote(self.dtype, ct)


def _quotient(a, b, ct):
    if ct.kind in 'iu':
        return _ew.int_div(a, b, ct)
    return numpy.true_divide(a, b)


def _fused(op):
    def kernel(self, tensor1, tensor2, value, out):
        if fast_into(op, out, self, tensor1, tensor2, value):
            return
        ct = _compute(self, tensor1, tensor2)
        with _ew._quiet():
            v = _ew._as(value, ct)
            s, a, b = (_ew._as(t, ct) for t in (self, tensor1, tensor2))
            if out.dtype == ct and fast_into(op, out, s, a, b, v):
                return      # operands cast to out's dtype
            r = numpy.multiply(a, b) if op == MUL else _quotient(a, b, ct)
            r = numpy.asarray(r, ct)
            if v != 1:
                r = numpy.multiply(r, v)
            _assign(out, numpy.asarray(numpy.add(s, r)))
    return kernel


KERNELS = {
    'Addcmul': _fused(MUL),
    'Addcdiv': _fused(DIV),
}
