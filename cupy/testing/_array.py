"""NumPy's array assertions, accepting cupy.ndarray as well.

Device arrays are copied to the host with ``cupy.asnumpy`` and compared
with ``numpy.testing``; the messages are NumPy's.
"""

import numpy

from cupy.testing._host import to_host


def _np_testing():
    # Imported when first used: numpy.testing costs ~20 ms of the import
    # of cupy, which imports cupy.testing.
    import numpy.testing
    return numpy.testing


def _strict_kwargs(strict):
    # ``strict`` is newer than some supported NumPy versions: only pass it
    # when asked for.
    return {'strict': True} if strict else {}


def assert_allclose(actual, desired, rtol=1e-7, atol=0, equal_nan=True,
                    err_msg='', verbose=True, *, strict=False):
    """Raises an AssertionError if two objects are not equal up to the
    tolerance ``|actual - desired| <= atol + rtol * |desired|``.

    Args:
        actual (numpy.ndarray or cupy.ndarray): The actual object to check.
        desired (numpy.ndarray or cupy.ndarray): The expected object.
        rtol (float): Relative tolerance.
        atol (float): Absolute tolerance.
        equal_nan (bool): If True, NaNs compare equal.
        err_msg (str): The error message to be printed in case of failure.
        verbose (bool): If True, the conflicting values are appended to
            the error message.
        strict (bool): If True, shapes and dtypes must match too.

    .. seealso:: :func:`numpy.testing.assert_allclose`
    """
    _np_testing().assert_allclose(
        to_host(actual), to_host(desired), rtol=rtol, atol=atol,
        equal_nan=equal_nan, err_msg=err_msg, verbose=verbose,
        **_strict_kwargs(strict))


def assert_array_almost_equal(actual, desired, decimal=6, err_msg='',
                              verbose=True):
    """Raises an AssertionError if two objects are not equal up to
    ``decimal`` decimals.

    .. seealso:: :func:`numpy.testing.assert_array_almost_equal`
    """
    _np_testing().assert_array_almost_equal(
        to_host(actual), to_host(desired), decimal=decimal,
        err_msg=err_msg, verbose=verbose)


def assert_array_almost_equal_nulp(x, y, nulp=1):
    """Compares two arrays relative to their spacing (units in the last
    place).

    .. seealso:: :func:`numpy.testing.assert_array_almost_equal_nulp`
    """
    _np_testing().assert_array_almost_equal_nulp(
        to_host(x), to_host(y), nulp=nulp)


def assert_array_max_ulp(a, b, maxulp=1, dtype=None):
    """Checks that all items of two arrays differ by at most ``maxulp``
    units in the last place.

    .. seealso:: :func:`numpy.testing.assert_array_max_ulp`
    """
    _np_testing().assert_array_max_ulp(
        to_host(a), to_host(b), maxulp=maxulp, dtype=dtype)


def _strides(x):
    strides = getattr(x, 'strides', None)
    if strides is None:
        strides = numpy.asarray(x).strides
    return tuple(strides)


def assert_array_equal(actual, desired, err_msg='', verbose=True, *,
                       strict=False, strides_check=False):
    """Raises an AssertionError if two array_like objects are not equal.

    Args:
        actual (numpy.ndarray or cupy.ndarray): The actual object to check.
        desired (numpy.ndarray or cupy.ndarray): The expected object.
        err_msg (str): The error message to be printed in case of failure.
        verbose (bool): If True, the conflicting values are appended to
            the error message.
        strict (bool): If True, shapes and dtypes must match too.
        strides_check (bool): If True, the strides (in bytes) must match
            too.

    .. seealso:: :func:`numpy.testing.assert_array_equal`
    """
    _np_testing().assert_array_equal(
        to_host(actual), to_host(desired), err_msg=err_msg,
        verbose=verbose, **_strict_kwargs(strict))
    if strides_check:
        x_strides = _strides(actual)
        y_strides = _strides(desired)
        if x_strides != y_strides:
            lines = ['Strides are not equal:' +
                     (' ' + err_msg if err_msg else '')]
            if verbose:
                lines.append(' x: {}'.format(x_strides))
                lines.append(' y: {}'.format(y_strides))
            raise AssertionError('\n'.join(lines))


def assert_array_list_equal(xlist, ylist, err_msg='', verbose=True):
    """Compares two lists (or two tuples) of arrays pairwise with
    :func:`assert_array_equal`.

    The containers must be of the same type (both lists or both tuples)
    and length; each element may be a numpy.ndarray or a cupy.ndarray.
    """
    if type(xlist) is not type(ylist):
        raise AssertionError(
            'Matching types of list or tuple are expected, but were '
            'different types (xlist:{} ylist:{})'.format(
                type(xlist), type(ylist)))
    if not isinstance(xlist, (list, tuple)):
        raise AssertionError(
            'List or tuple is expected, but was {}'.format(type(xlist)))
    if len(xlist) != len(ylist):
        raise AssertionError(
            'List size is different ({} != {})'.format(
                len(xlist), len(ylist)))
    for x, y in zip(xlist, ylist):
        _np_testing().assert_array_equal(
            to_host(x), to_host(y), err_msg=err_msg, verbose=verbose)


def assert_array_less(x, y, err_msg='', verbose=True, *, strict=False):
    """Raises an AssertionError unless ``x < y`` element-wise.

    .. seealso:: :func:`numpy.testing.assert_array_less`
    """
    _np_testing().assert_array_less(
        to_host(x), to_host(y), err_msg=err_msg, verbose=verbose,
        **_strict_kwargs(strict))
