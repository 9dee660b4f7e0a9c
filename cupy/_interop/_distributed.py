"""Our serialiser for ``distributed`` (Dask's cluster scheduler).

distributed registers, lazily for a module named ``cupy``, serialisers
that read ``__cuda_array_interface__`` and CUDA buffers (numba or rmm):
CUDA internals that NPU memory does not have.  We register our own under
the same lazy key through distributed's public ``register_lazy``, so its
CUDA ones never load: an array travels as its host bytes (one frame) with
dtype, shape and strides, and comes back on the receiver's current device.

Registration runs when ``cupy`` is imported into a process that already
has ``distributed.protocol`` (workers: unpickling a task imports cupy), or
later, when ``distributed.protocol`` is imported after ``cupy`` (a small
import hook).
"""

import importlib.abc
import importlib.util
import sys

import numpy

_TARGET = 'distributed.protocol'


def serialize(x):
    host = x.get(order='A' if x.flags.f_contiguous else 'C')
    order = 'F' if (host.flags.f_contiguous and
                    not host.flags.c_contiguous) else 'C'
    header = {'dtype': host.dtype.str, 'shape': host.shape, 'order': order,
              'device': x.device.id}
    data = host.ravel(order='K')
    return header, [memoryview(data.view(numpy.uint8))]


def deserialize(header, frames):
    from cupy._core import _transfer
    (frame,) = frames
    host = numpy.frombuffer(frame, dtype=numpy.dtype(header['dtype']))
    host = host.reshape(header['shape'], order=header['order'])
    return _transfer.from_host(host)


def _register_ndarray():
    from distributed.protocol.serialize import (
        dask_serialize, dask_deserialize)
    from cupy._core.core import ndarray
    dask_serialize.register(ndarray, serialize)
    dask_deserialize.register(ndarray, deserialize)


def _nothing():
    pass


def register():
    """Put our serialiser in place of distributed's CUDA one."""
    from distributed.protocol.cuda import cuda_serialize, cuda_deserialize
    from distributed.protocol.serialize import (
        dask_serialize, dask_deserialize)
    for dispatch in (dask_serialize, dask_deserialize):
        dispatch.register_lazy('cupy', _register_ndarray)
        dispatch.register_lazy('cupyx', _nothing)
    for dispatch in (cuda_serialize, cuda_deserialize):
        # the "cuda" family (UCX comms) moves CUDA buffers: none of ours
        dispatch.register_lazy('cupy', _nothing)
        dispatch.register_lazy('cupyx', _nothing)
    _register_ndarray()


class _Hook(importlib.abc.MetaPathFinder):
    """Calls register() once distributed.protocol has been imported."""

    def find_spec(self, name, path, target=None):
        if name != _TARGET:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        exec_module = loader.exec_module

        def exec_and_register(module):
            exec_module(module)
            register()
        loader.exec_module = exec_and_register
        return spec


def install():
    if _TARGET in sys.modules:
        register()
    elif not any(isinstance(f, _Hook) for f in sys.meta_path):
        sys.meta_path.insert(0, _Hook())
