"""ndarray.byteswap on the device: the element bytes reversed through a
uint8 view (no provider operator: a strided copy is all it takes)."""

import numpy

_UINT8 = numpy.dtype(numpy.uint8)


def _parts_view(a):
    """`a` as uint8 of shape a.shape + (parts, part_bytes): one part per
    real number (two for a complex element, which NumPy swaps per part)."""
    size = a.dtype.itemsize
    part = size // 2 if a.dtype.kind == 'c' else size
    return a._view_py(a.shape + (size // part, part),
                      a.strides + (part, 1), 0, _UINT8), part


def byteswap(a, inplace=False):
    target = a if inplace else a.copy()
    bytes_view, part = _parts_view(target)
    if part > 1 and target.size:
        bytes_view[...] = bytes_view[..., ::-1].copy()
    return target
