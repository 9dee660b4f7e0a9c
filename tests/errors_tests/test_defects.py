"""Regression tests of the defects of issue 15, each against NumPy."""

import subprocess
import sys

import numpy
import pytest

import cupy
from tests.errors_tests.parity import assert_same


@pytest.mark.parametrize('casting', ['equiv', 'no'])
@pytest.mark.parametrize('scalar', [1, 1.0, 1j, True])
@pytest.mark.parametrize('dtype', ['f4', 'f8', 'i8', 'u1', 'c8'])
def test_python_scalar_with_strict_casting(casting, scalar, dtype):
    assert_same(lambda xp: xp.add(xp.zeros(3, dtype), scalar,
                                  casting=casting))


def test_equiv_casting_does_not_crash_the_process():
    # NumPy 2.4's resolve_dtypes crashes on these; run in a child so that
    # a crash fails this test instead of the whole run
    code = ('import cupy, numpy\n'
            'for c in ("f4", "f8", "u1", "c8"):\n'
            '    for s in (1, 1.0, 1j):\n'
            '        try:\n'
            '            cupy.add(cupy.zeros(3, c), s, casting="equiv")\n'
            '        except TypeError:\n'
            '            pass\n'
            '        try:\n'
            '            cupy.add.resolve_dtypes((numpy.dtype(c), type(s),'
            ' None), casting="equiv")\n'
            '        except TypeError:\n'
            '            pass\n'
            'print("ok")\n')
    r = subprocess.run([sys.executable, '-c', code], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip().endswith('ok')


@pytest.mark.parametrize('name', ['cumsum', 'cumprod', 'nancumsum', 'sum',
                                  'prod'])
def test_bool_dtype_casts_the_input_first(name):
    assert_same(lambda xp: getattr(xp, name)(
        xp.array([0.5, 0.25, 0.0, numpy.nan]), dtype=bool))


@pytest.mark.parametrize('value', [
    numpy.int64(1000), numpy.float64(1e10), numpy.uint64(2**63),
    numpy.float32(numpy.nan), numpy.float64(-numpy.inf), numpy.int16(-1),
    numpy.uint8(200), numpy.float64(-1.5), 1000, -1])
@pytest.mark.parametrize('dtype', ['int8', 'uint8', 'int32', 'int64',
                                   'uint64'])
@pytest.mark.parametrize('index', [0, slice(0, 2), Ellipsis])
def test_scalar_setitem_range(value, dtype, index):
    def fn(xp):
        a = xp.arange(5, dtype=dtype)
        a[index] = value
        return a
    assert_same(fn)


@pytest.mark.parametrize('dtype', ['uint8', 'complex64', 'float32', 'int8'])
@pytest.mark.parametrize('scalar', [1, 300, 1.5, 2j, True])
@pytest.mark.parametrize('casting', ['same_kind', 'no', 'unsafe'])
def test_concatenate_python_scalars_are_weak(dtype, scalar, casting):
    assert_same(lambda xp: xp.concatenate(
        [xp.arange(4, dtype=dtype), scalar], axis=None, casting=casting))


_REDUCTIONS = ['sum', 'prod', 'max', 'min', 'all', 'any', 'argmax',
               'argmin', 'nansum', 'nanmax', 'mean', 'var', 'std',
               'nanmean', 'count_nonzero', 'ptp', 'cumsum', 'cumprod']


@pytest.mark.parametrize('name', _REDUCTIONS)
@pytest.mark.parametrize('axis', [0, -1, 1, (0,), True, [0]])
def test_reduction_axis_argument(name, axis):
    # 0-d arrays take the int axes 0 and -1 where ufunc.reduce does
    assert_same(lambda xp: getattr(xp, name)(xp.array(3.0), axis=axis))
    assert_same(lambda xp: getattr(xp, name)(xp.ones(3), axis=axis))


@pytest.mark.parametrize('name', ['sum', 'max', 'mean', 'any', 'nansum'])
@pytest.mark.parametrize('keepdims', [None, numpy.True_, 1.5, 0, 1,
                                      numpy.int64(1), 'x'])
def test_reduction_keepdims_argument(name, keepdims):
    assert_same(lambda xp: getattr(xp, name)(xp.ones((2, 3)),
                                             keepdims=keepdims))


@pytest.mark.parametrize('name', ['sum', 'prod', 'mean', 'cumsum'])
def test_object_dtype_is_refused(name):
    with pytest.raises(TypeError, match='object'):
        getattr(cupy, name)(cupy.arange(3), dtype=object)


@pytest.mark.parametrize('call', [
    lambda xp: xp.add(xp.zeros((0, 3)), 1, out=xp.zeros(7), where=False),
    lambda xp: xp.add(xp.zeros(3, 'i1'), 1000, where=False,
                      out=xp.zeros(3, 'i1')),
    lambda xp: xp.add(xp.zeros(3), 1, where=False, out=xp.ones(3)),
])
def test_where_false_still_checks(call):
    assert_same(call)


@pytest.mark.parametrize('where', [
    [True, False, True], numpy.array([True, False, True]), [1.5, 0, 2],
    numpy.array([1, 0, 1]), [[True], [False]], [None, 1, 0]])
def test_where_array_likes(where):
    assert_same(lambda xp: xp.add(xp.zeros(3), 1, where=where,
                                  out=xp.full(3, 7.0)))


@pytest.mark.parametrize('lo,hi', [(2**70, -2**70), (300, -5), (2**63, 0),
                                   (-2**63 - 1, 0), (2**64, 0), (-1, 300),
                                   (2**63 - 1, 2**64 - 1), (3, 1)])
@pytest.mark.parametrize('dtype', ['uint8', 'int8', 'int64', 'uint64',
                                   'uint32', 'float32'])
def test_clip_python_int_bounds(lo, hi, dtype):
    assert_same(lambda xp: xp.clip(xp.arange(5, dtype=dtype), lo, hi))


@pytest.mark.parametrize('call', [
    lambda xp: 1 in xp.arange(6).reshape(2, 3),
    lambda xp: 7 in xp.arange(6),
    lambda xp: xp.trunc(2**63),
    lambda xp: xp.negative(2**64 - 1),
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones((3, 2)), axes=-1),
    lambda xp: xp.vstack(xp.arange(6)),
    lambda xp: xp.hstack(xp.arange(6)),
    lambda xp: xp.stack(xp.arange(6).reshape(2, 3)),
    lambda xp: xp.dstack(xp.arange(6)),
    lambda xp: xp.take(xp.array(3.0), 0, axis=0),
    lambda xp: xp.take(xp.array(3.0), [0, 0], axis=-1),
    lambda xp: xp.take(xp.array(3.0), 0, axis=True),
    lambda xp: xp.linspace(2**70, xp.array([1.0, 2.0]), 3),
    lambda xp: xp.linspace(2**70, 5, 3),
    lambda xp: xp.ones({2: 3}),
    lambda xp: xp.ones({2, 3}),
    lambda xp: xp.ones(3).reshape({3: 1}),
    lambda xp: xp.add(xp.ones(3), 1, casting=None),
    lambda xp: xp.ones(3, order=1),
    lambda xp: xp.ones(3).astype('f4', casting=None),
    lambda xp: xp.ones(3).copy(order=1),
    lambda xp: xp.add(xp.ones(3), 1, order=1),
    lambda xp: xp.concatenate([xp.ones(3)], casting=None),
    lambda xp: xp.arange(3)[2**63],
    lambda xp: xp.arange(3)[-2**63 - 1],
    lambda xp: xp.arange(3)[numpy.uint64(2**63)],
    lambda xp: xp.arange(5)[::2**63],
    lambda xp: xp.arange(5)[2**63:],
    lambda xp: xp.ones(3) @ 2,
    lambda xp: 2.0 @ xp.ones(3),
    lambda xp: xp.ones((2, 2)) @ numpy.float32(2),
    lambda xp: xp.arange(6).reshape(2, 3).T.tobytes(),
    lambda xp: xp.arange(6).reshape(2, 3).T.tobytes('F'),
], ids=lambda f: None)
def test_parity_calls(call):
    assert_same(call)


@pytest.mark.parametrize('step', [2**62, -2**63, 2**70])
def test_setitem_with_a_huge_step(step):
    def fn(xp):
        a = xp.arange(5)
        a[::step] = 5
        return a
    assert_same(fn)


def test_host_array_of_other_byte_order_is_converted():
    h = numpy.arange(4, dtype='>f4')
    a = cupy.asarray(h)
    assert a.dtype == numpy.dtype('<f4')
    numpy.testing.assert_array_equal(a.get(), h)
    with pytest.raises(TypeError, match='native byte order'):
        cupy.asarray([1, 2], dtype='>i4')


@pytest.mark.parametrize('exponent', [-1, 0.5, 2, -1.0, -2, 1, 0])
@pytest.mark.parametrize('dtype', ['c8', 'c16', 'f4', 'f8', 'i8', '?'])
def test_scalar_power_operator(exponent, dtype):
    # NumPy's ** takes reciprocal / sqrt / square for these Python scalars,
    # which differ from power at complex infinities (inf ** -1 is 0-0j)
    vals = [complex('inf'), complex(0, numpy.inf), complex(numpy.nan, 1),
            2 + 1j, 0.25, 0]
    if dtype == '?' and exponent == 2:
        pytest.skip('CuPy keeps power for bool ** 2 (int64, NumPy int8)')

    def fn(xp):
        if dtype == '?':
            a = xp.array([True, False])
        else:
            a = xp.array(vals if dtype[0] == 'c' else
                         [abs(v) for v in vals[3:]]).astype(dtype)
        return a ** exponent
    assert_same(fn)

    def inplace(xp):
        a = xp.array(vals).astype('c16')
        a **= exponent
        return a
    assert_same(inplace)


@pytest.mark.parametrize('name', ['sum', 'prod', 'cumsum', 'mean', 'nansum'])
def test_bad_axis_is_reported_before_an_unsupported_dtype(name):
    # NumPy checks the axis first; object is valid there
    assert_same(lambda xp: getattr(xp, name)(xp.ones(3), axis=5,
                                             dtype=object))
    with pytest.raises(TypeError, match='does not support dtype'):
        getattr(cupy, name)(cupy.arange(3), dtype=object)
    assert_same(lambda xp: getattr(xp, name)(xp.ones(3), axis=5,
                                             dtype='no such type'))


@pytest.mark.parametrize('call', [
    # found by the differential test (test_differential.py)
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones((3, 2)),
                            axes=((0,), (5,))),
    lambda xp: xp.tensordot(xp.ones(3), xp.ones(3), axes=([1], [0])),
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones((3, 2)),
                            axes=([0, 1], [1, 0])),
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones((3, 2)),
                            axes=([-1], [0])),
    lambda xp: xp.split(xp.ones(4), 2, axis=2),
    lambda xp: xp.split(xp.ones(4), [1, 2], axis=-2),
    lambda xp: xp.split(xp.array(3), 2),
    lambda xp: xp.array_split(xp.ones((2, 4)), 3, axis=-1)[2],
    lambda xp: xp.broadcast_to(xp.ones(3), (2.5,)),
    lambda xp: xp.broadcast_to(xp.ones(3), (2, 3)),
    lambda xp: xp.asarray(5)[2**63],
    lambda xp: xp.asarray(5)[2**63, 0],
    lambda xp: xp.ptp(xp.arange(3), out=xp.zeros((2, 0), 'i8')),
    lambda xp: xp.ptp(xp.arange(6).reshape(2, 3), axis=1,
                      out=xp.zeros(2, 'i8')),
    lambda xp: xp.nanmean(xp.ones(3), out=xp.zeros((2, 3), 'i1')),
    lambda xp: xp.nanmean(xp.ones(3), dtype='u1', axis=4),
    lambda xp: xp.nanvar(xp.ones(3, 'c8'), dtype='i8'),
    lambda xp: xp.nanstd(xp.ones(3), out=xp.zeros((), 'i8')),
    lambda xp: xp.nanmean(xp.arange(3), dtype='i8'),
    lambda xp: xp.tensordot(xp.ones(3), xp.ones((2, 3)), axes=2),
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones(3), axes=2),
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones((3, 2)), axes=-1),
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones((2, 3)), axes=2),
    lambda xp: xp.diagonal(xp.ones((3, 1)), 1.5, axis1=0),
    lambda xp: xp.diagonal(xp.ones(()), 1.5),
    lambda xp: xp.diagonal(xp.ones((3, 3)), 0, 1.0),
    lambda xp: xp.reshape(xp.ones((2, 3)), None),
    lambda xp: xp.reshape(xp.ones((2, 3)), (3, 2)),
    lambda xp: xp.mean(xp.ones((2, 3)), axis=True),
    lambda xp: xp.mean(xp.ones(3), axis=True),
    lambda xp: xp.std(xp.ones((2, 3)), axis=False),
    lambda xp: xp.argmax(xp.ones((2, 3)), keepdims=None),
    lambda xp: xp.argmin(xp.ones((2, 3)), axis=1, keepdims='x'),
    lambda xp: xp.concatenate([2**70, xp.ones((1, 3))]),
    lambda xp: xp.concatenate([xp.ones((4, 3)), 2**70]),
    lambda xp: xp.concatenate([xp.ones(3), 2**70], axis=None),
    lambda xp: xp.concatenate([xp.ones(3, 'f4'), -2**64], axis=None),
    lambda xp: xp.concatenate([xp.ones(3, 'i8'), 2**64], axis=None),
    lambda xp: xp.concatenate([xp.ones(3, 'u1'), 2**64], axis=None,
                              dtype='f8'),
    lambda xp: xp.concatenate(xp.ones(0), axis=(0,)),
    lambda xp: xp.concatenate([xp.ones((1, 3)), xp.ones(0)], axis=-3),
    lambda xp: xp.tile(xp.ones((2, 0)), -1),
    lambda xp: xp.tile(xp.ones((2, 0)), [3, -1]),
    lambda xp: xp.tile(xp.ones(3), -1),
    lambda xp: xp.repeat(xp.ones((2, 0)), -1),
    lambda xp: xp.repeat(xp.ones(3), -1),
    lambda xp: xp.repeat(xp.ones((1, 3)), [0, 1], axis=True),
    lambda xp: xp.swapaxes(xp.ones(3), 3, (0,)),
    lambda xp: xp.swapaxes(xp.ones((2, 3)), 0, 5),
], ids=lambda f: None)

def test_differential_findings(call):
    assert_same(call)


def test_setitem_at_a_huge_index_of_a_0d_array():
    def fn(xp):
        a = xp.asarray(5)
        a[2**63] = 1
    assert_same(fn)


@pytest.mark.parametrize('stream', [1, 'x', 0.5])
def test_get_and_set_refuse_a_stream_that_is_not_one(stream):
    # an int used to reach the vendor as a stream handle
    a = cupy.ones(3)
    with pytest.raises(TypeError, match='stream must be'):
        a.get(stream)
    with pytest.raises(TypeError, match='stream must be'):
        a.set(numpy.ones(3), stream=stream)
    numpy.testing.assert_array_equal(a.get(cupy.xpu.Stream.null),
                                     numpy.ones(3))


@pytest.mark.parametrize('name', ['sum', 'prod', 'nansum', 'nanprod',
                                  'mean', 'std', 'var', 'nanmean',
                                  'nanvar', 'nanstd', 'cumsum', 'cumprod',
                                  'nancumsum'])
def test_reduction_checks_in_numpy_order(name):
    # several bad arguments at once: NumPy's first complaint (a dtype with
    # details for a ufunc, the axis, duplicates, out), in its order per
    # function; a dtype NumPy has but the library refuses comes last
    for dt in ['>f4', 'U3', 'S2', 'datetime64[s]', 'm8[s]', 'V4', 'f4',
               'no_such', 'bool']:
        for ax in [(0, 0), 5, None, 1, (0, 5)]:
            if name.startswith(('cum', 'nancum')) and isinstance(ax, tuple):
                continue
            for out in [False, True]:
                def fn(xp):
                    kw = {'out': xp.zeros(7)} if out else {}
                    return getattr(xp, name)(xp.ones((2, 3)), axis=ax,
                                             dtype=dt, **kw)
                try:
                    assert_same(fn)
                except AssertionError:
                    # NumPy computes in these where the library refuses
                    # them (TypeError): its documented divergence
                    with pytest.raises(TypeError):
                        fn(cupy)
                    assert numpy.dtype(dt).kind in 'OUSVMm' or \
                        not numpy.dtype(dt).isnative, (name, dt, ax, out)
