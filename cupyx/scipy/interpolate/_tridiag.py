"""Tridiagonal solves on the device by parallel cyclic reduction.

Each round eliminates the neighbours at distance s = 1, 2, 4, ... of every
row at once (a few elementwise operations on whole arrays), so a system of
n rows takes log2(n) rounds, not a loop over rows.  No pivoting: the
spline systems solved here are diagonally dominant except for SciPy's
not-a-knot end rows, whose elimination divides by a nonzero knot step.
"""

import cupy


def _shift(v, s, fill, down):
    """v moved by s rows (down: row i gets row i - s), padded with fill."""
    pad = cupy.full((s,) + v.shape[1:], fill, dtype=v.dtype)
    if down:
        return cupy.concatenate([pad, v[:-s]])
    return cupy.concatenate([v[s:], pad])


def solve_tridiagonal(lower, diag, upper, rhs):
    """Solve the n x n system with sub-diagonal ``lower`` (lower[0] unused),
    diagonal ``diag`` and super-diagonal ``upper`` (upper[-1] unused), all
    of shape (n,), for rhs of shape (n, ...)."""
    n = diag.shape[0]
    extra = (1,) * (rhs.ndim - 1)
    dt = cupy.result_type(lower.dtype, diag.dtype, upper.dtype, rhs.dtype)
    a = lower.astype(dt).reshape((n,) + extra).copy()
    b = diag.astype(dt).reshape((n,) + extra)
    c = upper.astype(dt).reshape((n,) + extra).copy()
    d = rhs.astype(dt)
    a[0] = 0
    c[-1] = 0
    s = 1
    while s < n:
        a_m, b_m, c_m, d_m = (_shift(v, s, f, True) for v, f in
                              ((a, 0), (b, 1), (c, 0), (d, 0)))
        a_p, b_p, c_p, d_p = (_shift(v, s, f, False) for v, f in
                              ((a, 0), (b, 1), (c, 0), (d, 0)))
        k1 = a / b_m
        k2 = c / b_p
        b = b - c_m * k1 - a_p * k2
        d = d - d_m * k1 - d_p * k2
        a = -a_m * k1
        c = -c_p * k2
        s *= 2
    return d / b
