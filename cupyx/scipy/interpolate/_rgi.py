"""RegularGridInterpolator and interpn on the device: per dimension one
``searchsorted`` for the cell, then the 2**ndim cell corners gathered and
blended (linear) or the nearest corner gathered.  The spline methods
(slinear is linear; cubic, quintic, pchip) are not written."""

import itertools

import numpy

import cupy

_METHODS = ('linear', 'nearest', 'slinear')


class RegularGridInterpolator:
    """Interpolation on a rectilinear grid
    (``scipy.interpolate.RegularGridInterpolator``)."""

    _ALL_METHODS = ('linear', 'nearest', 'slinear', 'cubic', 'quintic',
                    'pchip')

    def __init__(self, points, values, method='linear', bounds_error=True,
                 fill_value=numpy.nan, *, solver=None, solver_args=None):
        self._check_method(method)
        self.method = method
        self.bounds_error = bounds_error
        values = cupy.asarray(values)
        if len(points) > values.ndim:
            raise ValueError('There are %d point arrays, but values has %d '
                             'dimensions' % (len(points), values.ndim))
        if values.dtype.kind not in 'fc':
            values = values.astype(numpy.float64)
        grid = []
        for i, p in enumerate(points):
            p = cupy.asarray(p, dtype=numpy.float64)
            if p.ndim != 1:
                raise ValueError('The points in dimension %d must be '
                                 '1-dimensional' % i)
            d = cupy.diff(p)
            if not bool((d > 0).all()):
                if bool((d < 0).all()):
                    p = p[::-1]
                    values = cupy.flip(values, axis=i)
                else:
                    raise ValueError('The points in dimension %d must be '
                                     'strictly ascending or descending' % i)
            if values.shape[i] != p.size:
                raise ValueError('There are %d points and %d values in '
                                 'dimension %d' % (p.size, values.shape[i],
                                                   i))
            grid.append(p)
        self.grid = tuple(grid)
        self.values = values
        if fill_value is not None:
            fv = numpy.asarray(fill_value)
            if fv.dtype.kind == 'c' and values.dtype.kind != 'c':
                raise ValueError('fill_value must be either \'None\' or of '
                                 'a type compatible with values')
        self.fill_value = fill_value

    def _check_method(self, method):
        if method not in self._ALL_METHODS:
            raise ValueError("Method '%s' is not defined" % method)
        if method not in _METHODS:
            raise NotImplementedError(
                "RegularGridInterpolator method '%s' is not implemented on "
                'this backend (linear, nearest, slinear are)' % method)

    def __call__(self, xi, method=None, *, nu=None):
        method = self.method if method is None else method
        self._check_method(method)
        ndim = len(self.grid)
        xi = _ndim_coords(xi, ndim)
        if xi.shape[-1] != ndim:
            raise ValueError('The requested sample points xi have dimension '
                             '%d but this RegularGridInterpolator has '
                             'dimension %d' % (xi.shape[-1], ndim))
        xi_shape = xi.shape
        xi = xi.reshape(-1, ndim).astype(numpy.float64)
        if self.bounds_error:
            for i, p in enumerate(xi.T):
                if not bool(((self.grid[i][0] <= p) &
                             (p <= self.grid[i][-1])).all()):
                    raise ValueError('One of the requested xi is out of '
                                     'bounds in dimension %d' % i)
        indices, dist, out_of_bounds = self._find_indices(xi.T)
        if method == 'nearest':
            idx = tuple(cupy.where(d <= .5, i, i + 1)
                        for i, d in zip(indices, dist))
            result = self.values[idx]
        else:
            result = self._linear(indices, dist)
        if not self.bounds_error and self.fill_value is not None:
            mask = out_of_bounds.reshape((-1,) + (1,) * (result.ndim - 1))
            result = cupy.where(mask, self.fill_value, result)
            if result.dtype.kind not in 'fc':
                result = result.astype(numpy.float64)
        return result.reshape(xi_shape[:-1] + self.values.shape[ndim:])

    def _find_indices(self, xi):
        indices = []
        dist = []
        oob = cupy.zeros(xi.shape[1], dtype=bool)
        for x, g in zip(xi, self.grid):
            if g.size == 1:
                i = cupy.zeros(x.shape, dtype=numpy.int64)
                d = cupy.zeros(x.shape)
            else:
                i = cupy.clip(cupy.searchsorted(g, x) - 1, 0, g.size - 2)
                lo = g[i]
                d = (x - lo) / (g[i + 1] - lo)
            indices.append(i)
            dist.append(d)
            oob |= (x < g[0]) | (x > g[-1]) | cupy.isnan(x)
        return indices, dist, oob

    def _linear(self, indices, dist):
        extra = (1,) * (self.values.ndim - len(self.grid))
        result = None
        for corner in itertools.product((0, 1), repeat=len(indices)):
            weight = None
            idx = []
            for c, i, d, g in zip(corner, indices, dist, self.grid):
                if g.size == 1:
                    if c:
                        break
                    idx.append(i)
                    w = cupy.ones_like(d)
                else:
                    idx.append(i + c)
                    w = d if c else 1. - d
                weight = w if weight is None else weight * w
            else:
                term = self.values[tuple(idx)] * weight.reshape(
                    (-1,) + extra)
                result = term if result is None else result + term
        return result


def _ndim_coords(xi, ndim):
    if isinstance(xi, tuple) and len(xi) == ndim:
        arrs = cupy.broadcast_arrays(*[cupy.asarray(v) for v in xi])
        return cupy.stack(arrs, axis=-1)
    xi = cupy.asarray(xi)
    if xi.ndim == 1 and ndim > 1 and xi.size == ndim:
        return xi.reshape(1, ndim)
    if xi.ndim == 1 and ndim == 1:
        return xi.reshape(-1, 1)
    return xi


def interpn(points, values, xi, method='linear', bounds_error=True,
            fill_value=numpy.nan):
    """Interpolation on a regular grid (``scipy.interpolate.interpn``)."""
    if method not in RegularGridInterpolator._ALL_METHODS + ('splinef2d',):
        raise ValueError("interpn only understands the methods 'linear', "
                         "'nearest', 'slinear', 'cubic', 'quintic', 'pchip', "
                         "and 'splinef2d'. You provided %s." % method)
    values = cupy.asarray(values)
    ndim = values.ndim
    xi = _ndim_coords(xi, len(points))
    if xi.shape[-1] != len(points):
        raise ValueError('The requested sample points xi have dimension %d, '
                         'but this RegularGridInterpolator has dimension %d'
                         % (xi.shape[-1], len(points)))
    del ndim
    interp = RegularGridInterpolator(points, values, method=method
                                     if method != 'splinef2d' else 'cubic',
                                     bounds_error=bounds_error,
                                     fill_value=fill_value)
    return interp(xi)
