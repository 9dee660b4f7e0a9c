"""cupy.cuda.graph and Stream.begin_capture on a build without stream
capture (the ascend backend): a clear NotImplementedError, never a
half-made graph.  The capture itself is tested on a GPU in
tests/cuda_tests/test_graph_cuda.py."""

import pytest

import cupy
from cupy_backends import get_backend_name

pytestmark = pytest.mark.skipif(
    get_backend_name() != 'ascend', reason='the ascend backend only')


def test_begin_capture_not_implemented():
    s = cupy.cuda.Stream()
    with pytest.raises(NotImplementedError, match='CUDA build'):
        s.begin_capture()
    assert s.is_capturing() is False


def test_graph_not_constructed_directly():
    with pytest.raises(RuntimeError, match='end_capture'):
        cupy.cuda.graph.Graph()
