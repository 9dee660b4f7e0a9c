"""Special matrices of ``scipy.linalg`` on the device: each is a gather
from a vector of values by an index matrix (toeplitz, hankel, circulant),
an elementwise formula (hilbert) or products and copies (khatri_rao,
block_diag).  SciPy 1.17 has no kron any more (cupy.kron is NumPy's)."""

import numpy

import cupy


def _index(n, m):
    return cupy.arange(n)[:, None], cupy.arange(m)[None, :]


def toeplitz(c, r=None):
    """Constant diagonals: first column ``c``, first row ``r`` (default
    ``c`` conjugated); r[0] is ignored."""
    c = cupy.asarray(c).ravel()
    r = c.conj() if r is None else cupy.asarray(r).ravel()
    vals = cupy.concatenate((c[::-1], r[1:]))
    i, j = _index(len(c), len(r))
    return vals[len(c) - 1 - i + j]


def hankel(c, r=None):
    """Constant anti-diagonals: first column ``c``, last row ``r``
    (default zeros); r[0] is ignored."""
    c = cupy.asarray(c).ravel()
    r = cupy.zeros_like(c) if r is None else cupy.asarray(r).ravel()
    vals = cupy.concatenate((c, r[1:]))
    i, j = _index(len(c), len(r))
    return vals[i + j]


def circulant(c):
    """Each column ``c`` rotated down by its index."""
    c = cupy.asarray(c).ravel()
    i, j = _index(len(c), len(c))
    return c[(i - j) % max(len(c), 1)]


def hilbert(n):
    """The n x n Hilbert matrix, 1 / (i + j + 1)."""
    i, j = _index(n, n)
    return 1.0 / (i + j + 1)


def khatri_rao(a, b):
    """Column-wise Kronecker product of (n, k) and (m, k): (n * m, k)."""
    a = cupy.asarray(a)
    b = cupy.asarray(b)
    if a.ndim != 2 or b.ndim != 2:
        # SciPy's ValueError; CuPy's LinAlgError is one (a subclass)
        raise numpy.linalg.LinAlgError(
            'The both arrays should be 2-dimensional.')
    if a.shape[1] != b.shape[1]:
        raise ValueError('The number of columns for both arrays should be '
                         'equal.')
    return (a[:, None, :] * b[None, :, :]).reshape(-1, a.shape[1])


def block_diag(*arrs):
    """The arrays (0-d and 1-d as one row) down the diagonal, zeros
    elsewhere, in their common dtype."""
    if not arrs:
        return cupy.empty((1, 0))
    mats = []
    for a in arrs:
        a = cupy.asarray(a)
        if a.ndim > 2:
            raise ValueError('arguments in the following positions have '
                             'dimension greater than 2: {}'.format(
                                 [k for k, x in enumerate(arrs)
                                  if cupy.asarray(x).ndim > 2]))
        mats.append(a.reshape(1, -1) if a.ndim < 2 else a)
    dtype = numpy.result_type(*[m.dtype for m in mats])
    rows = sum(m.shape[0] for m in mats)
    cols = sum(m.shape[1] for m in mats)
    out = cupy.zeros((rows, cols), dtype)
    r = c = 0
    for m in mats:
        out[r:r + m.shape[0], c:c + m.shape[1]] = m
        r += m.shape[0]
        c += m.shape[1]
    return out
