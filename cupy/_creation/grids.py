"""mgrid / ogrid: dense and open grids from slices (NumPy's nd_grid
rules: an imaginary step is a number of points with the stop included),
built on the device from arange and indices."""

import math

import numpy

import cupy


def _points(s):
    """(start, step, count) of one slice, and the values its dtype comes
    from (NumPy's result_type of start, stop and step)."""
    start = 0 if s.start is None else s.start
    step = 1 if s.step is None else s.step
    stop = s.stop
    if isinstance(step, complex):
        count = int(abs(step))
        step = (stop - start) / float(count - 1) if count != 1 else 1
        return start, step, count, (start, stop, count)
    count = max(int(math.ceil((stop - start) / step)), 0)
    return start, step, count, (start, stop, step)


class _Grid:

    def __init__(self, sparse):
        self._sparse = sparse

    def __getitem__(self, key):
        if isinstance(key, slice):
            if key.stop is None and not isinstance(key.step, complex):
                # NumPy's arange(start, None): start is the stop
                key = slice(0, key.start or 0, key.step)
            start, step, count, nums = _points(key)
            typ = numpy.result_type(*nums)
            if isinstance(key.step, complex):
                typ = numpy.result_type(typ, float)
            return cupy.arange(count, dtype=typ) * step + start
        parts = [_points(s) for s in key]
        typ = numpy.result_type(*[v for p in parts for v in p[3]])
        if any(isinstance(s.step, complex) for s in key):
            typ = numpy.result_type(typ, float)
        size = tuple(p[2] for p in parts)
        if self._sparse:
            grids = []
            for k, (start, step, count, _) in enumerate(parts):
                shape = [1] * len(parts)
                shape[k] = count
                axis = cupy.arange(count, dtype=typ) * step + start
                grids.append(axis.astype(typ, copy=False).reshape(shape))
            return tuple(grids)
        nn = cupy.indices(size, dtype=typ)
        for k, (start, step, _, _) in enumerate(parts):
            nn[k] = nn[k] * step + start
        return nn

    def __len__(self):
        return 0


mgrid = _Grid(sparse=False)
ogrid = _Grid(sparse=True)
