"""Selecting elements: take, take_along_axis, choose, compress, extract,
diagonal.  take, choose and compress are the array core's routines
(cupy/_core/_routines_indexing.py)."""

import numpy

from cupy._core import _shape
from cupy._core import core
from cupy._core._routines_indexing import choose  # NOQA
from cupy._core._routines_indexing import compress
from cupy._core._routines_indexing import take  # NOQA
from cupy._creation.from_data import asarray


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
