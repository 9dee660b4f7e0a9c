"""The capability path of elementwise operations (DESIGN.md): native loops
stay on the device, a missing loop takes an exact cast, a composition, or
the host fallback (warned once, counted, CUPY_HOST_FALLBACK), and the
route table for ``python -m cupy info``."""

import warnings

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core.elementwise import _capability
from cupy._core import _dispatch
from cupy._core import _fallback
from cupy_backends.backend.provider import OperationNotSupported
from tests.math_tests.reference_provider import (
    ReferenceProvider, reference_provider, restricted_table)
from tests.routine_helpers import device_only


def _native(name, loop):
    return _capability.route(name, loop).kind == 'native'


def _need(name, *loops):
    for loop in loops:
        if not _native(name, loop):
            pytest.skip('the provider has no {} {}'.format(name, loop))


class TestNative:

    @pytest.mark.parametrize('name,dtype', [
        ('add', 'f'), ('multiply', 'd'), ('subtract', 'i'), ('sin', 'f'),
        ('less', 'f'), ('maximum', 'l'), ('sqrt', 'd'), ('negative', 'f')])
    def test_no_host_transfer(self, name, dtype, fallback):
        uf = getattr(cupy, name)
        loop = uf._plan_for(*([cupy.ones(1, dtype)] * uf.nin)).loop
        _need(name, loop)
        a = testing.shaped_arange((4, 5), cupy, dtype)
        b = testing.shaped_arange((5,), cupy, dtype)
        out = cupy.empty((4, 5), uf(a, *([b] * (uf.nin - 1))).dtype)
        with device_only():
            uf(a, *([b] * (uf.nin - 1)))               # broadcast
            uf(a.T, *([a.T] * (uf.nin - 1)))           # strided
            uf(a, *([2] * (uf.nin - 1)))               # Python scalar
            uf(a, *([numpy.dtype(dtype).type(3)] * (uf.nin - 1)))
            uf(a, *([b] * (uf.nin - 1)), out=out)
        assert fallback.fallback_counts() == {}

    def test_inplace_no_transfer(self):
        _need('add', 'ff->f')
        a = cupy.ones((3, 4), 'f')
        with device_only():
            a += 1
            a += a
            a *= 2.5 if _native('multiply', 'ff->f') else 1


class TestCast:

    def test_hidden_float16_loop_runs_in_float32(self, fallback):
        _need('add', 'ff->f')
        a = testing.shaped_arange((3, 4), cupy, numpy.float16)
        with _dispatch.hide('add', ['ee->e']):
            r = _capability.route('add', 'ee->e')
            assert r.kind == 'cast' and r.dev_loop == 'ff->f'
            with device_only():
                res = a + a
            res2 = cupy.add(a, 1.5)
        assert res.dtype == numpy.float16
        testing.assert_array_equal(res, (a.get() + a.get()))
        testing.assert_array_equal(res2, a.get() + 1.5)
        assert fallback.fallback_counts() == {}
        assert _capability.route('add', 'ee->e').kind == 'native'

    def test_int8_through_wider_int_wraps(self, fallback):
        _need('add', 'ii->i')
        a = cupy.asarray(numpy.array([100, -100, 127], numpy.int8))
        with _dispatch.hide('add', ['bb->b', 'hh->h']):
            assert _capability.route('add', 'bb->b').kind == 'cast'
            r = a + a
        testing.assert_array_equal(r, numpy.array([100, -100, 127],
                                                  numpy.int8) * 2)
        assert fallback.fallback_counts() == {}

    def test_comparison_of_cast_inputs(self, fallback):
        _need('less', 'dd->?')
        a = testing.shaped_arange((5,), cupy, numpy.float32)
        with _dispatch.hide('less', ['ff->?']):
            assert _capability.route('less', 'ff->?').dev_loop == 'dd->?'
            r = a < 3
        testing.assert_array_equal(r, a.get() < 3)

    def test_never_narrower_or_lossy(self):
        with reference_provider({'add': {'ff->f'}, 'spacing': {'d->d'},
                                 'invert': {'b->b'},
                                 'floor_divide': {'dd->d'}}):
            # float64 is never computed in float32
            assert _capability.route('add', 'dd->d').kind == 'host'
            # int64 -> float64 is not exact
            assert _capability.route('add', 'll->l').kind == 'host'
            # spacing depends on the type's ulp
            assert _capability.route('spacing', 'f->f').kind == 'host'
            # ~True is False, not ~1 = -2 -> True
            assert _capability.route('invert', '?->?').kind != 'cast'
            # integer floor division is not float division
            assert _capability.route('floor_divide', 'ii->i').kind == 'host'

    def test_restricted_table_routes(self):
        with reference_provider(restricted_table()):
            assert _capability.route('add', 'bb->b').dev_loop == 'ii->i'
            assert _capability.route('sin', 'e->e').dev_loop == 'f->f'
            assert _capability.route('equal', 'HH->?').dev_loop == 'ii->?'
            assert _capability.route('isnan', 'f->?').kind == 'composed'
            assert _capability.route('add', 'LL->L').kind == 'host'


class TestComposed:

    @pytest.mark.parametrize('name,dtype,needs', [
        ('square', 'f', ('multiply', 'ff->f')),
        ('isnan', 'd', ('not_equal', 'dd->?')),
        ('logical_not', 'i', ('equal', 'ii->?')),
        ('degrees', 'f', ('multiply', 'ff->f')),
        ('radians', 'd', ('multiply', 'dd->d')),
        ('reciprocal', 'f', ('divide', 'ff->f')),
    ])
    def test_composition_on_device(self, name, dtype, needs, fallback):
        _need(*needs)
        a = testing.shaped_arange((3, 4), cupy, dtype) - 5
        loop = getattr(cupy, name)._plan_for(a).loop
        with _dispatch.hide(name):
            assert _capability.route(name, loop).kind == 'composed'
            with device_only():
                r = getattr(cupy, name)(a)
        with numpy.errstate(all='ignore'):
            expected = getattr(numpy, name)(a.get())
        testing.assert_array_equal(r, expected)
        assert fallback.fallback_counts() == {}

    @pytest.mark.parametrize('dtype', ['d', 'l', 'e'])
    @pytest.mark.parametrize('which', [0, 1])
    @pytest.mark.parametrize('src', [0, 1])
    def test_divmod_output_is_an_input(self, dtype, which, src, fallback):
        # an output that is an input: written after both halves read it
        a = numpy.array([7, -7, 5, -3, 0, 9], dtype)
        b = numpy.array([2, 3, -2, 2, 5, -4], dtype)
        want = numpy.divmod(a, b)
        ins = [cupy.asarray(a), cupy.asarray(b)]
        outs = [cupy.empty_like(ins[0]), cupy.empty_like(ins[0])]
        outs[which] = ins[src]
        r = cupy.divmod(ins[0], ins[1], out=tuple(outs))
        assert r[which] is ins[src]
        testing.assert_array_equal(r[0], want[0])
        testing.assert_array_equal(r[1], want[1])

    @pytest.mark.parametrize('dtype', ['f', 'd', 'i', 'F', 'D'])
    def test_clip_into_a_bound(self, dtype, fallback):
        # complex clip is composed (maximum, then minimum with hi): an
        # output that is hi must not be written before minimum reads hi
        a = numpy.array([-3, 0, 2, 5, 9], dtype)
        lo = numpy.array([-1, 1, 1, 1, 1], dtype)
        hi = numpy.array([4, 4, 1, 6, 3], dtype)
        want = numpy.clip(a, lo, hi)
        x, l, h = (cupy.asarray(v) for v in (a, lo, hi))
        r = cupy.clip(x, l, h, out=h)
        assert r is h
        testing.assert_array_equal(h, want)
        assert fallback.fallback_counts() == {}

    def test_where_through_integer_bits(self, fallback):
        _need('where', '?ll->l')
        c = cupy.asarray([True, False, True])
        x = cupy.asarray([1.5, numpy.nan, -0.0])
        with _dispatch.hide('where', ['?dd->d', '?DD->D']):
            assert _capability.route('where', '?dd->d').kind == 'composed'
            r = cupy.where(c, x, 7.0)
            z = cupy.where(c, x + 1j, 2j)
        testing.assert_array_equal(r, [1.5, 7.0, -0.0])
        assert numpy.signbit(r.get()[2])
        testing.assert_array_equal(z, [1.5 + 1j, 2j, 1j])
        assert fallback.fallback_counts() == {}


class TestHostFallback:

    def test_warns_once_and_counts(self, fallback):
        a = testing.shaped_arange((3,), cupy, numpy.float32)
        with _dispatch.hide('logaddexp'):
            assert _capability.route('logaddexp', 'ff->f').kind == 'host'
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter('always')
                r1 = cupy.logaddexp(a, a)
                r2 = cupy.logaddexp(a, 1)
        perf = [x for x in w if issubclass(x.category,
                                           cupy.PerformanceWarning)]
        assert len(perf) == 1
        assert 'logaddexp' in str(perf[0].message)
        assert "'ff->f'" in str(perf[0].message)
        assert fallback.fallback_counts() == {('logaddexp', 'ff->f'): 2}
        testing.assert_allclose(r1, numpy.logaddexp(a.get(), a.get()))
        testing.assert_allclose(r2, numpy.logaddexp(a.get(), 1))

    def test_error_mode(self, fallback, monkeypatch):
        monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
        a = cupy.ones(3, numpy.float32)
        with _dispatch.hide('hypot'):
            with pytest.raises(_fallback.HostFallbackError) as e:
                cupy.hypot(a, a)
        assert 'hypot' in str(e.value) and 'ff->f' in str(e.value)
        assert isinstance(e.value, NotImplementedError)
        assert fallback.fallback_counts() == {}

    def test_silent_mode(self, fallback, monkeypatch):
        monkeypatch.setenv('CUPY_HOST_FALLBACK', 'silent')
        a = cupy.ones(3, numpy.float32)
        with _dispatch.hide('hypot'):
            with warnings.catch_warnings():
                warnings.simplefilter('error')
                cupy.hypot(a, a)
        assert fallback.fallback_counts() == {('hypot', 'ff->f'): 1}

    def test_bad_mode(self, monkeypatch, fallback):
        monkeypatch.setenv('CUPY_HOST_FALLBACK', 'loud')
        with _dispatch.hide('hypot'):
            with pytest.raises(ValueError):
                cupy.hypot(cupy.ones(2), 1)

    def test_float64_stays_float64(self, fallback):
        a = cupy.asarray(numpy.array([1e-300, 1.0 + 2 ** -50]))
        with _dispatch.hide('log1p'):
            r = cupy.log1p(a)
        assert r.dtype == numpy.float64
        testing.assert_array_equal(r, numpy.log1p(a.get()))

    def test_refused_at_run_time(self, fallback):
        class Refusing(ReferenceProvider):
            def run(self, op, outs, ins, attrs, stream):
                if op == 'elementwise':
                    raise OperationNotSupported('not this layout')
                return self.inner.run(op, outs, ins, attrs, stream)

        inner = _dispatch.get_provider()
        old = _dispatch._set_provider(Refusing(inner))
        try:
            r = cupy.add(cupy.arange(3.0), 1)
        finally:
            _dispatch._set_provider(old)
        testing.assert_array_equal(r, [1.0, 2.0, 3.0])
        assert fallback.fallback_counts() == {('add', 'dd->d'): 1}

    def test_i0_is_counted(self, fallback):
        cupy.i0(cupy.ones(2))
        assert ('i0', 'd') in fallback.fallback_counts()


class TestTable:

    def test_summary(self):
        s = _capability.capability_summary()
        for family in ('arithmetic', 'exponential/log', 'trigonometric',
                       'comparison', 'logical', 'bitwise', 'rounding',
                       'floating-point'):
            assert set(s[family]) == {'native', 'cast', 'composed', 'host'}
        assert sum(s['arithmetic'].values()) > 100

    def test_loop_paths(self):
        paths = _capability.loop_paths()
        assert paths[('add', 'ff->f')] in ('native', 'cast', 'composed',
                                           'host')
        assert ('add', 'qq->q') not in paths      # written 'll->l'
        assert ('where', '?dd->d') in paths

    def test_register_rows(self):
        rows = {('matmul', 'test_op', 'ff->f'): 'native'}
        _capability.register_rows(lambda: rows)
        try:
            assert _capability.loop_paths()[('test_op', 'ff->f')] == 'native'
            rows[('matmul', 'x', 'ff->f')] = 'gpu'
            with pytest.raises(ValueError):
                _capability.loop_paths()
        finally:
            _capability._row_sources.pop()

    def test_hide_restores(self):
        before = _capability.native_loops('add')
        with _dispatch.hide('add', ['ff->f']):
            assert 'ff->f' not in _capability.native_loops('add')
            with _dispatch.hide('add'):
                assert not _capability.native_loops('add')
            assert _capability.native_loops('add') == before - {'ff->f'}
        assert _capability.native_loops('add') == before
