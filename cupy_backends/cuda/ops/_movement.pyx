# Data movement and scans of the CUDA provider (operations.md): tril/triu,
# wrap_index and cumsum/cumprod, on generated kernels (ops/_source.py).
#
# The scan runs one thread per line along the scan axis: correct for any
# layout, but a single long line is sequential (a parallel scan is listed
# in TODO.md).

import numpy

from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View
from cupy_backends.cuda.ops cimport _compiler
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function
from cupy_backends.cuda.ops cimport _elementwise

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.cuda.ops import _source

cdef enum:
    _THREADS = 256
    _MAX_SCAN_DIMS = 8

_ALL = '?bBhHiIlLefdFD'


cdef inline intptr_t _ptr(View v):
    return v.base + v.offset * v.dtype.itemsize


cdef int _blocks(long long n) except -1:
    cdef long long b = (n + _THREADS - 1) // _THREADS
    return <int>max(1, min(b, _compiler.multiprocessor_count() * 32))


def run_triangle(str which, tuple outs, tuple ins, dict attrs,
                 intptr_t stream):
    cdef View dst = outs[0], src = ins[0]
    cdef ArgPack args = ArgPack()
    nd = len(dst.shape)
    if nd < 2:
        raise OperationNotSupported('{} of {} dims'.format(which, nd))
    n = 1
    for d in dst.shape:
        n *= d
    if n == 0:
        return None
    code, kname = _source.triangle(dst.dtype.char, nd)
    fn = _compiler.get_function(code, kname)
    args.add_i64(n)
    args.add_ptr(_ptr(dst))
    args.add_ptr(_ptr(src))
    args.add_bytes(numpy.array([dst.shape, dst.strides, src.strides],
                               numpy.int64).tobytes())
    args.add_i64(int(attrs.get('k', 0)))
    args.add_i32(1 if which == 'tril' else 0)
    _compiler.launch((<Function>fn).ptr, _blocks(n), _THREADS, 0, stream,
                     args)
    return None


def run_wrap_index(tuple outs, tuple ins, dict attrs, intptr_t stream):
    # NumPy's floor remainder of int64 by n > 0 lands in [0, n)
    return _elementwise.run_elementwise(
        outs, (ins[0], numpy.int64(attrs['n'])),
        {'name': 'remainder', 'loop': 'll->l'}, stream)


def run_scan(tuple outs, tuple ins, dict attrs, intptr_t stream):
    cdef View out = outs[0], src = ins[0]
    cdef ArgPack args = ArgPack()
    name = attrs['name']
    loop = numpy.dtype(attrs.get('dtype') or src.dtype)
    if name not in ('cumsum', 'cumprod') or loop.char not in _ALL:
        raise OperationNotSupported('{} in {}'.format(name, loop))
    axis = attrs['axis']
    if len(src.shape) == 0:
        shape, sst, ost, axis = (1,), (0,), (0,), 0
    else:
        shape, sst, ost = src.shape, src.strides, out.strides
    kept = [(shape[i], sst[i], ost[i]) for i in range(len(shape))
            if i != axis and shape[i] != 1]
    if len(kept) > _MAX_SCAN_DIMS:
        raise OperationNotSupported('scan of {} dims'.format(len(shape)))
    n_out = 1
    for d in kept:
        n_out *= d[0]
    if n_out == 0 or shape[axis] == 0:
        return None
    g = numpy.zeros((3, _MAX_SCAN_DIMS), numpy.int64)
    for i, (s, si, so) in enumerate(kept):
        g[0, i], g[1, i], g[2, i] = s, si, so
    code, kname = _source.scan(name, src.dtype.char, loop.char,
                               out.dtype.char)
    fn = _compiler.get_function(code, kname)
    args.add_i64(n_out)
    args.add_i32(len(kept))
    args.add_i64(shape[axis])
    args.add_i64(sst[axis])
    args.add_i64(ost[axis])
    args.add_ptr(_ptr(src))
    args.add_ptr(_ptr(out))
    args.add_bytes(g.tobytes())
    _compiler.launch((<Function>fn).ptr, _blocks(n_out), _THREADS, 0, stream,
                     args)
    return None


def _tril(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_triangle('tril', outs, ins, attrs, stream)


def _triu(tuple outs, tuple ins, dict attrs, intptr_t stream):
    return run_triangle('triu', outs, ins, attrs, stream)


def _paths(chars):
    return dict.fromkeys([numpy.dtype(c) for c in chars], 'native')


OPERATIONS = {'tril': _tril, 'triu': _triu, 'wrap_index': run_wrap_index,
              'scan': run_scan}
ROUTES = {'tril': _paths(_ALL), 'triu': _paths(_ALL),
          'wrap_index': _paths('l'),
          'cumsum': _paths(_ALL), 'cumprod': _paths(_ALL)}
