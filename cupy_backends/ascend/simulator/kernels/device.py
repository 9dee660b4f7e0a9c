"""What every kernel family of the simulator shares: the device fault and
the device's cast."""

import numpy


class DeviceFault(Exception):
    """What real hardware would turn into an AI-core fault (an index out of
    range, ...): the runner counts it as a sanitizer error, and the next
    synchronize reports ACL_ERROR_RT_AICORE_EXCEPTION (507015)."""


def assign(dst, src):
    """``dst[...] = src`` (broadcast) with the device's cast semantics.

    ops.md section 4 (aclnnCast): float -> integer turns NaN into 0.  Other
    out-of-range values keep NumPy's result; NumPy's warnings are silenced,
    as a device cast raises none.
    """
    dk, sk = dst.dtype.kind, src.dtype.kind
    if dst.dtype == src.dtype:
        numpy.copyto(dst, src)
        return
    if sk == 'c' and dk in 'iuf':
        src = src.real   # complex -> real keeps the real part
        sk = 'f'
    with numpy.errstate(all='ignore'):
        numpy.copyto(dst, src, casting='unsafe')
        if sk == 'f' and dk in 'iu':
            # NaN -> 0 written over the cast (no temporary of src's size)
            numpy.copyto(dst, 0, where=numpy.isnan(src))
