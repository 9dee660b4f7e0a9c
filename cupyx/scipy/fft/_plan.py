"""CuPy's ``cupyx.scipy.fft.get_fft_plan``: the plan of a transform, made
ahead of use, as a ``cupy.cuda.cufft.Plan1d`` (one axis) or ``PlanNd``
(2 or 3 axes).  Use it as a context manager or pass it as ``plan=``.
The vendor plans live in the plan cache (``cupy.fft.config``), keyed by
size, type, direction, batch and stream: making the plan object runs one
transform of that shape so they are made and cached, and a transform
inside the block finds them there.  In the block a transform of another
shape, type or axes raises CuPy's ValueError."""

from cupy._core.fft import _routines as _r
from cupy._core.fft import _transform as _t
from cupy.xpu import cufft as _cufft


def get_fft_plan(a, shape=None, axes=None, value_type='C2C'):
    """Plan the transform of arrays like ``a`` (``value_type`` 'C2C',
    'R2C' or 'C2R') over ``axes`` (default: all, at most 3) with the
    output sizes ``shape`` (an int for one axis)."""
    if value_type not in ('C2C', 'R2C', 'C2R'):
        raise ValueError('value_type must be C2C, R2C or C2R')
    if isinstance(shape, int):
        shape = (shape,)
    if isinstance(axes, int):
        axes = (axes,)
    if axes is None:
        axes = tuple(range(a.ndim)) if shape is None else tuple(
            range(-len(shape), 0))
    if shape is not None and len(shape) != len(axes):
        raise ValueError('shape and axes must have the same length')
    if not axes or len(axes) > 3:
        raise ValueError('a plan transforms 1 to 3 axes')
    axes = tuple(ax % a.ndim for ax in axes)
    if len(set(axes)) != len(axes):
        raise ValueError('the axes of a plan must be distinct')
    # one transform of the shape makes the vendor plans and caches them
    _r.warm_plan(a, shape, axes, value_type)
    full = list(a.shape)
    if value_type == 'C2R':
        full[axes[-1]] = 2 * (a.shape[axes[-1]] - 1)
    if shape is not None:
        for ax, n in zip(axes, shape):
            if n is not None:
                full[ax] = n
    double = _t.result_dtype('c2c', a.dtype).char == 'D'
    if len(axes) == 1:
        batch = 1
        for i, s in enumerate(full):
            if i != axes[0]:
                batch *= s
        return _cufft.Plan1d(full[axes[0]], _cufft._FFT_TYPES[
            value_type, double], batch, shape=full, axes=axes)
    return _cufft.PlanNd(full, axes, value_type, double)


def planned(plan, fn, *args):
    """`fn(*args)` inside `plan`'s block, if given (CuPy: a plan given
    both ways is a RuntimeError)."""
    if plan is None:
        return fn(*args)
    if _cufft.get_current_plan() is not None:
        raise RuntimeError('Use the cuFFT plan either as a context manager'
                           ' or as an argument.')
    with plan:
        return fn(*args)
