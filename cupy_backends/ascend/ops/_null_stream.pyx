# cython: language_level=3
"""The null stream for AsdSip, which refuses a NULL stream (blas_fft.md
3.3 for its FFT; its BLAS documents only created streams): one scheme for
every AsdSip family (ops/_fft.pyx, ops/_cgemm.pyx).

- From CANN 8.2.RC1, aclrtCtxGetCurrentDefaultStream names the default
  stream: the work runs on that handle, in the null stream's order, with
  no extra runtime call.
- With an older CANN (the function is an optional symbol), the work runs
  on a stream of the family's own per device, ordered after the null
  stream's queued work by one event and before its later work by another
  (four runtime calls).
"""

from cupy_backends.ascend cimport _acl
from cupy.xpu.memory cimport _restore_device, _use_device

# device -> the default stream's handle (0: this CANN cannot name it)
_defaults = {}


cdef int sync(intptr_t stream) except -1:
    # without the interpreter lock: the simulator's kernels need it
    cdef _acl.cupy_acl_rt_table* rt = _acl.rt_table()
    cdef int st
    with nogil:
        st = rt.aclrtSynchronizeStream(<void*>stream)
    _acl.check(st, 'aclrtSynchronizeStream')
    return 0


cdef intptr_t _default_stream(int device) except? -1:
    cdef _acl.cupy_acl_rt_table* rt
    cdef void* s = NULL
    cdef int st
    entry = _defaults.get(device)
    if entry is not None:
        return entry
    rt = _acl.rt_table()
    if rt.aclrtCtxGetCurrentDefaultStream is not NULL:
        with nogil:
            st = rt.aclrtCtxGetCurrentDefaultStream(&s)
        _acl.check(st, 'aclrtCtxGetCurrentDefaultStream')
    _defaults[device] = <intptr_t>s
    return <intptr_t>s


cdef int _order(intptr_t first, intptr_t then, intptr_t event) except -1:
    # work queued on `then` from now on runs after `first`'s queued work
    cdef _acl.cupy_acl_rt_table* rt = _acl.rt_table()
    cdef int st
    with nogil:
        st = rt.aclrtRecordEvent(<void*>event, <void*>first)
    _acl.check(st, 'aclrtRecordEvent')
    with nogil:
        st = rt.aclrtStreamWaitEvent(<void*>then, <void*>event)
    _acl.check(st, 'aclrtStreamWaitEvent')
    return 0


cdef class NullStreamRoute:
    """One family's way of running the null stream's work: ``enter`` gives
    the stream to hand the library (``handoff`` says whether ``leave``
    must order the null stream after it), ``clear`` destroys the family's
    own streams and events."""

    def __init__(self):
        self._streams = {}

    cdef intptr_t enter(self, int device, bint* handoff) except? -1:
        cdef _acl.cupy_acl_rt_table* rt
        cdef void* s = NULL
        cdef void* e1 = NULL
        cdef void* e2 = NULL
        cdef intptr_t d = _default_stream(device)
        if d != 0:
            handoff[0] = False
            return d
        entry = self._streams.get(device)
        if entry is None:
            rt = _acl.rt_table()
            _acl.check(rt.aclrtCreateStream(&s), 'aclrtCreateStream')
            _acl.check(rt.aclrtCreateEvent(&e1), 'aclrtCreateEvent')
            _acl.check(rt.aclrtCreateEvent(&e2), 'aclrtCreateEvent')
            # (stream, event after the null stream's work, event after
            # the family's work)
            entry = (<intptr_t>s, <intptr_t>e1, <intptr_t>e2)
            self._streams[device] = entry
        _order(0, entry[0], entry[1])
        handoff[0] = True
        return entry[0]

    cdef int leave(self, int device, intptr_t run) except -1:
        _order(run, 0, self._streams[device][2])
        return 0

    def streams(self):
        """device -> (stream, event, event) of the streams made so far."""
        return dict(self._streams)

    def clear(self):
        cdef _acl.cupy_acl_rt_table* rt
        if not self._streams:
            return
        rt = _acl.rt_table()
        for device, (s, e1, e2) in list(self._streams.items()):
            prev = _use_device(device)
            try:
                sync(s)
                _acl.check(rt.aclrtDestroyEvent(<void*><intptr_t>e1),
                           'aclrtDestroyEvent')
                _acl.check(rt.aclrtDestroyEvent(<void*><intptr_t>e2),
                           'aclrtDestroyEvent')
                _acl.check(rt.aclrtDestroyStream(<void*><intptr_t>s),
                           'aclrtDestroyStream')
            finally:
                _restore_device(prev, device)
            del self._streams[device]
