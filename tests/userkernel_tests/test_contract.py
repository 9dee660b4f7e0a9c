"""The call contract of cupy.ElementwiseKernel, cupy.ReductionKernel,
cupy.RawKernel and cupy.RawModule as CuPy documents and tests it:
parameter grammar, type placeholders, scalars, broadcasting, size=,
out arguments, and CuPy's errors."""

import numpy
import pytest

import cupy
from cupy import testing


def _add():
    return cupy.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'add')


class TestParameters:

    def test_invalid_kernel_name(self):
        with pytest.raises(ValueError, match='Invalid kernel name'):
            cupy.ElementwiseKernel('T x', 'T y', 'y = x', '1abc')
        with pytest.raises(ValueError, match='Invalid kernel name'):
            cupy.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0',
                                 name='a-b')

    def test_i_is_reserved(self):
        with pytest.raises(ValueError, match="'i'"):
            cupy.ElementwiseKernel('T i', 'T y', 'y = i')

    def test_syntax_error(self):
        with pytest.raises(Exception, match='Syntax error'):
            cupy.ElementwiseKernel('T', 'T y', 'y = 1')

    def test_unknown_keyword(self):
        with pytest.raises(Exception, match='Unknown keyword'):
            cupy.ElementwiseKernel('const T x', 'T y', 'y = x')

    def test_wrong_type_name(self):
        with pytest.raises(TypeError):
            cupy.ElementwiseKernel('floaty32 x', 'T y', 'y = x')

    def test_params_info(self):
        k = cupy.ElementwiseKernel('raw T x, int32 n', 'float64 y', 'y = n')
        assert [p.name for p in k.in_params] == ['x', 'n']
        assert k.in_params[0].raw and not k.in_params[1].raw
        assert k.in_params[1].dtype == numpy.int32
        assert k.out_params[0].dtype == numpy.float64
        assert k.nin == 2 and k.nout == 1 and k.nargs == 3


class TestElementwiseCall:

    @testing.for_all_dtypes(no_complex=True)
    def test_placeholder_binds_dtype(self, dtype):
        a = testing.shaped_arange((2, 3), cupy, dtype)
        b = testing.shaped_reverse_arange((2, 3), cupy, dtype)
        r = _add()(a, b)
        assert r.dtype == dtype
        with numpy.errstate(over='ignore'):
            testing.assert_array_equal(r, a.get() + b.get())

    def test_type_mismatch(self):
        a = cupy.arange(3, dtype='f4')
        with pytest.raises(TypeError, match='Type is mismatched'):
            _add()(a, a.astype('f8'))
        k = cupy.ElementwiseKernel('float32 x', 'float32 y', 'y = x')
        with pytest.raises(TypeError, match='Type is mismatched'):
            k(a.astype('f8'))

    def test_wrong_number_of_arguments(self):
        a = cupy.arange(3, dtype='f4')
        with pytest.raises(TypeError, match='Wrong number of arguments'):
            _add()(a)
        with pytest.raises(TypeError, match='Wrong number of arguments'):
            _add()(a, a, a, a)

    def test_unknown_keyword_argument(self):
        a = cupy.arange(3, dtype='f4')
        with pytest.raises(TypeError, match='Wrong arguments'):
            _add()(a, a, sizes=3)

    def test_unsupported_argument_type(self):
        with pytest.raises(TypeError, match='Unsupported type'):
            _add()(cupy.arange(3), [1, 2, 3])

    def test_python_and_numpy_scalars(self):
        a = cupy.arange(6, dtype='i2').reshape(2, 3)
        testing.assert_array_equal(_add()(a, 7), a.get() + numpy.int16(7))
        r = _add()(a, numpy.int64(-1))
        assert r.dtype == numpy.int16
        testing.assert_array_equal(r, a.get() - 1)
        k = cupy.ElementwiseKernel('T x, float64 s', 'T y', 'y = x * s')
        testing.assert_allclose(k(a.astype('f4'), 0.5), a.get() * 0.5)

    def test_broadcasting(self):
        a = cupy.arange(3, dtype='f8')
        b = cupy.arange(4, dtype='f8').reshape(4, 1)
        r = _add()(a, b)
        assert r.shape == (4, 3)
        testing.assert_array_equal(r, a.get() + b.get())
        with pytest.raises(ValueError):
            _add()(cupy.arange(3.), cupy.arange(4.))

    def test_out_argument(self):
        a = cupy.arange(4, dtype='f4')
        out = cupy.empty(4, dtype='f4')
        r = _add()(a, a, out)
        assert r is out
        testing.assert_array_equal(out, 2 * a.get())
        with pytest.raises(ValueError, match='could not be broadcast'):
            _add()(a, a, cupy.empty(5, 'f4'))
        with pytest.raises(ValueError, match='Out shape is mismatched'):
            _add()(a, cupy.ones((3, 4), 'f4'), cupy.empty(4, 'f4'))
        # outputs take part in broadcasting, as in CuPy
        out = cupy.empty((2, 4), 'f4')
        _add()(a, a, out)
        testing.assert_array_equal(out, numpy.tile(2 * a.get(), (2, 1)))
        with pytest.raises(TypeError):
            _add()(a, a, numpy.empty(4, 'f4'))

    def test_output_binds_placeholder(self):
        k = cupy.ElementwiseKernel('T x', 'U y', 'y = x * 2')
        out = cupy.empty(3, 'i8')
        k(cupy.array([1.7, -2.5, 3.2], 'f4'), out)
        # C's conversion of float to an integer truncates toward zero
        testing.assert_array_equal(out, [3, -5, 6])

    def test_read_modify_write_output(self):
        k = cupy.ElementwiseKernel('T x', 'T y', 'y += x')
        y = cupy.ones((2, 3), 'f4')
        k(cupy.arange(3, dtype='f4'), y)
        testing.assert_array_equal(y, 1 + numpy.arange(3.)[None, :] + 0 * y.get())
        with pytest.raises(ValueError, match='Out shape is mismatched'):
            k(cupy.arange(12).reshape(3, 4), cupy.arange(4))

    def test_size_rules(self):
        a = cupy.arange(4, dtype='f4')
        raw = cupy.ElementwiseKernel('raw T x', 'T y', 'y = x[i] * 2')
        with pytest.raises(ValueError, match='^Loop size is undecided'):
            raw(a)
        testing.assert_array_equal(raw(a, size=4), a.get() * 2)
        nonraw = cupy.ElementwiseKernel('T x', 'T y', 'y = x')
        with pytest.raises(ValueError, match="^Specified 'size' can"):
            nonraw(a, size=4)
        rawout = cupy.ElementwiseKernel('T x', 'raw T y', 'y[i] = x')
        with pytest.raises(ValueError, match='Output array size'):
            rawout(a)
        out = cupy.zeros(4, 'f4')
        rawout(a, out)
        testing.assert_array_equal(out, a.get())

    def test_index_and_size(self):
        k = cupy.ElementwiseKernel('', 'int64 y, int64 n',
                                   'y = i; n = _ind.size()')
        y, n = k(cupy.empty((2, 3), 'i8'), cupy.empty((2, 3), 'i8'))
        testing.assert_array_equal(y, numpy.arange(6).reshape(2, 3))
        testing.assert_array_equal(n, numpy.full((2, 3), 6))

    def test_no_return_and_return_tuple(self):
        a = cupy.arange(3, dtype='f4')
        k = cupy.ElementwiseKernel('T x', 'T y', 'y = x', no_return=True)
        assert k(a) is None
        k = cupy.ElementwiseKernel('T x', 'T y', 'y = x', return_tuple=True)
        r = k(a)
        assert isinstance(r, tuple) and len(r) == 1

    def test_block_size(self):
        a = cupy.arange(3, dtype='f4')
        with pytest.raises(ValueError):
            _add()(a, 1, block_size=0)
        testing.assert_array_equal(_add()(a, 1, block_size=1), a.get() + 1)

    def test_empty(self):
        r = _add()(cupy.empty((0, 3), 'f4'), cupy.empty((0, 3), 'f4'))
        assert r.shape == (0, 3)

    def test_cached_code(self):
        k = _add()
        a = cupy.arange(3, dtype='f4')
        assert len(k._cached_codes) == 0
        k(a, a)
        k(a, a)
        assert len(k._cached_codes) == 1
        k(a.astype('f8'), a.astype('f8'))
        assert len(k._cached_codes) == 2

    def test_input_aliasing_output(self):
        k = cupy.ElementwiseKernel('T x', 'T y', 'y = x + 1')
        a = cupy.arange(4, dtype='f4')
        k(a, a)
        testing.assert_array_equal(a, numpy.arange(4) + 1)
        b = cupy.arange(5, dtype='f4')
        k(b[:-1], b[1:])      # overlapping: reads see the old values
        testing.assert_array_equal(b, [0, 1, 2, 3, 4])

    def test_input_is_read_only(self):
        k = cupy.ElementwiseKernel('T x', 'T y', 'x = 1; y = x')
        with pytest.raises(ValueError, match='read-only'):
            k(cupy.arange(3.))


class TestReductionCall:

    def _sum(self):
        return cupy.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0',
                                    'my_sum')

    @pytest.mark.parametrize('axis', [None, 0, 1, -1, (0, 2), (2, 0, 1)])
    @pytest.mark.parametrize('keepdims', [False, True])
    def test_axis_keepdims(self, axis, keepdims):
        a = testing.shaped_arange((2, 3, 4), cupy, 'i8')
        r = self._sum()(a, axis=axis, keepdims=keepdims)
        e = a.get().sum(axis=axis, keepdims=keepdims)
        assert r.shape == e.shape
        testing.assert_array_equal(r, e)

    def test_bad_axis(self):
        a = cupy.arange(6).reshape(2, 3)
        with pytest.raises(numpy.exceptions.AxisError):
            self._sum()(a, axis=2)
        with pytest.raises(ValueError):
            self._sum()(a, axis=(0, 0))

    def test_out(self):
        a = cupy.arange(6.).reshape(2, 3)
        out = cupy.empty(3)
        r = self._sum()(a, axis=0, out=out)
        assert r is out
        testing.assert_array_equal(out, [3, 5, 7])
        with pytest.raises(ValueError, match='Out shape is mismatched'):
            self._sum()(a, axis=0, out=cupy.empty(2))
        with pytest.raises(ValueError, match='both'):
            self._sum()(a, out, out=out)

    def test_wrong_arguments(self):
        a = cupy.arange(6.)
        with pytest.raises(TypeError, match='Wrong number of arguments'):
            self._sum()()
        with pytest.raises(TypeError, match='Wrong arguments'):
            self._sum()(a, axes=0)

    def test_int8_wraps_as_c(self):
        a = testing.shaped_random((1000,), cupy, 'b')
        testing.assert_array_equal(self._sum()(a),
                                   a.get().sum(dtype='b'))

    def test_empty_gives_identity(self):
        k = cupy.ReductionKernel('T x', 'T y', 'x', 'a * b', 'y = a', '1')
        r = k(cupy.empty((3, 0), 'f4'), axis=1)
        testing.assert_array_equal(r, numpy.ones(3, 'f4'))

    def test_cached_code(self):
        k = self._sum()
        x = cupy.arange(10)
        assert len(k._cached_codes) == 0
        k(x)
        k(x)
        assert len(k._cached_codes) == 1
        k(x.astype(cupy.float32))
        assert len(k._cached_codes) == 2


class TestRaw:

    def test_raw_kernel_refused_when_used(self):
        # constructed lazily (as CuPy's), refused at its first use
        k = cupy.RawKernel(r'''
            extern "C" __global__ void f(float* x) { x[threadIdx.x] = 1; }
            ''', 'f')
        assert k.name == 'f'
        x = cupy.zeros(4, cupy.float32)
        with pytest.raises(NotImplementedError,
                           match='RawKernel needs the CUDA backend'):
            k((1,), (4,), (x,))
        with pytest.raises(NotImplementedError, match='ElementwiseKernel'):
            k.max_threads_per_block
        assert (x.get() == 0).all()

    def test_raw_module_refused_when_used(self):
        m = cupy.RawModule(code='extern "C" __global__ void f() {}')
        with pytest.raises(NotImplementedError,
                           match='RawModule needs the CUDA backend'):
            m.get_function('f')
        with pytest.raises(NotImplementedError, match='ElementwiseKernel'):
            cupy.RawModule(path='kernel.cubin').get_function('f')
