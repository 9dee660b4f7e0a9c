"""NumPy kernels of the simulator's reductions and scans (ops.md section 5;
operators in csrc/sim_ops_reduce.c).

Each kernel writes into its ``out`` view directly (NumPy's ``out=``), so
that a reduction costs what NumPy's own call costs.  Inputs are cast to
the operator's dtype with the device's cast rules first (float -> integer
turns NaN into 0, see kernels.device.assign) unless NumPy's own safe cast
inside the ufunc gives the same values.  The device raises no floating-point
warnings: they are silenced.

Device behaviour that ops.md marks [unconfirmed] (NaN in amax/amin and
argmax/argmin, ties of argmax) follows NumPy here.
"""

import numpy

from cupy_backends.ascend.simulator.kernels.device import assign as _assign

_F32 = numpy.dtype(numpy.float32)


def _axes(x, dims):
    """A NumPy axis argument from an aclnn dim list (empty: all axes)."""
    if x.ndim == 0:
        return None
    if not dims:
        return tuple(range(x.ndim))
    return tuple(d % x.ndim for d in dims)


def _axis(x, dim):
    return None if x.ndim == 0 else int(dim) % x.ndim


def _as(x, dtype):
    """x in dtype, with the device's cast where NumPy's safe cast would
    not give the same values."""
    if x.dtype == dtype or numpy.can_cast(x.dtype, dtype, 'safe'):
        return x
    work = numpy.empty(x.shape, dtype)
    _assign(work, x)
    return work


def _put(out, value):
    _assign(out, numpy.asarray(value))


def _reduce_sum(self, dims, keep_dims, dtype, out):
    # the input is cast to dtype first (ops.md 5: dtype is the
    # accumulation and output type); no cast copy when none is needed
    x = _as(self, out.dtype)
    with numpy.errstate(all='ignore'):
        numpy.add.reduce(x, axis=_axes(self, dims), dtype=out.dtype, out=out,
                         keepdims=bool(keep_dims) and self.ndim > 0)


def _reduce_nansum(self, dim, keep_dim, dtype, out):
    x = _as(self, out.dtype)
    with numpy.errstate(all='ignore'):
        if x.dtype.kind in 'fc':
            x = numpy.where(numpy.isnan(x), x.dtype.type(0), x)
        numpy.add.reduce(x, axis=_axes(self, dim), dtype=out.dtype, out=out,
                         keepdims=bool(keep_dim) and self.ndim > 0)


def _prod(self, dtype, out):
    x = _as(self, out.dtype)
    with numpy.errstate(all='ignore'):
        _put(out, numpy.multiply.reduce(x, axis=None, dtype=out.dtype))


def _prod_dim(self, dim, keep_dim, dtype, out):
    x = _as(self, out.dtype)
    with numpy.errstate(all='ignore'):
        numpy.multiply.reduce(x, axis=_axis(self, dim), dtype=out.dtype,
                              out=out,
                              keepdims=bool(keep_dim) and self.ndim > 0)


def _mean(self, dim, keep_dim, dtype, out):
    # float16 is accumulated in float32 [inferred: the device's vector
    # units add float16 in float32].
    ct = _F32 if out.dtype == numpy.float16 else out.dtype
    x = _as(self, ct)
    keep = bool(keep_dim) and self.ndim > 0
    with numpy.errstate(all='ignore'):
        if ct == out.dtype:
            numpy.mean(x, axis=_axes(self, dim), dtype=ct, out=out,
                       keepdims=keep)
        else:
            _put(out, numpy.mean(x, axis=_axes(self, dim), dtype=ct,
                                 keepdims=keep))


def _extreme(ufunc):
    def amax(self, dim, keep_dim, out):
        ufunc.reduce(self, axis=_axes(self, dim), out=out,
                     keepdims=bool(keep_dim) and self.ndim > 0)
    return amax


def _extreme_all(ufunc):
    def amax_all(self, out):
        out[...] = ufunc.reduce(self, axis=None).reshape(out.shape)
    return amax_all


def _arg(func):
    def arg(self, dim, keepdim, out):
        if self.ndim == 0:
            _put(out, 0)
            return
        _put(out, func(self, axis=_axis(self, dim),
                       keepdims=bool(keepdim)))
    return arg


def _logical(func):
    def reduce(self, dim, keepdim, out):
        _put(out, func(self, axis=_axes(self, dim),
                       keepdims=bool(keepdim) and self.ndim > 0))
    return reduce


def _moment(func):
    # float16 is computed in float32 [inferred], like _mean.
    def moment(self, dim, correction, keepdim, out):
        ct = _F32 if out.dtype == numpy.float16 else out.dtype
        axis = _axes(self, dim if dim is not None else ())
        keep = bool(keepdim) and self.ndim > 0
        with numpy.errstate(all='ignore'):
            _put(out, func(self.astype(ct, copy=False), axis=axis,
                           ddof=correction, keepdims=keep))
    return moment


def _cumsum(self, dim, dtype, out):
    x = _as(self, out.dtype)
    with numpy.errstate(all='ignore'):
        numpy.add.accumulate(x.reshape(x.shape or (1,)),
                             axis=_axis(self, dim) or 0, dtype=out.dtype,
                             out=out.reshape(out.shape or (1,)))


def _cumprod(self, dim, dtype, out):
    x = _as(self, out.dtype)
    with numpy.errstate(all='ignore'):
        numpy.multiply.accumulate(x.reshape(x.shape or (1,)),
                                  axis=_axis(self, dim) or 0,
                                  dtype=out.dtype,
                                  out=out.reshape(out.shape or (1,)))


KERNELS = {
    'ReduceSum': _reduce_sum,
    'ReduceNansum': _reduce_nansum,
    'Prod': _prod,
    'ProdDim': _prod_dim,
    'Mean': _mean,
    'Amax': _extreme(numpy.maximum),
    'Amin': _extreme(numpy.minimum),
    'Max': _extreme_all(numpy.maximum),
    'Min': _extreme_all(numpy.minimum),
    'ArgMax': _arg(numpy.argmax),
    'ArgMin': _arg(numpy.argmin),
    'All': _logical(numpy.all),
    'Any': _logical(numpy.any),
    'VarCorrection': _moment(numpy.var),
    'Std': _moment(numpy.std),
    'Cumsum': _cumsum,
    'Cumprod': _cumprod,
}
