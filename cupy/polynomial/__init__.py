"""``numpy.polynomial``'s power series on the device (the
``polynomial`` and ``polyutils`` modules, as CuPy has them)."""

from cupy.polynomial import polynomial  # NOQA
from cupy.polynomial import polyutils  # NOQA
