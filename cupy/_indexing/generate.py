"""Index arrays: indices, ix_, diag_indices, diag_indices_from,
mask_indices, tril_indices, triu_indices and their _from forms."""

import numpy

from cupy._core import _dtype
from cupy._core import core
from cupy._creation.from_data import asarray


def indices(dimensions, dtype=int, sparse=False):
    """The grid of indices of an array of shape ``dimensions``: one array
    of shape ``(len(dimensions),) + dimensions`` (or, ``sparse``, one
    broadcastable array per axis)."""
    from cupy._creation.ranges import arange
    dimensions = tuple(dimensions)
    n = len(dimensions)
    dt = _dtype.get_dtype(dtype)
    out = [] if sparse else core._empty((n,) + dimensions, dt)
    for i, dim in enumerate(dimensions):
        idx = arange(dim, dtype=dt).reshape(
            (1,) * i + (dim,) + (1,) * (n - i - 1))
        if sparse:
            out.append(idx)
        elif out.size:
            core._copy_to(out[i], idx)
    return tuple(out) if sparse else out


def ix_(*args):
    """Open-mesh index arrays from 1-d sequences (boolean ones through
    their nonzero positions)."""
    from cupy._sorting import search
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        new = new if isinstance(new, core.ndarray) else asarray(new)
        if new.ndim != 1:
            raise ValueError('Cross index must be 1 dimensional')
        if new.size == 0 and new.dtype.kind not in 'iu':
            new = new.astype(numpy.intp)
        if new.dtype == numpy.bool_:
            new = search.nonzero(new)[0]
        elif new.dtype.kind not in 'iu':
            raise ValueError('Cross index must be 1 dimensional')
        out.append(new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an n x ... x n array: the same
    ``arange(n)`` ``ndim`` times."""
    from cupy._creation.ranges import arange
    idx = arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    """``diag_indices`` for ``arr``, whose dimensions must be equal."""
    if not isinstance(arr, core.ndarray):
        arr = asarray(arr)
    if arr.ndim < 2:
        raise ValueError('input array must be at least 2-d')
    if len(set(arr.shape)) != 1:
        raise ValueError('All dimensions of input must be of equal length')
    return diag_indices(arr.shape[0], arr.ndim)


def mask_indices(n, mask_func, k=0):
    """The indices where ``mask_func(ones((n, n)), k)`` is nonzero (for
    example ``mask_func=cupy.triu``)."""
    from cupy._creation.basic import ones
    from cupy._sorting import search
    return search.nonzero(mask_func(ones((n, n), int), k))


def tril_indices(n, k=0, m=None):
    """The indices of the lower triangle of an n x m array."""
    from cupy._creation.matrix import tri
    from cupy._sorting import search
    return search.nonzero(tri(n, m, k=k, dtype=bool))


def triu_indices(n, k=0, m=None):
    """The indices of the upper triangle of an n x m array."""
    from cupy._creation.basic import ones
    from cupy._creation.matrix import triu
    from cupy._sorting import search
    return search.nonzero(triu(ones((n, n if m is None else m), bool), k))


def tril_indices_from(arr, k=0):
    """``tril_indices`` for the 2-d ``arr``."""
    if arr.ndim != 2:
        raise ValueError('input array must be 2-d')
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    """``triu_indices`` for the 2-d ``arr``."""
    if arr.ndim != 2:
        raise ValueError('input array must be 2-d')
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def _dims_tuple(dims):
    if isinstance(dims, (int, numpy.integer)):
        dims = (dims,)
    out = []
    for d in dims:
        if isinstance(d, (core.ndarray, float, numpy.floating)) or \
                isinstance(d, (bool, numpy.bool_)):
            raise TypeError("'{}' object cannot be interpreted as an "
                            'integer'.format(type(d).__name__))
        out.append(int(d.__index__() if hasattr(d, '__index__') else d))
    return tuple(out)


def _device_int_index(x, what):
    """A device integer index array as int64 (TypeError like NumPy for
    other kinds)."""
    if x.dtype.kind == 'b' or x.dtype.kind not in 'iu':
        if x.dtype.kind == 'b':
            return x.astype(numpy.int64)
        raise TypeError('only int indices permitted')
    return x.astype(numpy.int64, copy=False)


def unravel_index(indices, shape, order='C'):
    """The coordinate arrays (intp) of flat ``indices`` into an array of
    ``shape`` (``numpy.unravel_index``).

    Host indices are converted by NumPy (its errors exactly).  Device
    indices stay on the device; the bounds check (ValueError like NumPy)
    reads one flag back, a synchronisation.
    """
    import cupy
    if order is None:
        order = 'C'   # NumPy's default for None
    if order not in ('C', 'F'):
        raise ValueError("only 'C' or 'F' order is permitted")
    if not isinstance(indices, core.ndarray):
        res = numpy.unravel_index(indices, shape, order=order)
        return tuple(_upload(r) for r in res)
    dims = _dims_tuple(shape)
    if any(d < 0 for d in dims):
        raise ValueError('dimensions must be non-negative')
    idx = _device_int_index(indices, 'unravel_index')
    size = 1
    for d in dims:
        size *= d
    if idx.size:
        bad = cupy.logical_or(idx < 0, idx >= size).any()
        if bool(bad):
            # the first bad value, as NumPy reports it (the error path
            # only)
            flat = idx.ravel().get()
            b = flat[(flat < 0) | (flat >= size)][0]
            raise ValueError('index {} is out of bounds for array with '
                             'size {}'.format(b, size))
    out = [None] * len(dims)
    axes = range(len(dims) - 1, -1, -1) if order == 'C' else range(len(dims))
    rest = idx
    for ax in axes:
        d = dims[ax]
        if d == 0:
            out[ax] = core._empty(idx.shape, numpy.dtype(numpy.intp))
            continue
        out[ax] = cupy.remainder(rest, d).astype(numpy.intp, copy=False)
        rest = cupy.floor_divide(rest, d)
    return tuple(out)


def _upload(h):
    import cupy
    h = numpy.asarray(h)
    if h.ndim == 0:
        out = core._empty((), h.dtype)
        core._fill(out, h)
        return out
    return cupy.asarray(h)


def ravel_multi_index(multi_index, dims, mode='raise', order='C'):
    """Flat indices (intp) of the coordinate arrays ``multi_index`` into an
    array of shape ``dims`` (``numpy.ravel_multi_index``); ``mode`` is
    'raise', 'wrap' or 'clip', or one of them per dimension.

    Host coordinates are converted by NumPy (its errors exactly).  Device
    coordinates stay on the device, and for 'raise' are wrapped into range
    like CuPy does (checking them would synchronise).
    """
    import cupy
    from cupy._core import _routines_indexing
    if not any(isinstance(x, core.ndarray) for x in multi_index):
        return _upload(numpy.ravel_multi_index(
            tuple(multi_index), dims, mode=mode, order=order))
    dims = _dims_tuple(dims)
    if len(multi_index) != len(dims):
        raise ValueError('parameter multi_index must be a sequence of '
                         'length {}'.format(len(dims)))
    if order is None:
        order = 'C'   # NumPy's default for None
    if order not in ('C', 'F'):
        raise ValueError("only 'C' or 'F' order is permitted")
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    if len(modes) != len(dims):
        raise ValueError('parameter mode must be a sequence of length '
                         '{}'.format(len(dims)))
    for m in modes:
        _routines_indexing.check_mode(m)
    size = 1
    for d in dims:
        if d < 0:
            raise ValueError('dimensions must be non-negative')
        size *= d
    if size > numpy.iinfo(numpy.intp).max:
        raise ValueError('invalid dims: array size defined by dims is '
                         'larger than the maximum possible size.')
    coords = []
    for x in multi_index:
        if not isinstance(x, core.ndarray):
            h = numpy.asarray(x)
            if h.dtype.kind not in 'iu' and not (h.size == 0 and
                                                 h.dtype.kind == 'f'):
                raise TypeError('only int indices permitted')
            x = _upload(h.astype(numpy.int64))
        elif x.dtype.kind not in 'iu':
            raise TypeError('only int indices permitted')
        coords.append(x.astype(numpy.int64, copy=False))
    shape = numpy.broadcast_shapes(*[c.shape for c in coords])
    if 0 in dims and int(numpy.prod(shape)) != 0:
        raise ValueError('cannot unravel if shape has zero entries (is '
                         'empty).')
    for i, (c, d, m) in enumerate(zip(coords, dims, modes)):
        if d == 0:
            continue
        if m == 'clip':
            coords[i] = cupy.clip(c, 0, d - 1)
        else:
            coords[i] = cupy.remainder(c, d)
    axes = range(len(dims)) if order == 'C' else range(len(dims) - 1, -1,
                                                        -1)
    flat = None
    for ax in axes:
        c = coords[ax]
        flat = c if flat is None else cupy.add(
            cupy.multiply(flat, dims[ax]), c)
    if flat is None:
        flat = core._empty(shape, numpy.dtype(numpy.intp))
        core._fill(flat, numpy.asarray(0, numpy.intp))
    flat = cupy.broadcast_to(flat, shape)
    return flat.astype(numpy.intp, copy=True)


class AxisConcatenator:
    """Index-syntax concatenation (``r_[a, b, 0]``): arrays and scalars are
    joined along ``axis`` after being given ``ndmin`` dimensions (arrays of
    fewer dimensions placed as ``trans1d`` says, as NumPy's).  Slices
    (``r_[0:1:5j]``) and string directives are not supported
    (NotImplementedError), as in CuPy."""

    def __init__(self, axis=0, matrix=False, ndmin=1, trans1d=-1):
        if matrix:
            raise NotImplementedError('matrix output is not supported')
        self.axis = axis
        self.ndmin = ndmin
        self.trans1d = trans1d

    def _as_array(self, item):
        import cupy
        arr = cupy.array(item, copy=None, ndmin=self.ndmin)
        item_ndim = item.ndim if isinstance(item, core.ndarray) else \
            numpy.ndim(item)
        if self.trans1d != -1 and item_ndim < self.ndmin:
            k2 = self.ndmin - item_ndim
            k1 = self.trans1d
            if k1 < 0:
                k1 += k2 + 1
            axes = list(range(self.ndmin))
            arr = arr.transpose(axes[:k1] + axes[k2:] + axes[k1:k2])
        return arr

    def __getitem__(self, key):
        import cupy
        if not isinstance(key, tuple):
            key = (key,)
        arrays = []
        dtype_objs = []
        for item in key:
            if isinstance(item, slice):
                raise NotImplementedError(
                    'slices in r_/c_ are not supported')
            if isinstance(item, str):
                raise NotImplementedError(
                    'string directives in r_/c_ are not supported')
            if not isinstance(item, core.ndarray) and numpy.ndim(item) == 0:
                dtype_objs.append(item)
            arr = self._as_array(item)
            if isinstance(item, core.ndarray) or numpy.ndim(item) != 0:
                dtype_objs.append(arr.dtype)
            arrays.append(arr)
        if not arrays:
            return cupy.array([])
        final = numpy.result_type(*dtype_objs)
        arrays = [a if a.dtype == final else a.astype(final)
                  for a in arrays]
        return cupy.concatenate(arrays, axis=self.axis)

    def __len__(self):
        return 0


class CClass(AxisConcatenator):
    """``c_[a, b]``: concatenation along the last axis, 1-d inputs as
    columns."""

    def __init__(self):
        super().__init__(-1, ndmin=2, trans1d=0)


class RClass(AxisConcatenator):
    """``r_[a, b]``: concatenation along the first axis."""

    def __init__(self):
        super().__init__()


c_ = CClass()
r_ = RClass()
