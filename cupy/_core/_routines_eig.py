"""Eigenvalues and eigenvectors of general square matrices composed on
the device (operations.md "Linear algebra": the neutral 'eig', which no
Ascend operator provides): the shifted QR algorithm in complex
arithmetic on the provider's 'qr'.

    T = A (as complex), Z = I; m = n
    while m > 1:
        read the trailing 2x2 block of T[:m, :m] and the norm of its last
        row left of the diagonal (5 numbers: the one read per iteration)
        if that norm <= eps (|t[m-2,m-2]| + |t[m-1,m-1]|): deflate, m -= 1
        else, with mu the eigenvalue of the 2x2 block nearer its corner
        (Wilkinson's shift; an exceptional shift every 11 iterations),
            Q R = T[:m, :m] - mu I;  T[:m, :m] = R Q + mu I
            T[:m, m:] = Q^H T[:m, m:];  Z[:, :m] = Z[:, :m] Q
T converges to the complex Schur form A = Z T Z^H (about 3 iterations
per eigenvalue); w = diag(T).  Eigenvectors: those of T by a back
substitution row by row (Y unit upper triangular, LAPACK trevc's
recurrence, near-equal eigenvalues kept apart by smin as trevc does),
then V = Z Y, each column of unit 2-norm with its largest component real
(geev's normalisation).  Every product runs through matmul_any.

Real input gives real w and v when every eigenvalue's imaginary part is
at rounding level (NumPy returns real arrays then), complex otherwise.
Each iteration is an O(m^3) QR of the active block (no Hessenberg
reduction): O(n^4) work in all, and a 5-number read per iteration, so it
suits the small and medium matrices eig is used for; a blocked
Hessenberg + Francis double-shift form is the next step (TODO.md).
"""

import numpy

from cupy._core import _routines_decomp as _decomp
from cupy._core import _routines_math
from cupy._core import _routines_sorting
from cupy._core import _routines_statistics
from cupy._core import _routines_solve
from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy._core._operands import as_array

# iterations allowed per eigenvalue before LinAlgError, and the period of
# the exceptional shift: LAPACK's zlahqr uses 30 per eigenvalue and an
# exceptional shift every 10 iterations (its ITMAX, KEXSH)
_ITERATIONS = 30
_EXCEPTIONAL = 11


def composable(loop):
    """Whether 'eig' of ``loop`` runs here (the route _routines_decomp
    gives it: the provider's qr of the loop)."""
    from cupy._core import _dispatch
    return _dispatch.route('eig', loop) == 'composed'


def _eye(n, dtype):
    return _routines_solve._eye_like((n, n), dtype)


def _mm(a, b, dtype):
    return _routines_solve.matmul_any(a, b, dtype)


def _shift(block, off_norm, it):
    a, b, c, d = block
    if it % _EXCEPTIONAL == 0:
        return d + 1.5 * off_norm
    half = (a + d) / 2
    disc = numpy.sqrt(half * half - (a * d - b * c) + 0j)
    l1, l2 = half + disc, half - disc
    return l1 if abs(l1 - d) < abs(l2 - d) else l2


def _schur(t, z, eps):
    """Reduce ``t`` in place to upper triangular (z accumulates)."""
    n = t.shape[0]
    cdt = t.dtype
    eye = _eye(n, cdt)
    m, it = n, 0
    while m > 1:
        last = _uf.absolute(t[m - 1, :m - 1])
        off = _uf.sqrt(_routines_math.sum(last * last))
        probe = core._empty((5,), cdt)
        probe[:4] = t[m - 2:m, m - 2:m].reshape(4)
        probe[4:] = off
        h = probe.get()             # the one read of the iteration
        off = abs(h[4])
        if off <= eps * (abs(h[0]) + abs(h[3])):
            t[m - 1, :m - 1] = 0
            m, it = m - 1, 0
            continue
        it += 1
        if it > _ITERATIONS * 3:
            raise numpy.linalg.LinAlgError('Eigenvalues did not converge')
        mu = cdt.type(_shift(h[:4], off, it))
        block = t[:m, :m] - mu * eye[:m, :m]
        q, r = _decomp.qr(block, 'reduced', cdt)
        t[:m, :m] = _mm(r, q, cdt) + mu * eye[:m, :m]
        if m < n:
            t[:m, m:] = _mm(_uf.conjugate(q.swapaxes(0, 1)), t[:m, m:], cdt)
        if z is not None:
            z[:, :m] = _mm(z[:, :m], q, cdt)


def _vectors(t, z, w, eps):
    n = t.shape[0]
    cdt = t.dtype
    y = _eye(n, cdt)
    # trevc's smin: eps times the largest eigenvalue's size (or tiny)
    scale = float(_routines_statistics.amax(_uf.absolute(w)).get()) if n else 0.0
    smin = max(eps * scale, numpy.finfo(eps.dtype).tiny)
    for i in range(n - 2, -1, -1):
        r = _mm(t[i:i + 1, i + 1:], y[i + 1:, i + 1:], cdt)[0]
        d = t[i, i] - w[i + 1:]
        d = _routines_math.where(_uf.absolute(d) < smin, cdt.type(smin), d)
        y[i, i + 1:] = -r / d
    v = _mm(z, y, cdt)
    mag = _uf.absolute(v)
    v /= _uf.sqrt(_routines_math.sum(mag * mag, axis=0))
    big = _routines_sorting.argmax(mag, axis=0)
    lead = v[big, as_array(numpy.arange(n))]    # n indices uploaded
    v *= _uf.conjugate(_uf.absolute(lead) / lead)
    return v


_complex_eig = []


def _always_complex(vectors):
    """Whether the installed NumPy's eig (``vectors``) or eigvals returns
    complex arrays for real input even when every eigenvalue is real
    (NumPy 2.5.2 does for both, 2.4 returns real ones): asked of NumPy
    once each, on a 1x1 matrix."""
    if not _complex_eig:
        one = numpy.ones((1, 1))
        _complex_eig.extend([
            numpy.linalg.eigvals(one).dtype.kind == 'c',
            numpy.linalg.eig(one).eigenvalues.dtype.kind == 'c'])
    return _complex_eig[1 if vectors else 0]


def eig(a, loop, vectors, real_if_real=False):
    """(w, v) of a stack of square ``loop`` matrices (v None without
    ``vectors``), NumPy's dtypes: real when every eigenvalue is real for
    real input."""
    cdt = numpy.dtype(loop.char.upper())
    eps = numpy.finfo(loop.char.lower()).eps
    n = a.shape[-1]
    if a.size and not bool(_uf.isfinite(a).all()):
        raise numpy.linalg.LinAlgError(
            'Array must not contain infs or NaNs')
    batch = a.shape[:-2]
    count = int(numpy.prod(batch, dtype=numpy.int64))
    flat = a.reshape((count, n, n))
    ws = core._empty((flat.shape[0], n), cdt)
    vs = core._empty((flat.shape[0], n, n), cdt) if vectors else None
    for k in range(count if n else 0):
        t = flat[k].astype(cdt)         # a copy: the input is untouched
        z = _eye(n, cdt) if vectors else None
        _schur(t, z, eps)
        ws[k] = t.diagonal()
        if vectors:
            vs[k] = _vectors(t, z, ws[k], eps)
    w = ws.reshape(batch + (n,))
    v = None if vs is None else vs.reshape(batch + (n, n))
    if loop.kind != 'c' and (real_if_real or not _always_complex(vectors)):
        # NumPy: real results when every eigenvalue is real (NumPy 2.5:
        # complex always)
        size = float(_routines_statistics.amax(_uf.absolute(w)).get()) \
            if w.size else 0.0
        tol = 8 * n * eps * max(size, 1.0)
        if not w.size or bool((_uf.absolute(w.imag) <= tol).all()):
            w = w.real.astype(loop)
            v = None if v is None else v.real.astype(loop)
    return w, v
