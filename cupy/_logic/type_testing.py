"""Type tests: isscalar, isfortran, iscomplex, isreal, iscomplexobj,
isrealobj.  The *obj forms and isfortran read only the dtype or flags;
iscomplex/isreal of a device array are elementwise on the device."""

import numpy

from cupy._core import core


def isscalar(element):
    """True when ``element`` is a scalar type (``numpy.isscalar``); a
    0-d cupy array is not a scalar."""
    return numpy.isscalar(element)


def isfortran(a):
    """True when ``a`` is Fortran-contiguous and not C-contiguous
    (``numpy.isfortran``)."""
    return bool(a.flags.f_contiguous and not a.flags.c_contiguous)


def iscomplex(x):
    """Elementwise: the imaginary part is nonzero (``numpy.iscomplex``).
    Host values give NumPy's answer, as a device array for sequences."""
    if numpy.isscalar(x):
        return numpy.iscomplex(x)
    if not isinstance(x, core.ndarray):
        from cupy._creation.from_data import asarray
        return asarray(numpy.iscomplex(x))
    if x.dtype.kind == 'c':
        return x.imag != 0
    from cupy._creation.basic import zeros
    return zeros(x.shape, bool)


def isreal(x):
    """Elementwise: the imaginary part is zero (``numpy.isreal``)."""
    if numpy.isscalar(x):
        return numpy.isreal(x)
    if not isinstance(x, core.ndarray):
        from cupy._creation.from_data import asarray
        return asarray(numpy.isreal(x))
    if x.dtype.kind == 'c':
        return x.imag == 0
    from cupy._creation.basic import ones
    return ones(x.shape, bool)


def iscomplexobj(x):
    """True when ``x`` has a complex dtype (``numpy.iscomplexobj``)."""
    if isinstance(x, core.ndarray):
        return x.dtype.kind == 'c'
    return numpy.iscomplexobj(x)


def isrealobj(x):
    """True when ``x`` has no complex dtype (``numpy.isrealobj``)."""
    return not iscomplexobj(x)
