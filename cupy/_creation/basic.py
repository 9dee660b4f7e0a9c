"""empty, zeros, ones, full and their _like forms."""

import numpy

from cupy._core import _dtype
from cupy._core import _layout
from cupy._core import _shape
from cupy._core import core
from cupy._core._routines_creation import device_scope


def _shape_tuple(shape):
    if shape is None:
        # NumPy 2.3's message
        raise TypeError('Use () not None as shape arguments')
    return tuple(_shape.int_sequence(shape))


def _check_subok(subok):
    if subok:
        raise TypeError('subok=True is not supported: cupy arrays have no '
                        'subclasses')


def _order(order):
    # NumPy's empty/zeros/ones/full: 'C' or 'F' (lower case too); 'A' and
    # 'K' are known orders that these routines do not take.
    order = _layout.check_order(order, 'C')
    if order not in ('C', 'F'):
        raise ValueError("only 'C' or 'F' order is permitted")
    return order


# The common call (issue 9's per-call cost): a shape of non-negative
# Python ints (or one int), C order, the current device, a dtype seen
# before: no argument checks beyond those, the dtype object from a table.
_DTYPES = {}


def _common_call(shape, dtype, order, device):
    """(shape tuple, numpy.dtype) for the common call, else None."""
    if device is not None or order != 'C':
        return None
    if type(shape) is int:
        if shape < 0:
            return None
        shape = (shape,)
    elif type(shape) is tuple:
        for d in shape:
            if type(d) is not int or d < 0:
                return None
    else:
        return None
    try:
        dt = _DTYPES.get(dtype)
    except TypeError:           # an unhashable dtype argument
        return None
    if dt is None:
        dt = _dtype.get_dtype(float if dtype is None else dtype)
        if len(_DTYPES) < 256:
            _DTYPES[dtype] = dt
    return shape, dt


def empty(shape, dtype=float, order='C', *, device=None):
    """An uninitialised array (on ``device``, default the current one)."""
    common = _common_call(shape, dtype, order, device)
    if common is not None:
        return core._empty(common[0], common[1])
    shape = _shape_tuple(shape)
    if any(d < 0 for d in shape):
        raise ValueError('negative dimensions are not allowed')
    dt = _dtype.get_dtype(float if dtype is None else dtype)
    order = _order(order)
    with device_scope(device):
        return core._empty(shape, dt, order)


def zeros(shape, dtype=float, order='C', *, device=None):
    common = _common_call(shape, dtype, order, device)
    if common is not None:
        a = core._empty(common[0], common[1])
        core._fill(a, 0)
        return a
    with device_scope(device):
        a = empty(shape, dtype, order)
        core._fill(a, 0)
    return a


def ones(shape, dtype=float, order='C', *, device=None):
    with device_scope(device):
        a = empty(shape, dtype, order)
        core._fill(a, 1)
    return a


def _cast_fill_value(fill_value, dtype):
    """``fill_value`` converted to ``dtype`` as numpy.full converts it (an
    unsafe cast, with NumPy's OverflowError for Python integers out of
    range and its ComplexWarning / invalid-value RuntimeWarning): a NumPy
    scalar or array on the host, or a device array cast on the device."""
    if isinstance(fill_value, core.ndarray):
        return fill_value
    v = numpy.asarray(fill_value)
    out = numpy.empty(v.shape, dtype)
    numpy.copyto(out, fill_value, casting='unsafe')
    return out


def full(shape, fill_value, dtype=None, order='C', *, device=None):
    """An array of ``fill_value`` (its NumPy dtype when dtype is None),
    cast unsafely to ``dtype`` as numpy.full does; an array fill_value
    is broadcast."""
    if dtype is None:
        if isinstance(fill_value, core.ndarray):
            dtype = fill_value.dtype
        else:
            dtype = numpy.asarray(fill_value).dtype
    with device_scope(device):
        a = empty(shape, dtype, order)
        core._fill(a, _cast_fill_value(fill_value, a.dtype))
    return a


def _like(a, dtype, order, shape):
    """A new uninitialised array shaped and laid out like ``a`` (NumPy's
    *_like rules: 'K' keeps the order of a's strides)."""
    if not isinstance(a, core.ndarray):
        # NumPy's *_like take any array-like as the prototype
        from cupy._creation.from_data import asarray
        a = asarray(a)
    dt = None if dtype is None else _dtype.get_dtype(dtype)
    if shape is not None:
        shape = _shape_tuple(shape)
        if any(d < 0 for d in shape):
            raise ValueError('negative dimensions are not allowed')
    return _layout.empty_like(a, dt, order, shape)


def empty_like(prototype, dtype=None, order='K', subok=None, shape=None, *,
               device=None):
    _check_subok(subok)
    with device_scope(device):
        return _like(prototype, dtype, order, shape)


def zeros_like(a, dtype=None, order='K', subok=None, shape=None, *,
               device=None):
    _check_subok(subok)
    with device_scope(device):
        out = _like(a, dtype, order, shape)
        core._fill(out, 0)
    return out


def ones_like(a, dtype=None, order='K', subok=None, shape=None, *,
              device=None):
    _check_subok(subok)
    with device_scope(device):
        out = _like(a, dtype, order, shape)
        core._fill(out, 1)
    return out


def full_like(a, fill_value, dtype=None, order='K', subok=None, shape=None,
              *, device=None):
    _check_subok(subok)
    with device_scope(device):
        out = _like(a, dtype, order, shape)
        core._fill(out, _cast_fill_value(fill_value, out.dtype))
    return out
