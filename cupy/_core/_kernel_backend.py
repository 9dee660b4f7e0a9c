"""Where a bound user kernel runs.  A provider that compiles CUDA C
itself (the CUDA backend, NVRTC) offers ``run_user_kernel``; otherwise
the kernel is translated from its C source into whole-array device steps
of the core (cupy/_core/_ckernel), which is what the ascend backend
does: the first call of a signature (argument dtypes and layouts, scalar
values, output allocation, routes) is interpreted and its requests
recorded, the next ones replay them (_ckernel/_replay.py).

Scalar arguments: a recording for one value folds it into its programs
as a literal, so a kernel called with a new value each time would be
interpreted each time.  When a second value comes for a signature, the
kernel is run once more with its scalars as 0-d device arrays (the
translator treats them as it treats any array value: branches and loops
on them become masks and masked rounds, so the run is right for every
value) and that run is recorded as the signature's generic recording;
later calls with any value replay it, the new values filled into 0-d
arrays first.  A value that has its own recording still uses it (fewer
steps).  A generic run that the translator cannot make (a constant it
needs, e.g. a local array's size) or that cannot be replayed leaves the
kernel as before: a recording per value."""

import numpy

from cupy._core import core
from cupy._core import _dispatch
from cupy._core._ckernel import _program
from cupy._core._ckernel import _replay
from cupy._core._ckernel._errors import KernelSyntaxError, \
    UnsupportedKernelError

_ONCE = 'once'      # a generic key whose first value was seen
_FAST_MAX = 64      # fast-path entries per kernel (as _replay's bound)


def _native():
    return getattr(_dispatch.get_provider(), 'run_user_kernel', None)


def _signature(in_args, out_args, *rest):
    """(key, generic key or None): the generic key has the scalars'
    dtypes in place of their values."""
    bases = {}
    key = [_replay.context_key()]
    gkey = list(key)
    for a in in_args:
        if isinstance(a, core.ndarray):
            k = _replay.array_key(a, bases)
            gkey.append(k)
        else:
            k = _replay.scalar_key(a)
            gkey.append(('param', k[0]))
        key.append(k)
    for a in out_args:
        k = _replay.array_key(a, bases)
        key.append(k)
        gkey.append(k)
    key.extend(rest)
    gkey.extend(rest)
    if len(gkey) == len(key) and tuple(gkey) == tuple(key):
        return tuple(key), None
    return tuple(key), ('generic',) + tuple(gkey)


def _device_scalars(values):
    """The scalars as 0-d device arrays (filled on the device: no copy
    from the host)."""
    res = []
    for v in values:
        a = core._empty((), v.dtype)
        core._fill(a, v)
        res.append(a)
    return res


def fast_key(args):
    """The key of a call for ElementwiseKernel's fast path: its arguments
    are device arrays and plain scalars only (the caller passes no
    outputs and no keyword); the arrays' layouts and shared allocations,
    the scalars' types and bits, the context.  None otherwise."""
    if not _replay.enabled():
        return None
    bases = {}
    key = [_replay.context_key()]
    for a in args:
        t = type(a)
        if t is core.ndarray:
            # _replay.array_key, inlined (host work per call)
            v = a._as_view()
            key.append((v.dtype, v.shape, v.strides, v.offset,
                        bases.setdefault(v.base, len(bases))))
        elif t is float:
            key.append((t, a.hex()))
        elif t is int or t is bool:
            key.append((t, a))
        elif isinstance(a, numpy.generic) and a.dtype.kind in 'biufc':
            key.append((t, a.tobytes()))
        else:
            return None
    return tuple(key)


def fast_run(kernel, key, args):
    """The outputs of a call whose fast key has a recording (the call
    replays it without binding its arguments again), or None."""
    entry = kernel.__dict__.get('_fast', {}).get(key)
    if entry is None:
        return None
    rec, specs = entry
    arrays = [a for a in args if type(a) is core.ndarray]
    # the fresh outputs the recording writes (where the run computed a
    # result in an array of its own, none is allocated: host work)
    arrays += [None if spec is None else core._empty(*spec)
               for spec in specs]
    return _replay.replay(rec, arrays)


def _fast_keeper(kernel, fast, in_args, out_args):
    """keep(rec): enter rec as the recording of fast key `fast`."""
    first = sum(1 for a in in_args if isinstance(a, core.ndarray))

    def keep(rec):
        used = _replay.used_arguments(rec)
        specs = [(a.shape, a.dtype) if first + k in used else None
                 for k, a in enumerate(out_args)]
        d = kernel.__dict__.setdefault('_fast', {})
        if len(d) >= _FAST_MAX:
            d.clear()
        d[fast] = (rec, specs)
    return keep


def _replayed(kernel, key, arrays, run, results_of, generic=None,
              keep=None):
    """run() through the kernel's recordings (see the module note).
    `generic`: (generic key, the scalar arguments, run_with(device
    scalars)) for a call with scalar arguments; keep(rec): told the
    recording of this signature."""
    cache = getattr(kernel, '_replays', None)
    if cache is None:
        cache = kernel._replays = _replay.Cache()
    rec, seen = cache.get(key)
    if rec is not None:
        if keep is not None:
            keep(rec)
        return _replay.replay(rec, arrays)
    if generic is not None:
        gkey, values, run_with = generic
        g, gseen = cache.get(gkey)
        if isinstance(g, _replay.Recording):
            return _replay.replay(g, arrays + _device_scalars(values))
        if g == _ONCE and not seen:
            done, value = _record_generic(cache, gkey, arrays, values,
                                          run_with, results_of)
            if done:
                return value
        elif not gseen:
            cache.put(gkey, _ONCE)
    if seen:
        return run()
    value, rec = _replay.record(run, arrays, results_of)
    cache.put(key, rec)
    if keep is not None and isinstance(rec, _replay.Recording):
        keep(rec)
    return value


def _record_generic(cache, gkey, arrays, values, run_with, results_of):
    """Run and record the kernel with its scalars on the device; (whether
    it ran, its value)."""
    dev = _device_scalars(values)
    try:
        value, g = _replay.record(lambda: run_with(dev), arrays + dev,
                                  results_of)
    except (KernelSyntaxError, UnsupportedKernelError):
        # the translation needs the value on the host (a constant):
        # a recording per value, as before
        cache.put(gkey, None)
        return False, None
    if g == _replay.RETRY:
        cache.put(gkey, _ONCE)
    else:
        cache.put(gkey, g)
    return True, value


def _generic(gkey, in_args, run):
    """The `generic` argument of _replayed for a call with scalar
    arguments (None without): run(args) runs the kernel on args."""
    if gkey is None:
        return None
    pos = [k for k, a in enumerate(in_args)
           if not isinstance(a, core.ndarray)]

    def run_with(dev):
        args = list(in_args)
        for k, d in zip(pos, dev):
            args[k] = d
        return run(args)
    return gkey, [in_args[k] for k in pos], run_with


def run_elementwise(kernel, in_args, out_args, in_types, out_types,
                    type_map, shape, fresh=(), fast=None):
    """Run a bound ElementwiseKernel; returns the output arrays (an output
    the caller allocated (`fresh`) may be replaced by the array the
    result was computed in).  `fast`: the call's fast key (fast_key),
    under which its recording is entered."""
    native = _native()
    if native is not None:
        native('elementwise', kernel, in_args, out_args, in_types,
               out_types, type_map, shape)
        return out_args

    def run(args=in_args):
        _program.check_no_code(kernel.kwargs.get('loop_prep'), 'loop_prep')
        _program.check_no_code(kernel.kwargs.get('after_loop'),
                               'after_loop')
        prog = _program.get(kernel.preamble, kernel.operation, 'operation',
                            type_map.keys())
        return _program.run_elementwise(
            prog, kernel.in_params, kernel.out_params, args, out_args,
            in_types, out_types, type_map, shape, fresh)

    if not _replay.enabled():
        return run()
    key, gkey = _signature(in_args, out_args, tuple(in_types),
                           tuple(out_types), shape, tuple(fresh))
    arrays = [a for a in list(in_args) + list(out_args)
              if isinstance(a, core.ndarray)]
    generic = _generic(gkey, in_args, run)
    keep = _fast_keeper(kernel, fast, in_args, out_args) \
        if fast is not None and fresh else None
    return _replayed(kernel, key, arrays, run, lambda v: v, generic, keep)


def run_reduction(kernel, in_args, out_args, in_types, out_types, type_map,
                  shape, axes, keepdims):
    native = _native()
    if native is not None:
        return native('reduction', kernel, in_args, out_args, in_types,
                      out_types, type_map, shape, axes, keepdims)
    from cupy._core._ckernel import _reduce

    def run(args=in_args):
        _reduce.run(kernel, args, out_args, in_types, out_types,
                    type_map, shape, axes, keepdims)

    if not _replay.enabled():
        return run()
    key, gkey = _signature(in_args, out_args, tuple(in_types),
                           tuple(out_types), shape, tuple(axes),
                           bool(keepdims))
    arrays = [a for a in list(in_args) + list(out_args)
              if isinstance(a, core.ndarray)]
    generic = _generic(gkey, in_args, run)
    _replayed(kernel, key, arrays, run, lambda v: (), generic)
