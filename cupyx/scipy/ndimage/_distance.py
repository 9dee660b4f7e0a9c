"""Exact Euclidean distance transform (scipy.ndimage.distance_transform_edt).

The squared distance separates by axis (Saito & Toriwaki, Pattern
Recognition 27, 1994): after a pass along every axis d,
D(i) = min_j D_prev(j) + ((i - j) * sampling_d)^2 along the line.  Each
pass runs on the device as a minimum over the line offsets of a shifted,
infinitely padded copy, nearest offsets first, and stops once the offset
alone costs more than the largest distance found (no farther element can
be nearer): O(largest distance) whole-array operations per axis, O(n)
only when some line has no background.  The nearest background pixel's
coordinates follow the minimum when indices are asked for, the lowest
index winning ties.
"""

import math

import numpy

import cupy
from cupyx.scipy.ndimage import _filters
from cupyx.scipy.ndimage import _util

# offsets between checks of the early exit of `_pass` (each check is one
# reduction and a wait for the device)
_CHECK_EVERY = 8


def _running(op, x):
    """Running `op` (maximum or minimum) along axis 0 by doubling: log2(n)
    whole-array steps (Hillis & Steele, CACM 29, 1986)."""
    k = 1
    while k < x.shape[0]:
        nxt = x.copy()
        nxt[k:] = op(x[k:], x[:-k])
        x = nxt
        k *= 2
    return x


def _first_pass(feature, coords, step):
    """The pass along axis 0 from the binary image: the nearest background
    element before and after each element along its line, by a running
    maximum and minimum of background indices (O(log n) array steps)."""
    n = feature.shape[0]
    far = 2 * n + 1                  # farther than any element of a line
    idx = cupy.arange(n, dtype=numpy.int64).reshape(
        (-1,) + (1,) * (feature.ndim - 1))
    before = _running(cupy.maximum, cupy.where(feature, -far, idx))
    after = _running(cupy.minimum,
                     cupy.where(feature, far, idx)[::-1])[::-1]
    # the lower index wins a tie, as in `_pass`
    take_after = (after - idx) < (idx - before)
    nearest = cupy.where(take_after, after, before)
    gap = cupy.abs(nearest - idx)
    dist = cupy.where(gap >= far - n, numpy.inf,
                      (gap * step).astype(numpy.float64) ** 2)
    if coords:
        found = gap < far - n
        coords = [cupy.where(found, nearest, coords[0]).astype(
            coords[0].dtype)] + list(coords[1:])
    return dist, coords


def _pass(dist, coords, axis, step):
    n = dist.shape[axis]
    ndim = dist.ndim
    # no element farther than the largest distance so far can be nearer
    top = float(dist.max())
    reach = n - 1
    if top < numpy.inf and step > 0:
        reach = min(reach, int(numpy.sqrt(top) / step) + 1)
    pads = [(0, 0)] * ndim
    pads[axis] = (reach, reach)
    padded = cupy.pad(dist, pads, mode='constant',
                      constant_values=numpy.inf)
    pc = [cupy.pad(c, pads, mode='edge') for c in coords]
    best = dist
    best_c = list(coords)
    for o in range(1, reach + 1):
        if o % _CHECK_EVERY == 0 and (o * step) ** 2 > float(best.max()):
            break
        # the lower element first: equal distances keep the lowest index
        for start, better_op in ((reach - o, cupy.less_equal),
                                 (reach + o, cupy.less)):
            sl = _filters._axis_slice(ndim, axis, start, n)
            cand = padded[sl] + (o * step) ** 2
            if coords:
                better = better_op(cand, best)
                best_c = [cupy.where(better, p[sl], b)
                          for p, b in zip(pc, best_c)]
            best = cupy.minimum(best, cand)
    return best, best_c


def _no_background(shape, sampling, want_idx):
    """SciPy's result without any background element: every feature is
    (-1, 0, ..., 0) and the distances are measured to it."""
    grid = cupy.indices(shape, dtype=numpy.float64)
    feature = numpy.zeros(len(shape))
    feature[0] = -1.0
    dist = 0.0
    for d in range(len(shape)):
        dist = dist + ((grid[d] - feature[d]) * sampling[d]) ** 2
    coords = [cupy.full(shape, int(f), dtype=numpy.int32) for f in feature]
    return dist, coords if want_idx else []


def _check_block_params(block_params, shape):
    """CuPy's `block_params` (m1, m2, m3) tune its CUDA kernels: checked
    as CuPy checks them, otherwise unused here."""
    if block_params is None:
        return
    m1, m2, m3 = block_params
    if min(m1, m2, m3) < 1:
        raise ValueError('all block_params must be >= 1')
    if m2 & (m2 - 1):
        raise ValueError('m2 must be a power of 2')
    if len(shape) != 2:
        return                           # CuPy's 3-D kernels check none
    # CuPy's 2-D kernels pad the largest side to a multiple of the warp
    # (32 threads) and of m1, m2, m3; each m is at most padded // 32
    multiple = math.lcm(32, m1, m2, m3)
    padded = -(-max(shape) // multiple) * multiple
    if max(m1, m2, m3) > padded // 32:
        raise ValueError('block_params too large for the array size: each '
                         'must be <= {}'.format(padded // 32))


def distance_transform_edt(input, sampling=None, return_distances=True,
                           return_indices=False, distances=None,
                           indices=None, *, block_params=None,
                           float64_distances=True):
    """Exact Euclidean distance of each nonzero element to the nearest
    zero element, and optionally that element's indices.  `block_params`
    and `float64_distances` are CuPy's (float64_distances=False gives
    float32 distances)."""
    if not return_distances and not return_indices:
        raise RuntimeError('at least one of return_distances/'
                           'return_indices must be True')
    input = _util.check_input(input)
    ndim = input.ndim
    _check_block_params(block_params, input.shape)
    if sampling is None:
        sampling = [1.0] * ndim
    else:
        sampling = _util.normalize_sequence(sampling, ndim)
    sampling = [float(s) for s in sampling]
    dist_dtype = numpy.float64 if float64_distances else numpy.float32
    if distances is not None:
        if not return_distances:
            raise RuntimeError('distances array given but '
                               'return_distances is False')
        if not isinstance(distances, cupy.ndarray) or \
                distances.shape != input.shape:
            raise RuntimeError('distances array has wrong shape')
        if distances.dtype != dist_dtype:
            raise RuntimeError('distances array must be {}'.format(
                numpy.dtype(dist_dtype).name))
    if indices is not None:
        if not return_indices:
            raise RuntimeError('indices array given but return_indices '
                               'is False')
        if not isinstance(indices, cupy.ndarray) or \
                indices.shape != (ndim,) + input.shape:
            raise RuntimeError('indices array has wrong shape')
        if indices.dtype.kind not in 'iu' or (
                indices.dtype.itemsize < 2 or
                numpy.iinfo(indices.dtype).max < max(input.shape, default=0)):
            raise RuntimeError('indices array must be an integer array '
                               'wide enough for the shape')
    feature = input != 0
    dist = cupy.where(feature, numpy.inf, 0.0)
    want_idx = return_indices or indices is not None
    coords = []
    if want_idx:
        coords = [cupy.broadcast_to(
            cupy.arange(n, dtype=numpy.int32).reshape(
                (-1,) + (1,) * (ndim - 1 - d)), input.shape).copy()
            for d, n in enumerate(input.shape)]
    if input.size and not bool(feature.all()):
        dist, coords = _first_pass(feature, coords, sampling[0])
        for axis in range(1, ndim):
            dist, coords = _pass(dist, coords, axis, sampling[axis])
    elif input.size:
        dist, coords = _no_background(input.shape, sampling, want_idx)
    result = []
    if return_distances:
        d = cupy.sqrt(dist).astype(dist_dtype, copy=False)
        if distances is None:
            result.append(d)
        else:
            distances[...] = d
    if return_indices:
        idx = (cupy.stack(coords) if coords else
               cupy.zeros((ndim,) + input.shape, dtype=numpy.int32))
        if indices is None:
            result.append(idx)
        else:
            indices[...] = idx
    if len(result) == 2:
        return tuple(result)
    if len(result) == 1:
        return result[0]
    return None
