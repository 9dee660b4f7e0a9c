"""The only contact points between cupy.testing and the array library:
``cupy.ndarray`` (to recognise device arrays) and ``cupy.asnumpy`` (to
bring them to the host).  Looked up at call time, so that cupy.testing
imports while the array library is incomplete and tests can substitute
them."""

import numpy


def device_array_type():
    """``cupy.ndarray``, or None while the array library lacks it."""
    import cupy
    return getattr(cupy, 'ndarray', None)


def is_device_array(x):
    t = device_array_type()
    return t is not None and isinstance(x, t)


def to_host(x):
    """A device array as a NumPy array; lists and tuples element-wise;
    anything else unchanged (NumPy's assertions take array-likes)."""
    if is_device_array(x):
        import cupy
        return cupy.asnumpy(x)
    if isinstance(x, (list, tuple)):
        return type(x)(to_host(e) for e in x)
    return x


def to_host_array(x):
    """Like :func:`to_host`, always returning a numpy.ndarray."""
    return numpy.asarray(to_host(x))
