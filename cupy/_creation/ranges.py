"""Numerical ranges: arange, linspace, meshgrid.

The values are computed on the device by the provider's 'arange' operation
(dst[i] = start + i*delta, the way NumPy's arange fills an array); only
scalars (start, delta, the length) are worked out on the host, with NumPy's
rules.
"""

import math
import operator

import numpy

from cupy._core import _dtype
from cupy._core import _shape
from cupy._core import core
from cupy._creation._device import device_scope


# ------------------------------------------------------------------ arange

def _scalar_dtype(x):
    """The dtype NumPy's arange sees for one of its arguments."""
    if isinstance(x, core.ndarray):
        raise TypeError('arange does not accept cupy arrays as its bounds; '
                        'pass Python or NumPy scalars')
    if isinstance(x, (numpy.generic, numpy.ndarray)):
        return numpy.asarray(x).dtype
    if isinstance(x, bool):
        return numpy.dtype(numpy.bool_)
    if isinstance(x, int):
        return numpy.asarray(x).dtype       # int64, uint64 or object
    if isinstance(x, float):
        return numpy.dtype(numpy.float64)
    if isinstance(x, complex):
        return numpy.dtype(numpy.complex128)
    return numpy.asarray(x).dtype


def _ceil_length(value):
    if math.isnan(value):
        raise ValueError('arange: cannot compute length')
    value = math.ceil(value) if not math.isinf(value) else value
    # NumPy compares in double precision, so 2**63 passes the check and
    # then wraps to a negative length: an empty result.
    if not -2.0 ** 63 <= value <= 2.0 ** 63:
        raise ValueError('Maximum allowed size exceeded')
    return int(value) if value < 2 ** 63 else -1


def _arange_length(start, stop, step, is_complex):
    # NumPy's length rule: ceil((stop - start) / step), computed with the
    # arguments' own (Python or NumPy scalar) arithmetic.  A ratio that is
    # a Python complex (numpy.complex128 is one) gives, for complex
    # results, the smaller of the real and imaginary lengths; otherwise
    # the ratio goes through float(), which takes the real part of NumPy
    # complex scalars and rejects Python complex numbers.
    with numpy.errstate(all='ignore'):
        ratio = (stop - start) / step
    if is_complex and isinstance(ratio, complex):
        return min(_ceil_length(ratio.real), _ceil_length(ratio.imag))
    if isinstance(ratio, numpy.complexfloating):
        return _ceil_length(float(ratio.real))
    if isinstance(ratio, complex):
        raise TypeError('must be real number, not complex')
    return _ceil_length(float(ratio))


def _py(x):
    # NumPy's arange stores its values with the dtype's setitem, which sees
    # NumPy real scalars as Python numbers (range-checked) but casts NumPy
    # complex scalars.
    if isinstance(x, numpy.generic) and not isinstance(
            x, numpy.complexfloating):
        return x.item()
    return x


def _arange_plan(start, stop, step, dtype):
    """(dtype, length, the first two values as a NumPy array) of
    ``numpy.arange(start, stop, step, dtype)``, computed from scalars."""
    if step is None:
        step = 1
    if stop is None:
        start, stop = 0, start
    if start is None or stop is None:
        raise TypeError("unsupported operand type(s) for -: '{}' and '{}'"
                        .format(type(stop).__name__, type(start).__name__))
    if dtype is None:
        dt = numpy.dtype(numpy.intp)
        for x in (start, stop, step):
            dt = numpy.promote_types(dt, _scalar_dtype(x))
        if dt.kind == 'O':
            raise ValueError('Maximum allowed size exceeded')
    else:
        dt = numpy.dtype(dtype)
    dt = _dtype.get_dtype(dt)
    if step == 0:
        raise ZeroDivisionError('division by zero')
    try:
        n = _arange_length(start, stop, step, dt.kind == 'c')
        if n > 0:
            with numpy.errstate(all='ignore'):
                nxt = start + step
    except OverflowError:
        # NumPy reports any overflow while computing the length this way
        raise ValueError('Maximum allowed size exceeded') from None
    if n <= 0:
        return dt, 0, None
    # The first two values, converted into the dtype as NumPy stores them.
    # (NumPy's setitem sees NumPy scalars as Python numbers: -4 does not
    # fit uint8 whatever its type.)
    first = numpy.empty(2, dt)
    first[0] = _py(start)
    if n > 1:
        first[1] = _py(nxt)
    if dt.kind == 'b' and n > 2:
        raise TypeError('arange() is only supported for booleans when the '
                        'result has at most length 2.')
    return dt, n, first


_ARANGE_ARGS = ('start', 'stop', 'step', 'dtype')


def arange(*args, **kwargs):
    """arange([start,] stop[, step], dtype=None, *, device=None): evenly
    spaced values in ``[start, stop)`` (``numpy.arange``, which also takes
    ``start``, ``stop`` and ``step`` by name).

    The length, the result dtype and the first two values follow NumPy;
    the rest is filled on the device as NumPy fills it
    (``start + i * (second - first)`` in the result dtype).
    """
    if len(args) > 4:
        raise TypeError('arange() takes from 0 to 4 positional arguments '
                        'but {} were given'.format(len(args)))
    params = dict(zip(_ARANGE_ARGS, args))
    device = kwargs.pop('device', None)
    for name, value in kwargs.items():
        if name not in _ARANGE_ARGS:
            raise TypeError("arange() got an unexpected keyword argument "
                            "'{}'".format(name))
        if name in params:
            raise TypeError(
                "argument for arange() given by name ('{}') and position "
                '(position {})'.format(name, _ARANGE_ARGS.index(name)))
        params[name] = value
    if 'stop' not in params and not args:
        raise TypeError('arange() requires stop to be specified.')
    start = params.get('start', 0)
    stop = params.get('stop')
    dt, n, first = _arange_plan(start, stop, params.get('step'),
                                params.get('dtype'))
    with device_scope(device):
        out = core._empty((n,), dt)
        if n == 0:
            return out
        if n <= 2:
            for i in range(n):
                core._fill(out[i:i + 1], first[i:i + 1].reshape(()))
            return out
        _fill_range(out, first)
    return out


def _fill_range(out, first):
    """out[0] = first[0], out[1] = first[1], out[i] = start + i*delta with
    delta = first[1] - first[0] in the dtype (NumPy's fill)."""
    if out.dtype == numpy.float16:
        # NumPy fills float16 in float32 arithmetic
        h = first.astype(numpy.float32)
    else:
        h = first
    with numpy.errstate(all='ignore'):
        delta = (h[1:2] - h[0:1])[0]
    _arange_op(out, h[0], delta)
    # NumPy stores the second value as computed, not as start + delta
    core._fill(out[1:2], first[1:2].reshape(()))


def _arange_op(out, start, delta):
    """out[i] = start + i*delta (NumPy scalars of out's arithmetic type),
    by the provider's 'arange'; non-finite values, which it does not take,
    are constant from i = 1 on and filled here."""
    parts = ((start.real, delta.real), (start.imag, delta.imag)) if \
        out.dtype.kind == 'c' else ((start, delta),)
    if out.dtype.kind not in 'fc' or all(
            numpy.isfinite(s) and numpy.isfinite(d) for s, d in parts):
        start, delta = start.item(), delta.item()
        if out.dtype.kind == 'u':
            # NumPy's unsigned fill wraps around: a "negative" step is a
            # huge delta (10, 7, 4: delta 2**64 - 3).  The same values mod
            # 2**bits come from the signed delta, within int64 on device.
            bits = 8 * out.dtype.itemsize
            if delta >= 1 << (bits - 1):
                delta -= 1 << bits
            if bits == 64 and start >= 1 << 63:
                start -= 1 << 64        # cast back bit for bit
        core._run('arange', (out._as_view(),), (),
                  {'start': start, 'delta': delta})
        return
    with numpy.errstate(all='ignore'):
        v = [[s + i * d for s, d in parts] for i in (0, 1)]
    if out.dtype.kind == 'c':
        v = [complex(*x) for x in v]
    else:
        v = [x[0] for x in v]
    core._fill(out[:1], numpy.asarray(v[0]).astype(out.dtype))
    core._fill(out[1:], numpy.asarray(v[1]).astype(out.dtype))


# ---------------------------------------------------------------- linspace

def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None,
             axis=0, *, device=None):
    """``num`` evenly spaced values from ``start`` to ``stop``
    (``numpy.linspace``), on ``device`` (default: the current one)."""
    with device_scope(device):
        return _linspace(start, stop, num, endpoint, retstep, dtype, axis)


def _linspace(start, stop, num, endpoint, retstep, dtype, axis):
    """``num`` evenly spaced values from ``start`` to ``stop``
    (``numpy.linspace``), for scalar ``start`` and ``stop``.

    The values are NumPy's: ``i * step + start``, the last one ``stop``
    when ``endpoint``; for integer ``dtype`` NumPy floors them.
    """
    num = operator.index(num)
    if num < 0:
        raise ValueError(
            'Number of samples, {}, must be non-negative.'.format(num))
    for x in (start, stop):
        if isinstance(x, core.ndarray) or numpy.ndim(x) != 0:
            raise NotImplementedError(
                'cupy.linspace supports scalar start and stop only: '
                'array bounds need elementwise arithmetic, not available '
                'yet')
    div = (num - 1) if endpoint else num
    dt = numpy.result_type(start, stop)
    if dt.kind not in 'fc':
        dt = numpy.result_type(dt, 1.0)
    dt = _dtype.get_dtype(dt)
    out_dtype = dt if dtype is None else _dtype.get_dtype(dtype)
    integer_dtype = out_dtype.kind in 'iu'
    if integer_dtype and dt.kind == 'c':
        raise TypeError("ufunc 'floor' not supported for the input types, "
                        'and the inputs could not be safely coerced to any '
                        "supported types according to the casting rule "
                        "''safe''")
    with numpy.errstate(all='ignore'):
        start_dt = numpy.asarray(start).astype(dt)[()]
        stop_dt = numpy.asarray(stop).astype(dt)[()]
        delta = numpy.subtract(stop, start, dtype=dt)
        if div > 0:
            step = delta / div
        else:
            step = float('nan')
    _shape.normalize_axis(axis, 1)     # the result is 1-d
    y = core._empty((num,), dt)
    if num:
        _linspace_fill(y, num, div, start_dt, stop_dt, delta, step,
                       endpoint)
    if integer_dtype:
        _check_floor_is_trunc(start_dt, stop_dt, step, num)
    if out_dtype != dt:
        y = y.astype(out_dtype)
    if retstep:
        return y, step
    return y


def _linspace_fill(y, num, div, start, stop, delta, step, endpoint):
    with numpy.errstate(all='ignore'):
        if div > 0 and step == 0 and delta != 0:
            # NumPy computes (i / div) * delta here (step underflowed);
            # every such value rounds to +-0 or a few subnormals.
            raise NotImplementedError(
                'cupy.linspace: the step underflows to zero; NumPy then '
                'computes (i / div) * delta, which needs elementwise '
                'arithmetic, not available yet')
        d = step if div > 0 else delta     # div == 0: y = i * delta + start
    if num == 1:
        with numpy.errstate(all='ignore'):
            core._fill(y, numpy.asarray(0 * d + start).astype(y.dtype))
    else:
        _arange_op(y, start, numpy.asarray(d).astype(y.dtype)[()])
    if endpoint and num > 1:
        core._fill(y[num - 1:], numpy.asarray(stop))


def _check_floor_is_trunc(start, stop, step, num):
    """The device cast truncates; NumPy floors.  They agree when no value
    is a negative non-integer."""
    if num == 0:
        return
    if start >= 0 and stop >= 0:
        return
    if (float(start).is_integer() and float(step).is_integer() and
            abs(float(start)) < 2 ** 53 and abs(float(stop)) < 2 ** 53):
        return
    raise NotImplementedError(
        'cupy.linspace with an integer dtype and negative non-integer '
        'values needs floor, which is not available yet')


# ---------------------------------------------------------------- meshgrid

def meshgrid(*xi, copy=True, sparse=False, indexing='xy'):
    """Coordinate arrays from coordinate vectors (``numpy.meshgrid``)."""
    import cupy
    if indexing not in ('xy', 'ij'):
        raise ValueError(
            "Valid values for `indexing` are 'xy' and 'ij'.")
    ndim = len(xi)
    arrays = [cupy.asarray(x).ravel() for x in xi]
    shapes = []
    for i, x in enumerate(arrays):
        s = [1] * ndim
        s[i] = x.size
        shapes.append(s)
    if indexing == 'xy' and ndim > 1:
        shapes[0][0], shapes[0][1] = 1, shapes[0][0]
        shapes[1][0], shapes[1][1] = shapes[1][1], 1
    output = [x.reshape(tuple(s)) for x, s in zip(arrays, shapes)]
    if not sparse:
        output = list(cupy.broadcast_arrays(*output))
    if copy:
        output = [x.copy() for x in output]
    return tuple(output)
