"""Linear filters: lfilter, lfilter_zi, lfiltic, sosfilt, sosfilt_zi,
filtfilt, sosfiltfilt.

lfilter splits the filter b/a into its FIR part (a convolution of the
samples with b) and its all-pole part (``_iir_utils.allpole``, a parallel
scan).  SciPy's initial state ``zi`` is the transposed direct form II
state; its element i is exactly the part of y[i]'s difference equation
that refers to samples before the start, so it is added to the first
samples of the FIR part.  The final state is the same sums over the last
samples of x and y (lfiltic's formula).  The coefficients are read to the
host (a few numbers; one synchronisation per call).
"""

import numpy

import cupy
from cupy._core import _dtype
from cupyx.scipy.signal import _iir_dense
from cupyx.scipy.signal import _iir_rows
from cupyx.scipy.signal import _iir_utils
from cupyx.scipy.signal._convolve import _direct_full, fftconvolve

# Kernel length above which the FIR part takes an FFT instead of window
# sums (each window sum holds n * taps products).
_FFT_TAPS = 64
# Kernel length up to which the FIR part is shifted multiply-adds.
_SHIFT_TAPS = 8


def _host(c):
    if isinstance(c, cupy.ndarray):
        return cupy.asnumpy(c)
    return numpy.asarray(c)


def _filter_dtype(*dts):
    dt = numpy.result_type(*dts)
    if dt.kind in 'biu':
        return numpy.dtype(numpy.float64)
    if dt == numpy.float16:
        return numpy.dtype(numpy.float32)
    if dt.kind not in 'fc':
        raise NotImplementedError(
            "input type '{}' not supported".format(dt))
    return dt


def _fir_part(x2, b):
    """sum_k b[k] x[t - k] along the last axis of the 2-d array x2."""
    n = x2.shape[1]
    if len(b) == 1:
        return x2 * x2.dtype.type(b[0])
    if len(b) <= _SHIFT_TAPS:
        # a few taps: shifted multiply-adds (a sum over a short window axis
        # costs more than these passes)
        w = x2 * x2.dtype.type(b[0])
        for k in range(1, min(len(b), n)):
            if b[k] != 0:
                w[:, k:] += x2[:, :n - k] * x2.dtype.type(b[k])
        return w
    kern = cupy.asarray(b.astype(x2.dtype))
    if len(b) > _FFT_TAPS and n > _FFT_TAPS:
        full = fftconvolve(x2, kern[None, :], axes=-1)
        return full[:, :n].astype(x2.dtype, copy=False)
    return _direct_full(x2, kern[None, :], x2.dtype)[:, :n]


def _last_samples(v2, p):
    """(batch, p): v[n-1-j] for j < p, zeros before the start."""
    n = v2.shape[1]
    m = min(n, p)
    out = cupy.zeros((v2.shape[0], p), dtype=v2.dtype)
    if m:
        out[:, :m] = v2[:, n - m:][:, ::-1]
    return out


def _state_matrix(c, p):
    """M[i, j] = c[i + 1 + j] (zero past the end): the final state is
    M @ last_x - A @ last_y."""
    m = numpy.zeros((p, p), dtype=c.dtype)
    for i in range(p):
        m[i, :p - i] = c[i + 1:p + 1]
    return m


def _matvec(v2, mat):
    """rows of v2 (batch, p) times the host matrix mat (p, p)^T."""
    return (v2[:, None, :] * cupy.asarray(mat.astype(v2.dtype))).sum(-1)


def _normalize(b, a):
    b = numpy.atleast_1d(_host(b))
    a = numpy.atleast_1d(_host(a))
    if b.ndim != 1 or a.ndim != 1:
        raise ValueError('object of too small depth for desired array')
    if a.size == 0 or b.size == 0:
        raise ValueError('object of too small depth for desired array')
    if a[0] == 0:
        raise ValueError('BUG: filter coefficient a[0] == 0 not supported '
                         'yet')
    p = max(len(a), len(b)) - 1
    bb = numpy.zeros(p + 1, dtype=numpy.result_type(b, a, numpy.float64))
    aa = numpy.zeros(p + 1, dtype=bb.dtype)
    bb[:len(b)] = b
    aa[:len(a)] = a
    return bb / aa[0], aa / aa[0], p


def lfilter(b, a, x, axis=-1, zi=None):
    """Filter x with the IIR/FIR filter b/a along an axis
    (``scipy.signal.lfilter``), with an optional initial state ``zi``:
    SciPy's state of max(len(a), len(b)) - 1 values, or CuPy's
    len(b) + len(a) - 2 past inputs and outputs where that length differs
    (``_past_values_zi``)."""
    if zi is not None:
        res = _past_values_zi(b, a, x, axis, zi)
        if res is not None:
            return res
    return _lfilter(b, a, x, axis, zi)


def _past_values_zi(b, a, x, axis, zi):
    """CuPy's own zi: the last len(b) - 1 inputs then the last len(a) - 1
    outputs along the axis, oldest first (its lfiltic's layout).  Taken
    where that length differs from SciPy's (a FIR or all-pole filter has
    the same length in both and gets SciPy's meaning).  The state is
    lfiltic's sums (one product), zf the same layout after x."""
    hb = numpy.atleast_1d(_host(b))
    ha = numpy.atleast_1d(_host(a))
    x = cupy.asarray(x)
    zi = cupy.asarray(zi)
    if x.ndim == 0 or zi.ndim != x.ndim or hb.ndim != 1 or ha.ndim != 1:
        return None
    axis = _check_axis(axis, x.ndim)
    m, q = len(hb) - 1, len(ha) - 1
    p = max(m, q)
    if zi.shape[axis] != m + q or m + q == p:
        return None
    bb, aa, _ = _normalize(hb, ha)
    mat = numpy.zeros((p, m + q), dtype=bb.dtype)
    for i in range(p):
        for j in range(m - i):
            mat[i, m - 1 - j] += bb[i + 1 + j]
        for j in range(q - i):
            mat[i, m + q - 1 - j] -= aa[i + 1 + j]
    dtype = _filter_dtype(hb.dtype, ha.dtype, x.dtype)
    zm = cupy.moveaxis(zi, axis, -1).astype(dtype)
    zrows = cupy.ascontiguousarray(zm).reshape(-1, m + q)
    state = _iir_dense._product(zrows, cupy.asarray(mat.T.astype(dtype)))
    state = cupy.moveaxis(state.reshape(zm.shape[:-1] + (p,)), -1, axis)
    y, _ = _lfilter(b, a, x, axis, state)
    xm = cupy.moveaxis(x, axis, -1).astype(dtype)
    ym = cupy.moveaxis(y, axis, -1)
    hist = [cupy.concatenate([zm[..., :m], xm], axis=-1)[..., xm.shape[-1]:],
            cupy.concatenate([zm[..., m:], ym], axis=-1)[..., ym.shape[-1]:]]
    zf = cupy.concatenate(hist, axis=-1)
    return y, cupy.ascontiguousarray(cupy.moveaxis(zf, -1, axis))


def _lfilter(b, a, x, axis, zi):
    x = cupy.asarray(x)
    hb, ha = _host(b), _host(a)
    dtype = _filter_dtype(numpy.asarray(hb).dtype, numpy.asarray(ha).dtype,
                          x.dtype)
    bb, aa, p = _normalize(hb, ha)
    if x.ndim == 0:
        raise ValueError('x must be at least 1-D')
    axis = _check_axis(axis, x.ndim)
    xm = cupy.moveaxis(x, axis, -1).astype(dtype, copy=False)
    lead = xm.shape[:-1]
    n = xm.shape[-1]
    batch = int(numpy.prod(lead)) if lead else 1
    x2 = cupy.ascontiguousarray(xm).reshape(batch, n)
    bb = bb.astype(numpy.result_type(bb, dtype))
    aa = aa.astype(bb.dtype)
    z2 = None
    if zi is not None:
        z2 = _zi_rows(zi, x, axis, lead, p, batch, dtype)
    if p and _iir_dense.takes(batch, n):
        # short signals: the whole filter as one or two products
        key = ('ba', bb.dtype.char, bb.tobytes(), aa.tobytes())
        tabs = _iir_dense.tables(key, _iir_dense.tdf2_system(bb, aa), n,
                                 dtype, zi is not None)
        y2, zf2 = _iir_dense.apply(x2, z2, tabs)
        y = _restore_axis(y2, lead, n, axis)
        if zi is None:
            return y
        return y, _restore_axis(zf2, lead, p, axis)
    w = _fir_part(x2, bb) if batch and n else cupy.zeros((batch, n), dtype)
    if z2 is not None:
        m = min(n, p)
        if m and batch:
            w = w.copy() if w is x2 else w
            w[:, :m] += z2[:, :m]
    q = p
    while q > 0 and aa[q] == 0:
        q -= 1
    if q and batch and n:
        y2 = _iir_utils.allpole(w, aa[1:q + 1])
    else:
        y2 = w
    y2 = y2.astype(dtype, copy=False)
    y = _restore_axis(y2, lead, n, axis)
    if zi is None:
        return y
    if p == 0:
        zf2 = cupy.zeros((batch, 0), dtype)
    else:
        xl = _last_samples(x2, p)
        yl = _last_samples(y2, p)
        zf2 = (_matvec(xl, _state_matrix(bb, p)) -
               _matvec(yl, _state_matrix(aa, p)))
        if n < p:
            zf2[:, :p - n] += z2[:, n:]
        zf2 = zf2.astype(dtype, copy=False)
    return y, _restore_axis(zf2, lead, p, axis)


def _zi_rows(zi, x, axis, lead, p, batch, dtype):
    """lfilter's zi as (batch, p) rows in the filter's dtype."""
    zi = cupy.asarray(zi)
    if zi.ndim != x.ndim:
        raise ValueError('object of too small depth for desired array')
    zim = cupy.moveaxis(zi, axis, -1)
    want = lead + (p,)
    if zim.shape != want:
        try:
            zim = cupy.broadcast_to(zim, want)
        except ValueError:
            raise ValueError(
                'Unexpected shape for parameter zi: expected {}, found '
                '{}.'.format(tuple(x.shape[:axis]) + (p,) +
                             x.shape[axis + 1:], zi.shape))
    return cupy.ascontiguousarray(zim).astype(dtype).reshape(batch, p)


def _restore_axis(v2, lead, k, axis):
    """(batch, k) rows back to the caller's layout; SciPy's results are
    C-contiguous whatever the axis."""
    v = v2.reshape(lead + (k,))
    if axis == v.ndim - 1:
        return cupy.ascontiguousarray(v)
    return cupy.ascontiguousarray(cupy.moveaxis(v, -1, axis))


def _check_axis(axis, ndim):
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def lfilter_zi(b, a):
    """Initial state of lfilter for the steady state of a step response
    (``scipy.signal.lfilter_zi``; a p x p solve on the host)."""
    return cupy.asarray(_lfilter_zi_host(b, a))


def _lfilter_zi_host(b, a):
    b = numpy.atleast_1d(_host(b)).astype(numpy.result_type(
        _host(b), numpy.float64))
    a = numpy.atleast_1d(_host(a)).astype(numpy.result_type(
        _host(a), numpy.float64))
    if b.ndim != 1 or a.ndim != 1:
        raise ValueError('Numerator b and Denominator a must be 1-D.')
    while len(a) > 1 and a[0] == 0.0:
        a = a[1:]
    if a.size < 1:
        raise ValueError('There must be at least one nonzero `a` '
                         'coefficient.')
    if a[0] != 1.0:
        b = b / a[0]
        a = a / a[0]
    n = max(len(a), len(b))
    if len(a) < n:
        a = numpy.r_[a, numpy.zeros(n - len(a), dtype=a.dtype)]
    elif len(b) < n:
        b = numpy.r_[b, numpy.zeros(n - len(b), dtype=b.dtype)]
    if n == 1:
        raise ValueError('The length of `a` along the last axis must be at '
                         'least 2.')
    comp = numpy.zeros((n - 1, n - 1), dtype=a.dtype)
    comp[0, :] = -a[1:]
    comp[1:, :-1] += numpy.eye(n - 2, dtype=a.dtype)
    i_minus_a = numpy.eye(n - 1, dtype=a.dtype) - comp.T
    rhs = b[1:] - a[1:] * b[0]
    return numpy.linalg.solve(i_minus_a, rhs)


def lfiltic(b, a, y, x=None):
    """Initial state of lfilter from past outputs y and inputs x
    (``scipy.signal.lfiltic``; host arithmetic on a few numbers)."""
    a = numpy.atleast_1d(_host(a))
    b = numpy.atleast_1d(_host(b))
    if a.ndim > 1:
        raise ValueError('Filter a not of correct shape.')
    if b.ndim > 1:
        raise ValueError('Filter b not of correct shape.')
    n = len(a) - 1
    m = len(b) - 1
    k = max(m, n)
    y = _host(y)
    if x is None:
        x = numpy.zeros(m, dtype=y.dtype)
    else:
        x = _host(x)
    dt = numpy.result_type(a, b, y, x, numpy.float64)
    l_ = numpy.arange(len(x))
    x = x[l_ < m]
    x = numpy.r_[x, numpy.zeros(m - len(x), dtype=dt)]
    y = y[numpy.arange(len(y)) < n]
    y = numpy.r_[y, numpy.zeros(n - len(y), dtype=dt)]
    zi = numpy.zeros(k, dt)
    for i in range(m):
        zi[i] = (b[i + 1:] * x[:m - i]).sum()
    for i in range(n):
        zi[i] -= (a[i + 1:] * y[:n - i]).sum()
    return cupy.asarray(zi / a[0])


def _sos_check(sos):
    sos = _host(sos)
    sos = numpy.atleast_2d(sos)
    if sos.ndim != 2:
        raise ValueError('sos array must be 2D')
    n_sections, m = sos.shape
    if m != 6:
        raise ValueError('sos array must be shape (n_sections, 6)')
    if not (sos[:, 3] == 1).all():
        raise ValueError('sos[:, 3] should be all ones')
    return sos, n_sections


def sosfilt(sos, x, axis=-1, zi=None):
    """Filter x with cascaded second-order sections
    (``scipy.signal.sosfilt``)."""
    sos, n_sections = _sos_check(sos)
    x = cupy.asarray(x)
    if x.ndim == 0:
        raise ValueError('x must be at least 1-D')
    axis = _check_axis(axis, x.ndim)
    dtype = _filter_dtype(sos.dtype, x.dtype)
    if zi is not None:
        zi = cupy.asarray(zi)
        want = (n_sections,) + x.shape[:axis] + (2,) + x.shape[axis + 1:]
        if zi.shape == want[:axis + 1] + (4,) + want[axis + 2:]:
            # CuPy's own layout: each section's last two inputs and
            # outputs, oldest first
            return _iir_utils.apply_iir_sos(x, sos, axis=axis, zi=zi,
                                            dtype=dtype)
        if zi.shape != want:
            raise ValueError(
                'Invalid zi shape. With axis={!r}, an input with shape {!r},'
                ' and an sos array with {} sections, zi must have shape {!r},'
                ' got {!r}.'.format(axis, x.shape, n_sections, want,
                                    zi.shape))
    dense = _sosfilt_dense(sos, x, axis, zi, dtype)
    if dense is not None:
        return dense
    n = x.shape[axis]
    lead = x.shape[:axis] + x.shape[axis + 1:]
    batch = int(numpy.prod(lead)) if lead else 1
    xm = cupy.moveaxis(x, axis, -1).astype(dtype, copy=False)
    x2 = cupy.ascontiguousarray(xm).reshape(batch, n)
    z3 = None
    if zi is not None:
        # (sections, ..., 2, ...) -> (sections, batch, 2)
        zm = cupy.moveaxis(zi.astype(dtype, copy=False), axis + 1, -1)
        z3 = cupy.ascontiguousarray(zm).reshape(n_sections, batch, 2)
    if batch == 0 or n == 0:
        y2 = x2.copy()
        zf3 = z3
    else:
        y2, zf3 = _sosfilt_rows(sos, x2, z3, dtype)
    y = _restore_axis(y2, lead, n, axis)
    if zi is None:
        return y
    zf = cupy.stack([_restore_axis(zf3[s], lead, 2, axis)
                     for s in range(n_sections)])
    return y, zf.astype(dtype, copy=False)


def _sosfilt_rows(sos, x2, z3, dtype):
    """All sections of a long signal x2 (batch, n) in the row layout of
    ``_iir_rows`` (two transposes for the whole cascade): each section's
    FIR part, its initial state folded into its first samples, its
    all-pole part; the final states by lfiltic's sums."""
    n = x2.shape[1]
    block = _iir_rows.block_len(2, x2.size)
    rows = _iir_rows.to_rows(x2, block)
    zfs = []
    for s in range(len(sos)):
        bb, aa, p = _normalize(sos[s, :3], sos[s, 3:])
        bb = bb.astype(numpy.result_type(bb, dtype))
        aa = aa.astype(bb.dtype)
        w = _iir_rows.fir_rows(rows, bb)
        if z3 is not None:
            for i in range(min(p, n)):
                t, j = _iir_rows.position(n, block, i)
                w[t, :, j] += z3[s][:, i]
        q = p
        while q > 0 and aa[q] == 0:
            q -= 1
        y = _iir_rows.allpole_rows(w, aa[1:q + 1]) if q else w
        if z3 is not None:
            # the last p samples, most recent first (zeros before the
            # start: the layout pads in front)
            xl = rows[block - p:, :, -1][::-1].T
            yl = y[block - p:, :, -1][::-1].T
            zf = (_matvec(xl, _state_matrix(bb, p)) -
                  _matvec(yl, _state_matrix(aa, p)))
            if n < p:
                zf[:, :p - n] += z3[s][:, n:]
            zfs.append(zf.astype(dtype, copy=False))
        rows = y
    y2 = _iir_rows.from_rows(rows, n).astype(dtype, copy=False)
    return y2, (cupy.stack(zfs) if zfs else None)


def _sos_system(sos, dtype):
    """The cache key and state-space form of a cascade of sections."""
    sec = sos.astype(numpy.result_type(sos, dtype, numpy.float64))
    system = None
    for row in sec:
        part = _iir_dense.tdf2_system(row[:3], row[3:])
        system = part if system is None else _iir_dense.series(system, part)
    return ('sos', sec.dtype.char, sec.tobytes()), system


def _dense_rows(x, axis, dtype, mat):
    """x filtered along ``axis`` by the device matrix mat (n x n, given
    transposed): one product for all signals."""
    n = x.shape[axis]
    lead = x.shape[:axis] + x.shape[axis + 1:]
    xm = cupy.moveaxis(x, axis, -1).astype(dtype, copy=False)
    x2 = cupy.ascontiguousarray(xm).reshape(-1, n)
    return _restore_axis(_iir_dense._product(x2, mat), lead, n, axis)


def _sosfilt_dense(sos, x, axis, zi, dtype):
    """sosfilt of short signals: the cascade as one system of
    2 * sections states (``_iir_dense``); None where the scan is cheaper."""
    n = x.shape[axis]
    lead = x.shape[:axis] + x.shape[axis + 1:]
    batch = int(numpy.prod(lead)) if lead else 1
    if not _iir_dense.takes(batch, n):
        return None
    key, system = _sos_system(sos, dtype)
    nsec = len(sos)
    tabs = _iir_dense.tables(key, system, n, dtype, zi is not None)
    xm = cupy.moveaxis(x, axis, -1).astype(dtype, copy=False)
    x2 = cupy.ascontiguousarray(xm).reshape(batch, n)
    s0 = None
    if zi is not None:
        # (sections, ..., 2, ...) -> (batch, sections * 2), section-major
        zm = cupy.moveaxis(zi.astype(dtype, copy=False), axis + 1, -1)
        zm = cupy.moveaxis(zm, 0, -2)
        s0 = cupy.ascontiguousarray(zm).reshape(batch, 2 * nsec)
    y2, sf = _iir_dense.apply(x2, s0, tabs)
    y = _restore_axis(y2, x.shape[:axis] + x.shape[axis + 1:], n, axis)
    if zi is None:
        return y
    zf = sf.reshape(lead + (nsec, 2))
    zf = cupy.moveaxis(cupy.moveaxis(zf, -2, 0), -1, axis + 1)
    return y, cupy.ascontiguousarray(zf)


def sosfilt_zi(sos):
    """Initial states of sosfilt for the steady state of a step response
    (``scipy.signal.sosfilt_zi``)."""
    return cupy.asarray(_sosfilt_zi_host(sos))


def _sosfilt_zi_host(sos):
    sos = numpy.asarray(_host(sos))
    if sos.ndim != 2 or sos.shape[1] != 6:
        raise ValueError('sos must be shape (n_sections, 6)')
    if sos.dtype.kind in 'bui':
        sos = sos.astype(numpy.float64)
    n_sections = sos.shape[0]
    zi = numpy.empty((n_sections, 2), dtype=sos.dtype)
    scale = 1.0
    for s in range(n_sections):
        b = sos[s, :3]
        a = sos[s, 3:]
        zi[s] = scale * _lfilter_zi_host(b, a)
        # the next section sees this section's steady-state gain
        scale *= b.sum() / a.sum()
    return zi


# ---- forward-backward filtering --------------------------------------------

def _axis_slice(a, start=None, stop=None, step=None, axis=-1):
    sl = [slice(None)] * a.ndim
    sl[axis] = slice(start, stop, step)
    return a[tuple(sl)]


def _check_ext_length(x, n, axis):
    if n > x.shape[axis] - 1:
        raise ValueError(('The extension length n ({}) is too big. It must '
                          'not exceed x.shape[axis]-1, which is {}.').format(
                              n, x.shape[axis] - 1))


def odd_ext(x, n, axis=-1):
    """Odd extension of x by n samples at both ends along an axis."""
    if n < 1:
        return x
    _check_ext_length(x, n, axis)
    left_end = _axis_slice(x, start=0, stop=1, axis=axis)
    left_ext = _axis_slice(x, start=n, stop=0, step=-1, axis=axis)
    right_end = _axis_slice(x, start=-1, axis=axis)
    right_ext = _axis_slice(x, start=-2, stop=-(n + 2), step=-1, axis=axis)
    return cupy.concatenate((2 * left_end - left_ext, x,
                             2 * right_end - right_ext), axis=axis)


def even_ext(x, n, axis=-1):
    """Even extension of x by n samples at both ends along an axis."""
    if n < 1:
        return x
    _check_ext_length(x, n, axis)
    left_ext = _axis_slice(x, start=n, stop=0, step=-1, axis=axis)
    right_ext = _axis_slice(x, start=-2, stop=-(n + 2), step=-1, axis=axis)
    return cupy.concatenate((left_ext, x, right_ext), axis=axis)


def const_ext(x, n, axis=-1):
    """Constant extension of x by n samples at both ends along an axis."""
    if n < 1:
        return x
    left_end = _axis_slice(x, start=0, stop=1, axis=axis)
    ones_shape = [1] * x.ndim
    ones_shape[axis] = n
    ones = cupy.ones(ones_shape, dtype=x.dtype)
    right_end = _axis_slice(x, start=-1, axis=axis)
    return cupy.concatenate((ones * left_end, x, ones * right_end),
                            axis=axis)


def _pad_edge(padtype, padlen, x, axis, ntaps):
    """filtfilt's extension length, checked as SciPy checks it."""
    if padtype not in ['even', 'odd', 'constant', None]:
        raise ValueError(("Unknown value '%s' given to padtype.  padtype "
                          "must be 'even', 'odd', 'constant', or None.") %
                         padtype)
    if padtype is None:
        padlen = 0
    if padlen is None:
        edge = ntaps * 3
    else:
        edge = padlen
    if x.shape[axis] <= edge:
        raise ValueError('The length of the input vector x must be greater '
                         'than padlen, which is %d.' % edge)
    return edge


def _validate_pad(padtype, padlen, x, axis, ntaps):
    edge = _pad_edge(padtype, padlen, x, axis, ntaps)
    if padtype is not None and edge > 0:
        ext = {'even': even_ext, 'odd': odd_ext,
               'constant': const_ext}[padtype](x, edge, axis=axis)
    else:
        ext = x
    return edge, ext


def _zi_times_x0(zi, ext, axis):
    x0 = _axis_slice(ext, stop=1, axis=axis)
    shape = [1] * ext.ndim
    shape[axis] = zi.size
    return zi.reshape(shape) * x0


def filtfilt(b, a, x, axis=-1, padtype='odd', padlen=None, method='pad',
             irlen=None):
    """Forward-backward (zero-phase) filtering (``scipy.signal.filtfilt``):
    method 'pad' extends the ends, 'gust' chooses Gustafsson's initial
    states (``_filtfilt_gust``)."""
    if method not in ('pad', 'gust'):
        raise ValueError("method must be 'pad' or 'gust'.")
    x = cupy.asarray(x)
    hb, ha = numpy.atleast_1d(_host(b)), numpy.atleast_1d(_host(a))
    axis = _check_axis(axis, x.ndim)
    if method == 'gust' and numpy.result_type(hb, ha).kind == 'c':
        # SciPy stores the complex zero-input response in a float64
        # matrix, and NumPy warns about the cast
        _dtype.warn_complex_cast(stacklevel=2)
    n = x.shape[axis]
    batch = x.size // n if n else 0
    edge = 0 if method == 'gust' else _pad_edge(padtype, padlen, x, axis,
                                                max(len(ha), len(hb)))
    if _iir_dense.takes(batch, n + 2 * edge):
        bb, aa, p = _normalize(hb, ha)
        if p:
            # short signals: the whole method as one n x n matrix
            dtype = _filter_dtype(hb.dtype, ha.dtype, x.dtype)
            key = ('ba', bb.dtype.char, bb.tobytes(), aa.tobytes())
            system = _iir_dense.tdf2_system(bb, aa)
            if method == 'gust':
                from cupyx.scipy.signal._filtfilt_gust import gust_matrix
                mat = gust_matrix(key, system, n, irlen, dtype)
            else:
                mat = _iir_dense.forward_backward(
                    key, system, _lfilter_zi_host(hb, ha), n, padtype, edge,
                    dtype)
            return _dense_rows(x, axis, dtype, mat[0])
    if method == 'gust':
        from cupyx.scipy.signal._filtfilt_gust import filtfilt_gust
        return filtfilt_gust(hb, ha, x, axis=axis, irlen=irlen)[0]
    edge, ext = _validate_pad(padtype, padlen, x, axis,
                              ntaps=max(len(ha), len(hb)))
    zi = lfilter_zi(hb, ha)
    y, _ = lfilter(hb, ha, ext, axis=axis, zi=_zi_times_x0(zi, ext, axis))
    y0 = _axis_slice(y, start=-1, axis=axis)
    y, _ = lfilter(hb, ha, _axis_slice(y, step=-1, axis=axis), axis=axis,
                   zi=_zi_times_x0(zi, y0, axis))
    y = _axis_slice(y, step=-1, axis=axis)
    if edge > 0:
        y = _axis_slice(y, start=edge, stop=-edge, axis=axis)
    return y


def sosfiltfilt(sos, x, axis=-1, padtype='odd', padlen=None):
    """Forward-backward filtering with second-order sections
    (``scipy.signal.sosfiltfilt``)."""
    sos, n_sections = _sos_check(sos)
    x = cupy.asarray(x)
    axis = _check_axis(axis, x.ndim)
    ntaps = 2 * n_sections + 1
    ntaps -= min((sos[:, 2] == 0).sum(), (sos[:, 5] == 0).sum())
    n = x.shape[axis]
    batch = x.size // n if n else 0
    edge = _pad_edge(padtype, padlen, x, axis, ntaps)
    if _iir_dense.takes(batch, n + 2 * edge):
        dtype = _filter_dtype(sos.dtype, x.dtype)
        key, system = _sos_system(sos, dtype)
        mat = _iir_dense.forward_backward(
            key, system, _sosfilt_zi_host(sos).ravel(), n, padtype, edge,
            dtype)
        return _dense_rows(x, axis, dtype, mat[0])
    edge, ext = _validate_pad(padtype, padlen, x, axis, ntaps=ntaps)
    zi = sosfilt_zi(sos)
    zi_shape = [1] * x.ndim
    zi_shape[axis] = 2
    zi = zi.reshape([n_sections] + zi_shape)
    x0 = _axis_slice(ext, stop=1, axis=axis)
    y, _ = sosfilt(sos, ext, axis=axis, zi=zi * x0)
    y0 = _axis_slice(y, start=-1, axis=axis)
    y, _ = sosfilt(sos, _axis_slice(y, step=-1, axis=axis), axis=axis,
                   zi=zi * y0)
    y = _axis_slice(y, step=-1, axis=axis)
    if edge > 0:
        y = _axis_slice(y, start=edge, stop=-edge, axis=axis)
    return y
