"""Order-statistic filters (scipy.ndimage): minimum/maximum, rank, median,
percentile, and generic_filter(1d) for functions that run as array
operations.

The window of each output sample is a set of shifted views of the
border-extended input (one view per footprint element).  Minimum and
maximum reduce the views with elementwise minimum/maximum (rectangular
footprints: 1-D passes with window doubling, log2(size) operations).  A
rank is selected with a pruned Batcher odd-even merge network of
elementwise min/max over the views (only the comparators the requested
rank depends on); for windows too large for a network the views are
stacked and sorted on the device, a slab of the output at a time so the
stack stays within a fixed memory budget.
"""

import functools
import warnings

import numpy

import cupy
from cupyx.scipy.ndimage import _boundary
from cupyx.scipy.ndimage import _filters
from cupyx.scipy.ndimage import _kernel_window
from cupyx.scipy.ndimage import _util


# Largest window selected with a min/max network; past it sorting the
# stacked window is cheaper (a Batcher network has O(n log^2 n)
# comparators: 63 for 16 inputs, 543 for 64).
_NETWORK_MAX = 64
# Bytes of stacked window values sorted at once (bounds the memory of the
# sort path whatever the image size).
_STACK_BUDGET = 1 << 28


def _footprint_views(p, footprint, shape):
    """The shifted views of the extended array `p`, one per footprint
    element (in C order of the footprint)."""
    return [p[tuple(slice(i, i + n) for i, n in zip(idx, shape))]
            for idx in zip(*numpy.nonzero(footprint))]


def _pads(fshape, origins):
    return [(w // 2 + o, w - 1 - (w // 2 + o))
            for w, o in zip(fshape, origins)]


def _c_cast_cval(input, cval):
    """SciPy's footprint min/max and rank filters hold `cval` in a variable
    of the input's type (a C conversion: truncation, then wrap-around for
    integers, e.g. -1 -> 255 for uint8)."""
    if input.dtype.kind == 'b':
        return bool(cval)
    if input.dtype.kind in 'iu':
        return numpy.array(int(numpy.trunc(cval))).astype(input.dtype)[()]
    return cval


def _pad_value_dtype(input, cval):
    """Extend in the input's dtype where cval is exactly representable
    there (SciPy compares in double)."""
    if input.dtype.kind in 'iub':
        if float(cval) != int(cval) or not (
                numpy.iinfo(input.dtype).min <= cval <=
                numpy.iinfo(input.dtype).max if input.dtype.kind != 'b'
                else cval in (0, 1)):
            return numpy.dtype(numpy.float64)
    return input.dtype


# -- minimum / maximum -----------------------------------------------------

def _min_max_1d_work(x, size, axis, mode, cval, origin, minimum):
    op = cupy.minimum if minimum else cupy.maximum
    n = x.shape[axis]
    before = size // 2 + origin
    p = _boundary.pad_axis(x, axis, before, size - 1 - before, mode, cval)
    # m covers windows of `width`; width doubles until the next doubling
    # would pass size, then two overlapping windows cover `size`
    m, width = p, 1
    total = p.shape[axis]
    while width * 2 <= size:
        length = total - width
        m = op(m[_filters._axis_slice(x.ndim, axis, 0, length)],
               m[_filters._axis_slice(x.ndim, axis, width, length)])
        total, width = length, width * 2
    if width == size:
        return m[_filters._axis_slice(x.ndim, axis, 0, n)]
    return op(m[_filters._axis_slice(x.ndim, axis, 0, n)],
              m[_filters._axis_slice(x.ndim, axis, size - width, n)])


def _min_max_1d(input, size, axis, output, mode, cval, origin, minimum):
    input = _util.check_input(input)
    axis = _util.check_axis(axis, input.ndim)
    if input.dtype.kind == 'c':
        raise TypeError('Complex type not supported')
    if size < 1:
        raise RuntimeError('incorrect filter size')
    output = _util.get_output(output, input)
    if (size // 2 + origin < 0) or (size // 2 + origin >= size):
        raise ValueError('invalid origin')
    _util.check_mode(mode)
    if input.size == 0:
        return output
    x = input.astype(_pad_value_dtype(input, cval), copy=False)
    result = _min_max_1d_work(x, int(size), axis, mode, cval, int(origin),
                              minimum)
    return _util.store(result, output)


def minimum_filter1d(input, size, axis=-1, output=None, mode='reflect',
                     cval=0.0, origin=0):
    """One-dimensional minimum filter (scipy.ndimage.minimum_filter1d)."""
    return _min_max_1d(input, size, axis, output, mode, cval, origin, True)


def maximum_filter1d(input, size, axis=-1, output=None, mode='reflect',
                     cval=0.0, origin=0):
    """One-dimensional maximum filter (scipy.ndimage.maximum_filter1d)."""
    return _min_max_1d(input, size, axis, output, mode, cval, origin, False)


def _check_footprint(input, footprint, origins, axes):
    footprint = _filters._expand_to_ndim(input.ndim, axes, footprint,
                                         'footprint')
    fshape = [s for s in footprint.shape if s > 0]
    if len(fshape) != input.ndim:
        raise RuntimeError('footprint.ndim ({}) must match len(axes) ({})'
                           .format(footprint.ndim, len(axes)))
    for o, w in zip(origins, fshape):
        if (w // 2 + o < 0) or (w // 2 + o >= w):
            raise ValueError('invalid origin')
    return footprint


def _host_bool(a):
    if isinstance(a, cupy.ndarray):
        a = cupy.asnumpy(a)
    return numpy.asarray(a, dtype=bool)


def _min_or_max_filter(input, size, footprint, structure, output, mode,
                       cval, origin, minimum, axes=None):
    if size is not None and footprint is not None:
        warnings.warn('ignoring size because footprint is set',
                      UserWarning, stacklevel=3)
    if structure is None:
        if footprint is None:
            if size is None:
                raise RuntimeError('no footprint provided')
            separable = True
        else:
            footprint = _host_bool(footprint)
            if not footprint.any():
                raise ValueError('All-zero footprint is not supported.')
            if footprint.all():
                size, footprint, separable = footprint.shape, None, True
            else:
                separable = False
    else:
        structure = numpy.asarray(
            cupy.asnumpy(structure) if isinstance(structure, cupy.ndarray)
            else structure, dtype=numpy.float64)
        separable = False
        footprint = (numpy.ones(structure.shape, bool) if footprint is None
                     else _host_bool(footprint))
    input = _util.check_input(input)
    if input.dtype.kind == 'c':
        raise TypeError('Complex type not supported')
    output = _util.get_output(output, input)
    axes = _util.check_axes(axes, input.ndim)
    n = len(axes)
    if separable:
        sizes = _util.normalize_sequence(size, n)
        origins = _util.normalize_sequence(origin, n)
        modes = _util.normalize_sequence(mode, n)
        work = [(axes[i], (int(sizes[i]), modes[i], origins[i]))
                for i in range(n) if sizes[i] > 1]

        def f(x, axis, out, size, mode, origin):
            _min_max_1d(x, size, axis, out, mode, cval, origin, minimum)
        return _filters._separable(input, output, work, f)
    origins = _filters._expand_origin(input.ndim, axes, origin)
    footprint = _check_footprint(input, footprint, origins, axes)
    if structure is not None:
        if structure.ndim != n:
            raise RuntimeError('structure array has incorrect shape')
        structure = _filters._expand_to_ndim(input.ndim, axes, structure,
                                             'structure')
    if not isinstance(mode, str):
        raise RuntimeError('A sequence of modes is not supported for '
                           'non-separable footprints')
    _util.check_mode(mode)
    if input.size == 0:
        return output
    if structure is None:
        cval = _c_cast_cval(input, cval)
    dtype = (numpy.dtype(numpy.float64) if structure is not None
             else _pad_value_dtype(input, cval))
    p = _boundary.pad(input.astype(dtype, copy=False),
                      _pads(footprint.shape, origins), [mode] * input.ndim,
                      cval)
    views = _footprint_views(p, footprint, input.shape)
    if structure is not None:
        sign = -1.0 if minimum else 1.0
        offsets = structure[numpy.nonzero(footprint)]
        views = [v + sign * float(s) if s != 0 else v
                 for v, s in zip(views, offsets)]
    op = cupy.minimum if minimum else cupy.maximum
    result = functools.reduce(op, views)
    return _util.store(result, output)


def minimum_filter(input, size=None, footprint=None, output=None,
                   mode='reflect', cval=0.0, origin=0, *, axes=None):
    """Multidimensional minimum filter (scipy.ndimage.minimum_filter)."""
    return _min_or_max_filter(input, size, footprint, None, output, mode,
                              cval, origin, True, axes)


def maximum_filter(input, size=None, footprint=None, output=None,
                   mode='reflect', cval=0.0, origin=0, *, axes=None):
    """Multidimensional maximum filter (scipy.ndimage.maximum_filter)."""
    return _min_or_max_filter(input, size, footprint, None, output, mode,
                              cval, origin, False, axes)


# -- rank ------------------------------------------------------------------

@functools.lru_cache(maxsize=256)
def _selection_network(n, rank):
    """Comparators (i, j, need_min, need_max) of Batcher's odd-even merge
    sort of `n` values, keeping only those that position `rank` of the
    sorted result depends on.  Comparator (i, j), i < j, puts the smaller
    value at i.  Positions past n are +inf in the padded power-of-two
    network, so comparators touching them never swap and are dropped."""
    size = 1
    while size < n:
        size *= 2
    comparators = []
    p = 1
    while p < size:
        k = p
        while k >= 1:
            for j in range(k % p, size - k, 2 * k):
                for i in range(min(k, size - j - k)):
                    a, b = i + j, i + j + k
                    if a // (2 * p) == b // (2 * p) and b < n:
                        comparators.append((a, b))
            k //= 2
        p *= 2
    needed = {rank}
    kept = []
    for a, b in reversed(comparators):
        need_min, need_max = a in needed, b in needed
        if need_min or need_max:
            kept.append((a, b, need_min, need_max))
            needed.update((a, b))
    return tuple(reversed(kept))


def _select_rank(views, rank):
    values = list(views)
    for a, b, need_min, need_max in _selection_network(len(values), rank):
        lo, hi = values[a], values[b]
        if need_min:
            values[a] = cupy.minimum(lo, hi)
        if need_max:
            values[b] = cupy.maximum(lo, hi)
    return values[rank]


def _stacked_windows(input, footprint, origins, mode, cval, dtype=None):
    """Yield (output slab index, stacked windows (slab..., K)) over slabs
    of the first axis, each stack within _STACK_BUDGET bytes."""
    dtype = input.dtype if dtype is None else dtype
    p = _boundary.pad(input.astype(dtype, copy=False),
                      _pads(footprint.shape, origins), [mode] * input.ndim,
                      cval)
    k = int(footprint.sum())
    row_bytes = max(1, input.size // max(1, input.shape[0])) * k * \
        numpy.dtype(dtype).itemsize
    rows = max(1, _STACK_BUDGET // row_bytes)
    halo = footprint.shape[0] - 1
    for start in range(0, input.shape[0], rows):
        stop = min(start + rows, input.shape[0])
        slab = p[start:stop + halo]
        shape = (stop - start,) + input.shape[1:]
        views = _footprint_views(slab, footprint, shape)
        yield slice(start, stop), cupy.stack(views, axis=-1)


def _window_setup(input, size, footprint, origin, axes):
    """The checked input, the N-D boolean footprint and origins of a
    rank or generic filter (SciPy's rules and exceptions)."""
    input = _util.check_input(input)
    if input.dtype.kind == 'c':
        raise TypeError('Complex type not supported')
    axes = _util.check_axes(axes, input.ndim)
    if footprint is None:
        if size is None:
            raise RuntimeError('no footprint or filter size provided')
        sizes = _util.normalize_sequence(size, len(axes))
        footprint = numpy.ones([int(s) for s in sizes], dtype=bool)
    else:
        footprint = _host_bool(footprint)
    origins = _filters._expand_origin(input.ndim, axes, origin)
    footprint = _check_footprint(input, footprint, origins, axes)
    return input, footprint, origins


def _rank_filter(input, rank, size=None, footprint=None, output=None,
                 mode='reflect', cval=0.0, origin=0, operation='rank',
                 axes=None):
    if size is not None and footprint is not None:
        warnings.warn('ignoring size because footprint is set',
                      UserWarning, stacklevel=3)
    input, footprint, origins = _window_setup(input, size, footprint,
                                              origin, axes)
    filter_size = int(footprint.sum())
    if operation == 'median':
        rank = filter_size // 2
    elif operation == 'percentile':
        percentile = rank
        if percentile < 0.0:
            percentile += 100.0
        if percentile < 0 or percentile > 100:
            raise RuntimeError('invalid percentile')
        if percentile == 100.0:
            rank = filter_size - 1
        else:
            rank = int(float(filter_size) * percentile / 100.0)
    if rank < 0:
        rank += filter_size
    if rank < 0 or rank >= filter_size:
        raise RuntimeError('rank not within filter footprint size')
    if rank == 0:
        return minimum_filter(input, None, footprint, output, mode, cval,
                              origins)
    if rank == filter_size - 1:
        return maximum_filter(input, None, footprint, output, mode, cval,
                              origins)
    output = _util.get_output(output, input)
    if not isinstance(mode, str):
        raise RuntimeError('A sequence of modes is not supported by '
                           'non-separable rank filters')
    _util.check_mode(mode)
    if input.size == 0:
        return output
    cval = _c_cast_cval(input, cval)
    dtype = _pad_value_dtype(input, cval)
    if filter_size <= _NETWORK_MAX:
        p = _boundary.pad(input.astype(dtype, copy=False),
                          _pads(footprint.shape, origins),
                          [mode] * input.ndim, cval)
        result = _select_rank(_footprint_views(p, footprint, input.shape),
                              rank)
        return _util.store(result, output)
    for rows, stack in _stacked_windows(input, footprint, origins, mode,
                                        cval, dtype):
        part = cupy.partition(stack, rank, axis=-1)[..., rank]
        _util.store(part, output[rows])
    return output


def rank_filter(input, rank, size=None, footprint=None, output=None,
                mode='reflect', cval=0.0, origin=0, *, axes=None):
    """Multidimensional rank filter (scipy.ndimage.rank_filter)."""
    rank = int(rank)
    return _rank_filter(input, rank, size, footprint, output, mode, cval,
                        origin, 'rank', axes)


def median_filter(input, size=None, footprint=None, output=None,
                  mode='reflect', cval=0.0, origin=0, *, axes=None):
    """Multidimensional median filter (scipy.ndimage.median_filter)."""
    return _rank_filter(input, 0, size, footprint, output, mode, cval,
                        origin, 'median', axes)


def percentile_filter(input, percentile, size=None, footprint=None,
                      output=None, mode='reflect', cval=0.0, origin=0, *,
                      axes=None):
    """Multidimensional percentile filter (scipy.ndimage.percentile_filter)."""
    return _rank_filter(input, percentile, size, footprint, output, mode,
                        cval, origin, 'percentile', axes)


# -- generic ---------------------------------------------------------------

_GENERIC_HELP = (
    'runs `function` once on all windows together: it must take the '
    'stacked window values and an `axis` keyword and reduce along that '
    'axis, as cupy.mean, cupy.std or cupy.ptp do (a function of one window '
    'at a time cannot run as array operations on the device)')


def _kernel_kind(function):
    """'raw' (a cupy.RawKernel), 'reduction' (a cupy.ReductionKernel) or
    None (a Python function)."""
    if isinstance(function, cupy.ReductionKernel):
        _kernel_window.check_reduction_kernel(function)
        return 'reduction'
    if isinstance(function, cupy.ElementwiseKernel):
        raise TypeError('only ReductionKernel allowed (not '
                        'ElementwiseKernel)')
    if _kernel_window.raw_kernel_source(function) is not None:
        return 'raw'
    return None


def _no_extra(kind, extra_arguments, extra_keywords):
    if kind is not None and (extra_arguments or extra_keywords):
        raise TypeError('extra_arguments and extra_keywords are not taken '
                        'with a cupy.RawKernel or cupy.ReductionKernel')


def _kernel_filter(input, function, kind, footprint, origins, output,
                   mode, cval):
    """generic_filter of a RawKernel or ReductionKernel: the kernel's code
    runs per window through the user-kernel translator
    (_kernel_window).  The windows are views of a padded copy of the
    input, so an `output` that is the input needs no copy."""
    if kind == 'raw':
        code, name = _kernel_window.raw_kernel_source(function)
        # CuPy's window buffer is double: values and cval as doubles
        p = _boundary.pad(input.astype(numpy.float64),
                          _pads(footprint.shape, origins),
                          [mode] * input.ndim, float(cval))
        _kernel_window.raw_filter(
            code, name, _footprint_views(p, footprint, input.shape), output)
        return output
    # a ReductionKernel's window holds the image's type (cval cast to it)
    cval = _c_cast_cval(input, cval)
    for rows, stack in _stacked_windows(input, footprint, origins, mode,
                                        cval, input.dtype):
        _kernel_window.reduction_filter(function, stack, output[rows])
    return output


def generic_filter(input, function, size=None, footprint=None, output=None,
                   mode='reflect', cval=0.0, origin=0, extra_arguments=(),
                   extra_keywords=None, *, axes=None):
    """Multidimensional filter with a given function.

    `function` is a cupy.RawKernel or cupy.ReductionKernel, as CuPy takes
    them (the kernel's code runs once per window: a RawKernel function
    ``void f(const double* x, int filter_size, double* y)``, a
    ReductionKernel of one input and one output reducing the window, with
    ``_in_ind.size()`` the window size and ``_raw_x`` the window), or,
    beyond CuPy, a Python function: unlike SciPy, which calls it once per
    output sample with a 1-D buffer, the device version calls
    ``function(windows, *extra_arguments, axis=-1, **extra_keywords)``
    once, with the window values (as float64) stacked along the last
    axis, and expects the reduced array back.
    """
    if size is not None and footprint is not None:
        warnings.warn('ignoring size because footprint is set',
                      UserWarning, stacklevel=2)
    kind = _kernel_kind(function)
    if kind is None and not callable(function):
        raise TypeError('generic_filter: function must be callable')
    _no_extra(kind, extra_arguments, extra_keywords)
    if extra_keywords is None:
        extra_keywords = {}
    input, footprint, origins = _window_setup(input, size, footprint,
                                              origin, axes)
    output = _util.get_output(output, input)
    _util.check_mode(mode)
    if input.size == 0:
        return output
    if kind is not None:
        return _kernel_filter(input, function, kind, footprint, origins,
                              output, mode, cval)
    for rows, stack in _stacked_windows(input, footprint, origins, mode,
                                        cval, numpy.float64):
        try:
            part = function(stack, *extra_arguments, axis=-1,
                            **extra_keywords)
        except TypeError as e:
            raise TypeError('generic_filter ' + _GENERIC_HELP +
                            ' ({})'.format(e)) from e
        part = cupy.asarray(part)
        if part.shape != stack.shape[:-1]:
            raise ValueError('generic_filter ' + _GENERIC_HELP +
                             '; it returned shape {} for windows of shape '
                             '{}'.format(part.shape, stack.shape))
        _util.store(part.astype(numpy.float64, copy=False), output[rows])
    return output


def generic_filter1d(input, function, filter_size, axis=-1, output=None,
                     mode='reflect', cval=0.0, origin=0, extra_arguments=(),
                     extra_keywords=None):
    """One-dimensional filter with a given line function.

    `function` is a cupy.RawKernel, as CuPy takes it: ``void f(const
    double* in, ptrdiff_t in_length, double* out, ptrdiff_t out_length)``
    run once per line (translated into whole-array steps over all lines
    at once).  Beyond CuPy, a Python function: SciPy calls
    ``function(input_line, output_line)`` once per line; the device
    version calls it once with every line at a time: `input_line` has
    shape ``(n + filter_size - 1, lines)`` (the extended lines, along the
    first axis) and `output_line` ``(n, lines)``, float64.  A function
    that slices and combines its lines (``oline[...] = iline[:-2] +
    iline[2:]``) works unchanged; one that reduces a whole line does not.
    """
    kind = _kernel_kind(function)
    if kind == 'reduction':
        raise TypeError('generic_filter1d takes a RawKernel, not a '
                        'ReductionKernel')
    if kind is None and not callable(function):
        raise TypeError('generic_filter1d: function must be callable')
    _no_extra(kind, extra_arguments, extra_keywords)
    if extra_keywords is None:
        extra_keywords = {}
    input = _util.check_input(input)
    if input.dtype.kind == 'c':
        raise TypeError('Complex type not supported')
    output = _util.get_output(output, input)
    if filter_size < 1:
        raise RuntimeError('invalid filter size')
    axis = _util.check_axis(axis, input.ndim)
    if (filter_size // 2 + origin < 0) or (filter_size // 2 + origin >=
                                           filter_size):
        raise ValueError('invalid origin')
    _util.check_mode(mode)
    if input.size == 0:
        return output
    x = cupy.moveaxis(input.astype(numpy.float64), axis, 0)
    before = filter_size // 2 + origin
    p = _boundary.pad_axis(x, 0, before, filter_size - 1 - before, mode,
                           cval)
    n = x.shape[0]
    if kind == 'raw':
        code, name = _kernel_window.raw_kernel_source(function)
        olines = _kernel_window.raw_filter1d(code, name, p, n)
        return _util.store(cupy.moveaxis(olines, 0, axis), output)
    lines = p.reshape(p.shape[0], -1)
    olines = cupy.zeros((n, lines.shape[1]), dtype=numpy.float64)
    function(lines, olines, *extra_arguments, **extra_keywords)
    result = cupy.moveaxis(olines.reshape(x.shape), 0, axis)
    return _util.store(result, output)
