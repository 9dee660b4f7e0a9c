"""Decorators that run a test with CuPy and with NumPy and compare, and
decorators that loop a test over dtypes and memory orders.

A ``numpy_cupy_*`` decorator calls the test twice, first with
``xp=cupy`` and then with ``xp=numpy`` (the keyword is ``name``), and
compares what the two calls returned or raised.  The keyword arguments it
supplies are removed from the signature pytest sees, so that pytest does
not look for fixtures of those names.
"""

import functools
import inspect
import itertools
import os
import random
import traceback
import warnings

import numpy

from cupy.testing import _array
from cupy.testing._host import is_device_array, to_host_array
from cupy.testing._pytest_impl import skip_classes


# ------------------------------------------------------- dtypes and orders

_regular_float_dtypes = (numpy.float64, numpy.float32)
_float_dtypes = _regular_float_dtypes + (numpy.float16,)
_signed_dtypes = tuple(numpy.dtype(c).type for c in 'bhilq')
_unsigned_dtypes = tuple(numpy.dtype(c).type for c in 'BHILQ')
_int_dtypes = _signed_dtypes + _unsigned_dtypes
_int_bool_dtypes = _int_dtypes + (numpy.bool_,)
_complex_dtypes = (numpy.complex64, numpy.complex128)
_regular_dtypes = _regular_float_dtypes + _int_bool_dtypes
_dtypes = _float_dtypes + _int_bool_dtypes


# ------------------------------------------------------------- signatures

def _wraps_partial(wrapped, *names):
    """functools.wraps, and a signature without the parameters ``names``
    (the decorator supplies them, pytest must not see them as fixtures).
    """
    names = [n for n in names if n]

    def decorator(impl):
        impl = functools.wraps(wrapped)(impl)
        try:
            sig = inspect.signature(wrapped)
        except (TypeError, ValueError):
            return impl
        params = [p for p in sig.parameters.values() if p.name not in names]
        try:
            impl.__signature__ = sig.replace(parameters=params)
        except ValueError:
            # Removing a parameter cannot normally make a signature
            # invalid; if it does, fall back to giving them defaults.
            impl.__signature__ = inspect.signature(
                functools.partial(wrapped, **{n: None for n in names}))
        return impl
    return decorator


def _wraps_partial_xp(wrapped, name, sp_name=None, scipy_name=None):
    return _wraps_partial(wrapped, name, sp_name, scipy_name)


# -------------------------------------------------------- calling the test

def _call_func(impl, args, kw):
    """(result, error) of ``impl(*args, **kw)``.

    An error raised by the call itself (no frame of ``impl`` was entered,
    e.g. an unexpected keyword argument) is a mistake in the test, not a
    result: it propagates.
    """
    # pytest's Skipped derives from BaseException, not Exception.
    try:
        result = impl(*args, **kw)
    except (Exception,) + skip_classes() as e:
        if e.__traceback__.tb_next is None:
            raise
        return None, e
    return result, None


def _cupy_modules(name, sp_name, scipy_name):
    import cupy
    kw = {name: cupy}
    if sp_name:
        import cupyx.scipy.sparse
        kw[sp_name] = cupyx.scipy.sparse
    if scipy_name:
        import cupyx.scipy
        kw[scipy_name] = cupyx.scipy
    return kw


def _numpy_modules(name, sp_name, scipy_name):
    kw = {name: numpy}
    if sp_name:
        import scipy.sparse
        kw[sp_name] = scipy.sparse
    if scipy_name:
        import scipy
        kw[scipy_name] = scipy
    return kw


def _call_func_cupy(impl, args, kw, name, sp_name, scipy_name):
    kw = dict(kw)
    kw.update(_cupy_modules(name, sp_name, scipy_name))
    return _call_func(impl, args, kw)


def _call_func_numpy(impl, args, kw, name, sp_name, scipy_name):
    kw = dict(kw)
    kw.update(_numpy_modules(name, sp_name, scipy_name))
    return _call_func(impl, args, kw)


def _call_func_numpy_cupy(impl, args, kw, name, sp_name, scipy_name):
    # CuPy first, then NumPy.
    cupy_result, cupy_error = _call_func_cupy(
        impl, args, kw, name, sp_name, scipy_name)
    numpy_result, numpy_error = _call_func_numpy(
        impl, args, kw, name, sp_name, scipy_name)
    return cupy_result, cupy_error, numpy_result, numpy_error


# ------------------------------------------------------------------ errors

def _numpy_errors():
    """The public error classes a CuPy function must raise exactly when
    NumPy does (membership in each must agree)."""
    exceptions = getattr(numpy, 'exceptions', None)
    axis_error = getattr(exceptions, 'AxisError', None) or numpy.AxisError
    return (AttributeError, IndexError, NotImplementedError, TypeError,
            ValueError, axis_error, numpy.linalg.LinAlgError)


def _check_numpy_cupy_error_compatible(cupy_error, numpy_error):
    """True when the two errors are alike up to NumPy's public error
    classes: for each of them, both are instances or neither is.  So an
    AxisError (both a ValueError and an IndexError) only matches an
    AxisError, and two errors of unrelated private classes match."""
    return all(isinstance(cupy_error, cls) == isinstance(numpy_error, cls)
               for cls in _numpy_errors())


def _format_error(error):
    return ''.join(traceback.format_exception(
        type(error), error, error.__traceback__))


def _fail_with_errors(headline, cupy_error, numpy_error):
    lines = [headline, '']
    if cupy_error is not None:
        lines += ['cupy', _format_error(cupy_error)]
    if numpy_error is not None:
        lines += ['numpy', _format_error(numpy_error)]
    cause = cupy_error if cupy_error is not None else numpy_error
    raise AssertionError('\n'.join(lines)) from cause


def _check_cupy_numpy_error(cupy_error, numpy_error, accept_error=False):
    """Decide what two calls that raised (either or both) mean.

    Both skipped for the same reason: the test is skipped.  Otherwise the
    test passes only when both raised, the errors are compatible and both
    are instances of ``accept_error`` (True: any Exception; False/None: no
    error is acceptable; a class or a tuple of classes).
    """
    skip = skip_classes()
    if isinstance(cupy_error, skip) and isinstance(numpy_error, skip):
        if type(cupy_error) is not type(numpy_error):
            raise AssertionError(
                'Both numpy and cupy were skipped but with different '
                'exceptions.')
        if cupy_error.args != numpy_error.args:
            raise AssertionError(
                'Both numpy and cupy were skipped but with different '
                'causes.')
        raise numpy_error

    if accept_error is True:
        accept_error = Exception
    elif not accept_error:
        accept_error = ()

    if cupy_error is None and numpy_error is None:
        raise AssertionError(
            'Both cupy and numpy are expected to raise errors, but not')
    if cupy_error is None:
        _fail_with_errors('Only numpy raises error', None, numpy_error)
    if numpy_error is None:
        _fail_with_errors('Only cupy raises error', cupy_error, None)
    if not _check_numpy_cupy_error_compatible(cupy_error, numpy_error):
        _fail_with_errors('Different types of errors occurred',
                          cupy_error, numpy_error)
    if not (isinstance(cupy_error, accept_error)
            and isinstance(numpy_error, accept_error)):
        _fail_with_errors('Both cupy and numpy raise exceptions',
                          cupy_error, numpy_error)


# ----------------------------------------------------------------- results

def _is_scipy_sparse(x):
    try:
        import scipy.sparse
    except ImportError:
        return False
    return scipy.sparse.issparse(x)


def _convert_output_to_ndarray(c_out, n_out, sp_name, check_sparse_format):
    """The pair of array-likes to compare for one CuPy and one NumPy
    result; AssertionError when their kinds do not correspond."""
    if is_device_array(c_out) and isinstance(
            n_out, (numpy.ndarray, numpy.generic)):
        return c_out, n_out
    import cupy
    cupy_poly1d = getattr(cupy, 'poly1d', None)
    if (cupy_poly1d is not None and isinstance(c_out, cupy_poly1d)
            and isinstance(n_out, numpy.poly1d)):
        if c_out.variable != n_out.variable:
            raise AssertionError(
                'poly1d variables differ: cupy {!r}, numpy {!r}'.format(
                    c_out.variable, n_out.variable))
        return c_out.coeffs, n_out.coeffs
    if (sp_name is not None and _is_scipy_sparse(n_out)
            and hasattr(c_out, 'toarray') and hasattr(c_out, 'format')):
        if check_sparse_format and c_out.format != n_out.format:
            raise AssertionError(
                'The formats of the sparse matrices differ: cupy {}, '
                'numpy {}'.format(c_out.format, n_out.format))
        return c_out.toarray(), n_out.toarray()
    if isinstance(c_out, numpy.generic) and isinstance(n_out, numpy.generic):
        return c_out, n_out
    if numpy.isscalar(c_out) and numpy.isscalar(n_out):
        # Python scalars are compared as 0-d arrays (their default dtypes).
        return numpy.array(c_out), numpy.array(n_out)
    raise AssertionError(
        'numpy and cupy returns different type of return value:\n'
        'cupy: {}\nnumpy: {}'.format(type(c_out), type(n_out)))


def _as_sequence(result):
    if isinstance(result, (tuple, list)):
        return tuple(result)
    return (result,)


def _is_dtype_like_type(value):
    return isinstance(value, numpy.dtype) or (
        isinstance(value, type) and issubclass(value, numpy.generic))


def _contains_signed_and_unsigned(kw):
    """True when the keyword arguments of a test hold an unsigned dtype
    together with a signed integer or float dtype."""
    kinds = set()
    for value in kw.values():
        if _is_dtype_like_type(value):
            kinds.add(numpy.dtype(value).kind)
    return 'u' in kinds and bool(kinds & {'i', 'f'})


def _make_positive_masks(impl, args, kw, name, sp_name, scipy_name):
    """Masks of the elements that are valid to compare when a test mixes
    unsigned with signed dtypes: a negative value converted to an unsigned
    type differs between CPU and device, so the test is run again (on the
    device) with each unsigned dtype replaced by numpy.intp, and only the
    elements that came out non-negative are compared."""
    kw = dict(kw)
    for key, value in kw.items():
        if _is_dtype_like_type(value) and numpy.dtype(value).kind == 'u':
            kw[key] = numpy.intp
    result, error = _call_func_cupy(impl, args, kw, name, sp_name,
                                    scipy_name)
    if isinstance(error, skip_classes()):
        # The replaced dtypes make the test skip itself (it checks them,
        # e.g. with numpy.can_cast): the case is skipped, as CuPy does.
        raise error
    if error is not None:
        raise AssertionError(
            'The test mixes signed and unsigned dtypes; running it again '
            'with the unsigned dtypes replaced by numpy.intp (to find the '
            'elements to compare) failed:\n' + _format_error(error)
        ) from error
    return [to_host_array(r) >= 0 for r in _as_sequence(result)]


def _make_decorator(check_func, name, type_check, contiguous_check,
                    accept_error, sp_name=None, scipy_name=None,
                    check_sparse_format=True):
    def decorator(impl):
        @_wraps_partial_xp(impl, name, sp_name, scipy_name)
        def test_func(*args, **kw):
            cupy_result, cupy_error, numpy_result, numpy_error = (
                _call_func_numpy_cupy(impl, args, kw, name, sp_name,
                                      scipy_name))
            if cupy_error is not None or numpy_error is not None:
                _check_cupy_numpy_error(cupy_error, numpy_error,
                                        accept_error=accept_error)
                return
            if cupy_result is None or numpy_result is None:
                raise AssertionError(
                    'The test must return its result to be compared '
                    '(cupy returned {!r}, numpy returned {!r})'.format(
                        type(cupy_result), type(numpy_result)))

            cupy_results = _as_sequence(cupy_result)
            numpy_results = _as_sequence(numpy_result)
            if len(cupy_results) != len(numpy_results):
                raise AssertionError(
                    'cupy and numpy return different numbers of results '
                    '(cupy: {}, numpy: {})'.format(
                        len(cupy_results), len(numpy_results)))

            pairs = [
                _convert_output_to_ndarray(c, n, sp_name,
                                           check_sparse_format)
                for c, n in zip(cupy_results, numpy_results)]

            if type_check:
                for c, n in pairs:
                    if c.dtype != n.dtype:
                        raise AssertionError(
                            'ndarrays of different dtypes are returned.\n'
                            'cupy: {}\nnumpy: {}'.format(c.dtype, n.dtype))

            if contiguous_check:
                for c, n in pairs:
                    if not (isinstance(n, numpy.ndarray)
                            and is_device_array(c)):
                        continue
                    for flag in ('c_contiguous', 'f_contiguous'):
                        if (getattr(n.flags, flag)
                                and not getattr(c.flags, flag)):
                            raise AssertionError(
                                'The state of {} flag is false. (cupy '
                                'result: {}, numpy result: {})'.format(
                                    flag, getattr(c.flags, flag),
                                    getattr(n.flags, flag)))

            for c, n in pairs:
                if tuple(c.shape) != tuple(n.shape):
                    raise AssertionError(
                        'ndarrays of different shapes are returned.\n'
                        'cupy: {}\nnumpy: {}'.format(c.shape, n.shape))

            masks = [None] * len(pairs)
            if _contains_signed_and_unsigned(kw):
                needs_mask = [c.dtype.kind == 'u' for c, _ in pairs]
                if any(needs_mask):
                    positive = _make_positive_masks(
                        impl, args, kw, name, sp_name, scipy_name)
                    masks = [m if flag else None
                             for m, flag in zip(positive, needs_mask)]

            for (c, n), mask in zip(pairs, masks):
                if mask is not None:
                    if mask.ndim == 0:
                        if not mask:
                            continue
                    else:
                        c = to_host_array(c)[mask]
                        n = numpy.asarray(n)[mask]
                check_func(c, n)
        return test_func
    return decorator


# ---------------------------------------------------------- tolerances

def _check_tolerance_keys(rtol, atol):
    for tol in (rtol, atol):
        if not isinstance(tol, dict):
            continue
        for key in tol:
            if isinstance(key, type) or (
                    isinstance(key, str) and key == 'default'):
                continue
            raise TypeError(
                'Keys of the tolerance dictionary need to be type objects '
                'as `numpy.float32` and `cupy.float32` or the string '
                "'default', not {!r}".format(key))


def _resolve_tolerance(tol, *dtypes):
    if not isinstance(tol, dict):
        return tol
    for dtype in dtypes:
        value = tol.get(numpy.dtype(dtype).type)
        if value is not None:
            return value
    value = tol.get('default')
    if value is None:
        raise TypeError('Can not find tolerance for {}'.format(
            numpy.dtype(dtypes[0]).type))
    return value


# ------------------------------------------------- comparison decorators

def numpy_cupy_allclose(rtol=1e-7, atol=0, err_msg='', verbose=True,
                        name='xp', type_check=True, accept_error=False,
                        sp_name=None, scipy_name=None, contiguous_check=True,
                        *, _check_sparse_format=True):
    """Decorator that checks that NumPy's and CuPy's results are close.

    Args:
        rtol (float or dict): Relative tolerance.  A dict maps dtypes
            (``numpy.float16``, ...) to tolerances; its ``'default'`` entry
            is used for dtypes it does not name.
        atol (float or dict): Absolute tolerance, likewise.
        err_msg (str): The error message to be printed in case of failure.
        verbose (bool): If True, the conflicting values are appended to
            the error message.
        name (str): Argument name whose value is either ``numpy`` or
            ``cupy`` module.
        type_check (bool): If True, the dtypes must be equal too.
        accept_error (bool, Exception or tuple of Exception): Errors that
            are acceptable when both NumPy and CuPy raise them (compatibly).
            True accepts any error, False none.
        sp_name (str or None): Argument name whose value is either
            ``scipy.sparse`` or ``cupyx.scipy.sparse`` module.
        scipy_name (str or None): Argument name whose value is either
            ``scipy`` or ``cupyx.scipy`` module.
        contiguous_check (bool): If True, a CuPy result must be C- (F-)
            contiguous where NumPy's is.

    The decorated test must return the arrays (or scalars, or a tuple or
    list of them) to compare.
    """
    _check_tolerance_keys(rtol, atol)

    def check_func(c, n):
        dtypes = [c.dtype, n.dtype]
        rtol1 = _resolve_tolerance(rtol, *dtypes)
        atol1 = _resolve_tolerance(atol, *dtypes)
        _array.assert_allclose(c, n, rtol1, atol1, err_msg=err_msg,
                               verbose=verbose)
    return _make_decorator(check_func, name, type_check, contiguous_check,
                           accept_error, sp_name, scipy_name,
                           _check_sparse_format)


def numpy_cupy_array_almost_equal(decimal=6, err_msg='', verbose=True,
                                  name='xp', type_check=True,
                                  accept_error=False, sp_name=None,
                                  scipy_name=None):
    """Decorator that checks that NumPy's and CuPy's results are equal up
    to ``decimal`` decimals (see :func:`numpy_cupy_allclose` for the
    arguments)."""
    def check_func(x, y):
        _array.assert_array_almost_equal(x, y, decimal, err_msg, verbose)
    return _make_decorator(check_func, name, type_check, False,
                           accept_error, sp_name, scipy_name)


def numpy_cupy_array_almost_equal_nulp(nulp=1, name='xp', type_check=True,
                                       accept_error=False, sp_name=None,
                                       scipy_name=None):
    """Decorator that checks that NumPy's and CuPy's results are equal up
    to ``nulp`` units in the last place."""
    def check_func(x, y):
        _array.assert_array_almost_equal_nulp(x, y, nulp)
    return _make_decorator(check_func, name, type_check, False,
                           accept_error, sp_name, scipy_name)


def numpy_cupy_array_max_ulp(maxulp=1, dtype=None, name='xp',
                             type_check=True, accept_error=False,
                             sp_name=None, scipy_name=None):
    """Decorator that checks that NumPy's and CuPy's results differ by at
    most ``maxulp`` units in the last place."""
    def check_func(x, y):
        _array.assert_array_max_ulp(x, y, maxulp, dtype)
    return _make_decorator(check_func, name, type_check, False,
                           accept_error, sp_name, scipy_name)


def numpy_cupy_array_equal(err_msg='', verbose=True, name='xp',
                           type_check=True, accept_error=False, sp_name=None,
                           scipy_name=None, strides_check=False):
    """Decorator that checks that NumPy's and CuPy's results are equal
    (and have equal strides, with ``strides_check=True``)."""
    def check_func(x, y):
        _array.assert_array_equal(x, y, err_msg, verbose,
                                  strides_check=strides_check)
    return _make_decorator(check_func, name, type_check, False,
                           accept_error, sp_name, scipy_name)


def numpy_cupy_array_list_equal(err_msg='', verbose=True, name='xp',
                                sp_name=None, scipy_name=None):
    """Decorator that checks that the lists of arrays NumPy and CuPy
    return are equal (see :func:`assert_array_list_equal`).

    :func:`numpy_cupy_array_equal` compares lists and tuples of arrays too.
    """
    def decorator(impl):
        @_wraps_partial_xp(impl, name, sp_name, scipy_name)
        def test_func(*args, **kw):
            cupy_result, cupy_error, numpy_result, numpy_error = (
                _call_func_numpy_cupy(impl, args, kw, name, sp_name,
                                      scipy_name))
            if cupy_error is not None or numpy_error is not None:
                _check_cupy_numpy_error(cupy_error, numpy_error,
                                        accept_error=False)
                return
            _array.assert_array_list_equal(cupy_result, numpy_result,
                                           err_msg, verbose)
        return test_func
    return decorator


def numpy_cupy_array_less(err_msg='', verbose=True, name='xp',
                          type_check=True, accept_error=False, sp_name=None,
                          scipy_name=None):
    """Decorator that checks that CuPy's result is less than NumPy's."""
    def check_func(x, y):
        _array.assert_array_less(x, y, err_msg, verbose)
    return _make_decorator(check_func, name, type_check, False,
                           accept_error, sp_name, scipy_name)


def numpy_cupy_equal(name='xp', sp_name=None, scipy_name=None):
    """Decorator that checks that NumPy's and CuPy's results are equal
    with ``==``: for results that are not arrays (lists, tuples of Python
    values, ...)."""
    def decorator(impl):
        @_wraps_partial_xp(impl, name, sp_name, scipy_name)
        def test_func(*args, **kw):
            cupy_result, cupy_error, numpy_result, numpy_error = (
                _call_func_numpy_cupy(impl, args, kw, name, sp_name,
                                      scipy_name))
            if cupy_error is not None or numpy_error is not None:
                _check_cupy_numpy_error(cupy_error, numpy_error,
                                        accept_error=False)
                return
            if cupy_result != numpy_result:
                raise AssertionError(
                    'Results are not equal:\ncupy: {}\nnumpy: {}'.format(
                        cupy_result, numpy_result))
        return test_func
    return decorator


def numpy_cupy_raises(name='xp', sp_name=None, scipy_name=None,
                      accept_error=Exception):
    """Decorator that checks that NumPy and CuPy raise compatible errors.

    .. deprecated::
        Every ``numpy_cupy_*`` decorator checks errors: when both raise,
        the error types must match and ``accept_error`` must allow them.
    """
    warnings.warn(
        'cupy.testing.numpy_cupy_raises is deprecated; the other '
        'numpy_cupy_* decorators check errors (accept_error=...).',
        DeprecationWarning, stacklevel=2)

    def decorator(impl):
        @_wraps_partial_xp(impl, name, sp_name, scipy_name)
        def test_func(*args, **kw):
            cupy_result, cupy_error, numpy_result, numpy_error = (
                _call_func_numpy_cupy(impl, args, kw, name, sp_name,
                                      scipy_name))
            _check_cupy_numpy_error(cupy_error, numpy_error,
                                    accept_error=accept_error)
        return test_func
    return decorator


# ----------------------------------------------------------- dtype loops

def _describe(values):
    return ', '.join('{} = {}'.format(k, _dtype_name(v))
                     for k, v in values.items())


def _dtype_name(value):
    if _is_dtype_like_type(value):
        return numpy.dtype(value).name
    return str(value)


def _run_case(impl, args, kw, values):
    """Run one case of a loop.  A skipped case is reported and the loop
    goes on; a failing case is reported (printed, and added as a note to
    the exception) and ends the test."""
    kw = dict(kw)
    kw.update(values)
    try:
        impl(*args, **kw)
    except skip_classes() as e:
        print('skipped: {} ({})'.format(_describe(values), e))
    except Exception as e:
        description = _describe(values)
        print(description)
        e.add_note('(failed with {})'.format(description))
        raise


def for_dtypes(dtypes, name='dtype'):
    """Decorator that runs the test once for each of ``dtypes``.

    Args:
        dtypes (list of dtypes): dtypes to be tested; the test receives
            ``numpy.dtype(d).type`` of each.
        name (str): Argument name to which the dtypes are passed.

    All dtypes run inside one test; the first failure ends it and says
    which dtype failed.  A dtype whose run is skipped does not skip the
    others.
    """
    def decorator(impl):
        @_wraps_partial(impl, name)
        def test_func(*args, **kw):
            for dtype in dtypes:
                _run_case(impl, args, kw, {name: numpy.dtype(dtype).type})
        return test_func
    return decorator


def _make_all_dtypes(no_float16, no_bool, no_complex):
    dtypes = _regular_float_dtypes if no_float16 else _float_dtypes
    dtypes += _int_dtypes if no_bool else _int_bool_dtypes
    if not no_complex:
        dtypes += _complex_dtypes
    return dtypes


def for_all_dtypes(name='dtype', no_float16=False, no_bool=False,
                   no_complex=False):
    """Decorator that runs the test for all dtypes: float64, float32,
    float16, the signed integers (b h i l q), the unsigned integers
    (B H I L Q), bool, complex64 and complex128.

    Args:
        name (str): Argument name to which the dtypes are passed.
        no_float16 (bool): If True, numpy.float16 is omitted.
        no_bool (bool): If True, numpy.bool_ is omitted.
        no_complex (bool): If True, the complex dtypes are omitted.
    """
    return for_dtypes(_make_all_dtypes(no_float16, no_bool, no_complex),
                      name=name)


def for_float_dtypes(name='dtype', no_float16=False):
    """Decorator that runs the test for float64, float32 and (unless
    ``no_float16``) float16."""
    if no_float16:
        return for_dtypes(_regular_float_dtypes, name=name)
    return for_dtypes(_float_dtypes, name=name)


def for_signed_dtypes(name='dtype'):
    """Decorator that runs the test for the signed integer dtypes."""
    return for_dtypes(_signed_dtypes, name=name)


def for_unsigned_dtypes(name='dtype'):
    """Decorator that runs the test for the unsigned integer dtypes."""
    return for_dtypes(_unsigned_dtypes, name=name)


def for_int_dtypes(name='dtype', no_bool=False):
    """Decorator that runs the test for the integer dtypes and (unless
    ``no_bool``) bool."""
    if no_bool:
        return for_dtypes(_int_dtypes, name=name)
    return for_dtypes(_int_bool_dtypes, name=name)


def for_complex_dtypes(name='dtype'):
    """Decorator that runs the test for complex64 and complex128."""
    return for_dtypes(_complex_dtypes, name=name)


def _full_combination(full):
    if full is None:
        return os.environ.get('CUPY_TEST_FULL_COMBINATION', '0') == '1'
    return full


def _sampled_combinations(types, names):
    # Each name gets the dtypes in order followed by a shuffled copy, and
    # the columns are zipped: every dtype appears for every name and about
    # 2 * len(types) cases run.  The shuffle is seeded with the dtypes and
    # names, so that a failure reproduces.
    seed = '|'.join(names) + '||' + '|'.join(_dtype_name(t) for t in types)
    rng = random.Random(seed)
    columns = []
    for _ in names:
        shuffled = list(types)
        rng.shuffle(shuffled)
        columns.append(list(types) + shuffled)
    combinations = []
    seen = set()
    for row in zip(*columns):
        # The objects themselves: int64 ('l') and longlong ('q') are
        # different types with the same dtype name.
        key = tuple(t if _is_hashable(t) else repr(t) for t in row)
        if key not in seen:
            seen.add(key)
            combinations.append(dict(zip(names, row)))
    return combinations


def _is_hashable(value):
    try:
        hash(value)
    except TypeError:
        return False
    return True


def for_dtypes_combination(types, names=('dtype',), full=None):
    """Decorator that runs the test with combinations of dtypes.

    Args:
        types (list of dtypes): dtypes to be tested.
        names (list of str): Argument names to which dtypes are passed.
        full (bool): If True, every combination (the product over
            ``names``) runs.  If False, a reproducible random subset of
            about ``2 * len(types)`` combinations runs, in which each
            dtype appears for each name.  If None, full is taken from the
            environment variable ``CUPY_TEST_FULL_COMBINATION`` ('1':
            True).
    """
    types = list(types)
    names = list(names)
    if _full_combination(full):
        combinations = [dict(zip(names, row)) for row in
                        itertools.product(types, repeat=len(names))]
    else:
        combinations = _sampled_combinations(types, names)

    def decorator(impl):
        @_wraps_partial(impl, *names)
        def test_func(*args, **kw):
            for values in combinations:
                _run_case(impl, args, kw, values)
        return test_func
    return decorator


def for_all_dtypes_combination(names=('dtyes',), no_float16=False,
                               no_bool=False, full=None, no_complex=False):
    """Decorator that runs the test with combinations of all dtypes (see
    :func:`for_all_dtypes` and :func:`for_dtypes_combination`)."""
    types = _make_all_dtypes(no_float16, no_bool, no_complex)
    return for_dtypes_combination(types, names, full)


def for_signed_dtypes_combination(names=('dtype',), full=None):
    """Decorator that runs the test with combinations of signed integer
    dtypes."""
    return for_dtypes_combination(_signed_dtypes, names=names, full=full)


def for_unsigned_dtypes_combination(names=('dtype',), full=None):
    """Decorator that runs the test with combinations of unsigned integer
    dtypes."""
    return for_dtypes_combination(_unsigned_dtypes, names=names, full=full)


def for_int_dtypes_combination(names=('dtype',), no_bool=False, full=None):
    """Decorator that runs the test with combinations of integer dtypes
    and (unless ``no_bool``) bool."""
    types = _int_dtypes if no_bool else _int_bool_dtypes
    return for_dtypes_combination(types, names=names, full=full)


# ----------------------------------------------------------- order loops

def for_orders(orders, name='order'):
    """Decorator that runs the test once for each of ``orders``, passed as
    the keyword argument ``name``."""
    def decorator(impl):
        @_wraps_partial(impl, name)
        def test_func(*args, **kw):
            for order in orders:
                _run_case(impl, args, kw, {name: order})
        return test_func
    return decorator


def for_CF_orders(name='order'):
    """Decorator that runs the test for the orders None, 'C', 'F', 'c' and
    'f'."""
    return for_orders([None, 'C', 'F', 'c', 'f'], name)


def _contiguous_axes(ndim, order):
    """The axes over which an array of ``order`` stays contiguous, from
    all of them down to the single fastest-varying one."""
    if order in ('c', 'C'):
        return [tuple(range(i, ndim)) for i in range(ndim)]
    if order in ('f', 'F'):
        return [tuple(range(0, ndim - i)) for i in range(ndim)]
    raise ValueError('Please specify the array order.')


def for_contiguous_axes(name='axis'):
    """Decorator for a test method of a class with ``shape`` and ``order``
    attributes (``order`` 'C' or 'F'): runs the test for each tuple of
    axes that is contiguous in that order, passed as ``name``.

    For ``shape`` of length 3: 'C' gives (0, 1, 2), (1, 2), (2,); 'F'
    gives (0, 1, 2), (0, 1), (0,).
    """
    def decorator(impl):
        @_wraps_partial(impl, name)
        def test_func(self, *args, **kw):
            for axes in _contiguous_axes(len(self.shape), self.order):
                kw = dict(kw)
                kw[name] = axes
                try:
                    impl(self, *args, **kw)
                except Exception as e:
                    description = '{} = {}, ndim = {}, order = {}'.format(
                        name, axes, len(self.shape), self.order)
                    print(description)
                    e.add_note('(failed with {})'.format(description))
                    raise
        return test_func
    return decorator
