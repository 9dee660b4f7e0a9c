"""Index iteration helpers: s_, index_exp, ndindex (NumPy's: they make
indices, not arrays) and ndenumerate of a device array."""

import numpy

from cupy._core import core

s_ = numpy.s_
index_exp = numpy.index_exp
ndindex = numpy.ndindex


class ndenumerate:
    """Pairs (index, value) of an array in C order, as NumPy's.

    The values of a device array are read back once, at the start (one
    copy instead of one synchronisation per element); later writes to the
    array are not seen by the iterator."""

    def __init__(self, arr):
        host = arr.get() if isinstance(arr, core.ndarray) else arr
        self._it = numpy.ndenumerate(numpy.asarray(host))

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)
