"""Fourier transforms in the array core: NumPy 2's rules (result dtypes,
``n``/``s`` padding and trimming, axes, ``norm``, ``out=``) decided here,
the transforms handed to the provider's 'fft' (operations.md "FFT")
through the dispatch module, which holds the provider.

Capability path of one transform (DESIGN.md): the provider's loop
(``_dispatch.device_has('fft', dtype)``: on Ascend complex64 and float32,
sizes AsdSip plans); else a composition (``_compose``: Stockham for
powers of two, Bluestein otherwise, also for complex128 and float64);
else, where the composition's own parts have no device route, the host
(counted and warned by ``_fallback``).

The transforms over several distinct axes run as one request when the
provider takes it (2-D and 3-D plans), else one axis at a time.  Inputs
are never modified: the provider copies an input its library would
overwrite unless it is a temporary made here (``destroy_input``).
"""

import math
import operator

import numpy

from cupy._core import _dispatch
from cupy._core import _fallback
from cupy._core import _routines_ufuncs as _uf
from cupy._core import core
from cupy._core._operands import as_array
from cupy._core.fft import _compose
from cupy_backends.backend.provider import OperationNotSupported

_NORMS = ('backward', 'ortho', 'forward')
_dtype_cache = {}


# ------------------------------------------------------------ NumPy rules --

def check_norm(norm):
    if norm is None:
        return 'backward'
    if norm not in _NORMS:
        raise ValueError('Invalid norm value {}; should be "backward",'
                         '"ortho" or "forward".'.format(norm))
    return norm


def result_dtype(kind, dtype):
    """NumPy's result dtype of a transform of `kind` ('c2c', 'r2c',
    'c2r') of `dtype` (NumPy's own TypeError for what it refuses)."""
    key = (kind, dtype)
    try:
        return _dtype_cache[key]
    except KeyError:
        pass
    probe = numpy.zeros(2, dtype)
    fn = {'c2c': numpy.fft.fft, 'r2c': numpy.fft.rfft,
          'c2r': numpy.fft.irfft}[kind]
    res = fn(probe).dtype
    _dtype_cache[key] = res
    return res


def check_n(n):
    if n < 1:
        raise ValueError(
            'Invalid number of FFT data points ({}) specified.'.format(n))
    return n


def normalize_axis(axis, ndim):
    return numpy.lib.array_utils.normalize_axis_index(axis, ndim)


def cook_nd(a, s, axes, invreal=False):
    """NumPy's (s, axes) of an n-D transform, in NumPy's order of checks
    (numpy.take of the shape gives its IndexError and TypeError); the
    axes are not normalised yet (check_steps does it)."""
    shapeless = s is None
    if s is None:
        s = list(a.shape) if axes is None else list(
            numpy.take(a.shape, axes))
    s = list(s)
    if axes is None:
        if not shapeless:
            import warnings
            warnings.warn(
                '`axes` should not be `None` if `s` is not `None` '
                '(Deprecated in NumPy 2.0)', DeprecationWarning, stacklevel=4)
        axes = list(range(-len(s), 0))
    axes = list(axes)
    if len(s) != len(axes):
        raise ValueError('Shape and axes have different lengths.')
    if invreal and shapeless:
        s[-1] = (a.shape[axes[-1]] - 1) * 2
    s = [a.shape[ax] if v is None or v == -1 else v
         for v, ax in zip(s, axes)]
    return s, axes


def widen(cdt, out):
    """The complex loop dtype with `out`: NumPy's ufunc loop is chosen
    with the output, so a complex128 (or float64) `out` computes in
    double precision."""
    od = getattr(out, 'dtype', None)
    if od is not None and od.kind in 'fc' and od.itemsize > (
            cdt.itemsize if od.kind == 'c' else cdt.itemsize // 2):
        return numpy.dtype(numpy.complex128)
    return cdt


def check_steps(a, steps, norm, out=None, half=False):
    """The checks NumPy's one-axis transforms make, for each (n, axis) of
    ``steps`` in NumPy's order of calls: n < 1, the norm, the axis, the
    shape of `out` (n // 2 + 1 points with `half`), then n an integer.
    Returns the normalised norm and [(n, axis)]."""
    res = []
    for n, axis in steps:
        check_n(n)
        norm = check_norm(norm)
        axis = normalize_axis(axis, a.ndim)
        shape = getattr(out, 'shape', None)
        if shape is not None and (len(shape) != a.ndim or shape[axis] != (
                n // 2 + 1 if half else n)):
            raise ValueError('output array has wrong shape.')
        res.append((operator.index(n), axis))
    return norm, res


def scale(norm, forward, n):
    """The factor NumPy's `norm` applies to a transform of `n` points."""
    if not forward:
        norm = {'backward': 'forward', 'forward': 'backward'}.get(norm, norm)
    if norm == 'backward':
        return None
    if norm == 'ortho':
        return 1.0 / math.sqrt(n)
    return 1.0 / n


def resize(x, axis, n):
    """`x` trimmed or zero-padded to `n` along `axis` (a view when
    trimmed or unchanged)."""
    size = x.shape[axis]
    if size == n:
        return x
    index = [slice(None)] * x.ndim
    if n < size:
        index[axis] = slice(0, n)
        return x[tuple(index)]
    shape = list(x.shape)
    shape[axis] = n
    out = core._empty(tuple(shape), x.dtype)
    index[axis] = slice(size, n)
    core._fill(out[tuple(index)], 0)
    if size:
        index[axis] = slice(0, size)
        core._copy_to(out[tuple(index)], x)
    return out


# ------------------------------------------------------------- running --

def on_provider(kind, x, out_dtype, sizes, forward, destroy):
    """The provider's transform over the trailing len(sizes) axes, or
    None when it does not run it."""
    if not _dispatch.device_has('fft', out_dtype):
        return None
    shape = x.shape[:x.ndim - len(sizes)] + tuple(sizes)
    if kind == 'r2c':
        shape = shape[:-1] + (sizes[-1] // 2 + 1,)
    out = core._empty(shape, out_dtype)
    if out.size == 0:
        return out              # an empty batch: nothing to transform
    try:
        _dispatch.run('fft', (out._as_view(),), (x._as_view(),),
                      {'kind': kind, 'n': tuple(sizes),
                       'direction': 'forward' if forward else 'inverse',
                       'destroy_input': destroy}, 0)
    except OperationNotSupported:
        return None
    return out


def _host(kind, x, sizes, forward, out_dtype):
    _fallback.enter('fft', '{}:{}'.format(kind, x.dtype.char))
    h = x.get()
    axes = tuple(range(x.ndim - len(sizes), x.ndim))
    if kind == 'c2c':
        r = (numpy.fft.fftn(h, axes=axes) if forward else
             numpy.fft.ifftn(h, axes=axes, norm='forward'))
    elif kind == 'r2c':
        r = numpy.fft.rfftn(h, axes=axes)
    else:
        r = numpy.fft.irfftn(h, s=sizes, axes=axes, norm='forward')
    res = core._empty(r.shape, out_dtype)
    res.set(numpy.ascontiguousarray(r.astype(out_dtype, copy=False)))
    return res


def c2c_last(x, forward, destroy=False):
    """The unnormalised DFT of the last axis of complex `x`."""
    n = x.shape[-1]
    if n == 1:
        return x.copy() if not destroy else x
    res = on_provider('c2c', x, x.dtype, (n,), forward, destroy)
    if res is not None:
        return res
    if not x.flags.c_contiguous:
        x = x.copy()
    if not _compose.composable(x.dtype):
        return _host('c2c', x, (n,), forward, x.dtype)
    radices = _compose.dense_radices(n, x.size // n, x.dtype)
    if radices is not None:
        return _compose.dense(x, forward, radices)
    if _compose.is_pow2(n):
        return _compose.stockham_last(x, forward)
    return _compose.bluestein(x, forward, c2c_last)


def move_last(x, axis):
    if axis == x.ndim - 1:
        return x
    axes = list(range(x.ndim))
    axes.append(axes.pop(axis))
    return x.transpose(axes)


def move_back(x, axis):
    if axis == x.ndim - 1:
        return x
    axes = list(range(x.ndim - 1))
    axes.insert(axis, x.ndim - 1)
    return x.transpose(axes)


def c2c_axes(x, axes, forward):
    """The unnormalised DFT of complex `x` over distinct `axes` (sizes as
    they are); a new array in `x`'s layout with the axes back in place."""
    if not axes:
        return x.copy()
    nd = x.ndim
    from cupy._core.fft import _routines
    if len(axes) <= 3 and x.ndim >= len(axes) and (
            len(axes) == 1 or _routines.nd_planning()):
        # the axes last, in their order, for one request of 1-3 axes
        order = [i for i in range(nd) if i not in axes] + list(axes)
        y = x.transpose(order)
        res = on_provider('c2c', y, x.dtype, y.shape[nd - len(axes):], forward,
                        False)
        if res is not None:
            inverse = [0] * nd
            for i, o in enumerate(order):
                inverse[o] = i
            return res.transpose(inverse)
    if len(axes) > 1 and _routines.nd_planning():
        # composed: the axes' tables as one plan cache entry, as CuPy
        # caches one PlanNd
        return _compose.run_nd([x.shape[ax] for ax in axes], x.dtype,
                               forward, lambda: _axes_one_by_one(
                                   x, axes, forward))
    return _axes_one_by_one(x, axes, forward)


def _axes_one_by_one(x, axes, forward):
    for ax in reversed(axes):
        x = c2c_axis(x, ax, forward)
    return x


def c2c_axis(x, axis, forward):
    """The unnormalised DFT of `axis` of complex `x`, in x's layout.  A
    composed power-of-two transform of a C-contiguous `x` runs along the
    axis where it is (Stockham's passes over rows of the axes after it:
    no transposed copy in and out)."""
    n = x.shape[axis]
    if axis != x.ndim - 1 and n > 1 and x.size and x.flags.c_contiguous \
            and _compose.is_pow2(n) and not _dispatch.device_has(
                'fft', x.dtype) and _compose.composable(x.dtype):
        return _compose.stockham(x, forward, axis)
    return move_back(c2c_last(move_last(x, axis), forward), axis)


def r2c_last(x, forward=True):
    """The unnormalised half spectrum (n // 2 + 1) of the last axis of
    real `x` (forward), or its conjugate (inverse, ihfft)."""
    n = x.shape[-1]
    cdt = result_dtype('r2c', x.dtype)
    res = on_provider('r2c', x, cdt, (n,), forward, False)
    if res is not None:
        return res
    if n >= 2 and _compose.composable(cdt):
        if not x.flags.c_contiguous:
            x = x.copy()
        radices = _compose.dense_real_radices(n, x.size // n, cdt)
        if radices is not None:
            res = _compose.dense(x, True, radices, half=True)
            return res if forward else _uf.conjugate(res, out=res)
    if n % 2 == 0 and n >= 4 and _compose.composable(cdt):
        res = _compose.packed_r2c(x if x.flags.c_contiguous else x.copy(),
                                  cdt, c2c_last)
        return res if forward else _uf.conjugate(res, out=res)
    full = c2c_last(x.astype(cdt), forward, destroy=True)
    return full[..., :n // 2 + 1].copy()


def c2r_last(x, n, forward=False):
    """The unnormalised real transform of `n` points from the half
    spectrum in the last axis of `x` (already n // 2 + 1 long): NumPy's
    irfft (inverse) or hfft (forward) without scaling."""
    rdt = result_dtype('c2r', x.dtype)
    res = on_provider('c2r', x, rdt, (n,), forward, False)
    if res is not None:
        return res
    h = n // 2 + 1
    full = core._empty(x.shape[:-1] + (n,), x.dtype)
    core._copy_to(full[..., :h], x)
    if n - h > 0:
        # the conjugate mirror; the imaginary parts of bins 0 and n/2 drop
        # out with the real part taken below (NumPy's irfft ignores them)
        core._copy_to(full[..., h:], _uf.conjugate(x[..., 1:n - h + 1])[
            ..., ::-1])
    res = c2c_last(full, forward, destroy=True)
    return res.real.astype(rdt)


def apply_scale(res, norm, forward, n, dtype=None, first=-1):
    """res times NumPy's norm factor for `n` points (a list: one factor
    per axis, as NumPy's axis-by-axis transforms); NumPy rounds the
    factor of its first transform, of axis index `first`, to
    result_type(input's real dtype, 1.0) (float16 for a float16 input),
    which `dtype`, the input's dtype, reproduces (the later transforms
    are of complex64 or complex128: rounding them changes nothing)."""
    sizes = n if isinstance(n, (list, tuple)) else [n]
    first %= len(sizes)
    f = None
    for i, size in enumerate(sizes):
        g = scale(norm, forward, size)
        if g is None:
            continue
        if dtype is not None and i == first:
            real = numpy.result_type(numpy.dtype(dtype).char.lower()
                                     if numpy.dtype(dtype).kind == 'c'
                                     else dtype, 1.0)
            g = float(real.type(g))
        f = g if f is None else f * g
    if f is not None:
        _uf.multiply(res, numpy.dtype(res.dtype.char.lower()).type(f)
                     if res.dtype.kind == 'c' else res.dtype.type(f),
                     out=res)
    return res


def _layout(res, like):
    """`res` in the memory order of `like` (NumPy's results are
    ``empty_like(a)``, order 'K': an F-ordered input gives an F-ordered
    result)."""
    if like is None or like.ndim != res.ndim or like.flags.c_contiguous:
        return res if res.flags.c_contiguous else res.copy()
    perm = sorted(range(like.ndim), key=lambda i: -abs(like.strides[i]))
    if perm == list(range(like.ndim)):
        return res if res.flags.c_contiguous else res.copy()
    tmp = core._empty(tuple(res.shape[i] for i in perm), res.dtype)
    core._copy_to(tmp, res.transpose(perm))
    inverse = [0] * len(perm)
    for i, p in enumerate(perm):
        inverse[p] = i
    return tmp.transpose(inverse)


def deliver(res, out, like=None):
    """The result (in `like`'s memory order, as NumPy's), or it copied
    into `out`."""
    if out is None:
        return _layout(res, like)
    if not isinstance(out, core.ndarray):
        raise TypeError('out must be a cupy.ndarray')
    if out.shape != res.shape:
        raise ValueError('output array has wrong shape.')
    core._copy_to(out, res)
    return out


def as_input(a):
    return as_array(a)


# ------------------------------------------------- capability (cupy info) --

def _resolve(op, key):
    # a loop of 'fft' the provider lacks: composed on the device, or host
    return 'composed' if _compose.composable(
        numpy.dtype(key.char.upper())) else 'host'


def _rows():
    """{('fft', kind, loop): path} for ``python -m cupy info``."""
    out = {}
    for kind, chars in (('c2c', 'FD'), ('r2c', 'fd'), ('c2r', 'FD')):
        for c in chars:
            dt = numpy.dtype(c)
            res = result_dtype(kind, dt)
            out[('fft', kind, '{}->{}'.format(c, res.char))] = (
                _dispatch.route('fft', res) or 'host')
    return out


_dispatch.register_resolver(_resolve, ('fft',))


def _register_rows():
    from cupy._core.elementwise import _capability
    _capability.register_rows(_rows)


_register_rows()
