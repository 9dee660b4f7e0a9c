"""Helpers of cupy.linalg that CuPy's test-suite also uses."""

import cupy


def stacked_identity(batch_shape, n, dtype):
    """Identity matrices of size ``n`` stacked to ``batch_shape + (n, n)``."""
    shape = tuple(batch_shape) + (n, n)
    out = cupy.zeros(shape, dtype)
    if out.size:
        out.reshape(-1, n * n)[:, ::n + 1] = 1
    return out


def stacked_identity_like(x):
    """Identity matrices of ``x``'s shape (..., n, n) and dtype."""
    return stacked_identity(x.shape[:-2], x.shape[-1], x.dtype)
