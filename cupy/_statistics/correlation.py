"""Covariance and correlation: cov, corrcoef (a centred matrix product on
the device) and correlate (a convolution with the reversed conjugate)."""

import numpy

import cupy
from cupy._creation.from_data import asarray


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None,
        aweights=None, *, dtype=None):
    """The covariance matrix (``numpy.cov``), with frequency and
    analytic weights.  NumPy's checks of the weights' values (integers,
    non-negative) are not made: they would read the weights back."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError('ddof must be integer')
    m = asarray(m)
    if m.ndim > 2:
        raise ValueError('m has more than 2 dimensions')
    if dtype is None:
        dtype = numpy.result_type(m.dtype, numpy.float64) if y is None \
            else numpy.result_type(m.dtype, asarray(y).dtype, numpy.float64)
    X = cupy.atleast_2d(m).astype(dtype)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if y is not None:
        y = asarray(y)
        if y.ndim > 2:
            raise ValueError('y has more than 2 dimensions')
        y2 = cupy.atleast_2d(y).astype(dtype)
        if not rowvar and y2.shape[0] != 1:
            y2 = y2.T
        X = cupy.concatenate((X, y2), axis=0)
    if X.shape[0] == 0:
        return cupy.empty((0, 0), dtype)
    if ddof is None:
        ddof = 0 if bias else 1
    w = None
    if fweights is not None:
        fweights = asarray(fweights, dtype=numpy.float64)
        if fweights.ndim > 1 or fweights.shape[0] != X.shape[1]:
            raise RuntimeError('incompatible numbers of samples and fweights')
        w = fweights
    if aweights is not None:
        aweights = asarray(aweights, dtype=numpy.float64)
        if aweights.ndim > 1 or aweights.shape[0] != X.shape[1]:
            raise RuntimeError('incompatible numbers of samples and aweights')
        w = aweights if w is None else w * aweights
    if w is None:
        avg = X.mean(axis=1)
        fact = X.shape[1] - ddof
        wsum = None
    else:
        wsum = w.sum()
        avg = (X * w).sum(axis=1) / wsum
        if aweights is None:
            fact = wsum - ddof
        else:
            fact = wsum - ddof * (w * aweights).sum() / wsum
    X = X - avg[:, None]
    Xw = X if w is None else X * w
    c = cupy.matmul(Xw, X.T.conj())
    if isinstance(fact, (int, float)):
        c = c / max(fact, 0.0) if fact > 0 else c / 0.0
    else:
        c = c / cupy.maximum(fact, 0.0)
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients (``numpy.corrcoef``), clipped to
    [-1, 1]."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    d = cupy.diagonal(c)
    stddev = cupy.sqrt(d.real)
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    if c.dtype.kind == 'c':
        return cupy.clip(c.real, -1, 1) + 1j * cupy.clip(c.imag, -1, 1)
    return cupy.clip(c, -1, 1)


def correlate(a, v, mode='valid'):
    """Cross-correlation of two 1-d sequences (``numpy.correlate``):
    ``convolve(a, v[::-1].conj(), mode)``."""
    a = asarray(a)
    v = asarray(v)
    if a.ndim != 1 or v.ndim != 1:
        raise ValueError('object too deep for desired array'
                         if a.ndim > 1 or v.ndim > 1 else
                         'object of too small depth for desired array')
    if v.size > a.size:
        # NumPy swaps the operands and reverses the result (which moves
        # the 'same' window): corr(a, v) = conj(corr(v, a))[::-1]
        res = correlate(v, a, mode)[::-1].copy()
        return res.conj() if res.dtype.kind == 'c' else res
    if v.dtype.kind == 'c':
        v = v.conj()
    return cupy.convolve(a, v[::-1], mode)
