"""cupyx.scipy.spatial.Delaunay against scipy.spatial.Delaunay: the
triangulation is SciPy's (Qhull on the host, one counted fallback per
build); transforms, find_simplex, hull facets, vertex maps and plane
distances are computed on the device and must agree."""

import contextlib
import os

import numpy
import pytest
import scipy.spatial as ss

import cupy
import cupyx.scipy.spatial as cs
from cupy._core import _fallback

RNG = numpy.random.default_rng(5)


@contextlib.contextmanager
def _silent():
    old = os.environ.get('CUPY_HOST_FALLBACK')
    os.environ['CUPY_HOST_FALLBACK'] = 'silent'
    try:
        yield
    finally:
        if old is None:
            del os.environ['CUPY_HOST_FALLBACK']
        else:
            os.environ['CUPY_HOST_FALLBACK'] = old


def _pair(points):
    with _silent():
        d = cs.Delaunay(cupy.asarray(points))
    return ss.Delaunay(numpy.asarray(points, dtype=numpy.float64)), d


def _eq(got, want):
    got = cupy.asnumpy(got)
    assert got.dtype == numpy.asarray(want).dtype
    numpy.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12,
                                  equal_nan=True)


@pytest.mark.parametrize('ndim', [2, 3])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_attributes(ndim, dtype, monkeypatch):
    pts = RNG.random((60, ndim)).astype(dtype)
    h, d = _pair(pts)
    monkeypatch.setenv('CUPY_HOST_FALLBACK', 'error')
    for name in ('points', 'simplices', 'neighbors', 'equations',
                 'transform', 'vertex_to_simplex', 'convex_hull',
                 'coplanar', 'min_bound', 'max_bound'):
        _eq(getattr(d, name), getattr(h, name))
    for got, want in zip(d.vertex_neighbor_vertices,
                         h.vertex_neighbor_vertices):
        _eq(got, want)
    assert (d.npoints, d.nsimplex, d.ndim) == (h.npoints, h.nsimplex,
                                               h.ndim)
    q = RNG.random((300, ndim)) * 1.4 - 0.2
    _eq(d.find_simplex(cupy.asarray(q)), h.find_simplex(q, bruteforce=True))
    _eq(d.plane_distance(cupy.asarray(q)), h.plane_distance(q))
    _eq(d.lift_points(cupy.asarray(q)), h.lift_points(q))
    # SciPy 1.18 deprecates tsearch for find_simplex (the same function)
    _eq(cs.tsearch(d, cupy.asarray(q[:5])), h.find_simplex(q[:5]))


def test_find_simplex_shape_and_tol():
    h, d = _pair(RNG.random((30, 2)))
    q = RNG.random((4, 5, 2)) * 1.2 - 0.1
    _eq(d.find_simplex(cupy.asarray(q)), h.find_simplex(q, bruteforce=True))
    # a point just outside a hull facet: inside with a larger tol only
    hull = h.convex_hull[0]
    mid = h.points[hull].mean(axis=0)
    out = mid + 1e-9 * (mid - h.points.mean(axis=0))
    assert int(d.find_simplex(cupy.asarray(out))) == -1
    assert int(d.find_simplex(cupy.asarray(out), tol=1e-6)) >= 0


def test_duplicate_points_are_coplanar():
    x = numpy.array([[0, 0], [1, 0], [0, 1], [1, 1], [0, 0], [1, 1.]])
    h, d = _pair(x)
    _eq(d.coplanar, h.coplanar)
    _eq(cupy.sort(d.simplices, axis=1), numpy.sort(h.simplices, axis=1))
    _eq(d.vertex_to_simplex, h.vertex_to_simplex)


def test_degenerate_input_raises_scipys_error():
    with pytest.raises(ss.QhullError):
        _pair(numpy.array([[0.0, 0], [1, 1], [2, 2]]))
    with pytest.raises(ss.QhullError):
        _pair(numpy.array([[0.0, 0]]))
    with pytest.raises(ValueError):
        _pair(numpy.zeros(3))


def test_degenerate_simplex_gets_nan_transform():
    from cupyx.scipy.spatial._delaunay import barycentric_transforms
    pts = cupy.asarray([[0.0, 0], [1, 0], [2, 0], [0, 1]])
    t = barycentric_transforms(pts, cupy.asarray([[0, 1, 2], [0, 1, 3]]))
    assert bool(cupy.isnan(t[0]).all())
    assert not bool(cupy.isnan(t[1]).any())


def test_build_is_one_counted_fallback():
    before = _fallback.fallback_counts().get(('spatial.Delaunay', 'qhull'),
                                             0)
    _pair(RNG.random((10, 2)))
    after = _fallback.fallback_counts()[('spatial.Delaunay', 'qhull')]
    assert after == before + 1


def test_incremental():
    pts = RNG.random((20, 2))
    h = ss.Delaunay(pts[:10], incremental=True)
    with _silent():
        d = cs.Delaunay(cupy.asarray(pts[:10]), incremental=True)
        d.add_points(cupy.asarray(pts[10:]))
    h.add_points(pts[10:])
    _eq(d.simplices, h.simplices)
    d.close()
    h.close()


@pytest.mark.parametrize('steps', [1, 64])
def test_walk_and_brute_force_agree(steps, monkeypatch):
    # one step: nearly every point is left to the brute-force pass
    from cupyx.scipy.spatial import _locate
    monkeypatch.setattr(_locate, '_MAX_STEPS', steps)
    monkeypatch.setattr(_locate, '_CHECK_EVERY', 1)
    pts = RNG.random((200, 2))
    h, d = _pair(pts)
    q = RNG.random((500, 2)) * 1.2 - 0.1
    _eq(d.find_simplex(cupy.asarray(q)), h.find_simplex(q, bruteforce=True))


def test_host_route_listed_by_info():
    from cupy import _info
    assert any('spatial.Delaunay' in line and 'Qhull' in line
               for line in _info._host_route_lines())


def test_every_cupyx_host_route_is_listed_by_info():
    # issue 17: fallbacks of ndimage/signal/interpolate appear in
    # `python -m cupy info` before they ever run (special has none left)
    from cupy import _info
    text = '\n'.join(_info._host_route_lines())
    for name in ('signal.find_peaks ', 'signal.find_peaks_cwt',
                 'interpolate.make_interp_spline',
                 'interpolate.make_smoothing_spline',
                 'ndimage.watershed_ift'):
        assert 'host route    : ' + name in text, name
    for name in ('spherical_yn', 'sph_harm_y'):
        assert 'host route    : ' + name not in text, name
