"""ndarray.flat (basic use: indexing and assignment in C order)."""

import operator

import numpy

from cupy._core import _shape
from cupy._core import core


class flatiter:
    """A flat (C-order) iterator for ``a.flat[i]``, ``a.flat[i] = v``
    (integers, slices and Ellipsis, as CuPy's), ``len(a.flat)``,
    iteration, ``a.flat.copy()`` and ``a.flat.base``.

    As NumPy's, reading ``a.flat[key]`` gives a copy (a 0-d array for
    one element), never a view into ``a``."""

    def __init__(self, a):
        self._base = a
        self._next = 0
        self._items = None      # the elements read by __next__, cached

    @property
    def base(self):
        return self._base

    def _ravel(self):
        # a view when the base is C-contiguous, else a C-order copy
        return _shape.ravel(self._base, 'C')

    def __getitem__(self, key):
        _check_key(key)
        r = self._ravel()[key]
        if r.data.mem is self._base.data.mem:
            r = r.copy()
        return r

    def __setitem__(self, key, value):
        _check_key(key)
        a = self._base
        flat = self._ravel()
        try:
            operator.index(key)
        except TypeError:
            _assign_cyclic(flat, key, value)
        else:
            flat[key] = value
        if flat.data.mem is not a.data.mem:
            # a copy: write it back
            core._copy_to(a, _shape.reshape(flat, a.shape, 'C'))

    def __len__(self):
        return self._base.size

    def __iter__(self):
        return self

    def __next__(self):
        if self._items is None:
            self._items = self.copy()
        if self._next >= self._items.size:
            raise StopIteration
        self._next += 1
        return self._items[self._next - 1]

    def copy(self):
        """A flattened (C-order) copy of the whole array, as NumPy's."""
        flat = self._ravel()
        return flat.copy() if flat.data.mem is self._base.data.mem else flat


def _check_key(key):
    # CuPy's flatiter takes integers, slices and Ellipsis only
    if key is Ellipsis or isinstance(key, slice):
        return
    if not isinstance(key, (bool, numpy.bool_)):
        try:
            operator.index(key)
            return
        except TypeError:
            pass
    raise IndexError('unsupported iterator index: {!r} (a.flat takes an '
                     'integer, a slice or Ellipsis)'.format(key))


def _assign_cyclic(flat, key, value):
    """``flat[key] = value`` as NumPy's flatiter assigns: the values,
    flattened, are repeated (or cut) to the number of selected elements;
    no values assign nothing."""
    if not isinstance(value, core.ndarray):
        value = numpy.asarray(value, dtype=flat.dtype)
        if value.size == 1:
            flat[key] = value.reshape(())
            return
        from cupy._core import _transfer
        value = _transfer.from_host(value)
    if value.size == 0:
        return
    target = flat[key]          # the selection's shape (a copy if fancy)
    if value.size != target.size:
        from cupy._core import _routines_manipulation
        value = _routines_manipulation.resize(value, (target.size,))
    flat[key] = _shape.reshape(_shape.ravel(value, 'C'), target.shape, 'C')
