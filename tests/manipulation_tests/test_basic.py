import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only, layouts


class TestCopyto:

    @testing.for_all_dtypes_combination(names=('src_dtype', 'dst_dtype'))
    @testing.numpy_cupy_array_equal()
    def test_unsafe(self, xp, src_dtype, dst_dtype):
        dst = xp.zeros((2, 3), dst_dtype)
        src = testing.shaped_arange((2, 3), xp, src_dtype)
        xp.copyto(dst, src, casting='unsafe')
        return dst

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_layouts(self, xp, dtype):
        out = []
        for d in layouts(xp, (2, 3), dtype, writable=True):
            for s in layouts(xp, (3,), dtype):
                xp.copyto(d, s)
                out.append(d.copy())
        return out

    @pytest.mark.parametrize('src,dst_dtype,casting', [
        (300, numpy.uint8, 'same_kind'), (-1, numpy.uint8, 'same_kind'),
        (1.5, numpy.uint8, 'same_kind'), (1.5, numpy.uint8, 'unsafe'),
        (numpy.float64(1.5), numpy.int32, 'same_kind'),
        (numpy.int64(300), numpy.uint8, 'same_kind'),
        (True, numpy.uint8, 'no'), (1, numpy.uint8, 'no'),
        (1, numpy.int8, 'safe'), (numpy.int8(1), numpy.uint8, 'safe'),
        ([1, 2, 3], numpy.uint8, 'same_kind'), (1j, numpy.float32, 'unsafe'),
        ([1.5, 2, 3], numpy.float32, 'same_kind'), (2.5, numpy.float16,
                                                     'same_kind')])
    def test_scalars_and_host_data(self, src, dst_dtype, casting):
        results = []
        for xp in (numpy, cupy):
            dst = xp.zeros(3, dst_dtype)
            try:
                with numpy.errstate(all='ignore'):
                    xp.copyto(dst, src, casting=casting)
                results.append(cupy.asnumpy(dst))
            except Exception as e:
                results.append(type(e))
        if isinstance(results[0], type):
            assert results[1] is results[0]
        else:
            testing.assert_array_equal(results[1], results[0])

    @testing.numpy_cupy_array_equal()
    def test_casting_array_error(self, xp):
        with pytest.raises(TypeError):
            xp.copyto(xp.zeros(3, numpy.int32), xp.ones(3))
        return xp.zeros(1)

    def test_bad_casting(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.copyto(xp.zeros(3), xp.ones(3), casting='bad')

    def test_broadcast_error(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.copyto(xp.zeros(3), xp.ones(2))
            with pytest.raises(ValueError):
                xp.copyto(xp.zeros(3), xp.ones(2), where=False)

    def test_dst_not_array(self):
        with pytest.raises(TypeError):
            cupy.copyto(numpy.zeros(3), cupy.ones(3))

    @testing.for_all_dtypes()
    @testing.numpy_cupy_array_equal()
    def test_where(self, xp, dtype):
        dst = testing.shaped_arange((2, 3), xp, dtype)
        src = testing.shaped_reverse_arange((3,), xp, dtype)
        where = xp.asarray([[True, False, True], [False, False, True]])
        xp.copyto(dst, src, where=where)
        return dst

    @testing.numpy_cupy_array_equal()
    def test_where_broadcast_and_scalar(self, xp):
        dst = xp.zeros((2, 3))
        xp.copyto(dst, 7, where=xp.asarray([True, False, True]))
        d2 = xp.zeros(())
        xp.copyto(d2, 3, where=xp.asarray(True))
        d3 = xp.zeros(3)
        xp.copyto(d3, 3, where=False)
        xp.copyto(d3[::-1], xp.asarray([1., 2, 3]), where=[True, True, False])
        return dst, d2, d3

    def test_where_not_bool(self):
        for xp in (numpy, cupy):
            with pytest.raises(TypeError):
                xp.copyto(xp.zeros(3), 1, where=xp.asarray([1, 0, 1]))

    def test_device_only(self):
        a = cupy.zeros((3, 4))
        b = cupy.ones(4, numpy.int8)
        with device_only():
            cupy.copyto(a, b)
            cupy.copyto(a, 3)
            cupy.copyto(a, 2.5, casting='unsafe')
