"""cupy._core._dispatch: the one holder of the provider, the one route
query of every family, the one hook that hides loops (DESIGN.md, "Adding
a family")."""

import os
import re
import warnings

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import _dispatch
from cupy._core import _fallback
from cupy_backends.backend.provider import (
    OperationNotSupported, Provider, get_provider)

F4 = numpy.dtype(numpy.float32)
F8 = numpy.dtype(numpy.float64)


@pytest.fixture
def counts():
    _fallback.reset()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', cupy.PerformanceWarning)
        yield _fallback.fallback_counts
    _fallback.reset()


class Recording(Provider):
    """The backend's provider, recording the operations it is asked for."""

    def __init__(self, inner):
        self.inner = inner
        self.ops = []

    def run(self, op, outs, ins, attrs, stream):
        self.ops.append((op, attrs.get('name')))
        return self.inner.run(op, outs, ins, attrs, stream)

    def routes(self, op):
        return self.inner.routes(op)


class TestProvider:

    def test_the_backends_provider(self):
        assert _dispatch.get_provider() is get_provider()

    def test_only_holder(self):
        # no other core module fetches the provider
        core = os.path.dirname(_dispatch.__file__)
        for name in sorted(os.listdir(core)):
            if not re.search(r'\.(py|pyx|pxd)$', name) or \
                    name.startswith('_dispatch.'):
                continue
            with open(os.path.join(core, name)) as f:
                src = f.read()
            # only through the dispatch module
            assert src.count('get_provider') == src.count(
                '_dispatch.get_provider'), name

    def test_set_provider_swaps_every_family(self):
        rec = Recording(_dispatch.get_provider())
        old = _dispatch._set_provider(rec)
        try:
            a = testing.shaped_arange((3, 4), cupy, numpy.float32)
            a + 1                               # elementwise
            a.sum(axis=0)                       # reduce
            a.cumsum()                          # scan
            a @ a.T                             # matmul
            a.astype(numpy.float64)             # copy
            a[cupy.asarray([2, 0])]             # take_nd
        finally:
            assert _dispatch._set_provider(old) is rec
        ops = set(rec.ops)
        for want in (('elementwise', 'add'), ('reduce', 'sum'),
                     ('scan', 'cumsum'), ('matmul', None), ('copy', None),
                     ('take_nd', None)):
            assert want in ops, (want, ops)
        assert _dispatch.get_provider() is get_provider()

    def test_run_reaches_the_provider(self):
        a = cupy.zeros(4, numpy.int32)
        _dispatch.run('fill', (a._as_view(),), (), {'value': 7}, 0)
        testing.assert_array_equal(a, [7] * 4)
        with pytest.raises(OperationNotSupported):
            _dispatch.run('no_such_op', (a._as_view(),), (), {}, 0)


class TestRoute:

    @pytest.mark.parametrize('op,loop,route', [
        # elementwise: the loop string (int64 either way)
        ('add', 'ff->f', 'native'),
        ('add', 'qq->q', 'native'),
        ('sin', 'e->e', 'cast'),            # the provider: via float32
        ('logaddexp', 'ff->f', 'composed'),  # the provider: several ops
        ('gcd', 'll->l', 'host'),           # nothing on device
        # reductions and scans: the loop dtype
        ('sum', 'f', 'native'),
        ('sum', 'L', 'cast'),
        ('var', 'd', 'composed'),           # the core's composition
        ('nanmax', 'd', 'composed'),
        ('max', 'L', 'host'),
        ('cumsum', 'l', 'native'),
        # matmul
        ('matmul', 'f', 'native'),
        ('matmul', 'F', 'composed'),
        ('matmul', 'd', 'host'),
        # data movement
        ('copy', 'D', 'native'),
        ('take_nd', '?', 'native'),
        ('wrap_index', 'l', 'native'),
        ('wrap_index', 'i', None),          # nothing runs it
    ])
    def test_every_family(self, op, loop, route):
        assert _dispatch.route(op, loop) == route

    def test_device_routes(self):
        r = _dispatch.device_routes('add')
        assert r['ff->f'] == 'native' and 'qq->q' not in r
        assert _dispatch.device_routes('sum')[F4] == 'native'
        assert _dispatch.device_has('matmul', numpy.float16)
        assert not _dispatch.device_has('matmul', F8)
        assert _dispatch.device_routes('no_such_op') == {}

    def test_keys(self):
        assert _dispatch.loop_key('qQ->?') == 'lL->?'
        assert _dispatch.loop_key('f') == F4
        assert _dispatch.loop_key(numpy.float32) == F4
        a = cupy.zeros(2, numpy.float32)
        v = (a._as_view(),)
        assert _dispatch.request_key(
            'elementwise', v, v, {'name': 'add', 'loop': 'qq->q'}) == (
                'add', 'll->l')
        assert _dispatch.request_key(
            'reduce', v, v, {'name': 'sum', 'dtype': F8}) == ('sum', F8)
        assert _dispatch.request_key('copy', v, v, {}) == ('copy', F4)


class TestHide:

    def test_elementwise(self, counts):
        a = testing.shaped_arange((3, 4), cupy, numpy.float32)
        with _dispatch.hide('add', ['ff->f']):
            assert not _dispatch.device_has('add', 'ff->f')
            assert _dispatch.route('add', 'ff->f') == 'cast'   # via dd->d
            r = a + a
        assert _dispatch.route('add', 'ff->f') == 'native'
        testing.assert_array_equal(r, a.get() * 2)
        assert r.dtype == numpy.float32
        assert counts() == {}

    def test_reduction(self, counts):
        a = testing.shaped_arange((3, 4), cupy, numpy.float32)
        with _dispatch.hide('sum', [numpy.float32]):
            assert _dispatch.route('sum', F4) == 'host'
            r = a.sum(axis=1)
        testing.assert_allclose(r, a.get().sum(axis=1))
        assert counts() == {('sum', 'f->f'): 1}

    def test_composed_reduction_when_hidden(self, counts):
        a = testing.shaped_arange((3, 4), cupy, numpy.float32)
        with _dispatch.hide('var', [numpy.float32]):
            assert _dispatch.route('var', F4) == 'composed'
            r = a.var(axis=0)
        testing.assert_allclose(r, a.get().var(axis=0), rtol=1e-6)
        assert counts() == {}

    def test_matmul(self, counts):
        a = testing.shaped_arange((3, 4), cupy, numpy.float32)
        with _dispatch.hide('matmul', [numpy.float32]):
            assert _dispatch.route('matmul', F4) == 'host'
            r = a @ a.T
        testing.assert_allclose(r, a.get() @ a.get().T)
        assert counts() == {('matmul', 'ff->f'): 1}

    def test_data_op(self):
        a = testing.shaped_arange((5,), cupy, numpy.float32)
        b = testing.shaped_arange((5,), cupy, numpy.int64)
        idx = cupy.asarray([4, 1])
        with _dispatch.hide('take_nd', [numpy.float32]):
            assert _dispatch.route('take_nd', F4) is None
            with pytest.raises(OperationNotSupported):
                a[idx]
            testing.assert_array_equal(b[idx], [5, 2])  # other dtypes run
        testing.assert_array_equal(a[idx], [5, 2])

    def test_all_loops_and_nesting(self):
        before = _dispatch.device_routes('add')
        with _dispatch.hide('add', ['ff->f']):
            with _dispatch.hide('add', ['qq->q']):
                r = _dispatch.device_routes('add')
                assert 'ff->f' not in r and 'll->l' not in r
                with _dispatch.hide('add'):
                    assert _dispatch.device_routes('add') == {}
                assert 'dd->d' in _dispatch.device_routes('add')
            assert 'll->l' in _dispatch.device_routes('add')
        assert _dispatch.device_routes('add') == before

    def test_generation_and_listeners(self):
        seen = []
        _dispatch.on_invalidate(lambda: seen.append(1))
        try:
            g = _dispatch.generation()
            with _dispatch.hide('sum', ['f']):
                assert _dispatch.generation() > g
            assert len(seen) == 2
        finally:
            _dispatch._listeners.pop()
