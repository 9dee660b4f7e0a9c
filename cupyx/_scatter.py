"""cupyx.scatter_add: ``a[slices] += value`` where repeated indices add up
(numpy.add.at), on the device through the provider's put_add_nd
(aclnnIndexPutImpl with accumulate=true, ops.md).

Any index NumPy accepts is turned into the flat positions of the targeted
elements (the index applied to an arange over `a`, on the device), so one
accumulate over a flat view does every form of index.  The order in
which duplicates are summed is the device's (floating point sums may
differ from NumPy's sequential order in the last bits).
"""

import numpy

import cupy
from cupy._core import core


def scatter_add(a, slices, value):
    """Add `value` into ``a[slices]``, accumulating repeated indices."""
    if not isinstance(a, core.ndarray):
        raise TypeError('scatter_add: `a` must be a cupy.ndarray')
    if a.dtype == numpy.bool_:
        raise TypeError('scatter_add does not support bool arrays')
    if a.dtype.kind == 'c':
        # the device accumulate has no complex loop: the real and
        # imaginary parts are two real accumulates
        value = cupy.asarray(value).astype(a.dtype)
        scatter_add(a.real, slices, value.real)
        scatter_add(a.imag, slices, value.imag)
        return
    positions = cupy.arange(a.size, dtype=numpy.int64).reshape(a.shape)
    positions = positions[slices]
    value = cupy.asarray(value)
    if value.dtype != a.dtype:
        value = value.astype(a.dtype)   # CuPy casts values to a's dtype
    value = cupy.ascontiguousarray(
        cupy.broadcast_to(value, positions.shape)).reshape(-1)
    positions = cupy.ascontiguousarray(positions).reshape(-1)
    if positions.size == 0:
        return
    target = a if a.flags.c_contiguous else a.copy()
    flat = target.reshape(-1)
    core._run('put_add_nd', (flat._as_view(),),
              (value._as_view(), positions._as_view()))
    if target is not a:
        a[...] = target
