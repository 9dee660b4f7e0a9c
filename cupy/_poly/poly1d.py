"""``cupy.poly1d``: NumPy's one-variable polynomial class over a device
array of coefficients (highest power first).

NumPy trims leading zero coefficients when the object is made; that needs
the data, so here the trim is deferred to the first use of ``coeffs``
(construction, ``[]`` and ``[]=`` never synchronise, as CuPy's)."""

import numbers

import numpy

import cupy
from cupy._core import core
from cupy._poly import routines


class poly1d:
    """A one-dimensional polynomial (``numpy.poly1d``).

    Args:
        c_or_r (array_like): coefficients, highest power first, or the
            roots when ``r`` is True.
        r (bool): ``c_or_r`` holds the roots.
        variable (str): the variable's name when printed ('x').
    """

    __hash__ = None
    # Python's reflected operators of ndarray defer to this class
    __array_priority__ = 100

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, (poly1d, numpy.poly1d)):
            self._coeffs = cupy.asarray(c_or_r.coeffs)
            self._trimmed = True
            self._variable = c_or_r.variable if variable is None \
                else variable
            return
        if r:
            c_or_r = routines.poly(c_or_r)
        c = cupy.atleast_1d(cupy.asarray(c_or_r))
        if c.ndim > 1:
            raise ValueError('Polynomial must be 1d only.')
        self._coeffs = c
        self._trimmed = False
        self._variable = 'x' if variable is None else variable

    # ------------------------------------------------------ attributes --
    @property
    def coeffs(self):
        """The coefficients, highest power first, leading zeros removed
        (synchronises once)."""
        if not self._trimmed:
            c = cupy.trim_zeros(self._coeffs, trim='f')
            if c.size == 0:
                c = cupy.zeros(1, self._coeffs.dtype)
            self._coeffs = c
            self._trimmed = True
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        # NumPy: only in-place changes of the same array are allowed
        if value is not self._coeffs:
            raise AttributeError('Cannot set attribute')

    @property
    def variable(self):
        return self._variable

    @property
    def order(self):
        return self.coeffs.size - 1

    @property
    def roots(self):
        return routines.roots(self.coeffs)

    r = roots
    c = coef = coefficients = coeffs
    o = order

    def __cupy_get_ndarray__(self):
        # ufuncs take a polynomial as its coefficient array (NumPy's
        # __array__ conversion)
        return self.coeffs

    def __array__(self, dtype=None, copy=None):
        raise TypeError(
            'Implicit conversion to a NumPy array is not allowed. '
            'Please use `.get()` to construct a NumPy array explicitly.')

    def __repr__(self):
        return repr(self.get())

    def __str__(self):
        return str(self.get())

    def __len__(self):
        return self.order

    def __iter__(self):
        return iter(self.coeffs)

    def __call__(self, val):
        return routines.polyval(self.coeffs, val)

    # ------------------------------------------------------ arithmetic --
    def __neg__(self):
        return poly1d(-self.coeffs)

    def __pos__(self):
        return self

    def __add__(self, other):
        return poly1d(routines.polyadd(self.coeffs, _coeffs_of(other)))

    def __radd__(self, other):
        if isinstance(other, core.ndarray):
            # ndarray + poly1d is elementwise in NumPy
            return other + self.coeffs
        return poly1d(routines.polyadd(_coeffs_of(other), self.coeffs))

    def __sub__(self, other):
        return poly1d(routines.polysub(self.coeffs, _coeffs_of(other)))

    def __rsub__(self, other):
        if isinstance(other, core.ndarray):
            return other - self.coeffs
        return poly1d(routines.polysub(_coeffs_of(other), self.coeffs))

    def __mul__(self, other):
        if cupy.isscalar(other):
            return poly1d(self.coeffs * other)
        return poly1d(routines.polymul(self.coeffs, _coeffs_of(other)))

    def __rmul__(self, other):
        if isinstance(other, core.ndarray):
            return other * self.coeffs
        if cupy.isscalar(other):
            return poly1d(other * self.coeffs)
        return poly1d(routines.polymul(_coeffs_of(other), self.coeffs))

    def __truediv__(self, other):
        if cupy.isscalar(other):
            return poly1d(self.coeffs / other)
        return routines.polydiv(self, poly1d(other))

    def __rtruediv__(self, other):
        return routines.polydiv(poly1d(other), self)

    def __pow__(self, val):
        if not cupy.isscalar(val) or int(val) != val or val < 0:
            raise ValueError('Power to non-negative integers only.')
        if not isinstance(val, numbers.Integral):
            raise TypeError("'{}' object cannot be interpreted as an "
                            'integer'.format(type(val).__name__))
        # NumPy multiplies [1] by the coefficients val times: the result
        # type is that of int64 with the coefficients'
        res = cupy.ones(1, numpy.int64)
        base = self.coeffs
        base = base.astype(numpy.result_type(numpy.int64, base.dtype),
                           copy=False)
        n = int(val)
        while n:
            # square-and-multiply: the same products, fewer convolutions
            if n & 1:
                res = cupy.convolve(res, base)
            n >>= 1
            if n:
                base = cupy.convolve(base, base)
        return poly1d(res)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self.coeffs.shape != other.coeffs.shape:
            return False
        return bool((self.coeffs == other.coeffs).all())

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    # ------------------------------------------------------- indexing --
    def __getitem__(self, val):
        # the coefficient of x**val; leading zeros do not move it, so the
        # untrimmed array answers without synchronising
        if val < 0 or val >= self._coeffs.size:
            return self._coeffs.dtype.type(0)
        return self._coeffs[self._coeffs.size - 1 - val]

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError('Does not support negative powers.')
        size = self._coeffs.size
        if key >= size:
            pad = cupy.zeros(key + 1 - size, self._coeffs.dtype)
            self._coeffs = cupy.concatenate([pad, self._coeffs])
            size = key + 1
        self._coeffs[size - 1 - key] = val

    # ---------------------------------------------------------- calculus --
    def deriv(self, m=1):
        """The ``m``-th derivative."""
        return poly1d(routines.polyder(self.coeffs, m=m))

    def integ(self, m=1, k=0):
        """The ``m``-th antiderivative with integration constants ``k``."""
        return poly1d(routines.polyint(self.coeffs, m=m, k=k))

    # ------------------------------------------------------ host copies --
    def get(self, stream=None):
        """A ``numpy.poly1d`` with a host copy of the coefficients."""
        return numpy.poly1d(self.coeffs.get(stream=stream),
                            variable=self.variable)

    def set(self, polyin, stream=None):
        """Copy a ``numpy.poly1d`` into this polynomial."""
        if not isinstance(polyin, numpy.poly1d):
            raise TypeError('Only numpy.poly1d can be set to cupy.poly1d')
        self._variable = polyin.variable
        self._coeffs = cupy.asarray(polyin.coeffs)
        self._trimmed = True


def _coeffs_of(x):
    """Another operand of poly1d arithmetic as a coefficient array."""
    if isinstance(x, poly1d):
        return x.coeffs
    return poly1d(x).coeffs
