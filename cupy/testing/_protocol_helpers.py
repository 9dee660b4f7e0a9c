"""Stand-in objects for tests of the array-exchange protocols: one that
offers ``__cuda_array_interface__`` (built from a device array or from
explicit fields) and one that offers ``__cupy_get_ndarray__``."""

import cupy

max_cuda_array_interface_version = 3


class DummyObjectWithCudaArrayInterface:
    """An object whose only array face is ``__cuda_array_interface__``.

    ``a`` is a device array, or a tuple (shape, strides, typestr, descr,
    data pointer); ``include_strides`` True/None/False writes the strides,
    None, or nothing for C-contiguous data; ``mask`` and ``stream`` fill
    those fields."""

    def __init__(self, a, ver=3, include_strides=False, mask=None,
                 stream=None):
        if ver not in range(max_cuda_array_interface_version + 1):
            raise ValueError('unknown interface version {}'.format(ver))
        self.a = a if isinstance(a, cupy.ndarray) else None
        if self.a is None:
            (self.shape, self.strides, self.typestr, self.descr,
             self.data) = a
        self.ver = ver
        self.include_strides = include_strides
        self.mask = mask
        self.stream = stream

    def _fields(self):
        if self.a is not None:
            a = self.a
            return (a.shape, a.strides, a.dtype.str, a.dtype.descr,
                    a.data.ptr, a.flags.c_contiguous)
        return (self.shape, self.strides, self.typestr, self.descr,
                self.data, True)

    @property
    def __cuda_array_interface__(self):
        shape, strides, typestr, descr, ptr, c_contig = self._fields()
        desc = {'shape': shape, 'typestr': typestr, 'descr': descr,
                'data': (ptr, False), 'version': self.ver}
        if not c_contig:
            desc['strides'] = strides
        elif self.include_strides is True:
            desc['strides'] = strides
        elif self.include_strides is None:
            desc['strides'] = None
        if self.mask is not None:
            desc['mask'] = self.mask
        if self.stream is not None:
            # the stream's handle (0 for the null stream: this backend has
            # no legacy/per-thread stream constants)
            desc['stream'] = self.stream.ptr
        return desc


class DummyObjectWithCuPyGetNDArray:
    """An object that stands for the device array it returns from
    ``__cupy_get_ndarray__``."""

    def __init__(self, a):
        self.a = a

    def __cupy_get_ndarray__(self):
        return self.a
