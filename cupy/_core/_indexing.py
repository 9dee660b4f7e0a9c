"""ndarray.__getitem__ / __setitem__: basic indexing as views, advanced
indexing (integer and boolean arrays) through the provider.

NumPy's rules: integers, slices, Ellipsis and None give a view; integer or
boolean arrays (cupy, NumPy or lists) gather.  The dimensions of the
broadcast index arrays replace the indexed axes in place when the advanced
indices are adjacent, and go first when a slice separates them.  Index
arrays given on the host are bounds-checked there (IndexError like NumPy);
index arrays already on the device are wrapped modulo the axis length, as
CuPy does, because checking them would need a host round trip.
"""

import operator

import numpy

from cupy._core import _routines_manipulation
from cupy._core import _routines_sorting
from cupy._core import _routines_ufuncs as ufuncs
from cupy._core import core
from cupy._core._operands import as_array

_INT64 = numpy.dtype(numpy.int64)
_INDEX_ERROR = ('only integers, slices (`:`), ellipsis (`...`), '
                'numpy.newaxis (`None`) and integer or boolean arrays are '
                'valid indices')


def _is_int(x):
    if isinstance(x, (bool, numpy.bool_)):
        return False
    if isinstance(x, (int, numpy.integer)):
        return True
    if isinstance(x, (core.ndarray, numpy.ndarray)):
        return False
    return hasattr(x, '__index__')


def _classify(key):
    """The index tuple with Ellipsis expanded later; each entry tagged."""
    if not isinstance(key, tuple):
        key = (key,)
    out = []
    for k in key:
        if k is None:
            out.append(('none', None))
        elif k is Ellipsis:
            out.append(('ellipsis', None))
        elif isinstance(k, slice):
            out.append(('slice', k))
        elif _is_int(k):
            # converted to a C long before the dimensions are counted
            out.append(('int', _check_c_long(operator.index(k))))
        elif isinstance(k, (bool, numpy.bool_)):
            out.append(('bool', numpy.asarray(k)))
        elif isinstance(k, core.ndarray):
            out.append(('bool' if k.dtype == numpy.bool_ else 'array', k))
        elif isinstance(k, (numpy.ndarray, list, tuple)):
            h = numpy.asarray(k)
            if h.dtype == numpy.bool_:
                out.append(('bool', h))
            elif h.dtype.kind in 'iu' or h.size == 0:
                out.append(('array', h.astype(numpy.intp, copy=False)))
            else:
                raise IndexError(_INDEX_ERROR)
        else:
            raise IndexError(_INDEX_ERROR)
    for tag, k in out:
        if tag == 'array' and isinstance(k, core.ndarray) and \
                k.dtype.kind not in 'iu':
            raise IndexError('arrays used as indices must be of integer (or '
                             'boolean) type')
    return out


def _consumed(tag, k):
    if tag in ('int', 'slice', 'array'):
        return 1
    if tag == 'bool':
        return k.ndim
    return 0


def _expand(entries, ndim):
    n_ell = sum(1 for t, _ in entries if t == 'ellipsis')
    if n_ell > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(_consumed(t, k) for t, k in entries)
    if used > ndim:
        raise IndexError(
            'too many indices for array: array is {}-dimensional, but {} '
            'were indexed'.format(ndim, used))
    out = []
    for t, k in entries:
        if t == 'ellipsis':
            out.extend([('slice', slice(None))] * (ndim - used))
        else:
            out.append((t, k))
    if not n_ell:
        out.extend([('slice', slice(None))] * (ndim - used))
    return out


def _check_c_long(k):
    """NumPy converts an integer index to a C long first."""
    if k >= 2**63:
        raise OverflowError('Python int too large to convert to C long')
    if k < -2**63:
        raise IndexError('only integers, slices (`:`), ellipsis (`...`), '
                         'numpy.newaxis (`None`) and integer or boolean '
                         'arrays are valid indices')
    return k


def _basic_view(a, entries):
    """The view for entries without arrays; array entries keep their axis
    (as a full slice).  Returns (view, [(axis in view, tag, index) ...])."""
    shape, strides = [], []
    offset = 0
    adv = []
    dim = 0
    for tag, k in entries:
        if tag == 'none':
            shape.append(1)
            strides.append(0)
            continue
        if tag == 'newaxis_array':     # a[True]: a new axis, indexed
            adv.append((len(shape), 'array', k))
            shape.append(1)
            strides.append(0)
            continue
        if tag == 'int':
            n = a.shape[dim]
            i = k + n if k < 0 else k
            if not 0 <= i < n:
                raise IndexError(
                    'index {} is out of bounds for axis {} with size {}'
                    .format(k, dim, n))
            offset += i * a.strides[dim]
            dim += 1
        elif tag == 'slice':
            start, stop, step = k.indices(a.shape[dim])
            n = len(range(start, stop, step))
            if n:
                offset += start * a.strides[dim]
            shape.append(n)
            stride = a.strides[dim] * step
            if n <= 1 and not -2**63 <= stride < 2**63:
                # a huge step on an axis of length 0 or 1 moves nowhere:
                # keep the stride within C's range
                stride = a.strides[dim]
            strides.append(stride)
            dim += 1
        else:          # 'array' or 'bool': keep the axes, index later
            for _ in range(_consumed(tag, k)):
                adv.append((len(shape), tag, k))
                shape.append(a.shape[dim])
                strides.append(a.strides[dim])
                dim += 1
    if 0 in shape:
        offset = 0      # an empty view points nowhere (its buffer may be too)
    return a._view_py(tuple(shape), tuple(strides), offset), adv


def _device_int64(idx, n, axis):
    """An int64 device index array in [0, n) for axis length n."""
    if isinstance(idx, numpy.ndarray):
        if idx.size:
            lo, hi = idx.min(), idx.max()
            bad = lo if lo < -n else (hi if hi >= n else None)
            if bad is not None:
                raise IndexError(
                    'index {} is out of bounds for axis {} with size {}'
                    .format(bad, axis, n))
        idx = numpy.where(idx < 0, idx + n, idx).astype(numpy.int64)
        if idx.ndim == 0:
            out = core._empty((), idx.dtype)
            core._fill(out, idx)
            return out
        return as_array(idx)
    # signed indices may be negative, unsigned ones may reach past n: wrap
    # both (uint64 values of 2**63 and more wrap as their int64 reading),
    # int64 ones straight into a new array, others after a cast
    if idx.size and n == 0:
        raise IndexError('cannot index an axis of size 0 with a device '
                         'index array')
    if idx.dtype == numpy.int64:
        out = core._empty(idx.shape, idx.dtype)
        src = idx
    else:
        out = src = idx.astype(numpy.int64)
    if out.size:
        core._run('wrap_index', (out._as_view(),), (src._as_view(),),
                  {'n': n})
    return out


def _bool_to_int(mask, axes_shape, first_axis):
    """The integer index arrays selecting the True elements of `mask`."""
    if mask.shape != tuple(axes_shape):
        for i, (m, d) in enumerate(zip(mask.shape, axes_shape)):
            if m != d:
                raise IndexError(
                    'boolean index did not match indexed array along axis '
                    '{}; size of axis is {} but size of corresponding boolean '
                    'axis is {}'.format(first_axis + i, d, m))
    if isinstance(mask, numpy.ndarray):
        return [as_array(i.astype(numpy.int64)) for i in mask.nonzero()]
    return list(_routines_sorting.nonzero(mask))


def _prepare_advanced(view, adv):
    """Index arrays (device, int64, broadcast) and the axes they index."""
    axes, arrays = [], []
    i = 0
    while i < len(adv):
        pos, tag, k = adv[i]
        if tag == 'bool':
            nd = k.ndim
            if nd == 0:
                raise AssertionError('0-d masks are turned into axes earlier')
            positions = [adv[i + j][0] for j in range(nd)]
            ints = _bool_to_int(k, [view.shape[p] for p in positions],
                                positions[0])
            axes.extend(positions)
            arrays.extend(ints)
            i += nd
        else:
            axes.append(pos)
            arrays.append(_device_int64(k, view.shape[pos], pos))
            i += 1
    try:
        shape = numpy.broadcast_shapes(*[a.shape for a in arrays])
    except ValueError:
        raise IndexError(
            'shape mismatch: indexing arrays could not be broadcast together '
            'with shapes {}'.format(' '.join(str(a.shape) for a in arrays))
        ) from None
    arrays = [_routines_manipulation.broadcast_to(a, shape)
              if a.shape != shape else a for a in arrays]
    return axes, arrays, tuple(shape)


def _scalar_bools(entries):
    """a[True] / a[False]: a new axis indexed by [0] or []."""
    out = []
    for tag, k in entries:
        if tag == 'bool' and k.ndim == 0:
            out.append(('newaxis_array', numpy.zeros(1 if bool(k) else 0,
                                                     numpy.intp)))
        else:
            out.append((tag, k))
    return out


def _plan(a, key):
    entries = _classify(key)
    has_adv = any(t in ('array', 'bool') for t, _ in entries)
    if has_adv:
        # with arrays present, integers are 0-d index arrays (NumPy)
        entries = [('array', numpy.asarray(k, numpy.intp)) if t == 'int'
                   else (t, k) for t, k in entries]
        entries = _scalar_bools(entries)
    entries = _expand(entries, a.ndim)
    view, adv = _basic_view(a, entries)
    if not adv:
        return view, None
    axes, arrays, bshape = _prepare_advanced(view, adv)
    rest = [i for i in range(view.ndim) if i not in axes]
    moved = view.transpose(axes + rest)
    adjacent = axes == list(range(axes[0], axes[0] + len(axes)))
    return moved, (arrays, bshape, rest, adjacent, axes[0], view)


def _result_axes(nb, nrest, adjacent, first):
    """The permutation from the gathered layout (index dims, then the
    remaining axes) to NumPy's result layout."""
    if not adjacent:
        return None
    order = list(range(nb, nb + first)) + list(range(nb)) + list(
        range(nb + first, nb + nrest))
    return order


def _gather(src, arrays, out_shape):
    """A new array of out_shape: src[arrays...] over src's leading axes
    (the provider's 'take_nd')."""
    out = core._empty(out_shape, src.dtype)
    if out.size:
        core._run('take_nd', (out._as_view(),),
                  (src._as_view(),) + tuple(x._as_view() for x in arrays))
    return out


def _take_first_axis(a, idx):
    """``a[idx]`` for one device integer array of rank >= 1: the common
    gather, without the general planning.  A non-empty int64 index into a
    non-empty axis (the usual case) takes two provider calls straight:
    wrap_index into a new index array, then take_nd (the general helpers
    cost about 1.5 us more per call, issue 9's per-call budget)."""
    n = a.shape[0]
    shape = idx.shape
    if idx.dtype is not _INT64 or not n or not idx.size:
        index = _device_int64(idx, n, 0)
        return _gather(a, (index,), index.shape + a.shape[1:])
    index = core._empty(shape, _INT64)
    iv = index._as_view()
    core._run('wrap_index', (iv,), (idx._as_view(),), {'n': n})
    out = core._empty(shape + a.shape[1:], a.dtype)
    if out.size:
        core._run('take_nd', (out._as_view(),), (a._as_view(), iv))
    return out


def getitem(a, key):
    if (type(key) is core.ndarray and key.dtype.kind in 'iu' and key.ndim
            and a.ndim and key.ndim + a.ndim - 1 <= _MAX_INDEXED
            and a.ndim <= _MAX_INDEXED):
        return _take_first_axis(a, key)
    moved, adv = _plan(a, key)
    if adv is None:
        return moved
    arrays, bshape, rest, adjacent, first, view = adv
    out_shape = bshape + tuple(view.shape[i] for i in rest)
    if _needs_linear(moved, arrays, bshape):
        out = _take_linear(moved, arrays, bshape, out_shape)
    else:
        out = _gather(moved, arrays, out_shape)
    order = _result_axes(len(bshape), len(rest), adjacent, first)
    if order is not None and order != sorted(order):
        # NumPy returns this transposed view too (not a C-ordered copy)
        out = out.transpose(order)
    return out


def _basic_scalar(value, dtype):
    """A NumPy scalar stored through a basic index into a signed integer
    array: NumPy converts it as a C long from a Python int (NaN, infinity
    and values out of range raise), not with the wrapping cast of arrays
    (which it keeps for unsigned arrays)."""
    if (dtype.kind == 'i' and isinstance(value, numpy.generic) and
            value.dtype.kind in 'iuf'):
        v = int(value)
        info = numpy.iinfo(dtype)
        if not info.min <= v <= info.max:
            if not -2**63 <= v < 2**63:
                raise OverflowError('Python int too large to convert to C '
                                    'long')
            raise OverflowError('Python integer {} out of bounds for '
                                '{}'.format(v, dtype))
        return v
    return value


def setitem(a, key, value):
    moved, adv = _plan(a, key)
    if adv is None:
        if isinstance(value, core.ndarray):
            core._copy_to(moved, value)
        elif isinstance(value, numpy.ndarray):
            core._copy_to(moved, as_array(value))
        elif isinstance(value, (list, tuple)):
            # NumPy converts the sequence to the array's dtype (its
            # OverflowError for out-of-range Python ints included)
            core._copy_to(moved, as_array(numpy.asarray(value, a.dtype)))
        else:
            core._fill(moved, _basic_scalar(value, a.dtype))
        return
    arrays, bshape, rest, adjacent, first, view = adv
    target_shape = bshape + tuple(view.shape[i] for i in rest)
    order = _result_axes(len(bshape), len(rest), adjacent, first)
    # the value broadcasts against NumPy's result layout
    if order is not None:
        result_shape = tuple(target_shape[i] for i in order)
    else:
        result_shape = target_shape
    vals = core._empty(result_shape, a.dtype)
    if isinstance(value, core.ndarray):
        core._copy_to(vals, value)
    elif isinstance(value, numpy.ndarray):
        core._copy_to(vals, as_array(value))
    else:
        host = numpy.asarray(value, dtype=a.dtype)
        if host.ndim == 0:
            if vals.size:
                core._fill(vals, host)
        else:
            core._copy_to(vals, as_array(host))
    if order is not None:
        inverse = [0] * len(order)
        for i, o in enumerate(order):
            inverse[o] = i
        vals = vals.transpose(inverse).copy()
    if vals.size == 0:
        return
    if _needs_linear(moved, arrays, bshape):
        _put_linear(moved, arrays, bshape, vals)
        return
    core._run('put_nd', (moved._as_view(),),
              (vals._as_view(),) + tuple(x._as_view() for x in arrays))


# ------------------------------------------- more than 8 indexed axes
# The provider's take_nd/put_nd (aclnnIndex, aclnnIndexPutImpl) take at
# most 8 index arrays and operands of at most 8 dims
# (ACLNN_MAX_DIMS, DESIGN.md "Ascend specifics").  Beyond that the index
# arrays are linearised into one flat int64 index (multiply/add ufuncs on
# the device) over a C-contiguous (K, R) view of the indexed array: K the
# product of the indexed axes, R of the others.

_MAX_INDEXED = 8


def _needs_linear(moved, arrays, bshape):
    return (len(arrays) > _MAX_INDEXED or len(bshape) > _MAX_INDEXED or
            moved.ndim > _MAX_INDEXED or
            len(bshape) + moved.ndim - len(arrays) > _MAX_INDEXED)


def _flat_index(arrays, dims):
    flat = arrays[0]
    for x, d in zip(arrays[1:], dims[1:]):
        flat = ufuncs.add(ufuncs.multiply(flat, d), x)
    return flat.reshape(-1)


def _prod(shape):
    p = 1
    for d in shape:
        p *= d
    return p


def _take_linear(moved, arrays, bshape, out_shape):
    k = len(arrays)
    dims = moved.shape[:k]
    rest = moved.shape[k:]
    out = core._empty((_prod(bshape), _prod(rest)), moved.dtype)
    if out.size:
        src = moved if moved.flags.c_contiguous else moved.copy('C')
        src = src.reshape((_prod(dims), _prod(rest)))
        flat = _flat_index(arrays, dims)
        core._run('take_nd', (out._as_view(),),
                  (src._as_view(), flat._as_view()))
    return out.reshape(out_shape)


def _put_linear(moved, arrays, bshape, vals):
    k = len(arrays)
    dims = moved.shape[:k]
    rest = moved.shape[k:]
    if moved.size == 0:
        return
    tmp = None if moved.flags.c_contiguous else moved.copy('C')
    dst = (moved if tmp is None else tmp).reshape(
        (_prod(dims), _prod(rest)))
    flat = _flat_index(arrays, dims)
    v = vals if vals.flags.c_contiguous else vals.copy('C')
    v = v.reshape((_prod(bshape), _prod(rest)))
    core._run('put_nd', (dst._as_view(),), (v._as_view(), flat._as_view()))
    if tmp is not None:
        core._copy_to(moved, tmp)
