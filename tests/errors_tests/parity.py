"""Run one call against NumPy and this library and compare: the same
exception class, or the same value, dtype and shape."""

import warnings

import numpy

import cupy


def _outcome(xp, fn):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            r = fn(xp)
        except Exception as e:          # the class is what is compared
            return 'raise', type(e), str(e)
    if isinstance(r, tuple):
        return 'value', tuple(_host(x) for x in r), None
    return 'value', _host(r), None


def _host(x):
    if isinstance(x, cupy.ndarray):
        return x.get()
    return x


def _exception_class(kind):
    # NumPy's ufunc type errors and AxisError are subclasses of TypeError
    # and ValueError/IndexError; the library may raise the base class
    for base in (numpy.exceptions.AxisError, TypeError, ValueError,
                 IndexError, OverflowError, KeyError, ZeroDivisionError):
        if issubclass(kind, base):
            return base
    return kind


def assert_same(fn):
    """``fn(xp)`` behaves alike for xp = numpy and xp = cupy."""
    want = _outcome(numpy, fn)
    got = _outcome(cupy, fn)
    assert want[0] == got[0], 'numpy: {}, cupy: {}'.format(want, got)
    if want[0] == 'raise':
        assert _exception_class(got[1]) is _exception_class(want[1]), \
            'numpy raised {!r}, cupy {!r}'.format(want[1:], got[1:])
        return
    w, g = want[1], got[1]
    if not isinstance(w, tuple):
        w, g = (w,), (g,)
    for a, b in zip(w, g):
        a, b = numpy.asarray(a), numpy.asarray(b)
        assert a.dtype == b.dtype, (a.dtype, b.dtype)
        assert a.shape == b.shape, (a.shape, b.shape)
        numpy.testing.assert_array_equal(a, b)
