"""RegularGridInterpolator and interpn on the device: per dimension one
``searchsorted`` for the cell, then the 2**ndim cell corners gathered and
blended (linear) or the nearest corner gathered.

Spline methods: 'slinear', 'cubic', 'quintic' (and their '_legacy'
forms, which SciPy computes by repeated one-dimensional fits: the same
tensor-product interpolant, other rounding) build the interpolating
tensor-product spline once (``make_ndbspl``) and evaluate it (NdBSpline).
'pchip' is not linear in the data, so it folds one dimension at a time
as SciPy: a batched PCHIP along the last axis for all points, then for
each remaining axis one PCHIP per point, all points at once (slopes of
every point's own line, then a gather of its interval)."""

import itertools

import numpy

import cupy

_SPLINE_DEGREE = {'slinear': 1, 'cubic': 3, 'quintic': 5, 'pchip': 3,
                  'slinear_legacy': 1, 'cubic_legacy': 3,
                  'quintic_legacy': 5}
_NDBSPL = ('slinear', 'cubic', 'quintic', 'slinear_legacy', 'cubic_legacy',
           'quintic_legacy')


class RegularGridInterpolator:
    """Interpolation on a rectilinear grid
    (``scipy.interpolate.RegularGridInterpolator``)."""

    _ALL_METHODS = ('linear', 'nearest', 'slinear', 'cubic', 'quintic',
                    'pchip', 'slinear_legacy', 'cubic_legacy',
                    'quintic_legacy')

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
        self._splines = {}
        self._check_grid(method)
        if method == 'pchip' and values.dtype.kind == 'c':
            raise ValueError('`PchipInterpolator` only works with real '
                             'values for `y`.')
        if fill_value is not None:
            fv = numpy.asarray(fill_value)
            if fv.dtype.kind == 'c' and values.dtype.kind != 'c':
                raise ValueError('fill_value must be either \'None\' or of '
                                 'a type compatible with values')
        self.fill_value = fill_value

    def _check_method(self, method):
        if method not in self._ALL_METHODS:
            raise ValueError("Method '%s' is not defined" % method)

    def _check_grid(self, method):
        k = _SPLINE_DEGREE.get(method)
        if k is None:
            return
        for i, p in enumerate(self.grid):
            if p.size <= k:
                raise ValueError(
                    'There are %d points in dimension %d, but method %s '
                    'requires at least %d points per dimension.'
                    % (p.size, i, method, k + 1))

    def _spline(self, method):
        from cupyx.scipy.interpolate._ndbspline import make_ndbspl
        k = _SPLINE_DEGREE[method]
        if k not in self._splines:
            self._splines[k] = make_ndbspl(self.grid, self.values, k)
        return self._splines[k]

    def __call__(self, xi, method=None, *, nu=None):
        method = self.method if method is None else method
        self._check_method(method)
        if method != self.method:
            self._check_grid(method)
        if nu is not None and method not in _NDBSPL:
            raise ValueError('Can only compute derivatives for methods %s, '
                             'got method = %r.' % (_NDBSPL, method))
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
        elif method in _NDBSPL and (nu is not None or
                                    _SPLINE_DEGREE[method] > 1):
            result = self._spline(method)(xi, nu=nu)
        elif method == 'pchip':
            result = self._pchip(xi)
        else:
            result = self._linear(indices, dist)
        extra = (-1,) + (1,) * (result.ndim - 1)
        if not self.bounds_error and self.fill_value is not None:
            result = cupy.where(out_of_bounds.reshape(extra),
                                self.fill_value, result)
            if result.dtype.kind not in 'fc':
                result = result.astype(numpy.float64)
        nans = cupy.isnan(xi).any(axis=1)
        if result.dtype.kind in 'fc':
            result = cupy.where(nans.reshape(extra), numpy.nan, result)
        return result.reshape(xi_shape[:-1] + self.values.shape[ndim:])

    def _pchip(self, xi):
        """SciPy's order: the last dimension first (one PCHIP along it for
        all points), then each earlier dimension per point."""
        from cupyx.scipy.interpolate._ppoly import (
            PchipInterpolator, _pchip_slopes)
        n = len(self.grid)
        m = xi.shape[0]
        axes = tuple(range(n))[::-1] + tuple(range(n, self.values.ndim))
        values = self.values.transpose(axes).astype(numpy.float64)
        folded = PchipInterpolator(self.grid[-1], values, axis=0)(
            xi[:, -1])                              # (m, n_{d-2}.., ...)
        rows = cupy.arange(m)
        for i in range(n - 2, -1, -1):
            g = self.grid[i]
            y = cupy.moveaxis(folded, 1, 0)          # (n_i, m, ...)
            dk = _pchip_slopes(g, y)
            x = xi[:, i]
            j = cupy.clip(cupy.searchsorted(g, x, side='right') - 1, 0,
                          g.size - 2)
            h = g[j + 1] - g[j]
            t = ((x - g[j]) / h).reshape((m,) + (1,) * (y.ndim - 2))
            h = h.reshape(t.shape)
            y0, y1 = y[j, rows], y[j + 1, rows]
            d0, d1 = dk[j, rows], dk[j + 1, rows]
            t2, t3 = t * t, t * t * t
            folded = ((2 * t3 - 3 * t2 + 1) * y0 + (t3 - 2 * t2 + t) * h * d0
                      + (-2 * t3 + 3 * t2) * y1 + (t3 - t2) * h * d1)
        return folded

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
