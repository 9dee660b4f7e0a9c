"""The steady state of the one-axis transforms (issue 12's per-call cost):
a call of ``fft``/``ifft``/``rfft``/``irfft``/``hfft`` whose input (type,
dtype, shape, strides), ``n``, ``axis``, ``norm`` and direction were seen
before, without ``out=`` and outside a plan's ``with`` block, repeats the
decisions of its first call.  Kept only where those decisions were
"one provider request over the last axis, then the norm's factor": a
C-contiguous input of the loop's dtype, no padding or trimming, the
provider's loop (on Ascend: AsdSip's complex64/float32 plans).  The
steady state is then one allocation, one provider request and, for a
norm that scales, one multiply, as the core's PlanTable does for
reductions and matmul (cupy/_core/_plans.py).

Where the provider has no loop and the transform is composed on the
device (complex128/float64 on Ascend; ``_compose``), the plan keeps the
composed transform of the last axis instead: a repeated call runs it
straight away, without the argument checks, axis moves, route look-ups
and layout decisions of the general path (~100 us of host CPU a call on
the simulator).  Never where the composition would reach the host: a
host fallback is counted and warned per call by the general path."""

import numpy

from cupy._core import _dispatch
from cupy._core import _plans
from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy._core.fft import _compose
from cupy._core.fft import _transform as _t
from cupy.xpu import cufft as _cufft

_PLANS = _plans.PlanTable()
_INPUT = {'c2c': 'c2c', 'r2c': 'r2c', 'c2r': 'c2c'}


def key(kind, a, n, axis, norm, forward, out):
    """The signature of a call, or None where no plan may serve it."""
    if out is not None or type(a) is not core.ndarray or not (
            norm is None or type(norm) is str) or \
            _cufft.get_current_plan() is not None:
        return None
    return (kind, forward, a.dtype, a.shape, a.strides, n, axis, norm,
            _dispatch.generation())


def get(key):
    return _PLANS.get(key)


def run(plan, a):
    """The result of a call whose plan is `plan`."""
    shape, dtype, attrs, factor = plan
    if shape is None:
        # composed: `dtype` the transform of the last axis, `attrs` its
        # arguments after the input
        res = dtype(a, *attrs)
        if not res.flags.c_contiguous:
            res = res.copy()
    else:
        res = core._empty(shape, dtype)
        _dispatch.run('fft', (res._as_view(),), (a._as_view(),), attrs, 0)
    if factor is not None:
        _uf.multiply(res, factor, out=res)
    return res


def first(key, a, n, norm, forward):
    """The result of the first call of `key` through a new plan, or None
    where the call's decisions are not the plan's (the caller takes its
    general path).  ``n``, ``norm`` are checked values (the general path's
    checks ran first, so a plan is made only for a valid call)."""
    kind = key[0]
    if a.ndim < 1 or not a.flags.c_contiguous or a.size == 0:
        return None
    # no padding or trimming: the input holds the points transformed
    points = n if kind != 'c2r' else n // 2 + 1
    if n < 2 or points != a.shape[-1] or key[6] % a.ndim != a.ndim - 1:
        return None
    out_dtype = _t.result_dtype(kind, a.dtype)
    if a.dtype != _t.result_dtype(_INPUT[kind], a.dtype) and kind != 'r2c':
        return None
    if kind == 'r2c' and a.dtype != out_dtype.char.lower():
        return None
    shape = a.shape[:-1] + ((n // 2 + 1) if kind == 'r2c' else n,)
    if _dispatch.device_has('fft', out_dtype):
        attrs = {'kind': kind, 'n': (n,),
                 'direction': 'forward' if forward else 'inverse',
                 'destroy_input': False}
        plan = (shape, out_dtype, attrs)
    else:
        plan = _composed(kind, a, n, forward)
        if plan is None:
            return None
    scale = _t.scale(norm, forward, n)
    factor = None
    if scale is not None:
        # as apply_scale: the factor rounded to the input's real type
        real = numpy.result_type(a.dtype.char.lower(), 1.0)
        factor = numpy.dtype(out_dtype.char.lower()).type(
            float(real.type(scale)))
    return _PLANS.first_run(key, plan + (factor,), run, a)


def _composed(kind, a, n, forward):
    """(None, transform, its arguments) of a composed transform of the
    last axis of `a`, or None where it is not composed on the device."""
    cdt = _t.result_dtype('r2c' if kind == 'r2c' else 'c2c', a.dtype)
    if not _compose.composable(cdt):
        return None
    if kind == 'c2c':
        return None, _t.c2c_last, (forward,)
    if kind == 'r2c':
        return None, _t.r2c_last, (forward,)
    return None, _t.c2r_last, (n, forward)
