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
from cupy._core._routines_creation import device_scope


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


def _bound_dtype(x):
    """What NumPy's result_type sees for a linspace bound: Python scalars
    stay weak (NEP 50), arrays and NumPy scalars are strong."""
    if isinstance(x, core.ndarray):
        return x.dtype
    if type(x) in (int, float, complex, bool):
        return x
    return numpy.asarray(x).dtype


def _linspace(start, stop, num, endpoint, retstep, dtype, axis):
    """``num`` evenly spaced values from ``start`` to ``stop``
    (``numpy.linspace``).

    NumPy's values: ``i * step + start`` (``(i / div) * delta + start``
    when the step underflows to zero), the last one ``stop`` when
    ``endpoint``; for an integer ``dtype`` they are floored before the
    cast.  Scalar bounds fill with the provider's 'arange'; array bounds
    (and float16, and an underflowing step) take NumPy's ufunc sequence on
    the device.
    """
    num = operator.index(num)
    if num < 0:
        raise ValueError(
            'Number of samples, {}, must be non-negative.'.format(num))
    huge = [type(x) is int and not -2**63 <= x < 2**64 for x in (start,
                                                                stop)]
    if any(huge):
        # NumPy: an object bound; with an array bound the arithmetic is in
        # float64, with scalar bounds it fails as object arithmetic
        if all(numpy.ndim(x) == 0 for x in (start, stop)):
            raise TypeError(
                'linspace: a Python int bound outside the 64-bit integers '
                'has no dtype (NumPy: object arithmetic, not supported); '
                'pass it as a float')
        start, stop = [float(x) if h else x for x, h in zip((start, stop),
                                                             huge)]
    div = (num - 1) if endpoint else num
    dt = numpy.result_type(_bound_dtype(start), _bound_dtype(stop))
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
    scalar = all(not isinstance(x, core.ndarray) and numpy.ndim(x) == 0
                 for x in (start, stop))
    if not scalar:
        y, step = _linspace_arrays(start, stop, num, div, endpoint, dt, axis)
    else:
        with numpy.errstate(all='ignore'):
            start_dt = numpy.asarray(start).astype(dt)[()]
            stop_dt = numpy.asarray(stop).astype(dt)[()]
            delta = numpy.subtract(stop, start, dtype=dt)
            if div > 0:
                step = delta / div
            else:
                step = float('nan')
        _shape.normalize_axis(axis, 1)     # the result is 1-d
        if dt == numpy.float16 or (div > 0 and step == 0 and delta != 0):
            # NumPy rounds i*step to float16 before adding start, and an
            # underflowing step computes (i / div) * delta: the ufunc
            # sequence gives exactly its values
            y, _ = _linspace_arrays(start_dt, stop_dt, num, div, endpoint,
                                    dt, 0)
        else:
            y = core._empty((num,), dt)
            if num:
                _linspace_fill(y, num, div, start_dt, stop_dt, delta, step,
                               endpoint)
    if integer_dtype and y.size:
        import cupy
        y = cupy.floor(y)
    if out_dtype != dt:
        y = y.astype(out_dtype)
    if retstep:
        return y, step
    return y


def _linspace_arrays(start, stop, num, div, endpoint, dt, axis):
    """NumPy's linspace for array (or 0-d) bounds, with device ufuncs:
    (y, step), step a device array (NaN when div <= 0)."""
    import cupy
    start = _as_device(start)
    stop = _as_device(stop)
    delta = cupy.subtract(stop, start, dtype=dt)
    nd = delta.ndim
    axis = _shape.normalize_axis(axis, nd + 1)
    y = arange(0, num, dtype=dt).reshape((-1,) + (1,) * nd)
    if div > 0:
        step = cupy.true_divide(delta, div)
        underflow = (step == 0).any()
        plain = cupy.multiply(y, step)
        # NumPy (gh-5437): any zero step switches the whole result to
        # (i / div) * delta; chosen on the device, no synchronisation
        scaled = cupy.multiply(cupy.true_divide(y, div), delta)
        y = cupy.where(underflow, scaled, plain)
    else:
        step = float('nan')        # NumPy: a Python float here
        y = cupy.multiply(y, delta)
    y = cupy.add(y, start, dtype=dt)
    if y.dtype != dt:
        y = y.astype(dt)
    if endpoint and num > 1:
        core._copy_to(y[-1], stop)
    if axis != 0:
        y = cupy.moveaxis(y, 0, axis)
    return y, step


def _as_device(x):
    if isinstance(x, core.ndarray):
        return x
    import cupy
    h = numpy.asarray(x)
    if h.ndim == 0:
        out = core._empty((), h.dtype)
        core._fill(out, h)
        return out
    return cupy.asarray(h)


def _linspace_fill(y, num, div, start, stop, delta, step, endpoint):
    with numpy.errstate(all='ignore'):
        d = step if div > 0 else delta     # div == 0: y = i * delta + start
    if num == 1:
        with numpy.errstate(all='ignore'):
            core._fill(y, numpy.asarray(0 * d + start).astype(y.dtype))
    else:
        _arange_op(y, start, numpy.asarray(d).astype(y.dtype)[()])
    if endpoint and num > 1:
        core._fill(y[num - 1:], numpy.asarray(stop))


# ---------------------------------------------------------------- logspace

def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
             axis=0):
    """``base ** linspace(start, stop, num, endpoint, axis=axis)``
    (``numpy.logspace``); an array ``base`` broadcasts with the bounds and
    gets a new axis at ``axis``."""
    import cupy
    if not isinstance(base, (float, int)) and numpy.ndim(base):
        ndmax = len(numpy.broadcast_shapes(
            *[numpy.shape(x) for x in (start, stop, base)]))
        start, stop, base = (_ndmin(x, ndmax) for x in (start, stop, base))
        base = cupy.expand_dims(base, axis)
    y = linspace(start, stop, num=num, endpoint=endpoint, axis=axis)
    out = cupy.power(base, y)
    if dtype is not None:
        out = out.astype(dtype, copy=False)
    return out


def _ndmin(x, ndmin):
    x = _as_device(x)
    if x.ndim < ndmin:
        x = x.reshape((1,) * (ndmin - x.ndim) + x.shape)
    return x


# --------------------------------------------------------------- geomspace

def _on_device(name, dt):
    from cupy._core.elementwise import _capability
    c = dt.char
    return _capability.route(name, '{}->{}'.format(c, c)).kind != 'host'


def _sign(x):
    """numpy.sign; for complex NumPy 2's z / |z|, composed here when the
    provider has no complex sign."""
    import cupy
    if x.dtype.kind != 'c' or _on_device('sign', x.dtype):
        return cupy.sign(x)
    return cupy.true_divide(x, cupy.absolute(x).astype(x.dtype))


def _log10(x):
    """numpy.log10; where the provider has no log10 loop for the dtype
    (float64 and complex on Atlas A2) it is log(x) / log(10) on the
    device, which may differ from NumPy's log10 in the last bit."""
    import cupy
    if _on_device('log10', x.dtype):
        return cupy.log10(x)
    return cupy.true_divide(cupy.log(x), numpy.log(10.0))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """A geometric sequence from ``start`` to ``stop``
    (``numpy.geomspace``, NumPy 2's algorithm: the bounds are rotated by
    ``sign(start)`` onto the positive real axis, spaced in log10, and the
    endpoints are exactly ``start`` and ``stop``).

    A zero bound raises ValueError; for bounds on the device that check
    reads one flag back (a synchronisation).
    """
    import cupy
    num = operator.index(num)
    dev = [isinstance(x, core.ndarray) for x in (start, stop)]
    hs = [None if d else numpy.asanyarray(x) for d, x in zip(dev,
                                                             (start, stop))]
    if any(h is not None and numpy.any(h == 0) for h in hs):
        raise ValueError('Geometric sequence cannot include zero')
    dev_zero = [x == 0 for d, x in zip(dev, (start, stop)) if d]
    if dev_zero:
        flag = dev_zero[0].any()
        for z in dev_zero[1:]:
            flag = cupy.logical_or(flag, z.any())
        if bool(flag):
            raise ValueError('Geometric sequence cannot include zero')
    dts = [x.dtype if d else h.dtype for d, x, h in zip(dev, (start, stop),
                                                        hs)]
    dt = numpy.result_type(dts[0], dts[1], float(num),
                           numpy.zeros((), dtype))
    dt = _dtype.get_dtype(dt)
    out_dtype = dt if dtype is None else _dtype.get_dtype(dtype)
    if any(dev):
        start = _as_device(start if dev[0] else hs[0]).astype(dt, copy=True)
        stop = _as_device(stop if dev[1] else hs[1]).astype(dt, copy=True)
        out_sign = _sign(start)
        start = cupy.true_divide(start, out_sign, dtype=dt)
        stop = cupy.true_divide(stop, out_sign, dtype=dt)
        log_start = _log10(start)
        log_stop = _log10(stop)
    else:
        # host bounds: the few bound values are prepared by NumPy itself
        # (exact log10 for every dtype); the sequence is made on the device
        with numpy.errstate(all='ignore'):
            start = hs[0].astype(dt, copy=True)
            stop = hs[1].astype(dt, copy=True)
            out_sign = numpy.sign(start)
            start = start / out_sign
            stop = stop / out_sign
            log_start = numpy.log10(start)
            log_stop = numpy.log10(stop)
        start, stop, out_sign = (_as_device(x) for x in (start, stop,
                                                          out_sign))
    result = logspace(log_start, log_stop, num=num, endpoint=endpoint,
                      base=10.0, dtype=dt)
    if num > 0:
        core._copy_to(result[0], start)
        if num > 1 and endpoint:
            core._copy_to(result[-1], stop)
    result = cupy.multiply(result, out_sign, dtype=dt)
    if axis != 0:
        result = cupy.moveaxis(result, 0, axis)
    return result.astype(out_dtype, copy=False)


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
