"""RBFInterpolator on the device (``scipy.interpolate.RBFInterpolator``).

The interpolant is sum_j c_j phi(eps |x - y_j|) + a polynomial of the
given degree in the shifted and scaled coordinates (SciPy's
construction).  Everything runs on the device: the kernel matrix and
the monomials are elementwise operations on (points x points) arrays,
the (P + R) x (P + R) system is ``cupy.linalg.solve`` (QR and a
triangular solve on the device) and evaluation is a product of the
(x points x P + R) evaluation matrix with the coefficients, in chunks
(SciPy's memory budget).

``neighbors=k``: each evaluation point uses its k nearest data points.
The neighbour sets come from a blocked brute-force k-nearest search on
the device (``_knearest``: distances of a block of points to all data
points, then a stable sort, so the lower index wins among equal
distances); cupyx.scipy.spatial.KDTree (written at the same time) is not
used yet, and ``_knearest`` is the one place to switch to it.  The local systems
of all evaluation points are built and solved as one batch (SciPy solves
each distinct neighbour set in a host loop; identical sets give
identical systems, so the results agree).
"""

import itertools
import warnings

import numpy

import cupy
from cupy._core._routines_solve import matmul_any

_F64 = numpy.dtype(numpy.float64)


def linear(r):
    return -r


def thin_plate_spline(r):
    safe = cupy.where(r == 0, 1.0, r)
    return cupy.where(r == 0, 0.0, r ** 2 * cupy.log(safe))


def cubic(r):
    return r ** 3


def quintic(r):
    return -r ** 5


def multiquadric(r):
    return -cupy.sqrt(r ** 2 + 1)


def inverse_multiquadric(r):
    return 1.0 / cupy.sqrt(r ** 2 + 1.0)


def inverse_quadratic(r):
    return 1.0 / (r ** 2 + 1.0)


def gaussian(r):
    return cupy.exp(-r ** 2)


NAME_TO_FUNC = {
    'linear': linear,
    'thin_plate_spline': thin_plate_spline,
    'cubic': cubic,
    'quintic': quintic,
    'multiquadric': multiquadric,
    'inverse_multiquadric': inverse_multiquadric,
    'inverse_quadratic': inverse_quadratic,
    'gaussian': gaussian,
}
_AVAILABLE = set(NAME_TO_FUNC)
# kernels whose interpolant does not depend on epsilon (SciPy's set)
_SCALE_INVARIANT = {'linear', 'thin_plate_spline', 'cubic', 'quintic'}
# conditionally positive definite kernels of order m need a polynomial of
# degree >= m - 1 (Fasshauer, "Meshfree Approximation Methods with
# MATLAB", ch. 8; SciPy's table)
_NAME_TO_MIN_DEGREE = {
    'multiquadric': 0,
    'linear': 0,
    'thin_plate_spline': 1,
    'cubic': 1,
    'quintic': 2,
}


def _monomial_powers(ndim, degree):
    """Exponents (nmonos, ndim) of the monomials of degree <= ``degree``,
    by increasing degree (SciPy's order)."""
    rows = []
    for deg in range(degree + 1):
        for mono in itertools.combinations_with_replacement(range(ndim), deg):
            row = [0] * ndim
            for var in mono:
                row[var] += 1
            rows.append(row)
    out = numpy.asarray(rows, dtype=numpy.int64).reshape(-1, ndim)
    return cupy.asarray(out)


def _distances(x, y):
    """|x_i - y_j| for x (..., nx, d) and y (..., ny, d)."""
    diff = x[..., :, None, :] - y[..., None, :, :]
    return cupy.sqrt((diff * diff).sum(axis=-1))


def _monomials(x, powers):
    # (..., nx, nmonos); x ** 0 is 1, also where x is 0
    if powers.shape[0] == 0:
        return cupy.zeros(x.shape[:-1] + (0,), dtype=numpy.float64)
    return cupy.prod(x[..., :, None, :] ** powers, axis=-1)


def kernel_matrix(x, kernel_func, out):
    """Kernel values of every pair of rows of x, written to ``out``."""
    out[...] = kernel_func(_distances(x, x))


def polynomial_matrix(x, powers, out):
    """Monomials with exponents ``powers`` at the rows of x, written to
    ``out``."""
    out[...] = _monomials(x, powers)


def _shift_scale(y):
    # the polynomial's domain mapped to [-1, 1] per dimension; a dimension
    # of one value keeps scale 1 (SciPy)
    mins, maxs = y.min(axis=-2), y.max(axis=-2)
    shift = (maxs + mins) / 2
    scale = (maxs - mins) / 2
    return shift, cupy.where(scale == 0.0, 1.0, scale)


def _build_system(y, d, smoothing, kernel, epsilon, powers):
    """The (..., P + R, P + R) matrix and right-hand sides of the
    interpolation conditions for data y (..., P, ndim), d (..., P, S)."""
    r = powers.shape[0]
    shift, scale = _shift_scale(y)
    kmat = NAME_TO_FUNC[kernel](_distances(y * epsilon, y * epsilon))
    pmat = _monomials((y - shift[..., None, :]) / scale[..., None, :], powers)
    batch, p = y.shape[:-2], y.shape[-2]
    lhs = cupy.zeros(batch + (p + r, p + r), dtype=numpy.float64)
    lhs[..., :p, :p] = kmat
    lhs[..., :p, p:] = pmat
    lhs[..., p:, :p] = cupy.swapaxes(pmat, -1, -2)
    lhs[..., :p, :p] += smoothing[..., :, None] * cupy.eye(p)
    rhs = cupy.zeros(batch + (p + r, d.shape[-1]), dtype=numpy.float64)
    rhs[..., :p, :] = d
    return lhs, rhs, shift, scale


def _solve(lhs, rhs, y, shift, scale, powers):
    try:
        return cupy.linalg.solve(lhs, rhs)
    except numpy.linalg.LinAlgError:
        msg = 'Singular matrix.'
        nmonos = powers.shape[0]
        if nmonos > 0 and y.ndim == 2:
            pmat = _monomials((y - shift) / scale, powers)
            rank = int(cupy.linalg.matrix_rank(pmat))
            if rank < nmonos:
                msg = ('Singular matrix. The matrix of monomials evaluated '
                       'at the data point coordinates does not have full '
                       'column rank ({}/{}).'.format(rank, nmonos))
        raise numpy.linalg.LinAlgError(msg) from None


def _evaluation_matrix(x, y, kernel, epsilon, powers, shift, scale):
    kvec = NAME_TO_FUNC[kernel](_distances(x * epsilon, y * epsilon))
    xhat = (x - shift[..., None, :]) / scale[..., None, :]
    return cupy.concatenate([kvec, _monomials(xhat, powers)], axis=-1)


# rows of data points whose distances one block of the brute-force
# k-nearest search holds: 2^22 float64 values (32 MiB) [our choice]
_KNN_BLOCK = 1 << 22


def _knearest(x, y, k):
    """Indices (nx, k) of the k nearest rows of y for each row of x,
    sorted by index (SciPy sorts each neighbour set)."""
    nx, ny = x.shape[0], y.shape[0]
    out = cupy.empty((nx, k), dtype=numpy.int64)
    rows = max(1, _KNN_BLOCK // max(ny, 1))
    for i in range(0, nx, rows):
        part = x[i:i + rows]
        diff = part[:, None, :] - y[None, :, :]
        d2 = (diff * diff).sum(axis=-1)
        # a stable sort: among equal distances the lower index wins
        near = cupy.argsort(d2, axis=1, kind='stable')[:, :k]
        out[i:i + rows] = cupy.sort(near, axis=1)
    return out


class RBFInterpolator:
    """Radial basis function interpolation in N dimensions
    (``scipy.interpolate.RBFInterpolator``)."""

    def __init__(self, y, d, neighbors=None, smoothing=0.0,
                 kernel='thin_plate_spline', epsilon=None, degree=None):
        y = cupy.ascontiguousarray(cupy.asarray(y), dtype=numpy.float64)
        if y.ndim != 2:
            raise ValueError('`y` must be a 2-dimensional array.')
        ny, ndim = y.shape
        d = cupy.asarray(d)
        d_dtype = (numpy.complex128 if d.dtype.kind == 'c'
                   else numpy.float64)
        d = cupy.ascontiguousarray(d, dtype=d_dtype)
        if d.ndim == 0 or d.shape[0] != ny:
            raise ValueError(
                'Expected the first axis of `d` to have length {}.'.format(ny))
        d_shape = d.shape[1:]
        d = d.reshape(ny, -1)
        if d_dtype == numpy.complex128:
            # real and imaginary parts as separate columns (SciPy's view)
            d = cupy.stack([d.real, d.imag], axis=-1).reshape(ny, -1)
        if numpy.ndim(smoothing) == 0 and not isinstance(
                smoothing, cupy.ndarray):
            smoothing = cupy.full(ny, float(smoothing), dtype=numpy.float64)
        else:
            smoothing = cupy.asarray(smoothing, dtype=numpy.float64)
            if smoothing.ndim == 0:
                smoothing = cupy.full(ny, smoothing, dtype=numpy.float64)
            elif smoothing.shape != (ny,):
                raise ValueError('Expected `smoothing` to be a scalar or '
                                 'have shape ({},).'.format(ny))
        kernel = kernel.lower()
        if kernel not in _AVAILABLE:
            raise ValueError('`kernel` must be one of {}.'.format(_AVAILABLE))
        if epsilon is None:
            if kernel not in _SCALE_INVARIANT:
                raise ValueError(
                    '`epsilon` must be specified if `kernel` is not one of '
                    '{}.'.format(_SCALE_INVARIANT))
            epsilon = 1.0
        else:
            epsilon = float(epsilon)
        min_degree = _NAME_TO_MIN_DEGREE.get(kernel, -1)
        if degree is None:
            degree = max(min_degree, 0)
        else:
            degree = int(degree)
            if degree < -1:
                raise ValueError('`degree` must be at least -1.')
            if -1 < degree < min_degree:
                warnings.warn(
                    "`degree` should not be below {} except -1 when "
                    "`kernel` is '{}'.The interpolant may not be uniquely "
                    "solvable, and the smoothing parameter may have an "
                    "unintuitive effect.".format(min_degree, kernel),
                    UserWarning, stacklevel=2)
        if neighbors is None:
            nobs = ny
        else:
            neighbors = int(min(neighbors, ny))
            nobs = neighbors
        powers = _monomial_powers(ndim, degree)
        if powers.shape[0] > nobs:
            raise ValueError(
                'At least {} data points are required when `degree` is {} '
                'and the number of dimensions is {}.'.format(
                    powers.shape[0], degree, ndim))
        if neighbors is None:
            lhs, rhs, shift, scale = _build_system(
                y, d, smoothing, kernel, epsilon, powers)
            self._shift, self._scale = shift, scale
            self._coeffs = _solve(lhs, rhs, y, shift, scale, powers)
        self.y = y
        self.d = d
        self.d_shape = d_shape
        self.d_dtype = d_dtype
        self.neighbors = neighbors
        self.smoothing = smoothing
        self.kernel = kernel
        self.epsilon = epsilon
        self.powers = powers

    def _chunk_evaluator(self, x, y, shift, scale, coeffs,
                         memory_budget=1000000):
        """Evaluate in chunks of evaluation points so that one chunk's
        evaluation matrix holds about ``memory_budget`` values."""
        nx = x.shape[0]
        nnei = y.shape[0] if self.neighbors is None else self.neighbors
        chunk = memory_budget // (self.powers.shape[0] + nnei) + 1
        out = cupy.empty((nx, self.d.shape[1]), dtype=numpy.float64)
        for i in range(0, nx, chunk):
            vec = _evaluation_matrix(x[i:i + chunk], y, self.kernel,
                                     self.epsilon, self.powers, shift, scale)
            out[i:i + chunk] = matmul_any(vec, coeffs, _F64)
        return out

    def _local(self, x, memory_budget):
        # every evaluation point with its own neighbour system, solved as
        # a batch; batches bounded like the evaluation chunks
        k = self.neighbors
        idx = _knearest(x, self.y, k)
        nsys = k + self.powers.shape[0]
        per_point = nsys * (nsys + self.d.shape[1]) + k * self.y.shape[1]
        rows = max(1, memory_budget // per_point)
        out = cupy.empty((x.shape[0], self.d.shape[1]), dtype=numpy.float64)
        for i in range(0, x.shape[0], rows):
            sel = idx[i:i + rows]
            ynbr = self.y[sel]
            lhs, rhs, shift, scale = _build_system(
                ynbr, self.d[sel], self.smoothing[sel], self.kernel,
                self.epsilon, self.powers)
            coeffs = _solve(lhs, rhs, ynbr, shift, scale, self.powers)
            vec = _evaluation_matrix(x[i:i + rows, None, :], ynbr,
                                     self.kernel, self.epsilon, self.powers,
                                     shift, scale)
            out[i:i + rows] = matmul_any(vec, coeffs, _F64)[:, 0]
        return out

    def __call__(self, x):
        """Evaluate the interpolant at x (npoints, ndim)."""
        x = cupy.ascontiguousarray(cupy.asarray(x), dtype=numpy.float64)
        if x.ndim != 2:
            raise ValueError('`x` must be a 2-dimensional array.')
        nx, ndim = x.shape
        if ndim != self.y.shape[1]:
            raise ValueError('Expected the second axis of `x` to have '
                             'length {}.'.format(self.y.shape[1]))
        memory_budget = max(x.size + self.y.size + self.d.size, 1000000)
        if self.neighbors is None:
            out = self._chunk_evaluator(x, self.y, self._shift, self._scale,
                                        self._coeffs,
                                        memory_budget=memory_budget)
        else:
            out = self._local(x, memory_budget)
        if self.d_dtype == numpy.complex128:
            out = out.reshape(nx, -1, 2)
            out = out[..., 0] + 1j * out[..., 1]
        return out.reshape((nx,) + self.d_shape)

