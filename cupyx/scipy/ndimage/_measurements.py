"""Labelling and per-label measurements (scipy.ndimage).

`label` finds connected components by union-find rounds over runs on the
device (`_label`); a component's first element in raster order is its
root, so numbering the roots in order gives SciPy's labels.

Measurements group the labelled values on the device: counts and sums by
`bincount`; minima, maxima, their positions and medians by one lexsort
of (label, value) and the group boundaries found with `searchsorted`.
Results for a scalar or absent `index` are 0-d arrays; positions are host
tuples, as in SciPy.
"""

import numpy

import cupy
from cupyx.scipy.ndimage import _label
from cupyx.scipy.ndimage import _morphology
from cupyx.scipy.ndimage import _util


class _BitDepthError(RuntimeError, ValueError):
    """Too many labels for the output dtype: SciPy raises RuntimeError,
    CuPy ValueError; code written for either catches this."""


def label(input, structure=None, output=None):
    """Label connected components (scipy.ndimage.label)."""
    input = _util.check_input(input)
    if input.dtype.kind == 'c':
        raise TypeError('Complex type not supported')
    ndim = input.ndim
    if structure is None:
        structure = _morphology.generate_binary_structure(ndim, 1)
    structure = _morphology._host(structure, bool)
    if structure.ndim != ndim:
        raise RuntimeError('structure and input must have equal rank')
    for s in structure.shape:
        if s != 3:
            raise ValueError('structure dimensions must be equal to 3')
    return_count_only = isinstance(output, cupy.ndarray)
    if return_count_only:
        if output.shape != input.shape:
            raise ValueError('output shape not correct')
    else:
        output = cupy.empty(input.shape,
                            dtype=numpy.int32 if output is None else output)
    if input.size == 0:
        return 0 if return_count_only else (output, 0)
    if ndim == 0:
        count = int(input != 0)
        output[...] = count
        return count if return_count_only else (output, count)
    labels, count = _label.components(
        input != 0, structure | _morphology._flip(structure))
    if output.dtype.kind in 'iu' and count > numpy.iinfo(output.dtype).max:
        raise _BitDepthError(
            'insufficient bit-depth in requested output type')
    output[...] = labels
    return count if return_count_only else (output, count)


def find_objects(input, max_label=0):
    """Slices of the bounding box of each label (scipy.ndimage.find_objects)."""
    input = _util.check_input(input)
    if input.dtype.kind == 'c':
        raise TypeError('Complex type not supported')
    if input.dtype.kind not in 'iub':
        raise TypeError('input must be an integer array')
    flat = input.reshape(-1).astype(numpy.int64)
    if max_label < 1:
        max_label = int(flat.max()) if flat.size else 0
    if max_label < 1:
        return []
    keep = (flat > 0) & (flat <= max_label)
    lab = flat[keep]
    where = cupy.nonzero(keep)[0]
    coords = cupy.unravel_index(where, input.shape) if input.ndim else ()
    ids = cupy.arange(1, max_label + 1, dtype=numpy.int64)
    present = cupy.bincount(lab, minlength=max_label + 1)[1:] > 0
    bounds = []
    for c in coords:
        order = cupy.lexsort(cupy.stack([c, lab]))
        sl, sc = lab[order], c[order]
        start = cupy.searchsorted(sl, ids, side='left')
        stop = cupy.searchsorted(sl, ids, side='right') - 1
        top = max(int(sl.size) - 1, 0)
        bounds.append((cupy.asnumpy(sc[cupy.clip(start, 0, top)]),
                       cupy.asnumpy(sc[cupy.clip(stop, 0, top)])))
    present = cupy.asnumpy(present)
    result = []
    for i in range(max_label):
        if not present[i]:
            result.append(None)
            continue
        result.append(tuple(slice(int(lo[i]), int(hi[i]) + 1)
                            for lo, hi in bounds))
    return result


def value_indices(arr, *, ignore_value=None, adaptive_index_dtype=False):
    """Dict of each distinct value to the indices where it occurs.
    `adaptive_index_dtype` (CuPy's) gives the coordinates the smallest
    signed integer dtype that holds every index of the shape."""
    arr = _util.check_input(arr)
    if arr.dtype.kind not in 'iu':
        raise ValueError('Parameter \'arr\' must be an integer array')
    flat = arr.reshape(-1)
    order = cupy.argsort(flat, kind='stable')
    values = flat[order]
    uniq, counts = cupy.unique(values, return_counts=True)
    uniq, counts = cupy.asnumpy(uniq), cupy.asnumpy(counts)
    coords = cupy.unravel_index(order, arr.shape)
    if adaptive_index_dtype:
        top = max(arr.shape, default=1) - 1
        dt = next(t for t in (numpy.int8, numpy.int16, numpy.int32,
                              numpy.int64) if top <= numpy.iinfo(t).max)
        coords = tuple(c.astype(dt) for c in coords)
    result = {}
    start = 0
    for v, c in zip(uniq, counts):
        if ignore_value is None or v != ignore_value:
            result[v] = tuple(x[start:start + c] for x in coords)
        start += int(c)
    return result


# -- grouping ----------------------------------------------------------------

class _Groups:
    """The labelled values split into groups, one per requested label."""

    def __init__(self, input, labels, index, positions=False):
        input = cupy.asarray(input)
        self.scalar = True
        self.shape = input.shape
        flatpos = None
        if labels is None:
            values = input.reshape(-1)
            if positions:
                flatpos = cupy.arange(input.size)
            group = None
        else:
            labels = cupy.asarray(labels)
            input, labels = cupy.broadcast_arrays(input, labels)
            self.shape = input.shape
            labels = labels.reshape(-1)
            values = input.reshape(-1)
            if index is None:
                mask = labels > 0
            elif numpy.isscalar(index):
                mask = labels == index
            else:
                mask = None
            if mask is not None:
                keep = cupy.nonzero(mask)[0]
                values = values[keep]
                if positions:
                    flatpos = keep
                group = None
            else:
                self.scalar = False
                idx = cupy.asarray(index).reshape(-1)
                self.index_shape = numpy.shape(
                    cupy.asnumpy(index) if isinstance(index, cupy.ndarray)
                    else index)
                # statistics per distinct label, mapped back to `index`
                # (which may repeat labels) by `shaped`
                uniq = cupy.unique(idx)
                self.inverse = cupy.searchsorted(uniq, idx)
                at = cupy.searchsorted(uniq, labels)
                at = cupy.clip(at, 0, max(int(uniq.size) - 1, 0))
                found = uniq[at] == labels
                keep = cupy.nonzero(found)[0]
                group = at[keep]
                values = values[keep]
                if positions:
                    flatpos = keep
                self.k = int(uniq.size)
        self.values = values
        self.group = group
        self.flatpos = flatpos

    def shaped(self, a):
        if self.scalar:
            return a
        return a[self.inverse].reshape(self.index_shape)

    def counts(self):
        if self.group is None:
            return cupy.asarray(self.values.size)
        return cupy.bincount(self.group, minlength=self.k)

    def sums(self, values=None):
        values = self.values if values is None else values
        if self.group is None:
            return values.sum()
        if values.dtype.kind == 'c':
            return (cupy.bincount(self.group, values.real, self.k) +
                    1j * cupy.bincount(self.group, values.imag, self.k))
        return cupy.bincount(self.group, weights=values.astype(
            numpy.float64), minlength=self.k)

    def sorted(self, tie_largest_first=False):
        """Order of values by (group, value, position)."""
        keys = []
        if self.flatpos is not None:
            keys.append(-self.flatpos if tie_largest_first else self.flatpos)
        keys.append(self.values)
        keys.append(self.group)
        order = cupy.lexsort(cupy.stack([k.astype(numpy.float64)
                                         for k in keys]))
        g = self.group[order]
        ids = cupy.arange(self.k)
        start = cupy.searchsorted(g, ids, side='left')
        stop = cupy.searchsorted(g, ids, side='right')
        return order, start, stop


def _empty_reduce(values, fn):
    if values.size == 0:
        return cupy.asarray(0, dtype=values.dtype)
    return fn(values)


def _check_stats_args(input, labels, index):
    """CuPy's checks of the statistics functions: device arrays, real
    input, an index that is a scalar, a device array or a sequence."""
    if not isinstance(input, cupy.ndarray):
        raise TypeError('input must be cupy.ndarray')
    if input.dtype.kind == 'c':
        raise TypeError('cupyx.scipy.ndimage does not support complex input')
    if labels is not None and not isinstance(labels, cupy.ndarray):
        raise TypeError('labels must be cupy.ndarray')
    # CuPy also refuses a list `index`; SciPy's code passes lists of
    # labels, so sequences are taken here
    if index is not None and not (numpy.isscalar(index) or isinstance(
            index, (cupy.ndarray, list, tuple, range))):
        raise TypeError('index must be cupy.ndarray, a sequence or a '
                        'scalar int')


def _float16_single_group(input, labels, index):
    """The values SciPy's variance reduces in float16 (overflowing where
    it does), or None: a float16 input whose statistics form one group
    (no labels, labels without index: labels > 0, or a scalar index)
    goes through NumPy's mean and sum of the selected values; an array
    index goes through bincount, in float64."""
    if input.dtype != numpy.float16 or not (
            labels is None or index is None or numpy.isscalar(index)):
        return None
    if labels is None:
        return input
    input, labels = cupy.broadcast_arrays(input, labels)
    return input[labels > 0 if index is None else labels == index]


def sum_labels(input, labels=None, index=None):
    """Sum of the values of each label."""
    _check_stats_args(input, labels, index)
    if isinstance(index, cupy.ndarray) and index.size == 0:
        # SciPy's empty bincount: int64
        return cupy.zeros(index.shape, dtype=numpy.int64)
    g = _Groups(input, labels, index)
    return g.shaped(g.sums())


sum = sum_labels


def mean(input, labels=None, index=None):
    """Mean of the values of each label."""
    _check_stats_args(input, labels, index)
    g = _Groups(input, labels, index)
    with numpy.errstate(invalid='ignore', divide='ignore'):
        return g.shaped(g.sums() / g.counts())


def variance(input, labels=None, index=None):
    """Variance of the values of each label."""
    _check_stats_args(input, labels, index)
    vals = _float16_single_group(input, labels, index)
    if vals is not None:
        with numpy.errstate(over='ignore', invalid='ignore',
                            divide='ignore'):
            centred = vals - vals.mean(dtype=numpy.float32).astype(
                vals.dtype)
            # the float16 sum divided by the count in float64, as SciPy
            return (centred * centred).sum().astype(numpy.float64) / \
                vals.size
    g = _Groups(input, labels, index)
    counts = g.counts()
    means = g.sums() / counts
    # SciPy centres in float64 (complex128)
    values = g.values.astype(numpy.complex128 if g.values.dtype.kind == 'c'
                             else numpy.float64)
    if g.group is None:
        centred = values - means
    else:
        centred = values - means[g.group]
    sq = centred * centred.conj() if centred.dtype.kind == 'c' else \
        centred * centred
    return g.shaped(g.sums(sq.real if sq.dtype.kind == 'c' else sq) /
                    counts)


def standard_deviation(input, labels=None, index=None):
    """Standard deviation of the values of each label."""
    _check_stats_args(input, labels, index)
    return cupy.sqrt(variance(input, labels, index))


def _select(input, labels, index, what):
    """min / max / argmin / argmax / median per group."""
    g = _Groups(input, labels, index, positions=what in ('minpos',
                                                         'maxpos'))
    if g.group is None:
        v = g.values
        if what == 'min':
            return _empty_reduce(v, cupy.min)
        if what == 'max':
            return _empty_reduce(v, cupy.max)
        if what == 'median':
            return cupy.median(v.astype(numpy.float64))
        if v.size == 0:
            return cupy.asarray(0)
        at = cupy.argmin(v) if what == 'minpos' else cupy.argmax(v)
        return g.flatpos[at]
    order, start, stop = g.sorted(tie_largest_first=(what == 'maxpos'))
    sv = g.values[order]
    n = max(int(sv.size) - 1, 0)
    empty = stop == start
    if what in ('min', 'minpos'):
        at = cupy.clip(start, 0, n)
    elif what in ('max', 'maxpos'):
        at = cupy.clip(stop - 1, 0, n)
    if what in ('min', 'max'):
        out = sv[at] if sv.size else cupy.zeros(g.k, input.dtype)
        return g.shaped(cupy.where(empty, 0, out).astype(sv.dtype))
    if what in ('minpos', 'maxpos'):
        pos = g.flatpos[order][at] if sv.size else cupy.zeros(g.k, int)
        return g.shaped(cupy.where(empty, 0, pos))
    cnt = stop - start
    lo = cupy.clip(start + (cnt - 1) // 2, 0, n)
    hi = cupy.clip(start + cnt // 2, 0, n)
    svf = sv.astype(numpy.float64)
    med = (svf[lo] + svf[hi]) / 2 if sv.size else cupy.zeros(g.k)
    return g.shaped(cupy.where(empty, 0.0, med))


def minimum(input, labels=None, index=None):
    """Minimum of the values of each label."""
    return _select(input, labels, index, 'min')


def maximum(input, labels=None, index=None):
    """Maximum of the values of each label."""
    return _select(input, labels, index, 'max')


def median(input, labels=None, index=None):
    """Median of the values of each label."""
    input = cupy.asarray(input)
    # SciPy's medians keep float16/float32 (numpy.median's dtype rule)
    dtype = numpy.median(numpy.zeros(1, input.dtype)).dtype
    return _select(input, labels, index, 'median').astype(dtype, copy=False)


def _positions(flat, shape, scalar):
    flat = cupy.asnumpy(flat)
    if scalar:
        return tuple(int(i) for i in numpy.unravel_index(int(flat), shape))
    coords = numpy.unravel_index(flat.reshape(-1), shape)
    return [tuple(int(c[i]) for c in coords) for i in range(flat.size)]


def minimum_position(input, labels=None, index=None):
    """Position (host tuple) of the first minimum of each label."""
    input = cupy.asarray(input)
    flat = _select(input, labels, index, 'minpos')
    return _positions(flat, input.shape, flat.ndim == 0)


def maximum_position(input, labels=None, index=None):
    """Position (host tuple) of the first maximum of each label."""
    input = cupy.asarray(input)
    flat = _select(input, labels, index, 'maxpos')
    return _positions(flat, input.shape, flat.ndim == 0)


def extrema(input, labels=None, index=None):
    """(minimum, maximum, minimum position, maximum position) per label."""
    return (minimum(input, labels, index), maximum(input, labels, index),
            minimum_position(input, labels, index),
            maximum_position(input, labels, index))


def center_of_mass(input, labels=None, index=None):
    """Centre of mass of the values of each label (host tuples)."""
    _check_stats_args(input, labels, index)
    g = _Groups(input, labels, index, positions=True)
    total = g.sums()
    coords = cupy.unravel_index(g.flatpos, input.shape)
    centres = [g.sums(g.values.astype(numpy.float64) * c) / total
               for c in coords]
    if g.group is None:
        return tuple(float(c) for c in centres)
    centres = [cupy.asnumpy(g.shaped(c)).reshape(-1) for c in centres]
    return [tuple(float(c[i]) for c in centres)
            for i in range(centres[0].size)]


def labeled_comprehension(input, labels, index, func, out_dtype, default,
                          pass_positions=False):
    """`func` applied to the values of each label: one call per label, on
    device arrays (func must accept cupy arrays)."""
    as_scalar = numpy.isscalar(index)
    input = cupy.asarray(input)
    if pass_positions:
        positions = cupy.arange(input.size).reshape(input.shape)
    if labels is None:
        if index is not None:
            raise ValueError('index without defined labels')
        if not pass_positions:
            return func(input.reshape(-1))
        return func(input.reshape(-1), positions.reshape(-1))
    labels = cupy.asarray(labels)
    try:
        input, labels = cupy.broadcast_arrays(input, labels)
    except ValueError as e:
        raise ValueError('input and labels must have the same shape '
                         '(excepting dimensions with width 1)') from e
    if index is None:
        vals = input[labels > 0]
        if not pass_positions:
            return func(vals)
        return func(vals, positions[labels > 0])
    index_host = numpy.atleast_1d(cupy.asnumpy(cupy.asarray(index)))
    result = numpy.full(index_host.shape, default, dtype=out_dtype)
    for i, lab in enumerate(index_host.reshape(-1)):
        mask = labels == lab
        vals = input[mask]
        if vals.size == 0:
            continue
        r = func(vals, positions[mask]) if pass_positions else func(vals)
        if isinstance(r, cupy.ndarray):
            r = cupy.asnumpy(r)
            if r.ndim == 0:
                r = r[()]
        result.reshape(-1)[i] = r
    if as_scalar:
        return result[0]
    if result.dtype == object:
        return result
    return cupy.asarray(result)


def histogram(input, min, max, bins, labels=None, index=None):
    """Histogram of the values of each label (cupy.histogram per label)."""
    def hist(vals):
        return cupy.histogram(vals, bins, (min, max))[0]
    return labeled_comprehension(input, labels, index, hist, object, None,
                                 pass_positions=False)
