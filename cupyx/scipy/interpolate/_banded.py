"""Banded linear systems on the device: block parallel cyclic reduction.

A matrix of half-bandwidth h is block tridiagonal with blocks of size
h: row block i touches column blocks i-1, i and i+1 only.  Each round
of parallel cyclic reduction eliminates, in every block row at once,
the neighbours at distance s = 1, 2, 4, ... (the scalar version is
``_tridiag.py``), so nb block rows take ceil(log2(nb)) rounds of batched
h x h solves and products, whatever the number of rows.

The h x h solves are Gaussian elimination with partial pivoting inside
each block (``_batched_solve``: h steps of whole-batch operations, no
read back to the host).  Across blocks there is no pivoting: each round
is Gaussian elimination on a symmetric permutation of the matrix, which
is stable for symmetric positive definite matrices (every reduced matrix
is a Schur complement, itself SPD) such as the normal equations of the
spline fits, and works for B-spline collocation matrices because their
principal minors are positive when their diagonal is (Karlin's total
positivity; de Boor, "A Practical Guide to Splines", XIII).
"""

import numpy

import cupy


def _batched_solve(a, b):
    """x with a @ x = b for a (B, h, h), b (B, h, w): partial pivoting
    within each small matrix, all matrices at once."""
    a = a.copy()
    b = b.copy()
    nb, h = a.shape[0], a.shape[1]
    bi = cupy.arange(nb)
    for j in range(h):
        piv = cupy.argmax(cupy.abs(a[:, j:, j]), axis=1) + j
        for m in (a, b):
            row_j = m[bi, j].copy()
            m[bi, j] = m[bi, piv]
            m[bi, piv] = row_j
        if j + 1 < h:
            d = a[:, j, j]
            f = a[:, j + 1:, j] / cupy.where(d == 0, 1.0, d)[:, None]
            a[:, j + 1:, :] -= f[:, :, None] * a[:, None, j, :]
            b[:, j + 1:, :] -= f[:, :, None] * b[:, None, j, :]
    x = cupy.empty_like(b)
    for j in range(h - 1, -1, -1):
        acc = b[:, j, :]
        if j + 1 < h:
            acc = acc - (a[:, j, j + 1:, None] * x[:, j + 1:, :]).sum(axis=1)
        x[:, j, :] = acc / a[:, j, j][:, None]
    return x


def _bmm(a, b):
    # batched small products (B, p, q) @ (B, q, r) as a broadcast product
    # and sum: float64 has no matrix unit on the 910B (blas_fft.md 2)
    return (a[:, :, :, None] * b[:, None, :, :]).sum(axis=2)


def _shifted(v, s, down):
    """Block rows of v moved by s (down: row i gets row i - s), zeros
    where the source is outside."""
    out = cupy.zeros_like(v)
    if s < v.shape[0]:
        if down:
            out[s:] = v[:-s]
        else:
            out[:-s] = v[s:]
    return out


def _blocks(band, hb, h):
    """Dense blocks (L, D, U), each (nb, h, h), of the n x n matrix whose
    entry (r, r + o) is band[r, hb + o] for |o| <= hb, padded to nb * h
    rows with identity rows."""
    n = band.shape[0]
    nb = -(-n // h)
    npad = nb * h
    r = cupy.arange(npad)[:, None]                       # (npad, 1)
    blk = r // h
    c = (blk - 1) * h + cupy.arange(3 * h)[None, :]      # (npad, 3h)
    o = c - r
    ok = (cupy.abs(o) <= hb) & (r < n) & (c >= 0) & (c < n)
    rr = cupy.minimum(r, n - 1)
    oo = cupy.clip(o + hb, 0, 2 * hb)
    vals = cupy.where(ok, band[cupy.broadcast_to(rr, oo.shape), oo], 0.0)
    # identity on the padding rows
    vals = vals + ((r >= n) & (o == 0))
    vals = vals.reshape(nb, h, 3 * h)
    return vals[:, :, :h], vals[:, :, h:2 * h], vals[:, :, 2 * h:]


def solve_banded(band, hb, rhs):
    """Solve the n x n system of half-bandwidth ``hb`` given as
    ``band`` (n, 2 hb + 1): entry (r, r + o) is band[r, hb + o]; rhs is
    (n, w).  Returns (n, w)."""
    n, w = rhs.shape
    h = max(hb, 1)
    lo, di, up = _blocks(band.astype(numpy.float64), hb, h)
    nb = di.shape[0]
    r = cupy.zeros((nb * h, w), dtype=numpy.float64)
    r[:n] = rhs
    r = r.reshape(nb, h, w)
    s = 1
    while s < nb:
        x = _batched_solve(di, cupy.concatenate([lo, up, r], axis=2))
        xl, xu, xr = x[:, :, :h], x[:, :, h:2 * h], x[:, :, 2 * h:]
        xl_m, xu_m, xr_m = (_shifted(v, s, True) for v in (xl, xu, xr))
        xl_p, xu_p, xr_p = (_shifted(v, s, False) for v in (xl, xu, xr))
        di = di - _bmm(lo, xu_m) - _bmm(up, xl_p)
        r = r - _bmm(lo, xr_m) - _bmm(up, xr_p)
        lo = -_bmm(lo, xl_m)
        up = -_bmm(up, xu_p)
        s *= 2
    return _batched_solve(di, r).reshape(nb * h, w)[:n]
