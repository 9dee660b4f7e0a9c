"""I/O round trips through files (ours and NumPy's in both directions),
arrays from buffers/iterables/functions, and the string forms."""

import io

import numpy
import pytest

import cupy
from cupy import testing


class TestNpy:

    @testing.for_all_dtypes()
    def test_save_load_roundtrip(self, tmp_path, dtype):
        a = testing.shaped_arange((3, 4), cupy, dtype)[:, ::2]
        path = tmp_path / 'a.npy'
        cupy.save(path, a)
        n = numpy.load(path)                 # ours read by NumPy
        assert n.dtype == a.dtype
        testing.assert_array_equal(n, a)
        numpy.save(path, n * 2 if dtype != numpy.bool_ else ~n)
        b = cupy.load(path)                  # NumPy's read by us
        assert isinstance(b, cupy.ndarray) and b.dtype == a.dtype
        testing.assert_array_equal(b, numpy.load(path))

    def test_mmap_mode_loads_to_device(self, tmp_path):
        path = tmp_path / 'm.npy'
        numpy.save(path, numpy.arange(10.0))
        b = cupy.load(path, mmap_mode='r')
        assert isinstance(b, cupy.ndarray)
        testing.assert_array_equal(b, numpy.arange(10.0))

    def test_file_object_and_scalar(self):
        buf = io.BytesIO()
        cupy.save(buf, cupy.asarray(3.5))
        buf.seek(0)
        b = cupy.load(buf)
        assert b.shape == () and float(b) == 3.5

    def test_pickle(self, tmp_path):
        path = tmp_path / 'o.npy'
        numpy.save(path, numpy.array([{'a': 1}], dtype=object))
        with pytest.raises(ValueError):     # NumPy's refusal
            cupy.load(path)
        with pytest.raises(TypeError):      # no object arrays on a device
            cupy.load(path, allow_pickle=True)


class TestNpz:

    @pytest.mark.parametrize('writer', ['savez', 'savez_compressed'])
    def test_roundtrip(self, tmp_path, writer):
        a = testing.shaped_arange((2, 3), cupy, numpy.float32)
        b = cupy.arange(5, dtype=cupy.int64)
        path = tmp_path / 'x.npz'
        getattr(cupy, writer)(path, a, b=b)
        with numpy.load(path) as n:          # ours read by NumPy
            assert sorted(n.files) == ['arr_0', 'b']
            testing.assert_array_equal(n['arr_0'], a)
            testing.assert_array_equal(n['b'], b)
        getattr(numpy, writer)(path, x=a.get() + 1, y=b.get())
        with cupy.load(path) as f:           # NumPy's read by us
            assert 'x' in f and len(f) == 2 and sorted(f.files) == ['x', 'y']
            x = f['x']
            assert isinstance(x, cupy.ndarray) and x.dtype == numpy.float32
            testing.assert_array_equal(x, a.get() + 1)
            testing.assert_array_equal(f['y'], b)
            with pytest.raises(KeyError):
                f['z']


class TestText:

    @testing.numpy_cupy_array_equal()
    def test_loadtxt(self, xp, tmp_path):
        path = tmp_path / 't.txt'
        path.write_text('# c\n1 2 3\n4 5 6\n')
        return xp.loadtxt(path, dtype=numpy.int32, usecols=(0, 2))

    @testing.numpy_cupy_allclose()
    def test_genfromtxt(self, xp, tmp_path):
        path = tmp_path / 'g.csv'
        path.write_text('1,2,3\n4,,6\n')
        return xp.genfromtxt(path, delimiter=',', filling_values=-1)

    def test_savetxt_roundtrip(self, tmp_path):
        a = testing.shaped_random((4, 3), cupy, numpy.float64, seed=0)
        path = tmp_path / 's.txt'
        cupy.savetxt(path, a, fmt='%.17g', header='h')
        testing.assert_array_equal(numpy.loadtxt(path), a)
        testing.assert_array_equal(cupy.loadtxt(path), a)

    def test_loadtxt_bad_input(self, tmp_path):
        path = tmp_path / 'b.txt'
        path.write_text('1 2\n3\n')
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.loadtxt(path)

    @pytest.mark.parametrize('sep', ['', ' '])
    def test_tofile_fromfile(self, tmp_path, sep):
        a = cupy.arange(7, dtype=cupy.float32)
        path = tmp_path / 'r.bin'
        a.tofile(str(path), sep=sep)
        testing.assert_array_equal(numpy.fromfile(path, numpy.float32,
                                                  sep=sep), a)
        b = cupy.fromfile(path, dtype=cupy.float32, sep=sep)
        assert isinstance(b, cupy.ndarray)
        testing.assert_array_equal(b, a)


class TestFrom:

    @testing.numpy_cupy_array_equal()
    def test_frombuffer(self, xp):
        return xp.frombuffer(b'\x01\x00\x02\x00\x03\x00', dtype=xp.int16,
                             count=2, offset=2)

    @testing.numpy_cupy_array_equal()
    def test_fromstring(self, xp):
        return xp.fromstring('1, 2, 3.5', dtype=xp.float64, sep=',')

    @testing.numpy_cupy_array_equal()
    def test_fromiter(self, xp):
        return xp.fromiter((i * i for i in range(6)), dtype=xp.int64, count=4)

    @testing.for_dtypes('ilfd')
    @testing.numpy_cupy_allclose(type_check=True)
    def test_fromfunction(self, xp, dtype):
        return xp.fromfunction(lambda i, j, k=1: i * 3 + j - k, (3, 4),
                               dtype=dtype, k=2)

    def test_frombuffer_bad(self):
        for xp in (numpy, cupy):
            with pytest.raises(ValueError):
                xp.frombuffer(b'\x01\x02\x03', dtype=xp.int16)


class TestFormatting:

    @pytest.mark.parametrize('kw', [{}, {'precision': 2},
                                    {'separator': ';', 'suppress_small': True}])
    def test_array2string(self, kw):
        n = numpy.array([[1e-9, 2.345678], [3, -4]])
        assert cupy.array2string(cupy.asarray(n), **kw) == \
            numpy.array2string(n, **kw)

    @testing.for_all_dtypes()
    def test_repr_str(self, dtype):
        n = testing.shaped_arange((2, 3), numpy, dtype)
        c = cupy.asarray(n)
        assert cupy.array_repr(c) == numpy.array_repr(n) == repr(c)
        assert cupy.array_str(c, precision=2) == numpy.array_str(n, precision=2)
        assert str(c) == str(n)

    def test_numbers(self):
        assert cupy.base_repr(35, 36, padding=2) == numpy.base_repr(35, 36, 2)
        assert cupy.binary_repr(-3, width=5) == '11101'
        assert cupy.format_float_positional(0.1, precision=3) == '0.1'
        assert cupy.format_float_scientific(1234.5, precision=2) == \
            numpy.format_float_scientific(1234.5, precision=2)
