"""The dtype and order loops: for_dtypes and friends, the combination
variants, for_orders, for_CF_orders and for_contiguous_axes."""

import inspect
import itertools
import textwrap

import numpy
import pytest

from cupy import testing


FLOATS = [numpy.float64, numpy.float32, numpy.float16]
SIGNED = [numpy.dtype(c).type for c in 'bhilq']
UNSIGNED = [numpy.dtype(c).type for c in 'BHILQ']
COMPLEX = [numpy.complex64, numpy.complex128]
ALL = FLOATS + SIGNED + UNSIGNED + [numpy.bool_] + COMPLEX


def _collect(decorator, **kwargs):
    seen = []

    @decorator
    def f(**kw):
        seen.append(kw)
    f(**kwargs)
    return seen


class TestForDtypes:

    def test_all_dtypes_order(self):
        seen = _collect(testing.for_all_dtypes())
        assert [kw['dtype'] for kw in seen] == ALL

    @pytest.mark.parametrize('options, expected', [
        ({'no_float16': True}, [d for d in ALL if d is not numpy.float16]),
        ({'no_bool': True}, [d for d in ALL if d is not numpy.bool_]),
        ({'no_complex': True}, [d for d in ALL if d not in COMPLEX]),
        ({'no_float16': True, 'no_bool': True, 'no_complex': True},
         [numpy.float64, numpy.float32] + SIGNED + UNSIGNED),
    ])
    def test_all_dtypes_options(self, options, expected):
        seen = _collect(testing.for_all_dtypes(**options))
        assert [kw['dtype'] for kw in seen] == expected

    @pytest.mark.parametrize('decorator, expected', [
        (testing.for_float_dtypes(), FLOATS),
        (testing.for_float_dtypes(no_float16=True), FLOATS[:2]),
        (testing.for_signed_dtypes(), SIGNED),
        (testing.for_unsigned_dtypes(), UNSIGNED),
        (testing.for_int_dtypes(), SIGNED + UNSIGNED + [numpy.bool_]),
        (testing.for_int_dtypes(no_bool=True), SIGNED + UNSIGNED),
        (testing.for_complex_dtypes(), COMPLEX),
    ])
    def test_families(self, decorator, expected):
        assert [kw['dtype'] for kw in _collect(decorator)] == expected

    def test_dtypes_given_as_codes_pass_types(self):
        seen = _collect(testing.for_dtypes('efdFD?'))
        assert [kw['dtype'] for kw in seen] == [
            numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
            numpy.complex128, numpy.bool_]
        seen = _collect(testing.for_dtypes([numpy.dtype('i4'), 'uint8']))
        assert [kw['dtype'] for kw in seen] == [numpy.int32, numpy.uint8]

    def test_name(self):
        seen = _collect(testing.for_float_dtypes(name='a_dtype'))
        assert [list(kw) for kw in seen] == [['a_dtype']] * 3

    def test_other_kwargs_kept(self):
        seen = _collect(testing.for_complex_dtypes(), x=1)
        assert seen == [{'x': 1, 'dtype': d} for d in COMPLEX]

    def test_signature(self):
        @testing.for_all_dtypes(name='t')
        def f(self, t, other):
            pass
        assert list(inspect.signature(f).parameters) == ['self', 'other']
        assert f.__name__ == 'f'

    def test_stacked(self):
        @testing.for_float_dtypes(name='a', no_float16=True)
        @testing.for_complex_dtypes(name='b')
        def f(a, b):
            seen.append((a, b))
        seen = []
        f()
        assert seen == list(itertools.product(FLOATS[:2], COMPLEX))
        assert list(inspect.signature(f).parameters) == []

    def test_failure_stops_and_names_dtype(self, capsys):
        seen = []

        @testing.for_all_dtypes()
        def f(dtype):
            seen.append(dtype)
            assert dtype is not numpy.int16, 'int16 is bad'
        with pytest.raises(AssertionError, match='int16 is bad') as e:
            f()
        assert seen[-1] is numpy.int16
        assert 'dtype = int16' in capsys.readouterr().out
        assert any('dtype = int16' in n for n in e.value.__notes__)

    def test_error_type_kept(self):
        @testing.for_float_dtypes()
        def f(dtype):
            raise KeyError('k')
        with pytest.raises(KeyError):
            f()

    def test_skip_of_one_dtype_goes_on(self, capsys):
        seen = []

        @testing.for_float_dtypes()
        def f(dtype):
            if dtype is numpy.float32:
                pytest.skip('no float32')
            seen.append(dtype)
        f()
        assert seen == [numpy.float64, numpy.float16]
        assert 'skipped: dtype = float32' in capsys.readouterr().out


class TestCombinations:

    def test_full(self):
        types = [numpy.float32, numpy.int8, numpy.uint8]
        seen = _collect(testing.for_dtypes_combination(
            types, names=['a', 'b'], full=True))
        assert [(kw['a'], kw['b']) for kw in seen] == list(
            itertools.product(types, types))

    def test_full_from_environment(self, monkeypatch):
        monkeypatch.setenv('CUPY_TEST_FULL_COMBINATION', '1')
        seen = _collect(testing.for_signed_dtypes_combination(
            names=['a', 'b']))
        assert len(seen) == len(SIGNED) ** 2

    def test_explicit_full_false_wins(self, monkeypatch):
        monkeypatch.setenv('CUPY_TEST_FULL_COMBINATION', '1')
        seen = _collect(testing.for_signed_dtypes_combination(
            names=['a', 'b'], full=False))
        assert len(seen) < len(SIGNED) ** 2

    def test_subset(self, monkeypatch):
        monkeypatch.delenv('CUPY_TEST_FULL_COMBINATION', raising=False)
        names = ['a', 'b', 'c']
        seen = _collect(testing.for_all_dtypes_combination(names=names))
        rows = [tuple(kw[n] for n in names) for kw in seen]
        assert len(rows) == len(set(rows))
        assert len(ALL) <= len(rows) <= 2 * len(ALL)
        # Every dtype appears for every name, the diagonal included.
        for i in range(len(names)):
            assert {r[i] for r in rows} == set(ALL)
        for d in ALL:
            assert (d, d, d) in rows

    def test_subset_is_reproducible(self):
        def run():
            return _collect(testing.for_int_dtypes_combination(
                names=['x', 'y'], full=False))
        assert run() == run()

    def test_single_name(self):
        seen = _collect(testing.for_unsigned_dtypes_combination(full=False))
        assert [kw['dtype'] for kw in seen] == UNSIGNED

    def test_default_names(self):
        # CuPy's default name of for_all_dtypes_combination is 'dtyes'.
        seen = _collect(testing.for_all_dtypes_combination(full=True))
        assert [list(kw) for kw in seen] == [['dtyes']] * len(ALL)
        seen = _collect(testing.for_int_dtypes_combination(
            no_bool=True, full=True))
        assert [kw['dtype'] for kw in seen] == SIGNED + UNSIGNED

    def test_all_options(self):
        seen = _collect(testing.for_all_dtypes_combination(
            names=['a'], no_float16=True, no_bool=True, no_complex=True,
            full=True))
        assert [kw['a'] for kw in seen] == (
            [numpy.float64, numpy.float32] + SIGNED + UNSIGNED)

    def test_signature(self):
        @testing.for_dtypes_combination([numpy.int8], names=['a', 'b'])
        def f(self, a, b, c):
            pass
        assert list(inspect.signature(f).parameters) == ['self', 'c']

    def test_failure_names_combination(self, capsys):
        @testing.for_dtypes_combination(
            [numpy.int8, numpy.float32], names=['a', 'b'], full=True)
        def f(a, b):
            assert not (a is numpy.int8 and b is numpy.float32)
        with pytest.raises(AssertionError) as e:
            f()
        assert 'a = int8, b = float32' in capsys.readouterr().out
        assert any('a = int8, b = float32' in n for n in e.value.__notes__)

    def test_skip_goes_on(self):
        seen = []

        @testing.for_dtypes_combination(
            [numpy.int8, numpy.float32], names=['a', 'b'], full=True)
        def f(a, b):
            if a is b:
                pytest.skip('same')
            seen.append((a, b))
        f()
        assert len(seen) == 2


class TestOrders:

    def test_for_orders(self):
        seen = _collect(testing.for_orders(['C', 'F', 'A']))
        assert seen == [{'order': 'C'}, {'order': 'F'}, {'order': 'A'}]

    def test_for_orders_name(self):
        seen = _collect(testing.for_orders(['K'], name='o'))
        assert seen == [{'o': 'K'}]

    def test_for_cf_orders(self):
        seen = _collect(testing.for_CF_orders())
        assert [kw['order'] for kw in seen] == [None, 'C', 'F', 'c', 'f']

    def test_failure(self, capsys):
        @testing.for_CF_orders()
        def f(order):
            assert order != 'F'
        with pytest.raises(AssertionError):
            f()
        assert 'order = F' in capsys.readouterr().out

    def test_signature(self):
        @testing.for_CF_orders(name='o')
        def f(self, o):
            pass
        assert list(inspect.signature(f).parameters) == ['self']


class _Holder:

    def __init__(self, shape, order):
        self.shape = shape
        self.order = order
        self.seen = []

    @testing.for_contiguous_axes()
    def method(self, axis):
        self.seen.append(axis)


class TestContiguousAxes:

    @pytest.mark.parametrize('order', ['C', 'c'])
    def test_c(self, order):
        h = _Holder((2, 3, 4), order)
        h.method()
        assert h.seen == [(0, 1, 2), (1, 2), (2,)]

    @pytest.mark.parametrize('order', ['F', 'f'])
    def test_f(self, order):
        h = _Holder((2, 3, 4), order)
        h.method()
        assert h.seen == [(0, 1, 2), (0, 1), (0,)]

    def test_zero_dim(self):
        h = _Holder((), 'C')
        h.method()
        assert h.seen == []

    def test_no_order(self):
        h = _Holder((2,), None)
        with pytest.raises(ValueError):
            h.method()

    def test_name_and_signature(self):
        class H(_Holder):
            @testing.for_contiguous_axes(name='ax')
            def method(self, ax, extra=0):
                self.seen.append(ax)
        h = H((2, 3), 'F')
        h.method()
        assert h.seen == [(0, 1), (0,)]
        assert list(inspect.signature(H.method).parameters) == [
            'self', 'extra']


def test_loops_under_pytest(pytester, run_pytest):
    """dtype/order names are not taken for fixtures; one item per test."""
    pytester.makepyfile(textwrap.dedent('''
        import numpy
        from cupy import testing

        class TestA:
            @testing.for_all_dtypes()
            def test_dtypes(self, dtype):
                assert numpy.dtype(dtype).type is dtype

            @testing.for_dtypes_combination('fd', names=['a', 'b'])
            def test_combination(self, a, b):
                pass

            @testing.for_CF_orders()
            @testing.for_float_dtypes(name='t')
            def test_orders(self, order, t):
                pass

            @testing.for_int_dtypes()
            def test_fails_on_bool(self, dtype):
                assert dtype is not numpy.bool_
    '''))
    result = run_pytest('-v')
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(['*dtype = bool*'])
