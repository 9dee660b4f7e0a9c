# What the linalg family's modules share (_linalg.pyx: the per-matrix
# cuSOLVER routines; _linalg_batched.pyx: LU and the batched forms).

from libc.stdint cimport intptr_t

from cupy_backends.backend.provider cimport View
from cupy_backends.cuda._cuda cimport (
    bufsize_t, getrf_t, getrs_t, potrf_t, geqrf_t, orgqr_bufsize_t, orgqr_t,
    gesvdj_bufsize_t, gesvdj_t, syevd_bufsize_t, syevd_t, trsm_t,
    potrf_batched_t, getrf_batched_t, getrs_batched_t)
from cupy_backends.cuda.ops._compiler cimport ArgPack, Function


cdef class _Scratch:
    cdef list held
    cdef intptr_t stream
    cdef int device

    cdef intptr_t alloc(self, Py_ssize_t nbytes) except? 0
    cdef View view(self, object dtype, tuple shape, tuple strides)
    cdef View c_copy(self, View a)
    cdef View f_copy(self, View a, Py_ssize_t cols)
    cdef View f_buffer(self, object dtype, tuple batch, Py_ssize_t m,
                       Py_ssize_t cols)
    cdef View out(self, View o)
    cdef int finish(self, View o, View written) except -1


cdef struct _Fns:
    bufsize_t getrf_size
    getrf_t getrf
    getrs_t getrs
    bufsize_t potrf_size
    potrf_t potrf
    bufsize_t geqrf_size
    geqrf_t geqrf
    orgqr_bufsize_t orgqr_size
    orgqr_t orgqr
    gesvdj_bufsize_t gesvdj_size
    gesvdj_t gesvdj
    syevd_bufsize_t syevd_size
    syevd_t syevd
    trsm_t trsm
    getrf_batched_t getrf_batched
    getrs_batched_t getrs_batched
    potrf_batched_t potrf_batched


cdef tuple _device_handles()
cdef intptr_t _solver(intptr_t stream) except? 0
cdef intptr_t _blas(intptr_t stream) except? 0
cdef _Fns* _typed(object dtype) except NULL
cdef Py_ssize_t _count(tuple batch)
cdef int _check_dims(op, View a, tuple sizes) except -1
cdef intptr_t _at(View v, Py_ssize_t b, Py_ssize_t per)
cdef tuple _f_strides(tuple batch, Py_ssize_t m, Py_ssize_t cols)
cdef Function _kernel(str name, object dtype)
cdef int _launch(Function fn, long long total, ArgPack args,
                 intptr_t stream) except -1
cdef int _nan_where(View x, Py_ssize_t batch, intptr_t info,
                    intptr_t stream) except -1
cdef int _triangle(View x, bint keep_upper, intptr_t info,
                   intptr_t stream) except -1
cdef int _eye(View x, intptr_t stream) except -1
cdef intptr_t _work(_Scratch sc, object dtype, int lwork) except? 0
cdef intptr_t _pointers(_Scratch sc, intptr_t base, Py_ssize_t stride,
                        Py_ssize_t batch) except? 0
cdef tuple _getrf(_Scratch sc, View lu, Py_ssize_t m, Py_ssize_t n,
                  Py_ssize_t batch, intptr_t info=*)
cdef int _getrs(_Scratch sc, View lu, intptr_t ipiv, View x, Py_ssize_t n,
                Py_ssize_t nrhs, Py_ssize_t batch, int op) except -1
