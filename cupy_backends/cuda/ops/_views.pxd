# Small helpers of the CUDA provider's family modules (inline, no module
# of their own): device addresses and layouts of Views, launch sizes.

from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View
from cupy_backends.cuda.ops cimport _compiler


cdef inline intptr_t ptr(View v):
    """The device address of v's first element."""
    return v.base + v.offset * v.dtype.itemsize


cdef inline bint c_contiguous(View v):
    cdef Py_ssize_t expect = 1, i
    for i in range(len(v.shape) - 1, -1, -1):
        if v.shape[i] != 1 and v.strides[i] != expect:
            return False
        expect *= v.shape[i]
    return True


cdef inline tuple c_strides(tuple shape):
    """Element strides of a C-contiguous array of `shape`."""
    cdef list out = []
    cdef Py_ssize_t acc = 1, d
    for d in reversed(shape):
        out.append(acc)
        acc *= d
    return tuple(reversed(out))


cdef inline int blocks(long long n, int threads) except -1:
    """Blocks of a grid-stride loop over n elements: enough to cover them,
    at most 32 per multiprocessor (grid-stride beyond)."""
    cdef long long b = (n + threads - 1) // threads
    return <int>max(1, min(b, _compiler.multiprocessor_count() * 32))
