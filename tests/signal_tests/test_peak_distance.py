"""find_peaks' ``distance`` selection on the device (rounds of
priority-ordered suppression) against SciPy's greedy loop: random
heights, plateaus and ties, chains of rising peaks longer than the
device rounds, priorities given by ``height``."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from cupy._core import _fallback
from cupyx.scipy.signal import _peaks

ss = pytest.importorskip('scipy.signal')


def _check(x, **kw):
    got = cs.find_peaks(cupy.asarray(x), **kw)
    want = ss.find_peaks(x, **kw)
    numpy.testing.assert_array_equal(cupy.asnumpy(got[0]), want[0])
    assert sorted(got[1]) == sorted(want[1])
    for key in want[1]:
        numpy.testing.assert_allclose(cupy.asnumpy(got[1][key]),
                                      want[1][key])


def _fallbacks():
    return sum(_fallback.fallback_counts().values())


@pytest.mark.parametrize('distance', [1, 2, 3.5, 10, 40, 500])
@pytest.mark.parametrize('seed', [0, 1])
def test_random_heights_on_device(distance, seed):
    x = numpy.random.RandomState(seed).randn(2000)
    before = _fallbacks()
    _check(x, distance=distance)
    _check(x, distance=distance, height=0.5)
    assert _fallbacks() == before


def test_ties_follow_numpy_order():
    # integer heights: many peaks share a priority
    x = numpy.random.RandomState(3).randint(0, 4, 3000).astype(float)
    for d in (2, 5, 17):
        _check(x, distance=d)


def test_long_chain(monkeypatch):
    # rising peaks closer than distance: one kept peak per round
    t = numpy.arange(4000)
    x = (1 + t / 4000.0) * numpy.sin(t * 0.5)
    _check(x, distance=30)
    monkeypatch.setattr(_peaks, '_DISTANCE_ROUNDS', 2)
    _check(x, distance=30)
    _check(x, distance=30, height=0.0)


def test_plateaus_and_edges():
    x = numpy.array([0, 2, 2, 2, 0, 3, 0, 1, 1, 0, 3, 3, 0, 2, 0], float)
    for d in (1, 2, 3, 4, 6, 100):
        _check(x, distance=d)
    _check(numpy.array([0., 1., 0.]), distance=5)
    _check(numpy.zeros(5), distance=2)
