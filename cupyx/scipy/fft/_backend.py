"""``scipy.fft``'s backend protocol (uarray): with
``scipy.fft.set_backend(cupyx.scipy.fft)`` SciPy hands its calls on
device arrays to this package."""

__ua_domain__ = 'numpy.scipy.fft'


def __ua_function__(method, args, kwargs):
    from cupyx.scipy import fft as _fft
    fn = getattr(_fft, method.__name__, None)
    if fn is None:
        return NotImplemented
    return fn(*args, **kwargs)


def __ua_convert__(dispatchables, coerce, ):
    # device arrays pass as they are; anything else is not ours
    from cupy._core import core
    out = []
    for d in dispatchables:
        if isinstance(d.value, core.ndarray) or d.value is None:
            out.append(d.value)
        elif coerce:
            from cupy._core._operands import as_array
            out.append(as_array(d.value))
        else:
            return NotImplemented
    return out
