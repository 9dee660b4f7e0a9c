"""Spatial algorithms on the device (``scipy.spatial``'s names):
pairwise distances (``distance``), distance_matrix and
minkowski_distance."""

from cupyx.scipy.spatial import distance  # NOQA
from cupyx.scipy.spatial._kdtree import (  # NOQA
    distance_matrix, minkowski_distance)
from cupyx.scipy.spatial._kdtree import (  # NOQA
    KDTree, cKDTree, minkowski_distance_p)
from cupyx.scipy.spatial._delaunay import Delaunay, tsearch  # NOQA
