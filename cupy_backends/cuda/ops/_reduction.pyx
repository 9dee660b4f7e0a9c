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
#   partial results combined by a 'final' kernel.
# var/std are left to the core's composition (operations.md: the core
# composes what a provider does not list).

import numpy

from libc.stdint cimport intptr_t

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

_REAL = '?bBhHiIlLefd'
_ALL = _REAL + 'FD'


def _paths(chars):
    return dict.fromkeys([numpy.dtype(c) for c in chars], 'native')


REDUCTIONS = {
    'sum': _paths(_ALL), 'prod': _paths(_ALL),
    'nansum': _paths(_ALL), 'nanprod': _paths(_ALL),
    'max': _paths(_REAL), 'min': _paths(_REAL),
    'nanmax': _paths(_REAL), 'nanmin': _paths(_REAL),
    'all': _paths(_ALL), 'any': _paths(_ALL),
    'count_nonzero': _paths(_ALL),
    'mean': _paths('efdFD'),
    'argmax': _paths(_REAL), 'argmin': _paths(_REAL),
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


def run_reduce(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View out = outs[0], src = ins[0]
    cdef str name = attrs['name']
    cdef tuple axes = tuple(attrs['axes'])
    cdef bint keepdims = attrs.get('keepdims', False)
    cdef ArgPack args
    cdef Function fn
    cdef long long n_out = 1, n_red = 1, nsplit, chunk, blocks
    cdef int ndk, ndr, sm
    loop = numpy.dtype(attrs.get('dtype') or src.dtype)
    table = REDUCTIONS.get(name)
    if table is None or loop not in table:
        raise OperationNotSupported('{} in {}'.format(name, loop))
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
        return None
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
    args = ArgPack()
    if n_red < _SMALL or (inner_kept and not inner_red and n_out >= 1024):
        fn = _kernel(name, ic, lc, oc, ndk, ndr, 'thread', idx32)
        _add_index(args, n_out, idx32)
        _add_index(args, n_red, idx32)
        args.add_ptr(_ptr(src))
        args.add_ptr(_ptr(out))
        args.add_bytes(geo)
        blocks = min((n_out + _THREADS - 1) // _THREADS,
                     sm * _BLOCKS_PER_SM * 4)
        _compiler.launch(fn.ptr, blocks, _THREADS, 0, stream, args)
        return None
    target = sm * _BLOCKS_PER_SM
    nsplit = 1
    if n_out < target:
        nsplit = max(1, min(target // n_out,
                            n_red // (_THREADS * _PER_THREAD)))
    chunk = (n_red + nsplit - 1) // nsplit
    part = None
    part_ptr = 0
    if nsplit > 1:
        # 32 bytes per partial: the widest accumulator (complex128, or a
        # value and an index)
        part = get_default_memory_pool().malloc(n_out * nsplit * 32)
        part_ptr = part.ptr
    fn = _kernel(name, ic, lc, oc, ndk, ndr, 'block', idx32)
    _add_index(args, n_out, idx32)
    _add_index(args, n_red, idx32)
    args.add_ptr(_ptr(src))
    args.add_ptr(_ptr(out))
    args.add_ptr(part_ptr)
    _add_index(args, nsplit, idx32)
    _add_index(args, chunk, idx32)
    args.add_bytes(geo)
    _compiler.launch(fn.ptr, n_out * nsplit, _THREADS, 0, stream, args)
    if nsplit > 1:
        fn = _kernel(name, ic, lc, oc, ndk, ndr, 'final', idx32)
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
