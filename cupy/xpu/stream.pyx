# Streams and events (CuPy's cupy.cuda.Stream / Event API).
#
# The current stream is per host thread and per device, like CuPy.  Note a
# difference from CUDA: on CANN every stream is non-blocking, so the null
# stream does not implicitly wait for other streams (runtime.md section 5).

import sys as _sys
import threading

from cupy_backends.backend cimport api
from cupy_backends.backend import api as _api   # functions as objects


# cupy.xpu.memory._stream_destroying, bound when a stream is created (memory
# imports this module, so not at import; never at interpreter exit).
cdef object _pools_forget_stream = None


cdef _bind_pools_hook():
    global _pools_forget_stream
    if _pools_forget_stream is None:
        from cupy.xpu.memory import _stream_destroying
        _pools_forget_stream = _stream_destroying


cdef object _tls = threading.local()


cdef list _ctx_stack():
    cdef list stack
    try:
        return _tls.ctx_stack
    except AttributeError:
        stack = []
        _tls.ctx_stack = stack
        return stack


# Stream and event handles belong to a device: calls on them are made with
# that device current (CANN rejects a stream of another device, 107003).
cdef inline int _enter_device(int device) except -1:
    cdef int prev = api.xpuGetDevice()
    if prev != device:
        api.xpuSetDevice(device)
    return prev


cdef inline int _leave_device(int prev, int device) except -1:
    if prev != device:
        api.xpuSetDevice(prev)
    return 0


cdef object _call_on(int device, f, intptr_t handle):
    """f(handle) with `device` current."""
    cdef int prev = _enter_device(device)
    try:
        return f(handle)
    finally:
        _leave_device(prev, device)


cdef extern from *:
    """
    /* Whether this host thread ever made a stream current: until then its
     * current stream is the null stream, answered without the Python
     * thread-local lookup (the hot path of every operation). */
    static __thread int cupy_xpu_thread_set_streams = 0;
    """
    int cupy_xpu_thread_set_streams


cdef dict _current_streams():
    global cupy_xpu_thread_set_streams
    cdef dict d
    cupy_xpu_thread_set_streams = 1     # the caller may set one
    try:
        return _tls.streams
    except AttributeError:
        d = {}
        _tls.streams = d
        return d


cpdef intptr_t get_current_stream_ptr() except? -1:
    if not cupy_xpu_thread_set_streams:
        return 0
    cdef dict d = _current_streams()
    if not d:
        return 0
    s = d.get(api.xpuGetDevice())
    if s is None:
        return 0
    return (<_BaseStream>s).ptr


def get_current_stream(int device_id=-1):
    """The current stream of this thread for ``device_id`` (default: the
    current device); ``Stream.null`` if none was made current."""
    if device_id < 0:
        device_id = api.xpuGetDevice()
    s = _current_streams().get(device_id)
    if s is None:
        return _null_stream(device_id)
    return s


cdef dict _null_streams = {}


cdef _null_stream(int device_id):
    s = _null_streams.get(device_id)
    if s is None:
        s = Stream.__new__(Stream)
        (<_BaseStream>s).ptr = 0
        (<_BaseStream>s).device_id = device_id
        (<_BaseStream>s)._owner = False
        _null_streams[device_id] = s
    return s


class _NullDescriptor:
    def __get__(self, obj, cls):
        return _null_stream(api.xpuGetDevice())


# (handle, device) of the streams made with non_blocking=True (read on
# backends where it matters)
_non_blocking_streams = set()


def _launch_host_func(_BaseStream stream, callback, tuple args):
    launch = getattr(_api, 'xpuLaunchHostFunc', None)
    if launch is None:
        raise NotImplementedError(
            'host functions on streams are not available on the {} '
            'backend'.format(_api.xpuBackendName()))
    if not callable(callback):
        raise TypeError('callback must be callable')
    cdef int prev = _enter_device(stream.device_id)
    try:
        launch(stream.ptr, callback, args)
    finally:
        _leave_device(prev, stream.device_id)


cdef class _BaseStream:

    def __init__(self, *args, **kwargs):
        raise TypeError('use Stream() or ExternalStream()')

    def __eq__(self, other):
        if isinstance(other, _BaseStream):
            return (self.ptr == (<_BaseStream>other).ptr and
                    self.device_id == (<_BaseStream>other).device_id)
        return NotImplemented

    def __hash__(self):
        return hash((self.ptr, self.device_id))

    def __repr__(self):
        return '<{} {:#x} (device {})>'.format(
            type(self).__name__, self.ptr, self.device_id)

    def __enter__(self):
        # The previous stream goes on this thread's stack, not on the
        # object: one Stream may be entered by several threads at once.
        d = _current_streams()
        prev = d.get(self.device_id)
        self._make_current()
        _ctx_stack().append((self.device_id, prev))
        return self

    def __exit__(self, *args):
        device_id, prev = _ctx_stack().pop()
        d = _current_streams()
        if prev is None:
            d.pop(device_id, None)
        else:
            d[device_id] = prev

    cdef _make_current(self):
        if self.device_id != api.xpuGetDevice():
            raise RuntimeError(
                'This stream belongs to device {} but the current device is '
                '{}; make device {} current first'.format(
                    self.device_id, api.xpuGetDevice(), self.device_id))
        _current_streams()[self.device_id] = self

    def use(self):
        """Make this stream current on this thread (for its device)."""
        self._make_current()
        return self

    def synchronize(self):
        """Wait until all work queued on this stream is done."""
        from cupy._core import syncdetect
        syncdetect._declare_synchronize()
        _call_on(self.device_id, _api.xpuStreamSynchronize, self.ptr)

    @property
    def done(self):
        """True when all work queued on this stream is done."""
        return _call_on(self.device_id, _api.xpuStreamQuery, self.ptr)

    def record(self, event=None):
        """Record ``event`` (a new Event of this stream's device if None)
        on this stream; returns it.  The event captures the work queued so
        far."""
        cdef int prev = _enter_device(self.device_id)
        try:
            if event is None:
                event = Event()
            (<Event?>event).record(self)
        finally:
            _leave_device(prev, self.device_id)
        return event

    def wait_event(self, Event event not None):
        """Make later work on this stream wait for ``event``."""
        cdef int prev = _enter_device(self.device_id)
        try:
            api.xpuStreamWaitEvent(self.ptr, event.ptr)
        finally:
            _leave_device(prev, self.device_id)

    # ------------------------------------------------------ issue 14 --
    def launch_host_func(self, callback, arg):
        """Run ``callback(arg)`` on a host thread once the work queued so
        far on this stream is done; later work of the stream waits for
        it.  A callback that raises is reported (sys.unraisablehook) and
        the stream goes on.  It must not call into the device runtime
        (no allocation, free, copy or synchronisation: CANN's rule for
        host functions, runtime.md section 7.3)."""
        _launch_host_func(self, callback, (arg,))

    def add_callback(self, callback, arg):
        """Run ``callback(stream, status, arg)`` as ``launch_host_func``
        does (``status`` is 0: errors of earlier work surface at the next
        synchronisation instead)."""
        _launch_host_func(self, callback, (self, 0, arg))

    # CUDA graphs by stream capture (cupy/xpu/graph.py)
    def begin_capture(self, mode=None):
        """Start capturing the work queued on this stream into a graph
        (``end_capture()`` returns it)."""
        from cupy.xpu import graph
        graph.begin_capture(self, mode)

    def end_capture(self):
        """Stop the capture: the captured work as a ``Graph``."""
        from cupy.xpu import graph
        return graph.end_capture(self)

    def is_capturing(self):
        """True while this stream captures work into a graph."""
        from cupy.xpu import graph
        return graph.is_capturing(self)

    @property
    def priority(self):
        """0: stream priorities are not used (CANN's priority argument is
        reserved, runtime.md section 5)."""
        return 0

    @property
    def is_non_blocking(self):
        """Whether the stream runs without implicit waits on the null
        stream: True for every stream on ascend (runtime.md section 5)."""
        if _api.xpuBackendName() == 'ascend':
            return True
        return (self.ptr, self.device_id) in _non_blocking_streams


cdef intptr_t _create(bint non_blocking) except? 0:
    # A non-blocking stream does not wait for the legacy null stream (and
    # a capture on it is not broken by work there): the backend's
    # streamCreateWithFlags where it has one (CUDA); every ascend stream
    # is non-blocking already.
    if non_blocking:
        from cupy.xpu import runtime
        create = getattr(runtime, 'streamCreateWithFlags', None)
        if create is not None:
            return create(runtime.streamNonBlocking)
    return api.xpuStreamCreate()


cdef class Stream(_BaseStream):
    """A stream of the current device.  ``Stream.null`` is the device's
    default stream.  ``with stream:`` makes it current on this thread.

    Args:
        null (bool): make the null (default) stream instead of a new one.
        non_blocking (bool): accepted for CuPy compatibility; every CANN
            stream is non-blocking.
        ptr (int): wrap this existing stream handle (not destroyed here).
    """

    def __init__(self, null=False, non_blocking=False, ptr=0,
                 priority=None):
        # priority: accepted and unused (see the priority property)
        self.device_id = api.xpuGetDevice()
        if null:
            self.ptr = 0
            self._owner = False
        elif ptr:
            self.ptr = ptr
            self._owner = False
        else:
            _bind_pools_hook()
            self.ptr = _create(non_blocking)
            self._owner = True
        if non_blocking:
            _non_blocking_streams.add((self.ptr, self.device_id))

    @classmethod
    def from_external(cls, ptr, device_id=-1):
        """A stream object for a handle made elsewhere (not destroyed
        here); ``ExternalStream(ptr, device_id)``."""
        return ExternalStream(ptr, device_id)

    def __dealloc__(self):
        cdef int prev
        if self._owner and self.ptr:
            try:
                prev = api.xpuGetDevice()
                if prev != self.device_id:
                    api.xpuSetDevice(self.device_id)
                try:
                    # The pools wait for the stream and forget its handle,
                    # which the backend may hand out again for a new stream.
                    if _pools_forget_stream is not None:
                        _pools_forget_stream(self.ptr, self.device_id)
                finally:
                    api.xpuStreamDestroy(self.ptr)
                    if prev != self.device_id:
                        api.xpuSetDevice(prev)
            except Exception as e:
                # __dealloc__ cannot raise; say what went wrong.
                _sys.stderr.write('cupy: destroying stream {:#x} failed: '
                                  '{}\n'.format(self.ptr, e))
            self.ptr = 0

    # Stream.null: the null stream of the current device.
    null = _NullDescriptor()


cdef class ExternalStream(_BaseStream):
    """A stream made elsewhere (e.g. by another framework) given by its
    handle; it is not destroyed here."""

    def __init__(self, ptr, device_id=-1):
        self.ptr = ptr
        self.device_id = api.xpuGetDevice() if device_id < 0 else device_id
        self._owner = False


cdef class Event:
    """An event.  ``record(stream)`` captures the work queued on the stream
    so far; ``synchronize()`` waits for it; ``done`` tells whether it is
    complete.

    Args:
        block (bool): accepted for CuPy compatibility (synchronize always
            blocks the host thread).
        disable_timing (bool): no timestamps (cannot be used with
            get_elapsed_time).
        interprocess (bool): not supported.
    """

    def __init__(self, block=False, disable_timing=False, interprocess=False):
        if interprocess:
            raise NotImplementedError(
                'interprocess events are not supported on this backend')
        self.device_id = api.xpuGetDevice()
        self._timing = not disable_timing
        self.ptr = api.xpuEventCreate(self._timing)

    def __dealloc__(self):
        if self.ptr:
            try:
                api.xpuEventDestroy(self.ptr)
            except Exception:
                pass
            self.ptr = 0

    def __repr__(self):
        return '<Event {:#x} (device {})>'.format(self.ptr, self.device_id)

    def record(self, stream=None):
        """Record on ``stream`` (default: the current stream of the event's
        device)."""
        cdef intptr_t s
        cdef int prev = _enter_device(self.device_id)
        try:
            if stream is None:
                s = get_current_stream_ptr()
            else:
                if (<_BaseStream?>stream).device_id != self.device_id:
                    raise ValueError(
                        'The event belongs to device {} and the stream to '
                        'device {}'.format(self.device_id,
                                           (<_BaseStream>stream).device_id))
                s = (<_BaseStream>stream).ptr
            api.xpuEventRecord(self.ptr, s)
        finally:
            _leave_device(prev, self.device_id)

    def synchronize(self):
        """Wait until the recorded work is done."""
        _call_on(self.device_id, _api.xpuEventSynchronize, self.ptr)

    @property
    def done(self):
        """True when the recorded work is done (or never recorded)."""
        return _call_on(self.device_id, _api.xpuEventQuery, self.ptr)


def get_elapsed_time(Event start_event not None, Event end_event not None):
    """Milliseconds between two recorded, completed timing events."""
    cdef int prev = _enter_device(start_event.device_id)
    try:
        return api.xpuEventElapsedTime(start_event.ptr, end_event.ptr)
    finally:
        _leave_device(prev, start_event.device_id)
