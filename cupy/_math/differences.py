"""Differences and integrals along an axis: diff, ediff1d, gradient,
trapezoid, unwrap.  Slices, elementwise ufuncs and cumsum, following
NumPy's formulas (so results round as NumPy's do)."""

import numpy

from cupy._core import core
from cupy._math import ufuncs


def _as_array(x):
    from cupy._logic.comparison import _as_array as as_array
    return as_array(x)


def _axis(axis, ndim):
    from numpy.lib.array_utils import normalize_axis_index
    return normalize_axis_index(axis, ndim)


def _slice(ndim, axis, s):
    key = [slice(None)] * ndim
    key[axis] = s
    return tuple(key)


def _concat(arrays, axis):
    from cupy._manipulation.join import concatenate
    return concatenate(arrays, axis=axis)


def diff(a, n=1, axis=-1, prepend=numpy._NoValue, append=numpy._NoValue):
    """n-th discrete difference along ``axis`` (``numpy.diff``); bool
    differences are ``!=`` as in NumPy."""
    if n == 0:
        return a
    if n < 0:
        raise ValueError(
            'order must be non-negative but got ' + repr(n))
    a = _as_array(a)
    nd = a.ndim
    if nd == 0:
        raise ValueError(
            'diff requires input that is at least one dimensional')
    axis = _axis(axis, nd)
    combined = []
    for extra in (prepend, append):
        if extra is numpy._NoValue:
            combined.append(None)
            continue
        extra = _as_array(extra)
        if extra.ndim == 0:
            shape = list(a.shape)
            shape[axis] = 1
            from cupy._manipulation.dims import broadcast_to
            extra = broadcast_to(extra, tuple(shape))
        combined.append(extra)
    parts = [x for x in (combined[0], a, combined[1]) if x is not None]
    if len(parts) > 1:
        a = _concat(parts, axis)
    hi = _slice(nd, axis, slice(1, None))
    lo = _slice(nd, axis, slice(None, -1))
    op = ufuncs.not_equal if a.dtype == numpy.bool_ else ufuncs.subtract
    for _ in range(n):
        a = op(a[hi], a[lo])
    return a


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences of the flattened array, with values put before and
    after (``numpy.ediff1d``); the result has ``ary``'s dtype."""
    ary = _as_array(ary).ravel()
    dtype = ary.dtype
    pieces = []
    for extra, name in ((to_begin, 'to_begin'), (to_end, 'to_end')):
        if extra is None:
            pieces.append(None)
            continue
        extra = _as_array(extra)
        if not numpy.can_cast(extra.dtype, dtype, casting='same_kind'):
            raise TypeError("dtype of `{}` must be compatible with input "
                            "`ary` under the `same_kind` rule.".format(name))
        pieces.append(extra.ravel().astype(dtype, copy=False))
    d = ufuncs.subtract(ary[1:], ary[:-1]).astype(dtype, copy=False)
    parts = [x for x in (pieces[0], d, pieces[1]) if x is not None]
    if len(parts) == 1:
        return d
    return _concat(parts, 0)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integral by the trapezoidal rule (``numpy.trapezoid``)."""
    y = _as_array(y)
    nd = y.ndim
    axis = _axis(axis, nd) if nd else axis
    hi = _slice(nd, axis, slice(1, None))
    lo = _slice(nd, axis, slice(None, -1))
    if x is None:
        d = dx
    else:
        x = _as_array(x)
        if x.ndim == 1:
            d = diff(x)
            shape = [1] * nd
            shape[axis] = d.shape[0]
            d = d.reshape(shape)
        else:
            d = diff(x, axis=axis)
    avg = ufuncs.divide(ufuncs.add(y[hi], y[lo]), 2.0)
    return ufuncs.multiply(d, avg).sum(axis)


trapz = trapezoid


def unwrap(p, discont=None, axis=-1, *, period=2 * numpy.pi):
    """Unwraps by taking the complement of large deltas with respect to
    the period (``numpy.unwrap``)."""
    p = _as_array(p)
    nd = p.ndim
    axis = _axis(axis, nd)
    dd = diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    hi = _slice(nd, axis, slice(1, None))
    dtype = numpy.result_type(dd.dtype, period)
    from cupy._math.misc import where
    if dtype.kind == 'i':
        interval_high, rem = divmod(period, 2)
        boundary_ambiguous = rem == 0
    else:
        interval_high = period / 2
        boundary_ambiguous = True
    interval_low = -interval_high
    ddmod = ufuncs.add(ufuncs.remainder(
        ufuncs.subtract(dd, interval_low), period), interval_low)
    if boundary_ambiguous:
        ddmod = where(
            ufuncs.logical_and(ufuncs.equal(ddmod, interval_low),
                               ufuncs.greater(dd, 0)),
            interval_high, ddmod)
    ph_correct = ufuncs.subtract(ddmod, dd)
    ph_correct = where(ufuncs.less(ufuncs.absolute(dd), discont), 0,
                       ph_correct)
    up = p.astype(dtype, copy=True)
    up[hi] = ufuncs.add(p[hi], ph_correct.cumsum(axis))
    return up


def gradient(f, *varargs, axis=None, edge_order=1):
    """Second-order central differences inside, first or second order
    one-sided differences at the edges (``numpy.gradient``)."""
    f = _as_array(f)
    N = f.ndim
    if axis is None:
        axes = tuple(range(N))
    else:
        axes = tuple(numpy.atleast_1d(numpy.asarray(axis)).tolist())
        axes = tuple(_axis(a, N) for a in axes)
        if len(set(axes)) != len(axes):
            raise ValueError('duplicate value in axis')
    len_axes = len(axes)
    n = len(varargs)
    if n == 0:
        dx = [1.0] * len_axes
    elif n == 1 and numpy.ndim(varargs[0]) == 0:
        dx = list(varargs) * len_axes
    elif n == len_axes:
        dx = list(varargs)
        for i, distances in enumerate(dx):
            if numpy.ndim(distances) == 0:
                continue
            distances = _as_array(distances)
            if distances.ndim != 1:
                raise ValueError('distances must be either scalars or 1d')
            if len(distances) != f.shape[axes[i]]:
                raise ValueError('when 1d, distances must match the length '
                                 'of the corresponding dimension')
            if distances.dtype.kind in 'iub':
                distances = distances.astype(numpy.float64)
            diffx = diff(distances)
            # uniform spacing is treated as a scalar only by value in
            # NumPy; the general formula gives the same result
            dx[i] = diffx
    else:
        raise TypeError('invalid number of arguments')
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    otype = f.dtype
    if otype == numpy.bool_:
        raise TypeError('numpy boolean subtract, the `-` operator, is not '
                        'supported, use the bitwise_xor, the `^` operator, '
                        'or the logical_xor function instead.')
    if otype.kind in 'iu':
        otype = numpy.dtype(numpy.float64)
    outvals = []
    for ax, ax_dx in zip(axes, dx):
        if f.shape[ax] < edge_order + 1:
            raise ValueError(
                'Shape of array too small to calculate a numerical '
                'gradient, at least (edge_order + 1) elements are '
                'required.')
        out = core._empty(f.shape, otype)
        ff = f.astype(otype, copy=False) if f.dtype.kind in 'iu' else f

        def s(a, b=None, step=None, _ax=ax):
            return _slice(N, _ax, slice(a, b, step))
        uniform = numpy.ndim(ax_dx) == 0
        if uniform:
            out[s(1, -1)] = (ff[s(2, None)] - ff[s(None, -2)]) / (2. * ax_dx)
        else:
            dx1 = ax_dx[0:-1]
            dx2 = ax_dx[1:]
            a = -(dx2) / (dx1 * (dx1 + dx2))
            b = (dx2 - dx1) / (dx1 * dx2)
            c = dx1 / (dx2 * (dx1 + dx2))
            shape = [1] * N
            shape[ax] = -1
            a = a.reshape(shape)
            b = b.reshape(shape)
            c = c.reshape(shape)
            out[s(1, -1)] = (a * ff[s(None, -2)] + b * ff[s(1, -1)] +
                             c * ff[s(2, None)])
        if edge_order == 1:
            d0 = ax_dx if uniform else ax_dx[0]
            d1 = ax_dx if uniform else ax_dx[-1]
            out[s(0, 1)] = (ff[s(1, 2)] - ff[s(0, 1)]) / d0
            out[s(-1, None)] = (ff[s(-1, None)] - ff[s(-2, -1)]) / d1
        else:
            if uniform:
                a = -1.5 / ax_dx
                b = 2. / ax_dx
                c = -0.5 / ax_dx
            else:
                dx1 = ax_dx[0]
                dx2 = ax_dx[1]
                a = -(2. * dx1 + dx2) / (dx1 * (dx1 + dx2))
                b = (dx1 + dx2) / (dx1 * dx2)
                c = - dx1 / (dx2 * (dx1 + dx2))
            out[s(0, 1)] = (a * ff[s(0, 1)] + b * ff[s(1, 2)] +
                            c * ff[s(2, 3)])
            if uniform:
                a = 0.5 / ax_dx
                b = -2. / ax_dx
                c = 1.5 / ax_dx
            else:
                dx1 = ax_dx[-2]
                dx2 = ax_dx[-1]
                a = (dx2) / (dx1 * (dx1 + dx2))
                b = - (dx2 + dx1) / (dx1 * dx2)
                c = (2. * dx2 + dx1) / (dx2 * (dx1 + dx2))
            out[s(-1, None)] = (a * ff[s(-3, -2)] + b * ff[s(-2, -1)] +
                                c * ff[s(-1, None)])
        outvals.append(out)
    if len_axes == 1:
        return outvals[0]
    return tuple(outvals)
