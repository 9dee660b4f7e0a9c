"""The core's side of interoperability (issue 20): NEP 18 dispatch, the
array API standard's ``__array_namespace__``/``to_device``, and
``ndarray.dump``.

NEP 18 needs the public namespace to find ``cupy.<function>``: the core
never imports it (DESIGN.md "Layers"); it reads the loaded module, which
exists once any array does.
"""

import os
import pickle
import sys

import numpy

from cupy._core import core

ARRAY_API_VERSION = '2024.12'
_MISSING = object()


def _public():
    return sys.modules['cupy']


def _cupy_function(func):
    module = _public()
    # numpy.linalg.norm has __module__ 'numpy.linalg': walk 'linalg'
    for part in func.__module__.split('.')[1:]:
        module = getattr(module, part, None)
        if module is None:
            return _MISSING
    return getattr(module, func.__name__, _MISSING)


def array_function(func, types, args, kwargs):
    for t in types:
        # NEP 18: leave unknown array types to their own implementation
        if not issubclass(t, (core.ndarray, numpy.ndarray)):
            return NotImplemented
    cupy_func = _cupy_function(func)
    if cupy_func is _MISSING or not callable(cupy_func):
        return NotImplemented
    if cupy_func is func:
        # a NumPy function that cupy re-exports (result_type, can_cast,
        # iscomplexobj ...): NumPy's implementation reads only dtypes and
        # shapes, so run it without dispatching again
        return func._implementation(*args, **kwargs)
    return cupy_func(*args, **kwargs)


def array_gufunc(ufunc, method, inputs, kwargs):
    """NEP 13 for NumPy's generalised ufuncs (``numpy.matmul``,
    ``numpy.vecdot`` ...): cupy has them as functions of the same name."""
    func = getattr(_public(), ufunc.__name__, None)
    if method != '__call__' or func is None:
        return NotImplemented
    out = kwargs.get('out')
    if isinstance(out, tuple):      # NumPy hands ``out`` over as a tuple
        if len(out) != 1:
            return NotImplemented
        kwargs = dict(kwargs, out=out[0])
    return func(*inputs, **kwargs)


def dump(a, file):
    if isinstance(file, (str, bytes, os.PathLike)):
        with open(file, 'wb') as f:
            pickle.dump(a, f, protocol=2)
    else:
        pickle.dump(a, file, protocol=2)


# the versions whose namespace this one serves (the standard's releases)
_VERSIONS = ('2021.12', '2022.12', '2023.12', '2024.12')


def namespace(api_version):
    if api_version is not None and api_version not in _VERSIONS:
        raise ValueError(
            'Only these versions of the array API standard are supported: '
            '{}; got {!r}'.format(', '.join(_VERSIONS), api_version))
    return _public()


def _device_id(device):
    from cupy.xpu.device import Device
    if isinstance(device, Device):
        return device.id
    raise ValueError('{!r} is not a device of this namespace: use one of '
                     'cupy.__array_namespace_info__().devices()'
                     .format(device))


def to_device(a, device, stream):
    """``a`` on ``device`` (a copy through the host when it is another
    device: peer copies do not exist yet, see TODO.md)."""
    dev = _device_id(device)
    if stream is not None:
        raise ValueError('to_device: the stream argument is not supported')
    if dev == a.data.device_id:
        return a
    from cupy.xpu.device import Device
    host = a.get()
    with Device(dev):
        out = core.ndarray(a.shape, a.dtype)
        out.set(host)
    return out


