"""cupyx.scipy.spatial.KDTree against scipy.spatial.KDTree: k nearest
with distances, p norms, distance_upper_bound, periodic boxes, ball
queries, pairs, neighbour counts, sparse distance matrices, duplicate
points, float32 input, bad arguments; all of it without a host
fallback."""

import numpy
import pytest
import scipy.spatial as ss

import cupy
import cupyx.scipy.spatial as cs

RNG = numpy.random.default_rng(11)
DATA = RNG.random((150, 3))
DATA[7] = DATA[3]                 # a duplicate point
QUERY = RNG.random((40, 3)) * 1.2 - 0.1


@pytest.fixture(autouse=True)
def _device_only(monkeypatch):
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')


def _trees(data=DATA, **kw):
    return ss.KDTree(data, **kw), cs.KDTree(cupy.asarray(data), **kw)


def _same(got, want):
    numpy.testing.assert_allclose(cupy.asnumpy(got), want, rtol=1e-12,
                                  atol=1e-14)
    assert got.shape == numpy.shape(want)


@pytest.mark.parametrize('p', [1, 2, 3.5, numpy.inf])
@pytest.mark.parametrize('k', [1, 5, [1, 4]])
@pytest.mark.parametrize('bound', [numpy.inf, 0.2])
def test_query(p, k, bound):
    h, d = _trees()
    hd, hi = h.query(QUERY, k=k, p=p, distance_upper_bound=bound)
    dd, di = d.query(cupy.asarray(QUERY), k=k, p=p,
                     distance_upper_bound=bound)
    _same(dd, hd)
    # random queries: no ties, so the indices agree (missing ones are n)
    _same(di, hi)
    assert di.dtype == numpy.intp and dd.dtype == numpy.float64


def test_query_shapes_and_more_k_than_points():
    h, d = _trees(DATA[:6])
    for x, k in [(QUERY[0], 1), (QUERY[0], 9), (QUERY.reshape(2, 20, 3), 2),
                 (numpy.zeros((0, 3)), 3)]:
        hd, hi = h.query(x, k=k)
        dd, di = d.query(cupy.asarray(x), k=k)
        _same(dd, hd)
        _same(di, hi)


def test_duplicate_points_distance_zero():
    _, d = _trees()
    dd, di = d.query(cupy.asarray(DATA[3]), k=2)
    assert cupy.asnumpy(dd).tolist() == [0.0, 0.0]
    assert sorted(cupy.asnumpy(di).tolist()) == [3, 7]


def test_float32_data_computed_in_float64():
    data = DATA.astype(numpy.float32)
    h, d = _trees(data)
    hd, hi = h.query(QUERY.astype(numpy.float32), k=3)
    dd, di = d.query(cupy.asarray(QUERY, dtype=numpy.float32), k=3)
    assert d.data.dtype == numpy.float64
    _same(dd, hd)
    _same(di, hi)


@pytest.mark.parametrize('p', [1, 2, numpy.inf])
@pytest.mark.parametrize('off', [0, 1, -1])
def test_periodic(p, off):
    data = RNG.random((80, 2))
    h, d = _trees(data, boxsize=[1.0, 0.0])
    hd, hi = h.query(data + off * numpy.array([1.0, 0.0]), k=3, p=p)
    dd, di = d.query(cupy.asarray(data + off * numpy.array([1.0, 0.0])),
                     k=3, p=p)
    _same(dd, hd)


def test_periodic_bad_data():
    with pytest.raises(ValueError, match='greater than the size'):
        cs.KDTree(cupy.asarray([[0.5, 1.5]]), boxsize=1.0)
    with pytest.raises(ValueError, match='Negative input'):
        cs.KDTree(cupy.asarray([[0.5, -1.5]]), boxsize=1.0)


@pytest.mark.parametrize('p', [1, 2, numpy.inf])
def test_query_ball_point(p):
    h, d = _trees()
    want = h.query_ball_point(QUERY, 0.3, p=p, return_sorted=True)
    got = d.query_ball_point(cupy.asarray(QUERY), 0.3, p=p)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert cupy.asnumpy(g).tolist() == w
    one = d.query_ball_point(cupy.asarray(QUERY[0]), 0.3, p=p)
    assert cupy.asnumpy(one).tolist() == sorted(
        h.query_ball_point(QUERY[0], 0.3, p=p))
    n = d.query_ball_point(cupy.asarray(QUERY), 0.3, p=p,
                           return_length=True)
    _same(n, h.query_ball_point(QUERY, 0.3, p=p, return_length=True))


def test_query_ball_point_radius_per_point():
    h, d = _trees()
    r = numpy.linspace(0.1, 0.4, QUERY.shape[0])
    want = h.query_ball_point(QUERY, r, return_sorted=True)
    got = d.query_ball_point(cupy.asarray(QUERY), cupy.asarray(r))
    assert [cupy.asnumpy(g).tolist() for g in got] == list(want)


def test_query_ball_tree_and_pairs():
    h, d = _trees()
    h2, d2 = _trees(QUERY.clip(0, 1))
    want = h.query_ball_tree(h2, 0.25)
    got = d.query_ball_tree(d2, 0.25)
    assert [cupy.asnumpy(g).tolist() for g in got] == [
        sorted(w) for w in want]
    pairs = d.query_pairs(0.2)
    assert pairs.shape[1] == 2
    assert set(map(tuple, cupy.asnumpy(pairs).tolist())) == \
        h.query_pairs(0.2)
    assert d.query_pairs(0.2, output_type='set') == h.query_pairs(0.2)
    with pytest.raises(ValueError):
        d.query_pairs(0.2, output_type='list')


@pytest.mark.parametrize('cumulative', [True, False])
def test_count_neighbors(cumulative):
    h, d = _trees()
    h2, d2 = _trees(QUERY)
    r = [0.1, 0.2, 0.35]
    _same(d.count_neighbors(d2, r, cumulative=cumulative),
          h.count_neighbors(h2, r, cumulative=cumulative))
    _same(d.count_neighbors(d2, 0.3), h.count_neighbors(h2, 0.3))
    w = RNG.random(DATA.shape[0])
    _same(d.count_neighbors(d, r, weights=cupy.asarray(w),
                            cumulative=cumulative),
          h.count_neighbors(h, r, weights=w, cumulative=cumulative))
    with pytest.raises(ValueError, match='Two different trees'):
        d.count_neighbors(d2, r, weights=cupy.asarray(w))


def test_sparse_distance_matrix():
    h, d = _trees()
    h2, d2 = _trees(QUERY)
    want = h.sparse_distance_matrix(h2, 0.3).toarray()
    _same(d.sparse_distance_matrix(d2, 0.3, output_type='ndarray'), want)
    got = d.sparse_distance_matrix(d2, 0.3, output_type='dict')
    assert got.keys() == dict(h.sparse_distance_matrix(
        h2, 0.3, output_type='dict')).keys()
    with pytest.raises(NotImplementedError, match='cupyx.scipy.sparse'):
        d.sparse_distance_matrix(d2, 0.3)


def test_bad_arguments():
    _, d = _trees()
    x = cupy.asarray(QUERY)
    with pytest.raises(ValueError, match='k must be an integer'):
        d.query(x, k=None)
    with pytest.raises(ValueError):
        d.query(x, k=0)
    with pytest.raises(ValueError, match='p-norms'):
        d.query(x, p=0.5)
    with pytest.raises(ValueError, match='vectors of length 3'):
        d.query(x[:, :2])
    with pytest.raises(ValueError, match='data must be of shape'):
        cs.KDTree(cupy.zeros(3))
    with pytest.raises(ValueError, match='finite'):
        cs.KDTree(cupy.asarray([[0.0, numpy.nan]]))
    with pytest.raises(TypeError, match='complex'):
        cs.KDTree(cupy.zeros((3, 2), dtype=numpy.complex128))
    with pytest.raises(ValueError, match='leafsize'):
        cs.KDTree(cupy.zeros((3, 2)), leafsize=0)
    with pytest.raises(ValueError, match='different dimensionality'):
        d.query_ball_tree(cs.KDTree(cupy.zeros((3, 2))), 0.1)


def test_empty_tree():
    h, d = _trees(numpy.zeros((0, 2)))
    hd, hi = h.query([0.0, 0.0], k=2)
    dd, di = d.query(cupy.zeros(2), k=2)
    _same(dd, hd)
    _same(di, hi)


def test_blocks_cover_every_row(monkeypatch):
    from cupyx.scipy.spatial import _neighbors
    monkeypatch.setattr(_neighbors, '_BLOCK_ELEMENTS', 50)
    h, d = _trees()
    hd, hi = h.query(QUERY, k=2)
    dd, di = d.query(cupy.asarray(QUERY), k=2)
    _same(dd, hd)
    _same(di, hi)
    _same(d.count_neighbors(d, 0.2), h.count_neighbors(h, 0.2))


@pytest.mark.parametrize('m', [2, 3])
@pytest.mark.parametrize('k,p,bound', [(1, 2, numpy.inf), (6, 1, 0.05),
                                       ([2, 9], numpy.inf, numpy.inf)])
def test_grid_path(m, k, p, bound):
    # enough points for the cell grid; queries up to 0.3 outside the data
    # need wider rings of cells
    data = RNG.random((3000, m))
    query = RNG.random((400, m)) * 1.6 - 0.3
    h, d = _trees(data)
    hd, hi = h.query(query, k=k, p=p, distance_upper_bound=bound)
    dd, di = d.query(cupy.asarray(query), k=k, p=p,
                     distance_upper_bound=bound)
    from cupyx.scipy.spatial import _grid
    assert isinstance(d._grid, _grid.Grid)
    _same(dd, hd)
    _same(di, hi)


def test_grid_clustered_data_falls_back_to_brute_force():
    # one dense cluster: the largest cell is big, the grid is not used
    data = numpy.concatenate([RNG.random((1500, 2)) * 1e-3,
                              RNG.random((10, 2))])
    h, d = _trees(data)
    hd, hi = h.query(QUERY[:, :2], k=3)
    dd, di = d.query(cupy.asarray(QUERY[:, :2]), k=3)
    _same(dd, hd)
    _same(di, hi)


def test_count_neighbors_many_radii(monkeypatch):
    # past _DIRECT_RADII radii the counts come from searchsorted/bincount
    from cupyx.scipy.spatial import _neighbors
    monkeypatch.setattr(_neighbors, '_DIRECT_RADII', 2)
    h, d = _trees()
    r = numpy.linspace(0.05, 0.5, 7)[::-1]
    w = RNG.random(DATA.shape[0])
    for cumulative in (True, False):
        rr = r if cumulative else r[::-1]
        _same(d.count_neighbors(d, rr, cumulative=cumulative),
              h.count_neighbors(h, rr, cumulative=cumulative))
        _same(d.count_neighbors(d, rr, weights=cupy.asarray(w),
                                cumulative=cumulative),
              h.count_neighbors(h, rr, weights=w, cumulative=cumulative))
