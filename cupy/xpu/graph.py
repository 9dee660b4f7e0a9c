"""CUDA graphs made by stream capture (``cupy.cuda.graph``), as CuPy has
them: ``stream.begin_capture()``, the work queued on that stream, then
``g = stream.end_capture()``; ``g.launch(stream)`` replays the captured
work (kernels, copies) with one call, ``g.upload(stream)`` prepares it
ahead of the first launch.

On a CUDA build the calls are the runtime's cudaStreamBeginCapture,
cudaStreamEndCapture, cudaStreamIsCapturing, cudaGraphInstantiate,
cudaGraphLaunch and cudaGraphUpload (cupy.cuda.runtime).  The ascend
backend has no capture (the CANN simulator runs each call as it comes):
``begin_capture`` raises NotImplementedError there and ``is_capturing``
is False.

As in CuPy, a replay reads and writes the very memory the captured calls
used: keep the arrays of the capture alive (and do not free them back to
the pool) while the graph may run.  Calls that wait for the device (a
copy to the host, a result the host needs) cannot be captured.
"""

from cupy.xpu import runtime as _runtime


def _require(name):
    fn = getattr(_runtime, name, None)
    if fn is None:
        raise NotImplementedError(
            'CUDA graphs (stream capture) need a CUDA build; the {} '
            'backend has no stream capture'.format(_runtime.backend()))
    return fn


def _current(stream):
    if stream is None:
        from cupy.xpu import stream as _stream
        return _stream.get_current_stream()
    return stream


class Graph:
    """An executable graph of work captured on a stream; made by
    ``Stream.end_capture()``."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError(
            'a Graph is made by Stream.end_capture(), not constructed')

    @classmethod
    def _make(cls, graph, graph_exec, device_id):
        self = cls.__new__(cls)
        self._graph = graph
        self._exec = graph_exec
        self._device_id = device_id
        return self

    def launch(self, stream=None):
        """Replay the captured work on ``stream`` (the current stream by
        default)."""
        _require('graphLaunch')(self._exec, _current(stream).ptr)

    def upload(self, stream=None):
        """Prepare the graph on ``stream`` so its first launch starts
        sooner."""
        _require('graphUpload')(self._exec, _current(stream).ptr)

    def __del__(self):
        ex, g = getattr(self, '_exec', 0), getattr(self, '_graph', 0)
        self._exec = self._graph = 0
        if ex:
            _runtime.graphExecDestroy(ex)
        if g:
            _runtime.graphDestroy(g)


def begin_capture(stream, mode=None):
    """Stream.begin_capture: relaxed mode by default (as CuPy: the pool
    may allocate from the runtime while a capture runs)."""
    begin = _require('streamBeginCapture')
    if stream.ptr in (0, 1):
        raise RuntimeError('cannot capture on the default (legacy) stream')
    if mode is None:
        mode = _runtime.streamCaptureModeRelaxed
    begin(stream.ptr, mode)


def end_capture(stream):
    """Stream.end_capture: the captured work as a Graph."""
    g = _require('streamEndCapture')(stream.ptr)
    try:
        ex = _runtime.graphInstantiate(g)
    except BaseException:
        _runtime.graphDestroy(g)
        raise
    return Graph._make(g, ex, stream.device_id)


def is_capturing(stream):
    """Stream.is_capturing: True while a capture is active; RuntimeError
    when the capture was invalidated (an operation that cannot be
    captured ran on the stream)."""
    query = getattr(_runtime, 'streamIsCapturing', None)
    if query is None:
        return False
    status = query(stream.ptr)
    if status == _runtime.streamCaptureStatusInvalidated:
        raise RuntimeError('the stream capture has been invalidated')
    return status == _runtime.streamCaptureStatusActive
