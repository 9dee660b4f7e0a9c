"""Fixtures of the cupy.testing tests.

``fake_cupy`` stands a host-memory stand-in in for ``cupy.ndarray`` and
``cupy.asnumpy`` (the only parts of the array library cupy.testing uses),
so that the comparison paths can be driven into states the array library
does not produce on demand: non-contiguous or 0-d device results, for
example.  The other tests use the real ``cupy.ndarray``.
"""

import gc

import numpy
import pytest

import cupy

pytest_plugins = ['pytester']


class FakeDeviceArray:
    """Wraps a NumPy array and answers the attributes cupy.testing reads
    from a device array."""

    def __init__(self, a):
        self._a = numpy.asarray(a)

    dtype = property(lambda self: self._a.dtype)
    shape = property(lambda self: self._a.shape)
    strides = property(lambda self: self._a.strides)
    ndim = property(lambda self: self._a.ndim)
    size = property(lambda self: self._a.size)
    flags = property(lambda self: self._a.flags)

    def get(self):
        return self._a.copy(order='K')

    def __getitem__(self, key):
        return FakeDeviceArray(self._a[key])

    def __repr__(self):
        return 'FakeDeviceArray({!r})'.format(self._a)


def _fake_asnumpy(a, *args, **kwargs):
    if isinstance(a, FakeDeviceArray):
        return a.get()
    return numpy.asarray(a)


@pytest.fixture
def fake_cupy(monkeypatch):
    """Replace cupy.ndarray/cupy.asnumpy by FakeDeviceArray for one test;
    returns the constructor of fake device arrays."""
    monkeypatch.setattr(cupy, 'ndarray', FakeDeviceArray)
    monkeypatch.setattr(cupy, 'asnumpy', _fake_asnumpy)
    return FakeDeviceArray


@pytest.fixture
def run_pytest(pytester):
    """Run pytest in this process on the files made with ``pytester``.

    The frames of the inner run's failures would keep its device arrays
    alive past the end of the outer run (the simulator's leak check would
    see them): the hook recorder's calls and sys.last_value (pytest's
    post-mortem copy) are dropped.
    """
    import sys

    def run(*args):
        try:
            # hypothesis' plugin would import hypothesis afresh on every
            # run (pytester restores sys.modules): half a second each.
            result = pytester.runpytest_inprocess(
                '-p', 'no:cacheprovider', '-p', 'no:hypothesispytest',
                *args)
            # The hook recorder keeps every hook call of the inner run,
            # failures (with their frames) included.  Outcomes are read
            # from the output, which stays.
            result.reprec.calls.clear()
            return result
        finally:
            for name in ('last_type', 'last_value', 'last_traceback',
                         'last_exc'):
                if hasattr(sys, name):
                    delattr(sys, name)
    return run


@pytest.fixture(scope='package', autouse=True)
def _collect_garbage():
    """Failures caught on purpose keep device arrays in reference cycles
    (exception -> traceback -> frame); free them before other packages'
    tests look at device memory."""
    yield
    gc.collect()
