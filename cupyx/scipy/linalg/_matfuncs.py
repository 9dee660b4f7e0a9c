"""``scipy.linalg.expm`` on the device: scaling and squaring with a Pade
approximant of degree 3, 5, 7, 9 or 13 chosen from the 1-norm (Higham,
"The scaling and squaring method for the matrix exponential revisited",
SIAM J. Matrix Anal. Appl. 26(4), 2005: its Table 2.3 thresholds theta_m
and the Pade coefficients b_k).  Products run through the core's
matmul_any (the matrix unit where it has the loop, else the vector
unit); the one solve (V - U) R = V + U through cupy.linalg.solve.  One
read per call: the norm that picks the degree and the scaling, with the
flag that the matrices are upper triangular (their diagonal is then
exp(diag(A)), as SciPy's)."""

import math

import numpy

import cupy
from cupy._core import _routines_solve

# Higham 2005, Table 2.3 (double precision thresholds theta_m)
_THETA = {3: 1.495585217958292e-2, 5: 2.539398330063230e-1,
          7: 9.504178996162932e-1, 9: 2.097847961257068e0,
          13: 5.371920351148152e0}
# the [m/m] Pade coefficients b_0 .. b_m of exp (Higham 2005, eq. 2.4)
_B = {
    3: (120., 60., 12., 1.),
    5: (30240., 15120., 3360., 420., 30., 1.),
    7: (17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1.),
    9: (17643225600., 8821612800., 2075673600., 302702400., 30270240.,
        2162160., 110880., 3960., 90., 1.),
    13: (64764752532480000., 32382376266240000., 7771770303897600.,
         1187353796428800., 129060195264000., 10559470521600.,
         670442572800., 33522128640., 1323241920., 40840800., 960960.,
         16380., 182., 1.),
}


def expm(A):
    """The matrix exponential of a square matrix (or a stack of them)."""
    a = cupy.asarray(A)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError('expected a square matrix (or a stack of them)')
    if a.dtype.kind in 'biu' or a.dtype.char == 'e':
        a = a.astype(numpy.float64)
    if a.size == 0:
        return a.copy()
    loop = a.dtype
    if a.shape[-1] == 1:
        return cupy.exp(a)

    def mm(x, y):
        return _routines_solve.matmul_any(x, y, loop)

    # the one read: the 1-norm and whether every matrix is upper
    # triangular (then, as SciPy, the diagonal is exp(diag(a)) exactly:
    # the diagonal of the exponential of a triangular matrix)
    n = a.shape[-1]
    below = cupy.tril(cupy.ones((n, n), dtype=bool), -1)
    probe = cupy.stack([cupy.max(cupy.sum(abs(a), axis=-2)),
                        cupy.any(cupy.where(below, a, 0) != 0).astype(
                            numpy.float64)]).get()
    norm, lower = float(probe[0]), bool(probe[1])
    diag = None if lower else cupy.exp(a.diagonal(0, -2, -1))
    if not math.isfinite(norm):
        return cupy.full(a.shape, numpy.nan, loop)
    eye = cupy.broadcast_to(cupy.eye(a.shape[-1], dtype=loop), a.shape)
    s = 0
    for m in (3, 5, 7, 9):
        if norm <= _THETA[m]:
            break
    else:
        m = 13
        s = max(0, int(math.ceil(math.log2(norm / _THETA[13]))))
    if s:
        a = a / (2.0 ** s)
    b = _B[m]
    a2 = mm(a, a)
    powers = [eye, a2]             # even powers I, A^2, A^4, A^6
    if m == 13:
        a4 = mm(a2, a2)
        a6 = mm(a4, a2)
        u_hi = b[13] * a6 + b[11] * a4 + b[9] * a2
        v_hi = b[12] * a6 + b[10] * a4 + b[8] * a2
        u = mm(a, mm(a6, u_hi) + b[7] * a6 + b[5] * a4 + b[3] * a2 +
               b[1] * eye)
        v = mm(a6, v_hi) + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * eye
    else:
        for _ in range(2, (m + 1) // 2):
            powers.append(mm(powers[-1], a2))
        u_sum = sum(b[2 * k + 1] * p for k, p in enumerate(powers))
        v = sum(b[2 * k] * p for k, p in enumerate(powers))
        u = mm(a, u_sum)
    r = cupy.linalg.solve(v - u, v + u).astype(loop, copy=False)
    for _ in range(s):
        r = mm(r, r)
    if diag is not None:
        r = r.copy()
        r.reshape(r.shape[:-2] + (n * n,))[..., ::n + 1] = diag
    return r
