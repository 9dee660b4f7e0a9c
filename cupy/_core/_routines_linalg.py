"""matmul in the array core: NumPy's gufunc rules ((n?,k),(k,m?)->(n?,m?):
1-d promotion, broadcast batch axes, ``out=``, ``dtype=``, ``casting=``)
decided here, the product handed to the provider's 'matmul'
(cupy_backends/backend/operations.md).

The loop dtype is NumPy's (``numpy.matmul`` on tiny host proxies, which
also raises NumPy's casting errors).  Loops the provider lacks
(``_dispatch.device_routes('matmul')``: on Ascend A2 float16/float32
natively, bool and complex64 composed) run on the host through NumPy with
the host-fallback rules of ``cupy._core._fallback``: float64 is never
computed in float32.
"""

import numpy

from cupy._core import _dispatch
from cupy._core import _fallback
from cupy._core import _plans
from cupy._core import core
from cupy._core._operands import as_array, check_out, finish, overlap
from cupy_backends.backend.provider import OperationNotSupported

_SIG = '(n?,k),(k,m?)->(n?,m?)'
_probe_cache = {}

# a loop the provider lacks runs on the host (product())
_dispatch.register_resolver(lambda op, loop: 'host', ('matmul',))


def _probe(a_dtype, b_dtype, out_dtype, dtype, casting):
    key = (a_dtype, b_dtype, out_dtype, dtype, casting)
    try:
        return _probe_cache[key]
    except KeyError:
        pass
    kw = {'casting': casting}
    if dtype is not None:
        kw['dtype'] = dtype
    if out_dtype is not None:
        kw['out'] = numpy.empty((1, 1), out_dtype)
    with numpy.errstate(all='ignore'):
        res = numpy.matmul(numpy.ones((1, 1), a_dtype),
                           numpy.ones((1, 1), b_dtype), **kw)
    _probe_cache[key] = res.dtype
    return res.dtype


def _broadcast_batch(sa, sb):
    nd = max(len(sa), len(sb))
    sa = (1,) * (nd - len(sa)) + tuple(sa)
    sb = (1,) * (nd - len(sb)) + tuple(sb)
    out = []
    for x, y in zip(sa, sb):
        if x != y and x != 1 and y != 1:
            return None
        out.append(y if x == 1 else x)
    return tuple(out)


def result_shape(ashape, bshape):
    """The shape of matmul(a, b) (NumPy's errors)."""
    if len(ashape) == 0 or len(bshape) == 0:
        which = 0 if len(ashape) == 0 else 1
        raise ValueError(
            'matmul: Input operand {} does not have enough dimensions (has '
            '0, gufunc core with signature {} requires 1)'.format(which,
                                                                   _SIG))
    a2 = ashape if len(ashape) > 1 else (1,) + tuple(ashape)
    b2 = bshape if len(bshape) > 1 else tuple(bshape) + (1,)
    if a2[-1] != b2[-2]:
        raise ValueError(
            'matmul: Input operand 1 has a mismatch in its core dimension 0, '
            'with gufunc signature {} (size {} is different from {})'.format(
                _SIG, b2[-2], a2[-1]))
    batch = _broadcast_batch(a2[:-2], b2[:-2])
    if batch is None:
        raise ValueError(
            'operands could not be broadcast together with remapped shapes '
            '[original->remapped]: {}->{} {}->{}'.format(
                tuple(ashape), tuple(a2[:-2]), tuple(bshape),
                tuple(b2[:-2])))
    shape = batch
    if len(ashape) > 1:
        shape += (a2[-2],)
    if len(bshape) > 1:
        shape += (b2[-1],)
    return a2, b2, batch, shape


# The steady state (issue 9): a product of two arrays of 2 or more axes
# whose dtypes and shapes were seen before, without out=/dtype=/casting=,
# whose loop the provider runs on both dtypes as they are, repeats the
# decisions of ``matmul`` below; they are kept per signature (and dispatch
# generation), so such a call is one allocation and one provider request.
_PLANS = _plans.PlanTable()


def _plan(a, b, batch, loop, n, k, m):
    if a.dtype != loop or b.dtype != loop or 0 in batch or 0 in (n, k, m) \
            or not _dispatch.device_has('matmul', loop):
        return None
    return (loop, tuple(batch) + (n, m), tuple(batch) + (n, k),
            tuple(batch) + (k, m))


def _run_plan(plan, a, b):
    loop, full, xs, ys = plan
    res = core._empty(full, loop)
    x = a if a.shape == xs else core._broadcast_to(a, xs)
    y = b if b.shape == ys else core._broadcast_to(b, ys)
    core._run('matmul', (res._as_view(),), (x._as_view(), y._as_view()), {})
    return res


def matmul(a, b, out=None, casting='same_kind', order='K', dtype=None,
           subok=True, axes=None, axis=None, signature=None):
    """``numpy.matmul`` on the device."""
    if axes is not None or axis is not None or signature is not None:
        raise NotImplementedError(
            'cupy.matmul does not support axes, axis or signature')
    key = None
    if out is None and dtype is None and casting == 'same_kind' and \
            type(a) is core.ndarray and type(b) is core.ndarray and \
            a.ndim >= 2 and b.ndim >= 2:
        key = (a.dtype, b.dtype, a.shape, b.shape, _dispatch.generation())
        plan = _PLANS.get(key)
        if plan is not None:
            return _run_plan(plan, a, b)
    a = as_array(a)
    b = as_array(b)
    a2, b2, batch, shape = result_shape(a.shape, b.shape)
    if out is not None:
        check_out(out, shape, 'matmul')
    dt = None if dtype is None else numpy.dtype(dtype)
    loop = _probe(a.dtype, b.dtype, None, dt, casting)
    if out is not None:
        _probe(a.dtype, b.dtype, out.dtype, dt, casting)
    target = None
    if (out is not None and out.dtype == loop and out.flags.c_contiguous
            and not overlap(out, a) and not overlap(out, b)):
        target = out.reshape(batch + (a2[-2], b2[-1]))
    if key is not None:
        plan = _plan(a, b, batch, loop, a2[-2], a2[-1], b2[-1])
        if plan is not None:
            res = _PLANS.first_run(key, plan, _run_plan, a, b)
            if res is not None:
                return res
    res = product(a.reshape(a2), b.reshape(b2), batch, loop, target)
    if res is target:
        return out
    return finish(res.reshape(shape), out)


def product(a, b, batch, loop, target=None):
    """a (..., n, k) @ b (..., k, m) in ``loop``, the batch axes
    broadcast to ``batch``: a contiguous array (batch..., n, m), new or
    ``target`` (contiguous, of that shape and dtype)."""
    n, k, m = a.shape[-2], a.shape[-1], b.shape[-1]
    full = tuple(batch) + (n, m)
    res = core._empty(full, loop) if target is None else target
    if res.size == 0:
        return res
    if k == 0:
        core._fill(res, 0)
        return res
    if _dispatch.device_has('matmul', loop):
        x = a if a.dtype == loop else a.astype(loop)
        y = b if b.dtype == loop else b.astype(loop)
        x = core._broadcast_to(x, tuple(batch) + (n, k))
        y = core._broadcast_to(y, tuple(batch) + (k, m))
        try:
            core._run('matmul', (res._as_view(),),
                      (x._as_view(), y._as_view()), {})
            return res
        except OperationNotSupported:
            pass
    _fallback.enter('matmul', '{0}{0}->{0}'.format(loop.char))
    with numpy.errstate(all='ignore'):
        h = numpy.matmul(a.get().astype(loop, copy=False),
                         b.get().astype(loop, copy=False))
    res.set(numpy.ascontiguousarray(numpy.broadcast_to(h, full)))
    return res


# CuPy's compute-type names, read from this module by CuPy code and tests
from cupy._core._compute_type import (  # NOQA
    COMPUTE_TYPE_TBD, COMPUTE_TYPE_DEFAULT, COMPUTE_TYPE_PEDANTIC,
    COMPUTE_TYPE_FP16, COMPUTE_TYPE_FP32, COMPUTE_TYPE_FP64,
    COMPUTE_TYPE_BF16, COMPUTE_TYPE_TF32, get_compute_type,
    set_compute_type)
