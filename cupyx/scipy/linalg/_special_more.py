"""More special matrices of ``scipy.linalg`` on the device (SciPy 1.17's
results and errors for 1-D inputs): companion, convolution_matrix, dft,
fiedler, fiedler_companion, hadamard, helmert, leslie, and bandwidth.
Each is a scatter or gather of the input's values into a matrix made on
the device; the checks SciPy makes on values (a zero leading
coefficient) read one element back."""

import math

import numpy

import cupy


def _vector(a, name='a'):
    a = cupy.asarray(a)
    if a.ndim != 1:
        raise ValueError('Incorrect shape for {}.  {} must be '
                         'one-dimensional'.format(name, name))
    return a


def companion(a):
    """The companion matrix of the polynomial with coefficients ``a``
    (highest degree first): first row ``-a[1:] / a[0]``, ones below the
    diagonal."""
    a = _vector(a)
    if a.size < 2:
        raise ValueError('The length of `a` must be at least 2.')
    if not bool(a[0] != 0):
        raise ValueError('The first coefficient in `a` must not be zero.')
    first = -a[1:] / (1.0 * a[0])
    n = a.size - 1
    out = cupy.zeros((n, n), first.dtype)
    out[0] = first
    if n > 1:
        out[1:, :-1] += cupy.eye(n - 1, dtype=first.dtype)
    return out


def convolution_matrix(a, n, mode='full'):
    """The matrix A with ``A @ v == numpy.convolve(a, v, mode)`` for
    every ``v`` of length ``n``: a Toeplitz matrix of ``a``."""
    a = _vector(a)
    if n <= 0:
        raise ValueError('n must be a positive integer.')
    if a.size == 0:
        raise ValueError('len(a) must be at least 1.')
    if mode not in ('full', 'valid', 'same'):
        raise ValueError("'mode' argument must be one of ('full', "
                         "'valid', 'same')")
    m = a.size
    rows = m + n - 1
    i = cupy.arange(rows)[:, None]
    j = cupy.arange(n)[None, :]
    k = i - j
    inside = (k >= 0) & (k < m)
    full = cupy.where(inside, a[cupy.clip(k, 0, m - 1)],
                      cupy.zeros((), a.dtype))
    # numpy.convolve's windows of the full product (its documentation)
    if mode == 'same':
        start, length = (min(m, n) - 1) // 2, max(m, n)
    elif mode == 'valid':
        start, length = min(m, n) - 1, max(m, n) - min(m, n) + 1
    else:
        start, length = 0, rows
    return full[start:start + length]


def dft(n, scale=None):
    """The n-point discrete Fourier transform matrix
    ``exp(-2j pi j k / n)``, divided by ``sqrt(n)`` (scale 'sqrtn') or
    ``n`` (scale 'n')."""
    if scale not in (None, 'sqrtn', 'n'):
        raise ValueError("scale must be None, 'sqrtn', or 'n'; {!r} is "
                         "not valid.".format(scale))
    idx = cupy.arange(n)
    # the phase of j*k taken modulo n keeps it small (exact integers)
    turns = ((idx[:, None] * idx[None, :]) % max(n, 1)).astype(
        numpy.float64) * (-2.0 * math.pi / max(n, 1))
    out = cupy.empty((n, n), numpy.complex128)
    out.real = cupy.cos(turns)
    out.imag = cupy.sin(turns)
    if scale == 'sqrtn':
        out /= math.sqrt(n)
    elif scale == 'n':
        out /= n
    return out


def _empty_as_scipy(name, a, default):
    # the empty result of SciPy's `name` for an input of a's size and
    # dtype (its shape changed between SciPy versions: (0,) up to 1.17,
    # (0, 0) later), without moving anything; `default` without SciPy
    try:
        import scipy.linalg
    except ImportError:
        return default
    return cupy.asarray(getattr(scipy.linalg, name)(
        numpy.ones(a.size, a.dtype)))


def fiedler(a):
    """The symmetric matrix ``|a[i] - a[j]|``."""
    a = cupy.asarray(a)
    if a.ndim != 1:
        raise ValueError('Input a needs to be a 1D array.')
    if a.size == 0:
        return _empty_as_scipy('fiedler', a, cupy.empty(0, numpy.float64))
    if a.size == 1:
        return cupy.zeros((1, 1), numpy.float64)
    return abs(a[:, None] - a[None, :])


def fiedler_companion(a):
    """Fiedler's pentadiagonal companion matrix of the polynomial with
    coefficients ``a`` (highest first): same eigenvalues as
    :func:`companion`."""
    a = cupy.asarray(a)
    if a.ndim != 1:
        raise ValueError('Input `a` must be a 1-D array.')
    if a.size <= 2:
        if a.size == 2:
            return (-(a[1:] / a[0]))[None, :]
        return _empty_as_scipy('fiedler_companion', a,
                               cupy.empty(0, a.dtype))
    if not bool(a[0] != 0):
        raise ValueError('Leading coefficient is zero.')
    a = a / a[0]
    n = a.size - 1
    # positions of -a[k] (k = 1..n) and of the ones (Fiedler 2003's
    # product of elementary companion blocks, as SciPy lays it out)
    rows, cols, src = [0], [0], [1]
    for k in range(2, n + 1):
        rows.append(k - 2 if k % 2 == 0 else k -1)
        cols.append(k - 1 if k % 2 == 0 else k - 2)
        src.append(k)
    one_r, one_c = [1], [0]
    for k in range(2, n):
        one_r.append(k - 2 if k % 2 == 0 else k)
        one_c.append(k if k % 2 == 0 else k - 2)
    out = cupy.zeros((n, n), a.dtype)
    out[cupy.asarray(rows), cupy.asarray(cols)] = -a[cupy.asarray(src)]
    out[cupy.asarray(one_r), cupy.asarray(one_c)] = 1
    return out


def hadamard(n, dtype=int):
    """Sylvester's n x n Hadamard matrix (n a power of 2)."""
    if n < 1 or (n & (n - 1)) != 0:
        raise ValueError('n must be an positive integer, and n must be a '
                         'power of 2')
    h = cupy.ones((1, 1), dtype)
    while h.shape[0] < n:
        h = cupy.concatenate((cupy.concatenate((h, h), axis=1),
                              cupy.concatenate((h, -h), axis=1)), axis=0)
    return h


def helmert(n, full=False):
    """The Helmert matrix of order n (rows 1..n-1 unless ``full``)."""
    i = cupy.arange(n)[:, None]
    j = cupy.arange(n)[None, :]
    h = (j < i).astype(numpy.float64) - cupy.where(
        i == j, i, 0).astype(numpy.float64)
    d = cupy.arange(n, dtype=numpy.float64) * cupy.arange(
        1, n + 1, dtype=numpy.float64)
    h[0] = 1        # SciPy's IndexError for n = 0
    d[0] = n
    h = h / cupy.sqrt(d)[:, None]
    return h if full else h[1:]


def leslie(f, s):
    """The Leslie matrix: fecundities ``f`` on the first row, survival
    rates ``s`` below the diagonal."""
    f = cupy.atleast_1d(cupy.asarray(f))
    s = cupy.atleast_1d(cupy.asarray(s))
    if f.ndim != 1:
        raise ValueError('Incorrect shape for f.  f must be '
                         'one-dimensional')
    if s.ndim != 1:
        raise ValueError('Incorrect shape for s.  s must be '
                         'one-dimensional')
    if f.size != s.size + 1:
        raise ValueError('Incorrect lengths for f and s.  The length of s '
                         'must be one less than the length of f.')
    if s.size == 0:
        raise ValueError('The length of s must be at least 1.')
    n = f.size
    out = cupy.zeros((n, n), numpy.result_type(f.dtype, s.dtype))
    out[0] = f
    out[cupy.arange(1, n), cupy.arange(n - 1)] = s
    return out


def bandwidth(a):
    """(lower, upper) bandwidth of a 2-D array: the farthest non-zero
    below and above the diagonal (one read of two integers)."""
    a = cupy.asarray(a)
    if a.ndim != 2:
        raise numpy.linalg.LinAlgError('Input array must be 2D.')
    if a.size == 0:
        return 0, 0
    i = cupy.arange(a.shape[0])[:, None]
    j = cupy.arange(a.shape[1])[None, :]
    nz = a != 0
    lower = cupy.max(cupy.where(nz, i - j, 0))
    upper = cupy.max(cupy.where(nz, j - i, 0))
    both = cupy.stack((lower, upper)).get()
    return int(both[0]), int(both[1])
