"""Arrays from data, in the array core: ``array`` and ``asarray`` with
NumPy's rules (copy, order, ndmin, the ``device=`` keyword), used by the
core's own routines and re-exported by ``cupy/_creation``."""

import contextlib

import numpy

from cupy._core import _array_interface
from cupy._core import _dtype
from cupy._core import _layout
from cupy._core import _transfer
from cupy._core import core
from cupy.xpu import device as _device


def device_scope(device):
    """A context in which ``device`` (None, a Device or a device number) is
    current; ValueError for anything else, as NumPy says for devices it
    does not know."""
    if device is None:
        return contextlib.nullcontext()
    if isinstance(device, _device.Device):
        return device
    if isinstance(device, (int, numpy.integer)) and not isinstance(
            device, (bool, numpy.bool_)):
        return _device.Device(int(device))
    raise ValueError(
        'Device not understood: pass a cupy.cuda.Device, a device number '
        'or None, not {!r}'.format(device))


def array(obj, dtype=None, copy=True, order='K', subok=False, ndmin=0):
    """A device array from ``obj`` (a cupy or NumPy array, nested lists,
    a scalar), on the current device.

    ``copy`` as NumPy 2: True always copies, None copies only when needed
    (another dtype or layout), False raises ValueError when a copy is
    needed (always for host data).  ``order`` ('K' keeps the order of
    ``obj``'s strides) and ``ndmin`` (prepended length-1 axes) as NumPy.
    """
    order = _layout.check_order(order, 'K')
    if isinstance(obj, core.ndarray):
        a = _from_device_array(obj, dtype, copy, order)
    elif isinstance(obj, (list, tuple)) and _has_device_array(obj):
        from cupy._core import _routines_manipulation
        a = _routines_manipulation.stack(
            [array(o, dtype, True, 'K') for o in obj])
        if dtype is not None:
            a = a.astype(dtype, copy=False)
        # a new array from a sequence: NumPy lays it out in C order unless
        # order='F' (also for 'A' and 'K': a list has no layout to keep)
        want = 'F' if order in ('F', 'f') else 'C'
        if not (a.flags.c_contiguous if want == 'C'
                else a.flags.f_contiguous):
            a = a.copy(want)
    elif _array_interface.stands_for_device_array(obj):
        a = _from_device_array(_array_interface.to_device_array(obj),
                               dtype, copy, order)
    else:
        if copy is False:
            raise ValueError('Unable to avoid copy while creating an array '
                             'from host data.')
        if dtype is not None:
            _dtype.get_dtype(dtype)     # a dtype cupy has, before NumPy's
        host = numpy.asarray(obj, dtype=dtype)
        a = _transfer.from_host(host, None, order)
    ndmin = int(ndmin)
    if ndmin > a.ndim:
        a = _prepend_ones(a, ndmin, order)
    return a


def _from_device_array(obj, dtype, copy, order):
    dt = obj.dtype if dtype is None else _dtype.get_dtype(dtype)
    if copy is not True and dt == obj.dtype and _order_ok(obj, order):
        return obj
    if copy is False:
        raise ValueError('Unable to avoid copy while creating an array as '
                         'requested.')
    # a copy on the current device (from obj's device if it differs)
    out = _layout.empty(obj.shape, dt, _layout.layout_of(obj, order))
    core._copy_to(out, obj)
    return out


def _order_ok(a, order):
    """Whether ``a`` has the layout that ``order`` asks for (NumPy: 'A'
    and 'K' take any layout)."""
    if order == 'C':
        return a.flags.c_contiguous
    if order == 'F':
        return a.flags.f_contiguous
    return True


def _prepend_ones(a, ndmin, order):
    """``a`` with length-1 axes in front up to ``ndmin`` dimensions, with
    the strides NumPy gives them (the itemsize for Fortran layouts, else
    the extent of the first axis)."""
    k = ndmin - a.ndim
    if a.ndim == 0 or order == 'F' or (
            order in ('A', 'K') and _layout.is_fortran(a)):
        lead = a.itemsize
    else:
        lead = a.shape[0] * a.strides[0]
    return a._view_py((1,) * k + a.shape, (lead,) * k + a.strides, 0)


def _has_device_array(seq):
    for o in seq:
        t = type(o)
        if t is float or t is int or t is complex or t is bool:
            continue        # the common case, checked cheaply
        if isinstance(o, core.ndarray) or \
                _array_interface.stands_for_device_array(o):
            return True
        if isinstance(o, (list, tuple)) and _has_device_array(o):
            return True
    return False


def asarray(a, dtype=None, order=None, *, device=None, copy=None,
            blocking=False):
    """``array(a, dtype, copy=copy, order=order)`` on ``device`` (default:
    the current one): no copy unless needed, as NumPy 2's asarray.  An
    array of another device is copied to ``device`` when one is given."""
    with device_scope(device):
        if (device is not None and isinstance(a, core.ndarray) and
                a.data.device_id != _device.get_device_id()):
            if copy is False:
                raise ValueError('Unable to avoid copy while creating an '
                                 'array on another device.')
            copy = True
        return array(a, dtype, copy=copy, order=order)


def index_range(n):
    """The int64 array [0, 1, ..., n - 1] on the device (the provider's
    'arange'): ``cupy.arange(n)`` without its argument handling."""
    out = core._empty((n,), numpy.dtype(numpy.int64))
    if n:
        core._run('arange', (out._as_view(),), (), {'start': 0, 'delta': 1})
    return out
