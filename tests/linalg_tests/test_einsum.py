"""einsum against NumPy: explicit and implicit output, ellipsis, repeated
indices (diagonals, traces), sums over unshared indices, size-1
broadcasting, several operands (in order and with optimize), the
operand/sublist form, dtypes and errors."""

import numpy
import pytest

import cupy
from cupy import testing
from tests.routine_helpers import device_only

pytestmark = pytest.mark.filterwarnings(
    'ignore::cupy._core._fallback.PerformanceWarning')

CASES = [
    ('ij,jk->ik', [(2, 3), (3, 4)]), ('ij,jk', [(2, 3), (3, 4)]),
    ('ii', [(3, 3)]), ('ii->i', [(3, 3)]), ('ij->ji', [(2, 3)]),
    ('ij', [(2, 3)]), ('ji', [(2, 3)]), ('i,i', [(3,), (3,)]),
    ('i,j->ij', [(2,), (3,)]), ('i,j', [(2,), (3,)]),
    ('...ij,...jk->...ik', [(5, 2, 3), (3, 4)]),
    ('...ij,...jk', [(5, 2, 3), (5, 3, 4)]),
    ('bij,bjk->bik', [(4, 2, 3), (4, 3, 5)]), ('ijk->', [(2, 3, 4)]),
    ('ijk->k', [(2, 3, 4)]), ('ijk->kij', [(2, 3, 4)]),
    ('ij,jk,kl->il', [(2, 3), (3, 4), (4, 5)]), ('iij->j', [(3, 3, 2)]),
    ('ij,ij->i', [(2, 3), (2, 3)]), ('ij,ij->ij', [(2, 3), (2, 3)]),
    ('i...,i...->...', [(3, 2, 2), (3, 2, 2)]),
    ('abcd,abced->abce', [(2, 3, 4, 5), (2, 3, 4, 6, 5)]),
    ('ab,b,bc->ac', [(2, 3), (3,), (3, 4)]), ('i,i', [(1,), (3,)]),
    ('ij,j->i', [(2, 1), (3,)]), ('ji,kj', [(3, 2), (4, 3)]),
    (',i->i', [(), (3,)]), (',', [(), ()]), ('iji->j', [(2, 3, 2)]),
    ('ijj,jk', [(2, 3, 3), (3, 2)]), ('a...a->...', [(3, 2, 3)]),
    ('ij,kl->', [(2, 3), (4, 5)]), ('ijk,ikl,ilm->jm',
                                    [(2, 3, 4), (2, 4, 5), (2, 5, 3)]),
    ('...', [(2, 3)]), ('i...->...i', [(2, 3, 4)]),
    ('ij,jk->ik', [(0, 3), (3, 4)]), ('ij,jk->ik', [(2, 0), (0, 4)]),
    ('Ab,bC->AC', [(2, 3), (3, 4)]), ('ba', [(2, 3)]),
]


def _ops(xp, shapes, dtype, seed=0):
    rs = numpy.random.RandomState(seed)
    out = []
    for s in shapes:
        h = rs.randint(-3, 4, s) if numpy.dtype(dtype).kind in 'iu' else \
            rs.uniform(-1, 1, s)
        if numpy.dtype(dtype).kind == 'c':
            h = h + 1j * rs.uniform(-1, 1, s)
        out.append(xp.asarray(numpy.asarray(h).astype(dtype)))
    return out


class TestEinsum:

    @pytest.mark.parametrize('subscripts,shapes', CASES)
    @testing.for_dtypes('fdlF')
    @testing.numpy_cupy_allclose(rtol={numpy.float32: 1e-5,
                                       numpy.complex64: 1e-5,
                                       'default': 1e-12},
                                 atol={numpy.float32: 1e-5,
                                       numpy.complex64: 1e-5,
                                       'default': 1e-12},
                                 contiguous_check=False)
    def test_subscripts(self, xp, dtype, subscripts, shapes):
        ops = _ops(xp, shapes, dtype)
        return [xp.einsum(subscripts, *ops),
                xp.einsum(subscripts, *ops, optimize=True)]

    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_sublist_form(self, xp):
        a, b = _ops(xp, [(2, 3), (3, 4)], numpy.float64)
        return [xp.einsum(a, [0, 1], b, [1, 2], [0, 2]),
                xp.einsum(a, [0, 1], b, [1, 2]),
                xp.einsum(a, [Ellipsis, 1], [Ellipsis])]

    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_dtype_out_and_mixed(self, xp):
        a, b = _ops(xp, [(2, 3), (3, 4)], numpy.float32)
        c = _ops(xp, [(3, 4)], numpy.int8)[0]
        o = xp.zeros((2, 4), numpy.float64)
        r = xp.einsum('ij,jk->ik', a, b, out=o)
        assert r is o
        return [o, xp.einsum('ij,jk', a, c),
                xp.einsum('ij,jk', a, b, dtype=numpy.float64),
                xp.einsum('ij->', c)]

    def test_errors(self):
        a = numpy.ones((2, 3))
        cases = [('ij,jk', [a, numpy.ones((4, 5))]),
                 ('ij,jk->ik', [a]), ('ij->ii', [a]), ('ij->k', [a]),
                 ('ijk', [a]), ('ii', [a]), ('i->i', [a]),
                 ('i.j', [a])]
        for sub, ops in cases:
            with pytest.raises(ValueError):
                numpy.einsum(sub, *ops)
            with pytest.raises(ValueError):
                cupy.einsum(sub, *[cupy.asarray(o) for o in ops])

    def test_float32_on_device(self):
        a, b, c = _ops(cupy, [(8, 6), (6, 5), (5, 4)], numpy.float32)
        with device_only():
            r = cupy.einsum('ij,jk,kl->il', a, b, c, optimize=True)
            cupy.einsum('ii->', a[:6])
        ha, hb, hc = a.get(), b.get(), c.get()
        testing.assert_allclose(r, ha @ hb @ hc, rtol=1e-5, atol=1e-5)

    def test_unary_result_is_a_view(self):
        # NumPy and CuPy: one operand, nothing summed or cast -> a view
        a = cupy.ones((2, 3))
        for sub in ('ij->ji', 'ij', '...'):
            assert cupy.einsum(sub, a).base is a
            assert numpy.einsum(sub, a.get()).base is not None
        sq = cupy.arange(9.0).reshape(3, 3)
        d = cupy.einsum('ii->i', sq)
        assert d.base is sq.base
        testing.assert_array_equal(d, numpy.array([0.0, 4.0, 8.0]))
        r = cupy.einsum('ij->ji', a)
        r[...] = 5
        assert float(a.sum()) == 30.0

    def test_reduced_or_cast_result_owns_its_data(self):
        a = cupy.ones((2, 3))
        assert cupy.einsum('ij->j', a).base is None
        assert cupy.einsum('ij->j', a, dtype=numpy.float32,
                           casting='unsafe').base is None
        # NumPy's unary view ignores dtype= (it stays a float64 view)
        r = cupy.einsum('ij->ji', a, dtype=numpy.float32)
        e = numpy.einsum('ij->ji', a.get(), dtype=numpy.float32)
        assert r.dtype == e.dtype and r.base is a


@pytest.mark.filterwarnings('ignore::cupy.PerformanceWarning')
@pytest.mark.parametrize('optimize', [False, True, 'greedy', 'optimal'])
@pytest.mark.parametrize('sub', ['a,ac,ab,ad,cd,bd,bc->', 'ab,bc,cd,da->ac',
                                 'ij,jk,kl,lm,mi'])
def test_paths_with_many_operand_steps(sub, optimize):
    # NumPy's optimal/greedy paths may contract 3+ operands in one step
    sizes = dict(a=2, b=3, c=4, d=5, i=2, j=3, k=4, l=5, m=2)
    terms = sub.split('->')[0].split(',')
    rs = numpy.random.RandomState(0)
    hs = [rs.rand(*[sizes[c] for c in t]) for t in terms]
    r = cupy.einsum(sub, *[cupy.asarray(h) for h in hs], optimize=optimize)
    testing.assert_allclose(r, numpy.einsum(sub, *hs), rtol=1e-12)
