# Random numbers on device (operations.md "Random"): aclnnInplaceUniform,
# aclnnInplaceNormal, aclnnInplaceRandom and aclnnRandperm (ops.md 4,
# wave2_ops.md "Random numbers").
#
# Strategy: each operation is one in-place operator on the output view
# (the operators accept non-contiguous views, ops.md 4 "NC"), with the
# stream position passed as the operator's seed and offset attributes.
# The entry returns the number of stream positions the call used, which
# the core adds to its offset, so consecutive calls never reuse numbers
# and no state lives in the provider.
#
# Executor cache: these operators are declared ONCE (cupy_aclnn_ops.h).
# The cache keys on every attribute, and the offset is new on every call,
# so a cached executor would never be reused and each call would evict a
# useful entry.  The *Tensor variants (seed and offset read from device
# tensors, wave2_ops.md) would make the executor repeatable, but their
# signature is marked [check] there and advancing a device offset costs a
# second kernel per draw.  Measured on the simulator (2026-11-26, host
# time per call, 16 float64 numbers): a random_uniform request with a new
# offset each call (phase 1 every time) 18.4 us, against 14.0 us for a
# cached cupy.add(a, b, out=o) of the same size: phase 1 and the
# descriptor costs a few microseconds, below the call's own cost.

from libc.stdint cimport intptr_t, int64_t, uint64_t

from cupy_backends.ascend.ops._aclnn cimport (
    OpSymbol, op_symbol, Args, args_init, arg_tensor, arg_int, arg_float,
    aclnn_run)
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport Desc, desc_from_view, desc_numel
from cupy_backends.backend.provider cimport View

cdef dict _ops = {}

# Stream positions per call are rounded up to a multiple of 4: torch's
# Philox makes 4 32-bit numbers per counter step and torch_npu advances
# the offset in such steps [inferred: ops.md 4 marks the offset increment
# "mechanism unconfirmed"].
cdef int64_t _STEP = 4
cdef uint64_t _U64 = 0xFFFFFFFFFFFFFFFF


cdef OpSymbol _op(str name):
    sym = _ops.get(name)
    if sym is None:
        sym = _ops[name] = op_symbol(name)
    return sym


cdef inline int64_t _used(int64_t n) noexcept nogil:
    return (n + _STEP - 1) // _STEP * _STEP


cdef object _run_inplace(str name, View dst, object lo, object hi,
                         bint floats, dict attrs, intptr_t stream):
    # name(selfRef, lo, hi, seed, offset): floats, or int64 lo/hi
    cdef Desc d
    cdef Args a
    cdef Scratch sc
    cdef int64_t n
    desc_from_view(&d, dst)
    n = desc_numel(&d)
    if n == 0:
        return 0
    seed = int(attrs['seed']) & _U64
    offset = int(attrs['offset'])
    args_init(&a)
    arg_tensor(&a, &d)
    if floats:
        arg_float(&a, lo)
        arg_float(&a, hi)
    else:
        arg_int(&a, lo)
        arg_int(&a, hi)
    # uint64 seed and offset travel as their int64 bit patterns
    arg_int(&a, <int64_t><uint64_t>seed)
    arg_int(&a, <int64_t>offset)
    sc = Scratch(stream)
    try:
        aclnn_run(_op(name), &a, sc)
    finally:
        sc.release()
    return _used(n)


def _uniform_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return _run_inplace('InplaceUniform', outs[0], float(attrs['low']),
                        float(attrs['high']), True, attrs, stream)


def _normal_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return _run_inplace('InplaceNormal', outs[0], float(attrs['loc']),
                        float(attrs['scale']), True, attrs, stream)


def _integers_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return _run_inplace('InplaceRandom', outs[0], int(attrs['low']),
                        int(attrs['high']), False, attrs, stream)


def _permutation_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef Desc d
    cdef Args a
    cdef Scratch sc
    cdef View dst = outs[0]
    desc_from_view(&d, dst)
    if d.ndim != 1:
        raise ValueError('random_permutation writes a 1-D view')
    n = d.shape[0]
    if n == 0:
        return 0
    args_init(&a)
    arg_int(&a, n)
    arg_int(&a, <int64_t><uint64_t>(int(attrs['seed']) & _U64))
    arg_int(&a, <int64_t>int(attrs['offset']))
    arg_tensor(&a, &d)
    sc = Scratch(stream)
    try:
        aclnn_run(_op('Randperm'), &a, sc)
    finally:
        sc.release()
    return _used(n)


# ------------------------------------------------- the provider's tables --
# OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: op -> {loop
# dtype: route}.  _provider.pyx merges every family's tables.

from cupy_backends.ascend.ops._routes import by_dtype

OPERATIONS = {
    'random_uniform': _uniform_entry,
    'random_normal': _normal_entry,
    'random_integers': _integers_entry,
    'random_permutation': _permutation_entry,
}
# ops.md 4, the A2 dtypes of each operator that NumPy has (bfloat16 has no
# NumPy dtype); Uniform's integer outputs are left out (their rounding is
# not documented).
ROUTES = {
    'random_uniform': by_dtype(native='efd'),
    'random_normal': by_dtype(native='efd'),
    'random_integers': by_dtype(native='?bhilBefdFD'),
    'random_permutation': by_dtype(native='il'),
}
