"""CuPy's ``cupyx.scipy.fft.get_fft_plan``: a context manager (and an
object for the ``plan=`` arguments) that makes the plan of a transform
ahead of use.  Plans live in the plan cache (``cupy.fft.config``), keyed
by size, type, direction, batch and stream, so a transform inside the
block, or given the plan, finds it there instead of planning."""

import contextlib

from cupy._core.fft import _routines as _r


class _Plan(contextlib.ContextDecorator):
    """The plan of one transform; made (and cached) on construction."""

    def __init__(self, shape, dtype, axes, value_type):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.axes = tuple(axes)
        self.value_type = value_type

    def __enter__(self):
        _r.push_plan(self)
        return self

    def __exit__(self, *exc):
        _r.pop_plan()
        return False


def get_fft_plan(a, shape=None, axes=None, value_type='C2C'):
    """Plan the transform of arrays like ``a`` (``value_type`` 'C2C',
    'R2C' or 'C2R') over ``axes`` (default: all, at most 3) with the
    sizes ``shape``; use as ``with get_fft_plan(a): ...`` or pass it as
    ``plan=``."""
    if value_type not in ('C2C', 'R2C', 'C2R'):
        raise ValueError('value_type must be C2C, R2C or C2R')
    if axes is None:
        axes = tuple(range(a.ndim)) if shape is None else tuple(
            range(-len(shape), 0))
    elif isinstance(axes, int):
        axes = (axes,)
    axes = tuple(ax % a.ndim for ax in axes)
    if len(axes) > 3:
        raise ValueError('AsdSip plans transforms of 1 to 3 axes')
    # one transform of the shape makes the plans and caches them
    _r.warm_plan(a, shape, axes, value_type)
    full = list(a.shape)
    if shape is not None:
        for ax, n in zip(axes, shape):
            full[ax] = a.shape[ax] if n is None else n
    return _Plan(full, a.dtype, axes, value_type)
