"""Brute-force and chamfer distance transforms (scipy.ndimage
distance_transform_bf and distance_transform_cdt) on the device.

distance_transform_bf compares every foreground element with every
background element that touches the foreground (SciPy's "border"
elements), as SciPy does, in blocks of a distance matrix so that memory
stays bounded (`_BLOCK` elements per block).  SciPy keeps the border in a
list built by prepending, and a later element replaces the best only when
strictly nearer, so among equidistant border elements SciPy returns the
last one in raster order; `argmin` over the border in reverse raster order
picks the same one.  For 'taxicab' and 'chessboard' SciPy's C loop
ignores `sampling` and returns uint32 distances; so does this one.

distance_transform_cdt: SciPy runs a forward and a backward raster pass
over one half of the structure (a sequential scan).  On the device the
same chamfer distance is found by relaxation rounds: every element takes
one plus the smallest distance among its neighbours under the structure's
half and its mirror, until a round changes nothing (rounds = the largest
distance + 1).  Distances agree with SciPy for the 'chessboard' and
'taxicab' metrics (the two-pass scan is exact for them); the nearest
background element chosen among equidistant ones may differ from SciPy's
scan order.
"""

import numpy

import cupy
from cupyx.scipy.ndimage import _morphology
from cupyx.scipy.ndimage import _util

# distance-matrix elements per block of distance_transform_bf: 2**22
# float64 values (32 MiB) bound the scratch memory of one block.
_BLOCK = 1 << 22
# "not reached yet" in the chamfer rounds: larger than any distance (at
# most the element count) and still exact after adding one in int32
_FAR = 1 << 30
_METRICS = {'euclidean': 1, 'taxicab': 2, 'cityblock': 2, 'manhattan': 2,
            'chessboard': 3}


def check_outputs(distances, indices, return_distances, return_indices):
    """SciPy's argument check of the distance transforms (one message
    listing every problem)."""
    errors = []
    if not return_distances and not return_indices:
        errors.append(
            'at least one of return_distances/return_indices must be True')
    if isinstance(distances, cupy.ndarray) and not return_distances:
        errors.append(
            'return_distances must be True if distances is supplied')
    if isinstance(indices, cupy.ndarray) and not return_indices:
        errors.append('return_indices must be True if indices is supplied')
    if errors:
        raise RuntimeError(', '.join(errors))


def _check_out(arr, shape, dtype, what, exc):
    if arr.shape != shape:
        raise exc('{} array has wrong shape'.format(what))
    if arr.dtype != dtype:
        raise exc('{} array must be {}'.format(what, numpy.dtype(dtype).name))


def _feature_indices(flat_index, shape):
    """(ndim,) + shape int32 coordinates of flat raster indices."""
    if not shape:
        return cupy.zeros((0,), dtype=numpy.int32)
    return cupy.stack(cupy.unravel_index(flat_index, shape)).astype(
        numpy.int32).reshape((len(shape),) + shape)


def _finish(dist, feat, distances, indices, return_distances,
            return_indices, exc):
    result = []
    if return_distances:
        if isinstance(distances, cupy.ndarray):
            _check_out(distances, dist.shape, dist.dtype, 'distances', exc)
            distances[...] = dist
        else:
            result.append(dist)
    if return_indices:
        idx = _feature_indices(feat, dist.shape)
        if isinstance(indices, cupy.ndarray):
            _check_out(indices, idx.shape, numpy.int32, 'indices', exc)
            indices[...] = idx
        else:
            result.append(idx)
    if len(result) == 2:
        return tuple(result)
    if len(result) == 1:
        return result[0]
    return None


def distance_transform_bf(input, metric='euclidean', sampling=None,
                          return_distances=True, return_indices=False,
                          distances=None, indices=None):
    """Distance of every foreground element to the nearest background
    element by brute force (scipy.ndimage.distance_transform_bf)."""
    check_outputs(distances, indices, return_distances, return_indices)
    input = _util.check_input(input)
    code = _METRICS.get(str(metric).lower())
    if code is None:
        raise RuntimeError('distance metric not supported')
    ndim = input.ndim
    fg = input != 0
    if sampling is not None:
        sampling = [float(s) for s in
                    _util.normalize_sequence(sampling, ndim)]
    if code != 1:
        sampling = None          # SciPy's integer metrics ignore it
    full = _morphology.generate_binary_structure(ndim, ndim)
    border = _morphology.binary_dilation(fg, full) & ~fg
    flat_fg = cupy.flatnonzero(fg)
    # reverse raster order: argmin's first minimum is SciPy's last one
    flat_bd = cupy.flatnonzero(border)[::-1]
    n = int(flat_bd.size)
    if code == 1:
        dtype, far = numpy.float64, numpy.sqrt(numpy.finfo(numpy.float64).max)
    else:
        dtype, far = numpy.uint32, numpy.iinfo(numpy.uint32).max
    dist = cupy.zeros(input.size, dtype=dtype)
    feat = cupy.arange(input.size, dtype=numpy.int64)
    if flat_fg.size:
        if n == 0:
            dist[flat_fg] = far
            feat[flat_fg] = 0        # SciPy's untouched feature index
        else:
            d, f = _bf_blocks(flat_fg, flat_bd, input.shape, code, sampling)
            dist[flat_fg] = d.astype(dtype)
            feat[flat_fg] = f
    return _finish(dist.reshape(input.shape), feat, distances, indices,
                   return_distances, return_indices, RuntimeError)


def _bf_blocks(flat_fg, flat_bd, shape, code, sampling):
    cb = cupy.unravel_index(flat_bd, shape) if shape else ()
    rows = max(1, _BLOCK // int(flat_bd.size))
    dists, feats = [], []
    for start in range(0, int(flat_fg.size), rows):
        block = flat_fg[start:start + rows]
        cf = cupy.unravel_index(block, shape) if shape else ()
        total = None
        for k, (a, b) in enumerate(zip(cf, cb)):
            t = a[:, None].astype(numpy.int64) - b[None, :]
            if code == 1:
                t = t.astype(numpy.float64)
                if sampling is not None:
                    t = t * sampling[k]
                t = t * t
            else:
                t = cupy.abs(t)
            if total is None:
                total = t
            elif code == 3:
                total = cupy.maximum(total, t)
            else:
                total = total + t
        best = cupy.argmin(total, axis=1)
        d = cupy.take_along_axis(total, best[:, None], axis=1)[:, 0]
        dists.append(cupy.sqrt(d) if code == 1 else d)
        feats.append(flat_bd[best])
    return cupy.concatenate(dists), cupy.concatenate(feats)


def _cdt_structure(metric, ndim):
    if isinstance(metric, str):
        if metric in ('taxicab', 'cityblock', 'manhattan'):
            return _morphology._host(
                _morphology.generate_binary_structure(ndim, 1), bool)
        if metric == 'chessboard':
            return _morphology._host(
                _morphology.generate_binary_structure(ndim, ndim), bool)
        raise ValueError('invalid metric provided')
    try:
        metric = _morphology._host(metric)
    except (TypeError, ValueError) as e:
        raise ValueError('invalid metric provided') from e
    for s in metric.shape:
        if s != 3:
            raise ValueError('metric sizes must be equal to 3')
    return metric != 0


def distance_transform_cdt(input, metric='chessboard', return_distances=True,
                           return_indices=False, distances=None,
                           indices=None):
    """Chamfer distance transform (scipy.ndimage.distance_transform_cdt):
    int32 distances in steps of the structuring element, -1 where no
    background element is reachable."""
    check_outputs(distances, indices, return_distances, return_indices)
    input = _util.check_input(input)
    ndim = input.ndim
    structure = _cdt_structure(metric, ndim)
    if structure.ndim != ndim:
        raise RuntimeError('structure and input must have equal rank')
    # SciPy's passes use the structure elements before the centre in
    # raster order, forwards and mirrored (the backward pass)
    half = numpy.zeros(structure.size, dtype=bool)
    half[:structure.size // 2] = structure.reshape(-1)[:structure.size // 2]
    half = half.reshape(structure.shape)
    neigh = half | half[(slice(None, None, -1),) * ndim]
    offsets = [tuple(int(i) - 1 for i in idx)
               for idx in zip(*numpy.nonzero(neigh))]
    fg = input != 0
    big = _FAR
    dist = cupy.where(fg, big, 0).astype(numpy.int32)
    want_idx = return_indices
    feat = cupy.arange(input.size, dtype=numpy.int64).reshape(input.shape)
    if input.size and offsets:
        dist, feat = _cdt_rounds(dist, feat, fg, offsets, big, want_idx)
    dist = cupy.where(dist == big, -1, dist).astype(numpy.int32)
    if isinstance(distances, cupy.ndarray):
        _check_out(distances, dist.shape, numpy.int32, 'distances',
                   ValueError)
    return _finish(dist, feat.reshape(-1), distances, indices,
                   return_distances, return_indices, ValueError)


def _cdt_rounds(dist, feat, fg, offsets, big, want_idx):
    ndim = dist.ndim
    pads = [(1, 1)] * ndim
    while True:
        padded = cupy.pad(dist, pads, mode='constant', constant_values=big)
        pfeat = cupy.pad(feat, pads, mode='edge') if want_idx else None
        new = dist
        new_feat = feat
        for off in offsets:
            sl = tuple(slice(1 + o, 1 + o + s)
                       for o, s in zip(off, dist.shape))
            cand = cupy.minimum(padded[sl] + 1, big)
            better = fg & (cand < new)
            new = cupy.where(better, cand, new)
            if want_idx:
                new_feat = cupy.where(better, pfeat[sl], new_feat)
        if not bool((new != dist).any()):
            return dist, feat
        dist, feat = new, new_feat
