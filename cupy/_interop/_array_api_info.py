"""``cupy.__array_namespace_info__()``: the array API standard's inspection
object (2023.12 and later): capabilities, devices and default dtypes.
https://data-apis.org/array-api/2024.12/API_specification/inspection.html
"""

import numpy

# every dtype the standard names, by kind; all of them are device dtypes here
_DTYPES = {
    'bool': ('bool',),
    'signed integer': ('int8', 'int16', 'int32', 'int64'),
    'unsigned integer': ('uint8', 'uint16', 'uint32', 'uint64'),
    'real floating': ('float32', 'float64'),
    'complex floating': ('complex64', 'complex128'),
}
_GROUPS = {
    'integral': ('signed integer', 'unsigned integer'),
    'numeric': ('signed integer', 'unsigned integer', 'real floating',
                'complex floating'),
}


class __array_namespace_info__:
    """What this namespace supports (``cupy.__array_namespace_info__()``)."""

    __module__ = 'cupy'

    def capabilities(self):
        return {
            'boolean indexing': True,
            'data-dependent shapes': True,
            # NumPy's limit: dimensions past the device's tensor rank
            # (8 on Ascend, DESIGN.md) are folded or copied by the core
            'max dimensions': 64,
        }

    def default_device(self):
        from cupy.xpu.device import Device
        return Device()

    def devices(self):
        from cupy.xpu.device import Device
        from cupy.xpu import runtime
        return [Device(i) for i in range(runtime.getDeviceCount())]

    def default_dtypes(self, *, device=None):
        self._check_device(device)
        return {
            'real floating': numpy.dtype(numpy.float64),
            'complex floating': numpy.dtype(numpy.complex128),
            'integral': numpy.dtype(numpy.intp),
            'indexing': numpy.dtype(numpy.intp),
        }

    def dtypes(self, *, device=None, kind=None):
        self._check_device(device)
        if kind is None:
            kinds = tuple(_DTYPES)
        elif isinstance(kind, tuple):
            kinds = ()
            for k in kind:
                kinds += _GROUPS.get(k, (k,))
        else:
            kinds = _GROUPS.get(kind, (kind,))
        out = {}
        for k in kinds:
            if k not in _DTYPES:
                raise ValueError('unknown dtype kind {!r}'.format(k))
            for name in _DTYPES[k]:
                out[name] = numpy.dtype(name)
        return out

    def _check_device(self, device):
        if device is not None and device not in self.devices():
            raise ValueError('{!r} is not a device of this namespace'.format(
                device))
