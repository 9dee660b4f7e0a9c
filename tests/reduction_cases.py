"""Shared cases of the reduction, scan and product tests: shapes up to 4-d,
every axis argument of each (None, each axis, its negative, every tuple of
distinct axes, the empty tuple), test data with and without NaN, and the
float tolerances."""

import itertools
import warnings

import numpy

SHAPES = [(), (5,), (2, 3), (2, 3, 4), (2, 3, 2, 3)]
EMPTY_SHAPES = [(0,), (2, 0), (0, 3), (2, 0, 3)]

# float16 sums round differently when NumPy and the device group them
# differently; float32 within a float32 tolerance.
RTOL = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.complex64: 1e-5,
        'default': 1e-7}
ATOL = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.complex64: 1e-5,
        'default': 0}


def axis_cases(ndim):
    """Every axis argument NumPy accepts for ``ndim`` dimensions."""
    out = [None]
    if ndim == 0:
        return out + [()]
    for a in range(ndim):
        out.append(a)
        out.append(a - ndim)
    for k in range(0, ndim + 1):
        out.extend(itertools.combinations(range(ndim), k))
    if ndim > 1:
        out.append((ndim - 1, 0))           # unsorted
        out.append((-1, 0))
    return out


def data(xp, shape, dtype, kind='arange', nan=False):
    """Test data of ``shape``: 'arange' (1, 2, ... wrapped into a small
    range so products and float16 stay exact), 'signed' (with negative
    values where the dtype has them).  ``nan`` puts NaNs (float, complex)
    at a fixed pattern."""
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape)) if shape else 1
    base = numpy.arange(n) % 5 + 1
    if kind == 'signed' and dtype.kind in 'ifc':
        base = base - 3
    if kind == 'prod':
        base = numpy.arange(n) % 3 + 1
    if dtype.kind == 'b':
        h = (numpy.arange(n) % 3) != 0
    elif dtype.kind == 'c':
        h = (base + 1j * (base[::-1] - 2)).astype(dtype)
    else:
        h = base.astype(dtype)
        if dtype.kind == 'f':
            h = h * dtype.type(0.5)
    h = h.reshape(shape)
    if nan and dtype.kind in 'fc' and n > 1:
        flat = h.reshape(-1)
        flat[::4] = numpy.nan
    return xp.asarray(h)


def run_cases(xp, func, shapes=SHAPES, keepdims=(False, True), **kw):
    """func(a, axis, keepdims) over every shape and axis case; the list of
    results (NumPy's warnings silenced)."""
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        for shape in shapes:
            for axis in axis_cases(len(shape)):
                for kd in keepdims:
                    r = func(shape, axis, kd)
                    if isinstance(r, list):
                        out.extend(r)
                    else:
                        out.append(r)
    return out
