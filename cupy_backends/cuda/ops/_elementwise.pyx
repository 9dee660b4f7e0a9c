# The 'elementwise', 'copy', 'fill' and 'arange' operations of the CUDA
# provider (operations.md): one generated kernel per (loop, layout), see
# ops/_source.py.
#
# Per call: if every array operand is C-contiguous (the core has merged
# the dims all operands traverse contiguously) the flat kernel runs, with
# 16-byte vector accesses where every pointer is aligned for them;
# otherwise the dims are merged once more across all operands and the
# strided kernel of that rank runs.  Index arithmetic is 32-bit where
# every offset fits.  Weak scalars are kernel arguments.

import os

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View
from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops import _source
from cupy_backends.cuda.ops import _ufuncs

cdef enum:
    _THREADS = 256
    # resident blocks per multiprocessor to aim at with grid-stride loops
    # (2048 threads per SM on sm_70..sm_90: CUDA C Programming Guide,
    # "Compute Capabilities" table)
    _BLOCKS_PER_SM = 8
    _MAX_OPS = 8
    _MAX_ND = 32
    # cudaMemcpyDeviceToDevice
    _D2D = 3

cdef long long _INT32_LIMIT = 2**31 - 1
cdef dict _kernels = {}
cdef dict _supported = {}

# The vectorised path's geometry: `_UNROLL` 16-byte vectors per thread and
# round (loaded together), at most `_CAP` times _BLOCKS_PER_SM blocks per
# multiprocessor (0: no cap, one round: as many blocks as the data needs).
# Measured on an H200 against CuPy and PyTorch (benchmarks/RESULTS.md,
# 2026-11-27): 4 and no cap 0.98-1.02 of the best peer on add/cos/exp
# float32/float64 at 2^24-2^28, where 1 vector and a cap of 4 (the grid-
# stride loop before) gave 0.91-0.96.  The environment variables are
# tuning knobs for such runs.
cdef int _UNROLL = int(os.environ.get('CUPY_CUDA_EW_UNROLL', '4'))
cdef int _CAP = int(os.environ.get('CUPY_CUDA_EW_CAP', '0'))


cdef inline intptr_t _ptr(View v):
    return v.base + v.offset * v.dtype.itemsize


cdef bint _c_contiguous(View v):
    cdef Py_ssize_t expect = 1, i, d
    cdef tuple shape = v.shape, strides = v.strides
    for i in range(len(shape) - 1, -1, -1):
        d = shape[i]
        if d == 1:
            continue
        if strides[i] != expect:
            return False
        expect *= d
    return True


cdef Py_ssize_t _numel(tuple shape):
    cdef Py_ssize_t n = 1, d
    for d in shape:
        n *= d
    return n


cdef int _grid(long long work) except -1:
    cdef long long blocks = (work + _THREADS - 1) // _THREADS
    cdef long long cap = _compiler.multiprocessor_count() * _BLOCKS_PER_SM * 4
    if blocks > cap:
        blocks = cap
    return <int>max(blocks, 1)


cdef tuple _merge(list views, tuple shape):
    """(shape, [strides per view]) with size-1 dims dropped and adjacent
    dims merged where every view allows."""
    cdef Py_ssize_t nd = len(shape), i, k, nv = len(views)
    cdef list osh = []
    cdef list ost = [[] for _ in range(nv)]
    cdef View v
    cdef bint ok
    for i in range(nd - 1, -1, -1):
        d = shape[i]
        if d == 1:
            continue
        if osh:
            ok = True
            for k in range(nv):
                v = views[k]
                if v.strides[i] != ost[k][-1] * osh[-1]:
                    ok = False
                    break
            if ok:
                osh[-1] *= d
                continue
        osh.append(d)
        for k in range(nv):
            v = views[k]
            ost[k].append(v.strides[i])
    if not osh:
        osh = [1]
        for k in range(nv):
            ost[k].append(0)
    osh.reverse()
    for k in range(nv):
        ost[k].reverse()
    return tuple(osh), ost


cdef bint _fits32(list views, tuple shape, list strides):
    cdef Py_ssize_t k, i
    cdef long long span
    for k in range(len(views)):
        span = 0
        for i in range(len(shape)):
            span += abs(strides[k][i]) * (shape[i] - 1)
        if span > _INT32_LIMIT:
            return False
    return True


cdef int _vector_grid(long long nv) except -1:
    cdef long long per = <long long>_THREADS * _UNROLL
    cdef long long blocks = (nv + per - 1) // per
    cdef long long cap = _compiler.multiprocessor_count() * _BLOCKS_PER_SM \
        * _CAP
    if _CAP > 0 and blocks > cap:
        blocks = cap
    # the kernel loops over rounds: any grid covers the data
    return <int>min(max(blocks, 1), 0x7fffffff)


cdef Function _kernel(str name, str loop, str layout, int nd, int vec,
                      bint idx32, tuple scalars):
    key = (name, loop, layout, nd, vec, idx32, scalars)
    try:
        return _kernels[key]
    except KeyError:
        pass
    src, kname = _source.elementwise(name, loop, layout, nd, vec, idx32,
                                     scalars, _UNROLL)
    fn = _compiler.get_function(src, kname)
    _kernels[key] = fn
    return fn


cdef int _check_loop(str name, str loop) except -1:
    key = (name, loop)
    ok = _supported.get(key)
    if ok is None:
        ok = loop.replace('q', 'l').replace('Q', 'L') in _ufuncs.loops(name)
        _supported[key] = ok
    if not ok:
        raise OperationNotSupported('{} {}'.format(name, loop))
    return 0


cdef int _run(str name, str loop, tuple outs, tuple ins, dict attrs,
              intptr_t stream) except -1:
    cdef View o0 = outs[0], v
    cdef tuple shape = o0.shape
    cdef long long n = _numel(shape)
    cdef list arrays = []
    cdef list scal = []
    cdef bint contiguous = True
    cdef int vec = 1, maxsize = 1, nd = 1, k, i
    cdef bint idx32
    cdef ArgPack args = ArgPack()
    cdef Function fn
    cdef str in_chars = loop.split('->')[0]
    if n == 0:
        return 0
    for v in outs:
        arrays.append(v)
    for x in ins:
        if isinstance(x, View):
            arrays.append(x)
            scal.append(False)
        else:
            scal.append(True)
    if len(arrays) > _MAX_OPS:
        raise OperationNotSupported('{} operands'.format(len(arrays)))
    for v in arrays:
        if not _c_contiguous(v):
            contiguous = False
        if v.dtype.itemsize > maxsize:
            maxsize = v.dtype.itemsize
    if contiguous:
        idx32 = n <= _INT32_LIMIT
        vec = 16 // maxsize if maxsize <= 16 else 1
        if vec > 8:
            vec = 8
        for v in arrays:
            if _ptr(v) % (vec * v.dtype.itemsize):
                vec = 1
                break
        fn = _kernel(name, loop, 'c', 1, vec, idx32, tuple(scal))
        gshape = None
    else:
        # every operand, scalars as zero strides, in kernel order
        views = list(outs)
        for x in ins:
            views.append(x if isinstance(x, View) else None)
        real = [w for w in views if w is not None]
        gshape, gst = _merge(real, shape)
        nd = len(gshape)
        if nd > _MAX_ND:
            raise OperationNotSupported('{} dims'.format(nd))
        idx32 = n <= _INT32_LIMIT and _fits32(real, gshape, gst)
        fn = _kernel(name, loop, 's', nd, 1, idx32, tuple(scal))
    if idx32:
        args.add_i32(<int>n)
    else:
        args.add_i64(n)
    for v in outs:
        args.add_ptr(_ptr(v))
    for k in range(len(ins)):
        x = ins[k]
        if isinstance(x, View):
            args.add_ptr(_ptr(<View>x))
        else:
            ch = in_chars[k]
            if not isinstance(x, numpy.generic) or x.dtype.char != ch:
                x = numpy.dtype(ch).type(x)
            args.add_bytes(x.tobytes())
    for attr in _ufuncs.ATTR_ARGS.get(name, ()):
        args.add_f64(float(attrs[attr]))
    if gshape is not None:
        geo = numpy.zeros((1 + len(outs) + len(ins), nd), numpy.int64)
        geo[0] = gshape
        j = 0
        for k in range(len(outs) + len(ins)):
            if views[k] is not None:
                geo[1 + k] = gst[j]
                j += 1
        args.add_bytes(geo.tobytes())
    _compiler.launch(fn.ptr, _vector_grid(n // vec) if vec > 1
                     else _grid(n), _THREADS, 0, stream, args)
    return 0


cpdef run_elementwise(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef str name = attrs['name']
    cdef str loop = attrs['loop']
    _check_loop(name, loop)
    _run(name, loop, outs, ins, attrs, stream)


cpdef run_copy(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View dst = outs[0], src = ins[0]
    cdef long long n = _numel(dst.shape)
    if n == 0:
        return
    if dst.dtype == src.dtype and _c_contiguous(dst) and _c_contiguous(src):
        _cuda.check(_cuda.rt().cudaMemcpyAsync(
            <void*>_ptr(dst), <void*>_ptr(src), n * dst.dtype.itemsize,
            _D2D, <_cuda.cudaStream_t>stream), 'cudaMemcpyAsync')
        return
    _run('_copy', '{}->{}'.format(src.dtype.char, dst.dtype.char), outs, ins,
         attrs, stream)


def run_fill(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View dst = outs[0]
    value = numpy.asarray(attrs['value']).astype(dst.dtype, copy=False)
    if _c_contiguous(dst) and not value.any() and not numpy.signbit(
            value.real if value.dtype.kind == 'c' else value):
        _cuda.check(_cuda.rt().cudaMemsetAsync(
            <void*>_ptr(dst), 0, _numel(dst.shape) * dst.dtype.itemsize,
            <_cuda.cudaStream_t>stream), 'cudaMemsetAsync')
        return
    ch = dst.dtype.char
    _run('_copy', '{0}->{0}'.format(ch), outs, (value[()],), attrs, stream)


def run_arange(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View dst = outs[0]
    cdef ArgPack args = ArgPack()
    cdef long long n = _numel(dst.shape)
    ch = dst.dtype.char
    if ch == '?':
        raise OperationNotSupported('arange of {}'.format(dst.dtype))
    if n == 0:
        return
    src, kname = _source.arange(ch)
    fn = _compiler.get_function(src, kname)
    args.add_i64(n)
    args.add_ptr(_ptr(dst))
    if ch in 'FD':
        start, delta = complex(attrs['start']), complex(attrs['delta'])
        for v in (start.real, delta.real, start.imag, delta.imag):
            args.add_f64(v)
    elif ch in 'efd':
        args.add_f64(float(attrs['start']))
        args.add_f64(float(attrs['delta']))
    else:
        args.add_i64(int(attrs['start']))
        args.add_i64(int(attrs['delta']))
    _compiler.launch(fn.ptr, _grid(n), _THREADS, 0, stream, args)


def routes(str name):
    return dict.fromkeys(_ufuncs.loops(name), 'native')


_ALL = [numpy.dtype(c) for c in '?bBhHiIlLefdFD']

OPERATIONS = {'elementwise': run_elementwise, 'copy': run_copy,
              'fill': run_fill, 'arange': run_arange}
ROUTES = {'copy': dict.fromkeys(_ALL, 'native'),
          'fill': dict.fromkeys(_ALL, 'native'),
          'arange': dict.fromkeys([d for d in _ALL if d.char != '?'],
                                  'native')}
