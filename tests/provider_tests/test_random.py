"""'random_uniform', 'random_normal', 'random_integers' and
'random_permutation' on device: no host traffic, the seed/offset
semantics of operations.md, the dtype rules of ops.md section 4."""

import numpy
import pytest
from scipy import stats

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.ascend import AclError
from tests.provider_tests.device import Buffer, run

_ATTRS = {
    'random_uniform': {'low': 0.0, 'high': 1.0},
    'random_normal': {'loc': 0.0, 'scale': 1.0},
    'random_integers': {'low': -5, 'high': 7},
}
_DIST = {
    'random_uniform': stats.uniform(),
    'random_normal': stats.norm(),
}


def _draw(op, dtype, n, seed, offset, **attrs):
    buf = Buffer(numpy.zeros(n, dtype))
    a = dict(_ATTRS.get(op, {}), seed=seed, offset=offset, **attrs)
    used = run(op, [buf.view(buf.host)], attrs=a)
    return buf.get(), used


@pytest.mark.parametrize('op,dtype', [
    ('random_uniform', 'f4'), ('random_uniform', 'f8'),
    ('random_normal', 'f4'), ('random_normal', 'f8'),
    ('random_integers', 'i8'), ('random_integers', 'i4')])
def test_draw_on_device(op, dtype):
    # run() asserts that no byte crossed host<->device and nothing leaked
    x, used = _draw(op, dtype, 5000, 11, 0)
    assert used >= 5000 and used % 4 == 0
    assert x.dtype == dtype
    y, _ = _draw(op, dtype, 5000, 11, 0)
    numpy.testing.assert_array_equal(x, y)
    z, _ = _draw(op, dtype, 5000, 12, 0)
    assert (x != z).mean() > 0.5
    if op in _DIST:
        assert stats.kstest(x, _DIST[op].cdf).pvalue > 1e-3
        # a wrong distribution is rejected
        wrong = stats.norm(0.1) if op == 'random_normal' else \
            stats.uniform(0, 1.05)
        assert stats.kstest(x, wrong.cdf).pvalue < 1e-3
    else:
        assert x.min() == -5 and x.max() == 6
        counts = numpy.bincount(x + 5, minlength=12)
        assert stats.chisquare(counts).pvalue > 1e-3


@pytest.mark.parametrize('op,dtype', [
    ('random_uniform', 'f8'), ('random_normal', 'f8'),
    ('random_integers', 'i8'), ('random_uniform', 'f4'),
    ('random_normal', 'f4')])
@pytest.mark.parametrize('offset', [4, 7])
def test_offset_is_a_position(op, dtype, offset):
    # the simulator's rule (kernels/random.py): offset k is number k of
    # the stream, or number 2k for 32-bit floats (half-words)
    skip = offset * (2 if dtype == 'f4' else 1)
    full, _ = _draw(op, dtype, 40, 3, 0)
    tail, _ = _draw(op, dtype, 40 - skip, 3, offset)
    numpy.testing.assert_array_equal(tail, full[skip:])
    # float32 numbers are made in float32, never float64 rounded to 1
    if dtype == 'f4' and op == 'random_uniform':
        assert (full * 2 ** 24 == numpy.floor(full * 2 ** 24)).all()


def test_permutation():
    p, used = _draw('random_permutation', 'i8', 1000, 5, 0)
    assert used >= 1000
    numpy.testing.assert_array_equal(numpy.sort(p), numpy.arange(1000))
    q, _ = _draw('random_permutation', 'i8', 1000, 5, 1000)
    assert (p != q).any()


def test_strided_view_and_params():
    buf = Buffer(numpy.zeros((50, 4), 'f8'))
    run('random_uniform', [buf.view(buf.host[:, ::2])],
        attrs={'low': 2.0, 'high': 3.0, 'seed': 1, 'offset': 0})
    got = buf.get()
    assert (got[:, 1::2] == 0).all()
    assert ((got[:, ::2] >= 2) & (got[:, ::2] < 3)).all()


@pytest.mark.parametrize('op,dtype', [
    ('random_normal', 'i4'), ('random_normal', 'u2'),
    ('random_uniform', 'u4'), ('random_integers', 'u4')])
def test_unsupported_dtypes(op, dtype):
    # dtypes outside ops.md section 4's A2 lists: the routes leave them
    # out, and the operator itself refuses them
    from cupy_backends.backend.provider import get_provider
    assert numpy.dtype(dtype) not in get_provider().routes(op)
    buf = Buffer(numpy.zeros(8, dtype))
    with pytest.raises((AclError, OperationNotSupported)):
        get_provider().run(op, (buf.view(buf.host),), (),
                           dict(_ATTRS[op], seed=1, offset=0), 0)
