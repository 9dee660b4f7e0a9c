from cupy.xpu.memory cimport MemoryPointer
from cupy_backends.backend.provider cimport View


cdef class ndarray:
    cdef tuple _shape
    cdef tuple _strides            # bytes, as NumPy
    cdef readonly object dtype     # numpy.dtype, native byte order
    cdef readonly Py_ssize_t size
    cdef readonly MemoryPointer data
    cdef readonly object base
    cdef readonly bint _c_contiguous
    cdef readonly bint _f_contiguous
    cdef View _operand      # _as_view's answer, made once per layout

    cdef _init_layout(self, tuple shape, tuple strides)
    cdef ndarray _view(self, tuple shape, tuple strides, Py_ssize_t offset,
                       dtype=*)
    cpdef View _as_view(self)
    cdef tuple _element_strides(self, Py_ssize_t itemsize)
    cdef ndarray _reshape_c(self, tuple shape)


# A new uninitialised array of `shape` (a tuple of ints) and a supported
# numpy.dtype, in order 'C' or 'F', on the current device.
cpdef ndarray _empty(tuple shape, dtype, str order=*)
# dst[...] = src on the device: broadcasting, casting, overlap handled.
cpdef _copy_to(ndarray dst, ndarray src)
# Every element of dst = value (cast on the host with NumPy's rules).
cpdef _fill(ndarray dst, value)
# `a` seen with shape `shape` (NumPy broadcasting rules, 0 strides).
cpdef ndarray _broadcast_to(ndarray a, tuple shape)
# [lo, hi) of the bytes `a` touches, as absolute addresses.
cdef tuple _byte_extent(ndarray a)
# Run a provider operation on the current stream.
cpdef _run(str op, tuple outs, tuple ins, dict attrs=*)
