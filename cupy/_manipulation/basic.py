"""copyto: copy values into an existing array, with NumPy's casting
rules and an optional ``where`` mask."""

import numpy

from cupy._core import core
from cupy._core._dtype import check_casting
from cupy._creation.from_data import asarray


def copyto(dst, src, casting='same_kind', where=True):
    """Copy ``src`` (broadcast) into ``dst`` where ``where`` is True,
    casting under ``casting``.

    A ``where`` array selects the elements through boolean indexing, which
    synchronises once to count them.
    """
    if not isinstance(dst, core.ndarray):
        raise TypeError('copyto() argument 1 must be cupy.ndarray, not {}'
                        .format(type(dst).__name__))
    check_casting(casting)
    if isinstance(src, core.ndarray):
        if not numpy.can_cast(src.dtype, dst.dtype, casting):
            raise TypeError(
                'Cannot cast array data from {!r} to {!r} according to the '
                'rule {!r}'.format(src.dtype, dst.dtype, casting))
    elif isinstance(src, (bool, int, float, complex)):
        # NumPy's rules for Python scalars (weak dtypes, range checks),
        # applied on the host to the one value
        value = numpy.empty((), dst.dtype)
        numpy.copyto(value, src, casting=casting)
        src = value
    else:
        host = numpy.asarray(src)
        if not numpy.can_cast(host.dtype, dst.dtype, casting):
            raise TypeError(
                'Cannot cast {} from {!r} to {!r} according to the rule {!r}'
                .format('scalar' if host.ndim == 0 else 'array data',
                        host.dtype, dst.dtype, casting))
        src = asarray(host)
    if isinstance(where, (int, float, complex, numpy.number)):
        # NumPy takes a scalar mask's truth value (no 'safe' cast check)
        where = bool(where)
    if isinstance(where, (bool, numpy.bool_)):
        if not where:
            core._broadcast_to(asarray(src), dst.shape)   # shape check
            return
        if isinstance(src, numpy.ndarray):
            core._fill(dst, src)
        else:
            core._copy_to(dst, src)
        return
    mask = where if isinstance(where, core.ndarray) else asarray(where)
    if mask.dtype != numpy.bool_:
        if not numpy.can_cast(mask.dtype, numpy.bool_, 'safe'):
            raise TypeError(
                "Cannot cast array data from {!r} to dtype('bool') according "
                "to the rule 'safe'".format(mask.dtype))
    mask = core._broadcast_to(mask, dst.shape)
    values = core._broadcast_to(asarray(src), dst.shape)
    if dst.ndim == 0:
        dst, mask, values = dst[None], mask[None], values[None]
    dst[mask] = values[mask]
