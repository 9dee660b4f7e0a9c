"""scatter_max/min, allow_synchronize and the profiler."""

import io

import numpy
import pytest

import cupy
import cupyx
from cupy import testing


class TestScatterExtrema:

    @pytest.mark.parametrize('name,ufunc', [('scatter_max', 'maximum'),
                                            ('scatter_min', 'minimum')])
    @testing.for_dtypes('iIfd')
    def test_duplicates_like_ufunc_at(self, name, ufunc, dtype):
        idx = numpy.array([0, 2, 2, 5, 0, 2, 7])
        val = numpy.array([3, 1, 9, 4, 8, 2, 7], dtype)
        expected = numpy.full(8, 5, dtype)
        getattr(numpy, ufunc).at(expected, idx, val)
        a = cupy.full(8, 5, dtype)
        getattr(cupyx, name)(a, cupy.asarray(idx), cupy.asarray(val))
        testing.assert_array_equal(a, expected)

    @pytest.mark.parametrize('name,ufunc', [('scatter_max', 'maximum'),
                                            ('scatter_min', 'minimum')])
    def test_nan_wins_and_method(self, name, ufunc):
        idx = numpy.array([1, 1, 3, 3])
        val = numpy.array([numpy.nan, 2.0, 1.0, -4.0])
        expected = numpy.zeros((2, 3))
        getattr(numpy, ufunc).at(expected.reshape(-1), idx, val)
        a = cupy.zeros((2, 3))
        getattr(a, name)((cupy.asarray(idx) // 3, cupy.asarray(idx) % 3),
                         cupy.asarray(val))
        testing.assert_array_equal(a, expected)

    def test_slices_and_scalar_value(self):
        a = cupy.arange(12.0).reshape(3, 4)
        cupyx.scatter_max(a, (slice(None), 1), 6.0)
        e = numpy.arange(12.0).reshape(3, 4)
        numpy.maximum.at(e, (slice(None), 1), 6.0)
        testing.assert_array_equal(a, e)

    def test_scatter_add_method(self):
        a = cupy.zeros(4)
        a.scatter_add(cupy.array([1, 1, 3]), cupy.array([1.0, 2.0, 5.0]))
        testing.assert_array_equal(a, [0, 3, 0, 5])

    def test_complex_refused(self):
        with pytest.raises(TypeError):
            cupyx.scatter_max(cupy.zeros(3, complex), [0], 1)


class TestAllowSynchronize:

    def test_readback_raises_when_forbidden(self):
        a = cupy.arange(4)
        b = a + 1                           # queued work: no wait
        with cupyx.allow_synchronize(False):
            c = b * 2
            with pytest.raises(cupyx.DeviceSynchronized):
                c.get()
            with pytest.raises(cupyx.DeviceSynchronized):
                cupy.cuda.Device().synchronize()
            with pytest.raises(cupyx.DeviceSynchronized):
                cupy.cuda.get_current_stream().synchronize()
        testing.assert_array_equal(c, [2, 4, 6, 8])

    def test_nested_restores(self):
        with cupyx.allow_synchronize(False):
            with cupyx.allow_synchronize(True):
                cupy.arange(3).get()
            with pytest.raises(cupyx.DeviceSynchronized):
                cupy.arange(3).get()
        cupy.arange(3).get()


class TestProfiler:

    def test_benchmark_format_and_times(self):
        from cupyx.profiler import benchmark
        a = cupy.arange(100.0)
        r = benchmark(cupy.sin, (a,), n_repeat=5, n_warmup=1)
        assert r.cpu_times.shape == (5,)
        assert r.gpu_times.shape == (1, 5)
        assert (r.gpu_times > 0).all() and (r.cpu_times > 0).all()
        text = str(r)
        assert text.startswith('sin                 :    CPU:')
        assert 'GPU-0:' in text and '+/-' in text and '(min:' in text

    def test_benchmark_max_duration(self):
        from cupyx.profiler import benchmark
        r = benchmark(lambda: None, n_repeat=10 ** 6, max_duration=0.01,
                      name='noop')
        assert 0 < r.cpu_times.size < 10 ** 6

    def test_benchmark_bad_args(self):
        from cupyx.profiler import benchmark
        with pytest.raises(ValueError):
            benchmark(lambda: None, args=[1])

    def test_time_range_and_profile(self):
        from cupyx.profiler import profile, time_range

        @time_range()
        def f(x):
            return x + 1

        with profile(), time_range('block', sync=True):
            testing.assert_array_equal(f(cupy.ones(2)), [2, 2])
        assert f.__name__ == 'f'


def test_get_runtime_info():
    out = io.StringIO()
    out.write(cupyx.get_runtime_info())
    assert 'backend' in out.getvalue()
