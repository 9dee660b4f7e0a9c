"""Test data (shaped_arange, shaped_random, ...), package requirements
(installed, with_requires, numpy_satisfies), and small assertion helpers
(assert_warns, AssertFunctionIsCalled).

The data helpers build the values on the host with NumPy, then hand them
to ``xp.array``/``xp.asarray``, so the same call gives the same values for
``xp=numpy`` and ``xp=cupy``.
"""

import contextlib
import inspect
import importlib
import unittest
import warnings

import numpy

import cupy
from cupy.testing import _pytest_impl
from cupy.testing._host import to_host


def _size(shape):
    return int(numpy.prod(shape, dtype=numpy.int64))


def _values_as(a, dtype):
    """Integer counts ``a`` as values of ``dtype``: bool takes even/odd,
    complex gets an equal imaginary part."""
    if dtype == numpy.bool_:
        return a % 2 == 0
    if dtype.kind == 'c':
        return a + a * 1j
    return a


def shaped_arange(shape, xp=cupy, dtype=numpy.float32, order='C'):
    """An array of ``shape`` holding 1, 2, ..., N in C order.

    For bool the values are ``v % 2 == 0``, for complex ``v + vj``.

    Args:
        shape (tuple of int): Shape of the array.
        xp (numpy or cupy): Array module.
        dtype (dtype): dtype of the array.
        order ({'C', 'F'}): Memory layout of the array.
    """
    dtype = numpy.dtype(dtype)
    a = numpy.arange(1, _size(shape) + 1, 1)
    a = _values_as(a, dtype).astype(dtype).reshape(shape)
    return xp.array(a, order=order)


def shaped_reverse_arange(shape, xp=cupy, dtype=numpy.float32):
    """An array of ``shape`` holding N, N-1, ..., 1 in C order (bool and
    complex as in :func:`shaped_arange`)."""
    dtype = numpy.dtype(dtype)
    a = numpy.arange(_size(shape), 0, -1)
    a = _values_as(a, dtype).astype(dtype).reshape(shape)
    return xp.array(a)


def shaped_linspace(start, stop, shape, xp=cupy, dtype=numpy.float32):
    """An array of ``shape`` holding ``numpy.linspace(start, stop, N)``.

    The range is clipped to what the dtype holds: [0, 1] for bool,
    ``start >= 0`` for unsigned integers.
    """
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        start = max(start, 0)
        stop = min(stop, 1)
    elif dtype.kind == 'u':
        start = max(start, 0)
    a = numpy.linspace(start, stop, _size(shape))
    return xp.array(a.astype(dtype).reshape(shape))


def shaped_random(shape, xp=cupy, dtype=numpy.float32, scale=10, seed=0,
                  order='C'):
    """An array of ``shape`` with random values drawn on the host from
    ``numpy.random.RandomState(seed)``.

    Values are uniform in [0, ``scale``) (integers: truncated; complex:
    both parts), and 0 or 1 for bool.  The same arguments give the same
    values whatever ``xp`` is; the global random state is not touched.
    """
    rs = numpy.random.RandomState(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        a = rs.randint(2, size=shape)
    elif dtype.kind == 'c':
        a = rs.random_sample(shape) + 1j * rs.random_sample(shape)
        a *= scale
    else:
        a = rs.random_sample(shape) * scale
    return xp.asarray(numpy.asarray(a).astype(dtype), order=order)


def generate_matrix(shape, xp=cupy, dtype=numpy.float32, *,
                    singular_values=None):
    """A (stack of) random matrix of ``shape`` with the given singular
    values.

    Args:
        shape (tuple of int): ``(..., M, N)``.
        xp (numpy or cupy): Array module.
        dtype: A float or complex dtype.
        singular_values (array_like): Non-negative real values,
            broadcastable to ``shape[:-2] + (min(M, N),)``.

    The matrix is ``U diag(s) V^H`` with U and V random (from NumPy's global
    random state) with orthonormal columns, computed in double precision
    and cast to ``dtype``.
    """
    if singular_values is None:
        raise TypeError('singular_values is not given')
    shape = tuple(shape)
    if len(shape) <= 1:
        raise ValueError(
            'shape {} is invalid for matrices: too few axes'.format(shape))
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'fc':
        raise TypeError('dtype {} is not supported'.format(dtype))
    s = numpy.asarray(to_host(singular_values))
    if s.dtype.kind == 'c' or s.dtype.kind not in 'biuf':
        raise TypeError('singular_values is not real')
    if (s < 0).any():
        raise ValueError('negative singular value is given')
    m, n = shape[-2:]
    k = min(m, n)
    batch = shape[:-2]
    try:
        s = numpy.broadcast_to(s, batch + (k,))
    except ValueError:
        raise ValueError(
            'shapes of shape {} and singular_values {} are mismatched'
            .format(shape, s.shape)) from None

    if 0 in shape:
        return xp.asarray(numpy.zeros(shape, dtype=dtype))
    complex_ = dtype.kind == 'c'

    def random_orthonormal(rows):
        a = numpy.random.standard_normal(batch + (rows, k))
        if complex_:
            a = a + 1j * numpy.random.standard_normal(batch + (rows, k))
        q, _ = numpy.linalg.qr(a)
        return q

    u = random_orthonormal(m)
    v = random_orthonormal(n)
    x = (u * s.astype(numpy.float64)[..., None, :]) @ numpy.conj(
        numpy.swapaxes(v, -1, -2))
    return xp.asarray(x.astype(dtype))


# ---------------------------------------------------------- requirements

def _installed_version(name):
    """The version of distribution ``name``, or of the importable module
    ``name`` (for packages used from a source tree, e.g. this one), or
    None."""
    import importlib.metadata
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        pass
    try:
        module = importlib.import_module(name.replace('-', '_'))
    except ImportError:
        return None
    return getattr(module, '__version__', None)


def installed(*specifiers):
    """True when every requirement is installed, e.g.
    ``installed('numpy>=1.20,<3', 'scipy')``.

    Args:
        specifiers: Requirement specifiers (PEP 508: a name, optionally
            with version conditions).
    """
    from packaging.requirements import Requirement
    from packaging.version import InvalidVersion
    for spec in specifiers:
        req = Requirement(spec)
        version = _installed_version(req.name)
        if version is None:
            return False
        if not req.specifier:
            continue
        try:
            if not req.specifier.contains(version, prereleases=True):
                return False
        except InvalidVersion:
            return False
    return True


def numpy_satisfies(version_range):
    """True when the installed NumPy satisfies ``version_range``, e.g.
    ``numpy_satisfies('>=1.20')``."""
    return installed('numpy' + version_range)


def with_requires(*requirements):
    """Skip the test (function or class) unless every requirement is
    installed (see :func:`installed`).

    >>> @testing.with_requires('numpy>=1.20', 'scipy')
    ... def test_something(self): ...
    """
    pytest = _pytest_impl.check_available('with_requires')
    msg = 'requires: {}'.format(','.join(requirements))
    return pytest.mark.skipif(
        not installed(*requirements), reason=msg)


# The oldest versions this library supports (setup.py's install_requires:
# numpy>=1.26; SciPy has no lower bound, so every SciPy version is past it).
_BASELINE = {'numpy': '1.26', 'scipy': '0'}


def is_after_baseline(*, numpy=None, scipy=None):
    """Whether the given version is newer than the oldest supported one
    of that package (exactly one of ``numpy``/``scipy``): a test keeps a
    compatibility path for behaviour that changed there only while the
    oldest supported version predates it."""
    if (numpy is None) == (scipy is None):
        raise ValueError('give exactly one of numpy and scipy')
    from packaging.version import Version
    name, version = ('numpy', numpy) if numpy is not None else (
        'scipy', scipy)
    return Version(version) > Version(_BASELINE[name])


def skip_if_after_baseline(reason='', **versions):
    """Skip the test where an installed package is at or past the given
    version (a behaviour the test pins changed there) and that version is
    newer than the oldest supported one, e.g.
    ``skip_if_after_baseline(scipy='1.17', reason='...')``."""
    pytest = _pytest_impl.check_available('skip_if_after_baseline')
    after = [name for name, v in versions.items()
             if is_after_baseline(**{name: v})
             and installed('{}>={}'.format(name, v))]
    return pytest.mark.skipif(bool(after), reason=reason or 'after {}'.format(
        ', '.join(after)))


# ------------------------------------------------------------- assertions

@contextlib.contextmanager
def assert_warns(expected):
    """Context manager that fails unless a warning of class ``expected``
    (or a subclass) is issued inside it."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        yield caught
    if any(isinstance(w.message, expected) for w in caught):
        return
    name = getattr(expected, '__name__', str(expected))
    raise AssertionError('{} not triggered'.format(name))


class AssertFunctionIsCalled:
    """Context manager that patches a function (``unittest.mock.patch``)
    and checks that it was called ``times_called`` times inside the block.

    Args:
        mock_mod (str): Dotted path of the function, e.g.
            ``'cupy._core.core._routines'``.
        times_called (int): Expected number of calls.
        **kwargs: Passed to ``unittest.mock.patch`` (e.g. ``wraps=`` to
            call the real function as well).

    An exception raised inside the block propagates unchanged; the call
    count is only checked when the block completes.
    """

    def __init__(self, mock_mod, times_called=1, **kwargs):
        from unittest import mock
        self.patch = mock.patch(mock_mod, **kwargs)
        self.times_called = times_called

    def __enter__(self):
        self.handle = self.patch.__enter__()
        assert self.handle.call_count == 0
        return self.handle

    def __exit__(self, exc_type, exc_value, traceback):
        self.patch.__exit__(exc_type, exc_value, traceback)
        if exc_type is not None:
            return False
        if self.handle.call_count != self.times_called:
            raise AssertionError(
                '{} was called {} time(s), expected {}'.format(
                    self.patch.attribute, self.handle.call_count,
                    self.times_called))
        return False


class NumpyAliasTestBase(unittest.TestCase):
    """Base of tests that compare a cupy function with the NumPy function
    of the same name: a subclass sets ``func`` to that name."""

    func = None

    @property
    def cupy_func(self):
        return getattr(cupy, self.func)

    @property
    def numpy_func(self):
        return getattr(numpy, self.func)


class NumpyAliasBasicTestBase(NumpyAliasTestBase):
    """Checks that ``cupy.<func>`` has NumPy's signature and a docstring of
    its own."""

    def test_argspec(self):
        assert (inspect.signature(self.cupy_func)
                == inspect.signature(self.numpy_func))

    def test_docstring(self):
        doc = getattr(self.cupy_func, '__doc__', None)
        assert doc
        assert doc is not getattr(self.numpy_func, '__doc__', None)


class NumpyAliasValuesTestBase(NumpyAliasTestBase):
    """Checks that ``cupy.<func>(*self.args)`` equals NumPy's result; a
    subclass sets ``args`` (e.g. in ``setUp``)."""

    args = ()

    def test_values(self):
        assert self.cupy_func(*self.args) == self.numpy_func(*self.args)
