"""Selecting elements: take, take_along_axis, choose, compress, extract,
diagonal."""

import numpy

from cupy._core import _shape
from cupy._core import core
from cupy._creation.from_data import asarray
from cupy._indexing import _index


def take(a, indices, axis=None, out=None, mode='wrap'):
    """Elements of ``a`` at ``indices`` along ``axis`` (flattened when
    None).

    ``mode``: 'raise' (NumPy's default), 'wrap' (CuPy's default) or
    'clip'.  Indices on the host are checked or mapped exactly as NumPy
    does; indices on the device are clipped on the device for 'clip' and
    wrapped, as CuPy does, for 'raise' too (checking them would
    synchronise).
    """
    a = asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _shape.normalize_axis(axis, a.ndim)
    idx, scalar = _index.positions(
        indices, a.shape[axis], mode, axis, 'cupy.take',
        'cannot do a non-empty take from an empty axes.')
    key = (slice(None),) * axis
    if scalar and not isinstance(idx, core.ndarray):
        result = a[key + (int(idx),)].copy()
    else:
        result = a[key + (idx,)]
        if not result.flags.c_contiguous:
            # numpy.take's result is a new C-contiguous array; indexing
            # may lay it out otherwise
            result = result.copy('C')
    if out is None:
        return result
    if not isinstance(out, core.ndarray):
        raise TypeError('output must be a cupy.ndarray')
    if out.shape != result.shape:
        raise ValueError('output array does not match result of '
                         'ndarray.take')
    core._copy_to(out, result)
    return out


def _along_axis_key(shape, indices, axis):
    """The fancy index selecting ``indices`` along ``axis`` and every
    position along the other axes (device aranges, broadcast)."""
    from cupy._creation.ranges import arange
    nd = len(shape)
    key = []
    for i in range(nd):
        if i == axis:
            key.append(indices)
        else:
            r = arange(shape[i])
            key.append(r.reshape((1,) * i + (shape[i],) +
                                 (1,) * (nd - i - 1)))
    return tuple(key)


def _check_along_axis(arr, indices, axis):
    if not isinstance(indices, core.ndarray):
        indices = asarray(indices)
    if indices.dtype.kind not in 'iu':
        raise IndexError('`indices` must be an integer array')
    if axis is None:
        if indices.ndim != 1:
            raise ValueError(
                'when axis=None, `indices` must have a single dimension.')
        return arr.reshape(-1), indices, 0
    axis = _shape.normalize_axis(axis, arr.ndim)
    if indices.ndim != arr.ndim:
        raise ValueError(
            '`indices` and `arr` must have the same number of dimensions')
    return arr, indices, axis


def take_along_axis(arr, indices, axis=-1):
    """``arr`` picked at ``indices`` along ``axis`` (the form argsort and
    argpartition return), every other axis matched position by
    position."""
    arr = asarray(arr)
    arr, indices, axis = _check_along_axis(arr, indices, axis)
    return arr[_along_axis_key(arr.shape, indices, axis)]


def choose(a, choices, out=None, mode='raise'):
    """``choices[a[i]][i]`` for each position i, the arrays broadcast
    together.

    Indices on the host are checked or mapped as NumPy does; indices on
    the device are wrapped ('raise' and 'wrap') or clipped ('clip').
    """
    _index.check_mode(mode)
    if isinstance(choices, core.ndarray):
        choices = [choices[i] for i in range(choices.shape[0])]
    choices = [asarray(c) for c in choices]
    n = len(choices)
    if n == 0:
        raise ValueError('0-length sequence.')
    if isinstance(a, core.ndarray):
        if not numpy.can_cast(a.dtype, numpy.intp, 'safe'):
            raise TypeError(
                'Cannot cast array data from {!r} to dtype(\'int64\') '
                "according to the rule 'safe'".format(a.dtype))
        idx = _index.device_positions(a, mode, 'cupy.choose', n)
    else:
        h = numpy.asarray(a)
        if not numpy.can_cast(h.dtype, numpy.intp, 'safe'):
            raise TypeError(
                'Cannot cast array data from {!r} to dtype(\'int64\') '
                "according to the rule 'safe'".format(h.dtype))
        h = h.astype(numpy.intp)
        if mode == 'raise':
            if h.size and (h.min() < 0 or h.max() >= n):
                raise ValueError('invalid entry in choice array')
        idx = _index.normalize_host(h, n, mode if mode != 'raise' else
                                    'wrap', 0, '')
    shape = numpy.broadcast_shapes(idx.shape, *[c.shape for c in choices])
    dt = numpy.result_type(*[c.dtype for c in choices])
    stacked = core._empty((n,) + tuple(shape), dt)
    for i, c in enumerate(choices):
        core._copy_to(stacked[i], c)
    size = 1
    for d in shape:
        size *= d
    if isinstance(idx, core.ndarray):
        flat_idx = core._broadcast_to(idx, tuple(shape)).reshape(-1)
    else:
        flat_idx = numpy.broadcast_to(idx, shape).reshape(-1)
    from cupy._creation.ranges import arange
    result = stacked.reshape(n, size)[flat_idx, arange(size)]
    result = result.reshape(shape)
    if out is None:
        return result
    if out.shape != result.shape:
        raise ValueError('output array does not match result of '
                         'ndarray.choose')
    core._copy_to(out, result)
    return out


def _bool_mask(condition, n):
    """A device bool mask of length n from 1-d ``condition`` (nonzero is
    True; shorter is padded with False).  IndexError like NumPy when a
    True lies beyond n."""
    cond = condition if isinstance(condition, core.ndarray) else asarray(
        condition)
    if cond.ndim != 1:
        raise ValueError('condition must be a 1-d array')
    if cond.shape[0] > n:
        from cupy._sorting import search
        beyond = search.flatnonzero(cond[n:])
        if beyond.size:
            raise IndexError(
                'index {} is out of bounds for axis {} with size {}'.format(
                    n + int(beyond[:1].get()[0]), '{axis}', n))
        cond = cond[:n]
    mask = core._empty((n,), numpy.dtype(numpy.bool_))
    if cond.shape[0] < n:
        core._fill(mask[cond.shape[0]:], False)
    if cond.shape[0]:
        core._copy_to(mask[:cond.shape[0]], cond)
    return mask


def compress(condition, a, axis=None, out=None):
    """The slices of ``a`` along ``axis`` where ``condition`` (1-d) is
    nonzero.  Synchronises: the size depends on the data."""
    a = asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    else:
        axis = _shape.normalize_axis(axis, a.ndim)
    try:
        mask = _bool_mask(condition, a.shape[axis])
    except IndexError as e:
        raise IndexError(str(e).replace('{axis}', str(axis))) from None
    result = a[(slice(None),) * axis + (mask,)]
    if out is None:
        return result
    if out.shape != result.shape:
        raise ValueError('output array does not match result of '
                         'ndarray.compress')
    core._copy_to(out, result)
    return out


def extract(condition, arr):
    """The elements of ``arr`` (flattened) where ``condition`` (flattened)
    is nonzero."""
    cond = condition if isinstance(condition, core.ndarray) else asarray(
        condition)
    return compress(cond.ravel(), asarray(arr).ravel())


def diagonal(a, offset=0, axis1=0, axis2=1):
    """A view of the diagonal of ``a`` (the last axis of the result walks
    along it)."""
    return _shape.diagonal(asarray(a), offset, axis1, axis2)


def select(condlist, choicelist, default=0):
    """``choicelist[i]`` where ``condlist[i]`` is the first True condition,
    ``default`` where none is (``numpy.select``), on the device."""
    import cupy
    if len(condlist) != len(choicelist):
        raise ValueError(
            'list of cases must be same length as list of conditions')
    if len(condlist) == 0:
        raise ValueError('select with an empty condition list is not '
                         'possible')
    # Python scalars stay weak for the result dtype (NumPy 2's NEP 50)
    choices = [c if type(c) in (int, float, complex) or isinstance(
        c, core.ndarray) else numpy.asarray(c) for c in choicelist]
    choices.append(default if type(default) in (int, float, complex) or
                   isinstance(default, core.ndarray)
                   else numpy.asarray(default))
    try:
        dtype = numpy.result_type(*[
            c.dtype if isinstance(c, core.ndarray) else c for c in choices])
    except TypeError as e:
        raise TypeError('Choicelist and default value do not have a common '
                        'dtype: {}'.format(e)) from None
    conds = [c if isinstance(c, core.ndarray) else asarray(c)
             for c in condlist]
    for i, c in enumerate(conds):
        if c.dtype != numpy.bool_:
            raise TypeError(
                'invalid entry {} in condlist: should be boolean ndarray'
                .format(i))
    shapes = [numpy.shape(c) for c in conds]
    cshapes = [numpy.shape(c) for c in choices]
    cshape = numpy.broadcast_shapes(*cshapes)
    shape = numpy.broadcast_shapes(*shapes)
    if cshape:
        shape = numpy.broadcast_shapes(shape, cshape)
    result = core._empty(shape, _dtype_of(dtype))
    last = choices[-1]
    if isinstance(last, core.ndarray):
        core._copy_to(result, cupy.broadcast_to(last, cshape)
                      if last.shape != cshape else last)
    elif numpy.ndim(last) == 0:
        core._fill(result, numpy.asarray(last).astype(dtype))
    else:
        core._copy_to(result, asarray(numpy.broadcast_to(
            numpy.asarray(last).astype(dtype), cshape)))
    for choice, cond in zip(choices[-2::-1], conds[::-1]):
        if isinstance(choice, core.ndarray):
            c = choice.astype(dtype, copy=False)
        elif numpy.ndim(choice) == 0:
            c = numpy.asarray(choice).astype(dtype)[()]
        else:
            c = asarray(numpy.asarray(choice).astype(dtype))
        result = cupy.where(cond, c, result)
        if result.dtype != dtype:
            result = result.astype(dtype)
    if result.shape != shape:
        result = cupy.broadcast_to(result, shape).copy()
    return result


def _dtype_of(dt):
    from cupy._core import _dtype
    return _dtype.get_dtype(dt)
