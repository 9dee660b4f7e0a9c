"""Decompositions (``numpy.linalg``): cholesky, qr, svd, svdvals, eigh,
eigvalsh, eig, eigvals.  Argument checks here; the work is the array
core's neutral operations (cupy/_core/_routines_decomp.py)."""

import collections

import numpy

from cupy._core import _routines_decomp as _decomp
from cupy._core import _routines_eig as _eig
from cupy._core import _routines_solve as _dev
from cupy._core._operands import as_array

# NumPy 2's result types, with the same names and fields
QRResult = collections.namedtuple('QRResult', ['Q', 'R'])
SVDResult = collections.namedtuple('SVDResult', ['U', 'S', 'Vh'])
EighResult = collections.namedtuple('EighResult',
                                    ['eigenvalues', 'eigenvectors'])
EigResult = collections.namedtuple('EigResult',
                                   ['eigenvalues', 'eigenvectors'])


def _square(a):
    a = as_array(a)
    _decomp.check_stacked(a)
    return a, _decomp.loop_dtype(a.dtype)


def cholesky(a, /, *, upper=False):
    """Cholesky factor L (or U = L^H with ``upper``) of Hermitian positive
    definite matrices; LinAlgError where one is not positive definite."""
    a, loop = _square(a)
    res = _dev.cholesky(a, bool(upper), loop)
    if res is not None:
        return res
    return _decomp.run('cholesky', lambda h: numpy.linalg.cholesky(
        h, upper=upper), (a,), loop)


def qr(a, mode='reduced'):
    """QR factorisation: ``mode`` 'reduced', 'complete', 'r' or 'raw'."""
    if mode not in ('reduced', 'complete', 'r', 'raw'):
        raise ValueError("Unrecognized mode '{}'".format(mode))
    a = as_array(a)
    _decomp.check_stacked(a, square=False)
    loop = _decomp.loop_dtype(a.dtype)
    res = _decomp.qr(a, mode, loop)
    if mode in ('reduced', 'complete'):
        return QRResult(*res)
    return res


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition: SVDResult(U, S, Vh), or S alone
    without ``compute_uv``."""
    a = as_array(a)
    _decomp.check_stacked(a, square=bool(hermitian))
    loop = _decomp.loop_dtype(a.dtype)
    res = _dev.svd(a, full_matrices, compute_uv, loop)
    if res is None:
        res = _decomp.run('svd', lambda h: numpy.linalg.svd(
            h, full_matrices=full_matrices, compute_uv=compute_uv,
            hermitian=hermitian), (a,), loop)
    return SVDResult(*res) if compute_uv else res


def svdvals(x, /):
    """Singular values of stacked matrices, in descending order."""
    return svd(x, compute_uv=False)


def _uplo(UPLO):
    if UPLO not in ('L', 'U'):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return UPLO


def _hermitian(a):
    # CuPy's eigh and eigvalsh take float16 (NumPy refuses it): computed
    # in float32, the results float16
    a = as_array(a)
    _decomp.check_stacked(a)
    loop = _decomp.loop_dtype(a.dtype, float16=True)
    half = a.dtype == numpy.float16
    return a, loop, (lambda r: r.astype(numpy.float16)) if half else (
        lambda r: r)


def eigh(a, UPLO='L'):
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices,
    from the triangle ``UPLO``."""
    UPLO = _uplo(UPLO)
    a, loop, back = _hermitian(a)
    res = _dev.eigh(a, UPLO, True, loop)
    if res is None:
        res = _decomp.run('eigh', lambda h: numpy.linalg.eigh(
            h.astype(loop), UPLO=UPLO), (a,), loop)
    return EighResult(*(back(r) for r in res))


def eigvalsh(a, UPLO='L'):
    """Eigenvalues of Hermitian matrices, ascending."""
    UPLO = _uplo(UPLO)
    a, loop, back = _hermitian(a)
    res = _dev.eigh(a, UPLO, False, loop)
    if res is None:
        res = _decomp.run('eigh', lambda h: numpy.linalg.eigvalsh(
            h.astype(loop), UPLO=UPLO), (a,), loop)
    return back(res)


def eig(a):
    """Eigenvalues and right eigenvectors of general matrices (real when
    every eigenvalue is, as NumPy)."""
    a, loop = _square(a)
    if _eig.composable(loop):
        return EigResult(*_eig.eig(a, loop, True))
    return EigResult(*_decomp.run('eig', numpy.linalg.eig, (a,), loop))


def eigvals(a):
    """Eigenvalues of general matrices."""
    a, loop = _square(a)
    if _eig.composable(loop):
        return _eig.eig(a, loop, False)[0]
    return _decomp.run('eig', numpy.linalg.eigvals, (a,), loop)


def _eigvals_real_if_real(a):
    """eigvals, real when every eigenvalue of a real matrix is (NumPy's
    roots and polyroots return real roots so, also where NumPy 2.5's
    eigvals is complex)."""
    a, loop = _square(a)
    if _eig.composable(loop):
        return _eig.eig(a, loop, False, real_if_real=True)[0]
    w = _decomp.run('eig', numpy.linalg.eigvals, (a,), loop)
    if loop.kind != 'c' and w.dtype.kind == 'c' and not bool(
            (w.imag != 0).any()):
        w = w.real.astype(loop)
    return w
