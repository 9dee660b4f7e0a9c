"""NearestNDInterpolator and griddata (``scipy.interpolate``'s), on
the device: nearest neighbours from ``cupyx.scipy.spatial.KDTree``
(blocked distances), linear and cubic through ``_interpnd``, 1-D data
through ``interp1d``."""

import numpy

import cupy
from cupyx.scipy.interpolate._interpnd import (
    NDInterpolatorBase, LinearNDInterpolator, CloughTocher2DInterpolator,
    _ndim_coords_from_arrays)
from cupyx.scipy.spatial._kdtree import KDTree


class NearestNDInterpolator(NDInterpolatorBase):
    """Nearest-neighbour interpolator in N > 1 dimensions
    (``scipy.interpolate.NearestNDInterpolator``).

    ``tree_options`` are passed to KDTree; the call's keyword arguments
    (``eps``, ``p``, ``distance_upper_bound``, ``workers``) to its
    ``query``.  Points with no neighbour within ``distance_upper_bound``
    give NaN (the result is float64, or the values' complex dtype)."""

    def __init__(self, x, y, rescale=False, tree_options=None):
        NDInterpolatorBase.__init__(self, x, y, rescale=rescale,
                                    need_contiguous=False,
                                    need_values=False)
        if tree_options is None:
            tree_options = dict()
        self.tree = KDTree(self.points, **tree_options)
        self.values = cupy.asarray(y)

    def __call__(self, *args, **query_options):
        xi = self._scale_x(self._xi(args))
        flat = xi.reshape(-1, xi.shape[-1])
        dist, i = self.tree.query(flat, **query_options)
        valid = cupy.isfinite(dist)
        rest = self.values.shape[1:]
        dtype = self.values.dtype if self.values.dtype.kind == 'c' \
            else numpy.float64
        picked = self.values[cupy.where(valid, i, 0)].astype(dtype)
        mask = valid.reshape(valid.shape + (1,) * len(rest))
        out = cupy.where(mask, picked, cupy.asarray(numpy.nan, dtype))
        return out.reshape(xi.shape[:-1] + rest)


def griddata(points, values, xi, method='linear', fill_value=numpy.nan,
             rescale=False):
    """Interpolate unstructured D-D data (``scipy.interpolate.griddata``):
    method 'nearest', 'linear' or 'cubic' (1-D and 2-D only)."""
    from cupyx.scipy.interpolate._interp1d import interp1d

    points = _ndim_coords_from_arrays(points)
    ndim = 1 if points.ndim < 2 else points.shape[-1]
    if ndim == 1 and method in ('nearest', 'linear', 'cubic'):
        points = points.ravel()
        if isinstance(xi, tuple):
            if len(xi) != 1:
                raise ValueError('invalid number of dimensions in xi')
            xi, = xi
        values = cupy.asarray(values)
        # interp1d wants ascending abscissae
        order = cupy.argsort(points, kind='stable')
        points = points[order]
        values = values[order]
        if method == 'nearest':
            fill_value = 'extrapolate'
        ip = interp1d(points, values, kind=method, axis=0,
                      bounds_error=False, fill_value=fill_value)
        return ip(xi)
    if method == 'nearest':
        ip = NearestNDInterpolator(points, values, rescale=rescale)
        return ip(xi)
    if method == 'linear':
        ip = LinearNDInterpolator(points, values, fill_value=fill_value,
                                  rescale=rescale)
        return ip(xi)
    if method == 'cubic' and ndim == 2:
        ip = CloughTocher2DInterpolator(points, values,
                                        fill_value=fill_value,
                                        rescale=rescale)
        return ip(xi)
    raise ValueError('Unknown interpolation method %r for %d dimensional '
                     'data' % (method, ndim))
