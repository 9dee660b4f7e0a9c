"""distance_matrix and minkowski_distance (``scipy.spatial``'s), through
cdist's blocked device computation."""

import numpy

import cupy
from cupyx.scipy.spatial import distance


def minkowski_distance_p(x, y, p=2.0):
    """sum(|x - y|**p) along the last axis (no root; max for p=inf)."""
    x = cupy.asarray(x)
    y = cupy.asarray(y)
    d = cupy.abs(x - y)
    if p == numpy.inf:
        return cupy.max(d, axis=-1)
    if p == 1:
        return cupy.sum(d, axis=-1)
    return cupy.sum(d ** p, axis=-1)


def minkowski_distance(x, y, p=2.0):
    """The p-norm distance along the last axis of x - y."""
    r = minkowski_distance_p(x, y, p)
    if p in (1, numpy.inf):
        return r
    return r ** (1.0 / p)


def distance_matrix(x, y, p=2.0, threshold=1000000):
    """The matrix of p-norm distances between the rows of x and y
    (threshold is accepted for SciPy's signature: the device computation
    is blocked whatever the size)."""
    x = cupy.asarray(x)
    y = cupy.asarray(y)
    if x.ndim != 2 or y.ndim != 2:
        raise ValueError('x and y must be 2-dimensional')
    if x.shape[1] != y.shape[1]:
        raise ValueError('x contains {}-dimensional vectors but y contains '
                         '{}-dimensional vectors'.format(x.shape[1],
                                                         y.shape[1]))
    if p == 1:
        return distance.cdist(x, y, 'cityblock')
    if p == numpy.inf:
        return distance.cdist(x, y, 'chebyshev')
    return distance.cdist(x, y, 'minkowski', p=p)
