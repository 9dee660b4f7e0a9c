"""packbits / unpackbits on the device: bits are weighted and summed
(packing) or shifted and masked (unpacking); no host loop."""

import operator

import numpy

import cupy
from cupy._core import core

_UINT8 = numpy.dtype(numpy.uint8)


def _weights(bitorder):
    if bitorder not in ('big', 'little'):
        raise ValueError("'order' must be either 'little' or 'big'")
    shifts = numpy.arange(8, dtype=numpy.uint8)
    return shifts[::-1].copy() if bitorder == 'big' else shifts


def _prepare(a, axis, bitorder):
    """`a` on the device, the bit shifts of `bitorder` and the axis
    (None: `a` flattened, axis 0)."""
    a = a if isinstance(a, core.ndarray) else cupy.asarray(a)
    shifts = cupy.asarray(_weights(bitorder))
    if axis is None:
        return a.ravel(), shifts, 0
    return a, shifts, numpy.lib.array_utils.normalize_axis_index(
        operator.index(axis), a.ndim)


def packbits(a, axis=None, bitorder='big'):
    """Pack the truth of each element into bits of uint8, 8 per byte, the
    last byte padded with zero bits."""
    a, shifts, axis = _prepare(a, axis, bitorder)
    if a.dtype.kind not in 'biu':
        raise TypeError(
            'Expected an input array of integer or boolean data type')
    bits = cupy.moveaxis(a != 0, axis, -1).astype(_UINT8)
    n = bits.shape[-1]
    pad = -n % 8
    if pad:
        bits = cupy.concatenate(
            [bits, cupy.zeros(bits.shape[:-1] + (pad,), _UINT8)], axis=-1)
    bits = bits.reshape(bits.shape[:-1] + ((n + pad) // 8, 8))
    packed = (bits << shifts).sum(axis=-1, dtype=_UINT8)
    return cupy.moveaxis(packed, -1, axis)


def unpackbits(a, axis=None, count=None, bitorder='big'):
    """Unpack each uint8 into 8 elements of 0/1 (uint8); ``count`` keeps
    that many (pads with zeros past the end; negative drops from it)."""
    a, shifts, axis = _prepare(a, axis, bitorder)
    if a.dtype != _UINT8:
        raise TypeError(
            'Expected an input array of unsigned byte data type')
    moved = cupy.moveaxis(a, axis, -1)
    bits = (moved[..., None] >> shifts) & 1
    bits = bits.reshape(moved.shape[:-1] + (moved.shape[-1] * 8,))
    if count is not None:
        count = operator.index(count)
        n = bits.shape[-1]
        if count < 0:
            if -count > n:
                raise ValueError('-count larger than number of elements')
            bits = bits[..., :n + count]
        elif count <= n:
            bits = bits[..., :count]
        else:
            bits = cupy.concatenate(
                [bits, cupy.zeros(bits.shape[:-1] + (count - n,), _UINT8)],
                axis=-1)
    return cupy.ascontiguousarray(cupy.moveaxis(bits, -1, axis))
