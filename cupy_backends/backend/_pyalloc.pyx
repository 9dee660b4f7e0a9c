# Counts the interpreter's own allocations (PyObject_Malloc and PyMem_Malloc
# calls) while switched on: how issue 9's "no Python-level allocation beyond
# the result" is measured, by benchmarks/call.py and the tests.  The hook is
# installed at the first start() and stays (one indirect call more per
# allocation of the process from then on); objects from the interpreter's
# free lists (small tuples, floats, frames) are not allocations and are not
# counted.

cdef extern from "Python.h":
    ctypedef struct PyMemAllocatorEx:
        void* ctx
        void* (*malloc)(void*, size_t) noexcept nogil
        void* (*calloc)(void*, size_t, size_t) noexcept nogil
        void* (*realloc)(void*, void*, size_t) noexcept nogil
        void (*free)(void*, void*) noexcept nogil
    ctypedef enum PyMemAllocatorDomain:
        PYMEM_DOMAIN_MEM
        PYMEM_DOMAIN_OBJ
    void PyMem_GetAllocator(PyMemAllocatorDomain, PyMemAllocatorEx*)
    void PyMem_SetAllocator(PyMemAllocatorDomain, PyMemAllocatorEx*)

cdef PyMemAllocatorEx _orig[2]
cdef PyMemAllocatorEx _hook[2]
cdef long long _count[2]
cdef bint _installed = False
cdef bint _on = False


cdef void* _malloc(void* ctx, size_t n) noexcept nogil:
    cdef int d = <int><size_t>ctx
    if _on:
        _count[d] += 1
    return _orig[d].malloc(_orig[d].ctx, n)


cdef void* _calloc(void* ctx, size_t k, size_t n) noexcept nogil:
    cdef int d = <int><size_t>ctx
    if _on:
        _count[d] += 1
    return _orig[d].calloc(_orig[d].ctx, k, n)


cdef void* _realloc(void* ctx, void* p, size_t n) noexcept nogil:
    cdef int d = <int><size_t>ctx
    return _orig[d].realloc(_orig[d].ctx, p, n)


cdef void _free(void* ctx, void* p) noexcept nogil:
    cdef int d = <int><size_t>ctx
    _orig[d].free(_orig[d].ctx, p)


cdef void _install() noexcept:
    global _installed
    cdef int d
    cdef PyMemAllocatorDomain dom
    for d in range(2):
        dom = PYMEM_DOMAIN_OBJ if d == 0 else PYMEM_DOMAIN_MEM
        PyMem_GetAllocator(dom, &_orig[d])
        _hook[d].ctx = <void*><size_t>d
        _hook[d].malloc = _malloc
        _hook[d].calloc = _calloc
        _hook[d].realloc = _realloc
        _hook[d].free = _free
        PyMem_SetAllocator(dom, &_hook[d])
    _installed = True


def start():
    """Count from zero."""
    global _on
    if not _installed:
        _install()
    _count[0] = _count[1] = 0
    _on = True


def stop():
    """Stop counting; (object allocations, other interpreter allocations)
    since start()."""
    global _on
    _on = False
    return _count[0], _count[1]
