"""Scattered-data interpolation on a Delaunay triangulation
(``scipy.interpolate``'s LinearNDInterpolator,
CloughTocher2DInterpolator, estimate_gradients_2d_global).

The triangulation comes from ``cupyx.scipy.spatial.Delaunay`` (Qhull
on the host, counted); point location, barycentric weights, gradient
estimation and evaluation run on the device.
"""

import numpy

import cupy
from cupyx.scipy.interpolate import _clough_tocher
from cupyx.scipy.interpolate._clough_tocher import (  # NOQA
    GradientEstimationWarning)
from cupyx.scipy.spatial import _locate
from cupyx.scipy.spatial._delaunay import Delaunay

# SciPy's interpolators accept a point that far outside a simplex
# (interpnd.pyx: eps = 100 * DBL_EPSILON)
_EPS = 100 * numpy.finfo(numpy.float64).eps


def _ndim_coords_from_arrays(points, ndim=None):
    """Points as an (..., ndim) array from an array or a tuple of
    coordinate arrays (SciPy's convention)."""
    if isinstance(points, tuple) and len(points) == 1:
        points = points[0]
    if isinstance(points, tuple):
        arrs = cupy.broadcast_arrays(*[cupy.asarray(p) for p in points])
        return cupy.stack([a.astype(numpy.float64, copy=False)
                           for a in arrs], axis=-1)
    points = cupy.asarray(points)
    if points.ndim == 1:
        points = points.reshape(-1, 1) if ndim is None \
            else points.reshape(-1, ndim)
    return points


class NDInterpolatorBase:
    """Common parts of the N-d scattered-data interpolators: input
    checks, optional rescaling to the unit cube, value layout."""

    def __init__(self, points, values, fill_value=numpy.nan, ndim=None,
                 rescale=False, need_contiguous=True, need_values=True):
        if isinstance(points, Delaunay):
            if rescale:
                raise ValueError('Rescaling is not supported when passing a '
                                 'Delaunay triangulation as ``points``.')
            self.tri = points
            points = points.points
        else:
            self.tri = None
        points = _ndim_coords_from_arrays(points)
        if need_contiguous:
            points = cupy.ascontiguousarray(points, dtype=numpy.float64)
        if not rescale:
            self.scale = None
            self.points = points
        else:
            self.offset = cupy.mean(points, axis=0)
            self.points = points - self.offset
            scale = cupy.ptp(self.points, axis=0)
            scale[~(scale > 0)] = 1.0
            self.scale = scale
            self.points = self.points / scale
        self._check_init_shape(self.points, values, ndim=ndim)
        if need_values:
            self._set_values(values, fill_value, need_contiguous, ndim)
        else:
            self.values = None

    def _set_values(self, values, fill_value=numpy.nan,
                    need_contiguous=True, ndim=None):
        values = cupy.asarray(values)
        self._check_init_shape(self.points, values, ndim=ndim)
        self.values_shape = values.shape[1:]
        values = values.reshape(values.shape[0], -1)
        self.is_complex = values.dtype.kind == 'c'
        if self.is_complex:
            self.values = values.astype(numpy.complex128)
            self.fill_value = complex(fill_value)
        else:
            self.values = values.astype(numpy.float64)
            self.fill_value = float(fill_value)

    def _check_init_shape(self, points, values, ndim=None):
        values = cupy.asarray(values) if values is not None else None
        if points.ndim != 2:
            raise ValueError('invalid shape for input data points')
        if points.shape[1] < 2:
            raise ValueError('input data must be at least 2-D')
        if values is not None and values.shape[0] != points.shape[0]:
            raise ValueError('different number of values and points')
        if ndim is not None and points.shape[1] != ndim:
            raise ValueError('this mode of interpolation available only for '
                             '%d-D data' % ndim)

    def _check_call_shape(self, xi):
        xi = cupy.asarray(xi)
        if xi.shape[-1] != self.points.shape[1]:
            raise ValueError('number of dimensions in xi does not match x')
        return xi

    def _scale_x(self, xi):
        if self.scale is None:
            return xi
        return (xi - self.offset) / self.scale

    def _xi(self, args):
        xi = _ndim_coords_from_arrays(args, ndim=self.points.shape[1])
        xi = self._check_call_shape(xi)
        return xi

    def __call__(self, *args):
        """Evaluate the interpolator at the points given as one (...,
        ndim) array or as ndim broadcastable coordinate arrays."""
        xi = self._xi(args)
        shape = xi.shape
        flat = cupy.ascontiguousarray(xi.reshape(-1, shape[-1]),
                                      dtype=numpy.float64)
        flat = self._scale_x(flat)
        r = self._evaluate(flat)
        return r.reshape(shape[:-1] + self.values_shape)


class LinearNDInterpolator(NDInterpolatorBase):
    """Piecewise linear interpolator in N > 1 dimensions
    (``scipy.interpolate.LinearNDInterpolator``): barycentric
    interpolation on the Delaunay triangulation of the points; fill_value
    outside the convex hull."""

    def __init__(self, points, values, fill_value=numpy.nan, rescale=False):
        NDInterpolatorBase.__init__(self, points, values,
                                    fill_value=fill_value, rescale=rescale)
        if self.tri is None:
            self.tri = Delaunay(self.points)

    def _evaluate(self, xi):
        isimplex, c = _locate.locate(self.tri, xi, _EPS)
        ok = isimplex >= 0
        verts = self.tri.simplices[cupy.where(ok, isimplex, 0)]
        out = cupy.sum(self.values[verts] * c[:, :, None], axis=1)
        out[~ok] = self.fill_value
        return out


class CloughTocher2DInterpolator(NDInterpolatorBase):
    """Piecewise cubic, C1 smooth, curvature-minimising interpolator in
    2-D (``scipy.interpolate.CloughTocher2DInterpolator``)."""

    def __init__(self, points, values, fill_value=numpy.nan, tol=1e-6,
                 maxiter=400, rescale=False):
        NDInterpolatorBase.__init__(self, points, values, ndim=2,
                                    fill_value=fill_value, rescale=rescale)
        if self.tri is None:
            self.tri = Delaunay(self.points)
        real = _real_columns(self.values)
        grad = _clough_tocher.estimate_gradients(self.tri, real, maxiter,
                                                 tol)
        self.grad = _from_real_columns(grad, self.is_complex)
        self._real = real
        self._real_grad = grad
        self._gdir = _clough_tocher.cross_directions(self.tri)

    def _evaluate(self, xi):
        out, ok = _clough_tocher.evaluate(self.tri, self._real,
                                          self._real_grad, self._gdir, xi)
        out = _from_real_columns(out, self.is_complex)
        out[~ok] = self.fill_value
        return out


def _real_columns(values):
    if values.dtype.kind != 'c':
        return values
    return cupy.concatenate([values.real, values.imag], axis=1)


def _from_real_columns(a, is_complex):
    if not is_complex:
        return a
    half = a.shape[1] // 2
    return a[:, :half] + 1j * a[:, half:]


def estimate_gradients_2d_global(tri, y, maxiter=400, tol=1e-6):
    """Gradients of the values y at the points of the 2-D triangulation
    tri, by global curvature minimisation (shape y.shape + (2,))."""
    y = cupy.asarray(y)
    if y.shape[0] != tri.npoints:
        raise ValueError("'y' has a wrong number of items")
    shape = y.shape
    cols = y.reshape(tri.npoints, -1)
    is_complex = cols.dtype.kind == 'c'
    cols = _real_columns(cols.astype(
        numpy.complex128 if is_complex else numpy.float64))
    g = _clough_tocher.estimate_gradients(tri, cols, maxiter, tol)
    g = _from_real_columns(g, is_complex)
    return g.reshape(shape + (2,))
