"""CUDA graphs by stream capture (cupy.cuda.graph) against NumPy: the
captured work does not run at capture time, runs at each launch, on any
stream (a CUDA build with a GPU; skips elsewhere: conftest.py)."""

import numpy
import pytest

import cupy
from cupy import testing


def _capture(stream, x, y, out):
    with stream:
        stream.begin_capture()
        assert stream.is_capturing()
        cupy.multiply(x, 2, out=y)
        cupy.add(y, x, out=y)
        out[...] = y.sum()
        g = stream.end_capture()
    assert not stream.is_capturing()
    return g


def test_capture_launch():
    s = cupy.cuda.Stream(non_blocking=True)
    xh = numpy.arange(1000, dtype=numpy.float32)
    x = cupy.asarray(xh)
    y = cupy.zeros_like(x)
    out = cupy.zeros((), numpy.float32)
    cupy.cuda.Device().synchronize()
    g = _capture(s, x, y, out)
    s.synchronize()
    # nothing ran while capturing
    assert float(out) == 0.0
    g.upload(s)
    g.launch(s)
    s.synchronize()
    testing.assert_allclose(y.get(), xh * 3)
    testing.assert_allclose(float(out), (xh * 3).sum(), rtol=1e-6)
    # a replay on another stream sees new input values
    x[...] = 1
    cupy.cuda.Device().synchronize()
    s2 = cupy.cuda.Stream()
    with s2:
        g.launch()
    s2.synchronize()
    testing.assert_allclose(y.get(), numpy.full(1000, 3, numpy.float32))
    assert float(out) == 3000.0


def test_capture_refused_on_legacy_stream():
    with pytest.raises(RuntimeError, match='default'):
        cupy.cuda.Stream.null.begin_capture()


def test_graph_runtime_names():
    rt = cupy.cuda.runtime
    for name in ('streamBeginCapture', 'streamEndCapture',
                 'streamIsCapturing', 'graphInstantiate', 'graphLaunch',
                 'graphUpload', 'graphDestroy', 'graphExecDestroy'):
        assert callable(getattr(rt, name))
    assert rt.streamCaptureModeRelaxed == 2
