# The 'reduce' operation of the CUDA provider (operations.md): generated
# kernels (ops/_source.py, REDUCTIONS) over any set of axes, contiguous or
# strided.
#
# Geometry: the kept and the reduced dims are listed apart (size-1 dims
# dropped, neighbours merged where the source, and for kept dims the
# result, allow).  Then one of three plans:
# * 'thread': one thread per result, a sequential loop over the reduced
#   elements: few reduced elements, or results adjacent in memory while
#   the reduced elements are not (sum(axis=0) of a C array: the threads
#   of a warp read neighbouring elements);
# * 'block': one block of 256 threads per result, a shared-memory tree
#   (the innermost axis, contiguous reduced elements);
# * 'block' split: few results over many elements (the whole array): each
#   result's elements are split among enough blocks to fill the GPU, the
#   partial results combined by a 'final' kernel;
# * 'vec': 'block' for contiguous reduced elements, with 16-byte vector
#   loads and warp shuffles, split blocks interleaved, the last block of
#   each result folding the partials (one launch; ops/_reduce_vec.py).
# Plans are cached per call signature (the host time of a small call).
# var/std are left to the core's composition (operations.md: the core
# composes what a provider does not list).

import os

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops import _source

from cupy.xpu.memory_pool import get_default_memory_pool

cdef enum:
    _THREADS = 256
    _BLOCKS_PER_SM = 8
    # fewer reduced elements than this: the 'thread' plan
    _SMALL = 16
    # elements per thread below which splitting a result is not worth it
    _PER_THREAD = 8

# blocks per multiprocessor the 'vec' plan splits a few results over (a
# tuning knob for benchmark runs: CUPY_CUDA_RED_BPS).  4: on an H200
# (2026-11-27, benchmarks/RESULTS.md) sum over 2^24-2^28 float32/float64
# took 21.0/65.6/243.6 and 36.6/125.2/478.3 us against 21.7/66.3/246.6
# and 37.3/125.0/478.3 with 8 (CuPy 20.9/65.6/242.9, 36.8/125.4/477.4)
cdef int _VEC_BLOCKS_PER_SM = int(os.environ.get('CUPY_CUDA_RED_BPS', '4'))

_REAL = '?bBhHiIlLefd'
_ALL = _REAL + 'FD'


def _paths(chars):
    return dict.fromkeys([numpy.dtype(c) for c in chars], 'native')


REDUCTIONS = {
    'sum': _paths(_ALL), 'prod': _paths(_ALL),
    'nansum': _paths(_ALL), 'nanprod': _paths(_ALL),
    # complex: NumPy's lexicographic order (ops/_prelude.py operators)
    'max': _paths(_ALL), 'min': _paths(_ALL),
    'nanmax': _paths(_ALL), 'nanmin': _paths(_ALL),
    'all': _paths(_ALL), 'any': _paths(_ALL),
    'count_nonzero': _paths(_ALL),
    'mean': _paths('efdFD'),
    'argmax': _paths(_ALL), 'argmin': _paths(_ALL),
}

cdef dict _kernels = {}
cdef long long _INT32_LIMIT = 2**31 - 1


cdef Function _kernel(str name, str ic, str lc, str oc, int ndk, int ndr,
                      str mode, bint idx32):
    key = (name, ic, lc, oc, ndk, ndr, mode, idx32)
    try:
        return _kernels[key]
    except KeyError:
        pass
    src, kname = _source.reduction(name, ic, lc, oc, ndk, ndr, mode, idx32)
    fn = _compiler.get_function(src, kname)
    _kernels[key] = fn
    return fn


def _merge_dims(dims, nstrides):
    """Drop size-1 dims and merge neighbours whose strides chain."""
    out = []
    for d in dims:
        if d[0] == 1:
            continue
        if out:
            prev = out[-1]
            if all(prev[1 + j] == d[1 + j] * d[0] for j in range(nstrides)):
                out[-1] = (prev[0] * d[0],) + tuple(d[1:])
                continue
        out.append(tuple(d))
    return out


cdef inline intptr_t _ptr(View v):
    return v.base + v.offset * v.dtype.itemsize


def _geo(kept, red, int ndk, int ndr):
    g = numpy.zeros(3 * max(ndk, 1) + 2 * max(ndr, 1), numpy.int64)
    a = max(ndk, 1)
    b = max(ndr, 1)
    for i, (s, si, so) in enumerate(kept):
        g[i], g[a + i], g[2 * a + i] = s, si, so
    for i, (s, si) in enumerate(red):
        g[3 * a + i], g[3 * a + b + i] = s, si
    return g.tobytes()


cdef dict _counters = {}


cdef intptr_t _counter(intptr_t stream, long long n) except? 0:
    """Zeroed arrival counters of the 'vec' plan's split blocks, one per
    result, kept per (device, stream): the last block of a result resets
    its counter, so they stay zero between calls, and reductions queued
    on other streams never share one.  Outside the pool: a few KiB per
    stream for the life of the process."""
    key = (api.xpuGetDevice(), stream)
    got = _counters.get(key)
    if got is not None and got[1] >= n:
        return got[0]
    ptr = api.xpuMalloc(n * 4)
    api.xpuMemsetAsync(ptr, 0, n * 4, stream)
    if got is not None:
        # queued work may still use the old one: keep it
        _counters[key + (got[0],)] = got
    _counters[key] = (ptr, n)
    return ptr


cdef dict _plans = {}
# plans kept per call signature (shapes, strides, axes, dtypes): a repeated
# reduction skips the geometry work of _plan on the host
cdef int _MAX_PLANS = 1024


cdef tuple _plan(View out, View src, str name, tuple axes, bint keepdims,
                 loop):
    """(mode, kernel, final kernel or None, n_out, n_red, nsplit, chunk,
    idx32, geometry bytes, grid) of a reduction; mode 'none' when there is
    no result to compute."""
    cdef long long n_out = 1, n_red = 1, nsplit, chunk
    cdef int ndk, ndr, sm
    kept = []
    red = []
    j = 0
    for i in range(len(src.shape)):
        if i in axes:
            red.append((src.shape[i], src.strides[i]))
            if keepdims:
                j += 1
        else:
            kept.append((src.shape[i], src.strides[i], out.strides[j]))
            j += 1
    kept = _merge_dims(kept, 2)
    red = _merge_dims(red, 1)
    if not red:
        red = [(1, 0)]
    for d in kept:
        n_out *= d[0]
    for d in red:
        n_red *= d[0]
    if n_out == 0:
        return ('none',)
    ndk, ndr = len(kept), len(red)
    span = sum(abs(d[1]) * (d[0] - 1) for d in kept) + sum(
        abs(d[1]) * (d[0] - 1) for d in red)
    idx32 = (span <= _INT32_LIMIT and n_out * n_red <= _INT32_LIMIT and
             sum(abs(d[2]) * (d[0] - 1) for d in kept) <= _INT32_LIMIT)
    ic, lc, oc = src.dtype.char, loop.char, out.dtype.char
    geo = _geo(kept, red, ndk, ndr)
    sm = _compiler.multiprocessor_count()
    inner_red = ndr == 1 and red[0][1] == 1
    inner_kept = ndk > 0 and abs(kept[-1][1]) == 1
    if n_red < _SMALL or (inner_kept and not inner_red and n_out >= 1024):
        fn = _kernel(name, ic, lc, oc, ndk, ndr, 'thread', idx32)
        grid = min((n_out + _THREADS - 1) // _THREADS,
                   sm * _BLOCKS_PER_SM * 4)
        return ('thread', fn, None, n_out, n_red, 1, n_red, idx32, geo, grid)
    target = sm * (_VEC_BLOCKS_PER_SM if inner_red else _BLOCKS_PER_SM)
    nsplit = 1
    if n_out < target:
        nsplit = max(1, min(target // n_out,
                            n_red // (_THREADS * _PER_THREAD)))
    chunk = (n_red + nsplit - 1) // nsplit
    # contiguous reduced elements: vector loads (ops/_reduce_vec.py)
    mode = 'vec' if inner_red else 'block'
    fn = _kernel(name, ic, lc, oc, ndk, ndr, mode, idx32)
    fin = None
    if nsplit > 1 and mode == 'block':
        fin = _kernel(name, ic, lc, oc, ndk, ndr, 'final', idx32)
    return (mode, fn, fin, n_out, n_red, nsplit, chunk, idx32, geo,
            n_out * nsplit)


def run_reduce(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View out = outs[0], src = ins[0]
    cdef str name = attrs['name']
    cdef tuple axes = tuple(attrs['axes'])
    cdef bint keepdims = attrs.get('keepdims', False), idx32
    cdef ArgPack args
    cdef Function fn
    cdef long long n_out, n_red, nsplit, chunk
    cdef tuple plan
    loop = attrs.get('dtype') or src.dtype
    key = (name, loop, src.dtype, out.dtype, src.shape, src.strides,
           out.strides, axes, keepdims, src.device_id)
    plan = _plans.get(key)
    if plan is None:
        loop = numpy.dtype(loop)
        table = REDUCTIONS.get(name)
        if table is None or loop not in table:
            raise OperationNotSupported('{} in {}'.format(name, loop))
        plan = _plan(out, src, name, axes, keepdims, loop)
        if len(_plans) >= _MAX_PLANS:
            _plans.clear()
        _plans[key] = plan
    mode = plan[0]
    if mode == 'none':
        return None
    fn = plan[1]
    n_out, n_red, nsplit, chunk = plan[3], plan[4], plan[5], plan[6]
    idx32 = plan[7]
    geo = plan[8]
    args = ArgPack()
    _add_index(args, n_out, idx32)
    _add_index(args, n_red, idx32)
    args.add_ptr(_ptr(src))
    args.add_ptr(_ptr(out))
    if mode == 'thread':
        args.add_bytes(geo)
        _compiler.launch(fn.ptr, plan[9], _THREADS, 0, stream, args)
        return None
    part = None
    part_ptr = 0
    if mode == 'vec':
        # one launch: the last block of each result folds its partials
        if nsplit > 1:
            part = get_default_memory_pool().malloc(n_out * nsplit * 32)
            part_ptr = part.ptr
        args.add_ptr(part_ptr)
        _add_index(args, nsplit, idx32)
        args.add_ptr(_counter(stream, max(n_out, _compiler.
                                          multiprocessor_count() *
                                          _BLOCKS_PER_SM))
                     if nsplit > 1 else 0)
        args.add_bytes(geo)
        _compiler.launch(fn.ptr, plan[9], _THREADS, 0, stream, args)
        return None
    if nsplit > 1:
        # 32 bytes per partial: the widest accumulator (complex128, or a
        # value and an index)
        part = get_default_memory_pool().malloc(n_out * nsplit * 32)
        part_ptr = part.ptr
    args.add_ptr(part_ptr)
    _add_index(args, nsplit, idx32)
    _add_index(args, chunk, idx32)
    args.add_bytes(geo)
    _compiler.launch(fn.ptr, plan[9], _THREADS, 0, stream, args)
    if nsplit > 1:
        fn = plan[2]
        args = ArgPack()
        _add_index(args, n_out, idx32)
        _add_index(args, nsplit, idx32)
        args.add_i64(n_red)
        args.add_ptr(part_ptr)
        args.add_ptr(_ptr(out))
        args.add_bytes(geo)
        _compiler.launch(fn.ptr, n_out, _THREADS, 0, stream, args)
    # `part` goes back to the pool here, ordered after the queued kernels
    # of this stream (the pool is stream-ordered)
    return None


cdef int _add_index(ArgPack args, long long v, bint idx32) except -1:
    if idx32:
        return args.add_i32(<int>v)
    return args.add_i64(v)


def _reduce_entry(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_reduce(outs, ins, attrs, stream)


OPERATIONS = {'reduce': _reduce_entry}
ROUTES = dict(REDUCTIONS)
