"""CuPy's ``cupy.cuda.cufft`` names on this backend.

cuFFT is NVIDIA's library and is not loaded on the ascend backend, whose
transforms run on AsdSip plans or on device compositions (TODO.md, FFT):
``available`` is False and ``getVersion()`` 0.  The plan classes are this
backend's plan descriptions: ``cupyx.scipy.fft.get_fft_plan`` returns a
:class:`Plan1d` (one axis) or a :class:`PlanNd` (several), usable as a
context manager or as the ``plan=`` argument, and the entries of
``cupy.fft.config.get_plan_cache()`` show them as ``node.plan``.  The
vendor plans themselves live in that cache (made at first use, keyed by
size, type, direction, batch and stream), not in these objects.
"""

import contextlib
import sys
import threading

available = False

# cuFFT's public enum cufftType (cufft.h): the values CuPy exposes
CUFFT_R2C = 0x2a
CUFFT_C2R = 0x2c
CUFFT_C2C = 0x29
CUFFT_D2Z = 0x6a
CUFFT_Z2D = 0x6c
CUFFT_Z2Z = 0x69
CUFFT_FORWARD = -1
CUFFT_INVERSE = 1

_VALUE_TYPES = {CUFFT_R2C: 'R2C', CUFFT_D2Z: 'R2C', CUFFT_C2R: 'C2R',
                CUFFT_Z2D: 'C2R', CUFFT_C2C: 'C2C', CUFFT_Z2Z: 'C2C'}
_FFT_TYPES = {('R2C', False): CUFFT_R2C, ('R2C', True): CUFFT_D2Z,
              ('C2R', False): CUFFT_C2R, ('C2R', True): CUFFT_Z2D,
              ('C2C', False): CUFFT_C2C, ('C2C', True): CUFFT_Z2Z}

_current = threading.local()


def getVersion():
    """cuFFT's version: 0, as no cuFFT is loaded on this backend."""
    return 0


def get_current_plan():
    """The plan of the innermost ``with plan:`` block of this thread, or
    None (CuPy's ``cupy.cuda.cufft.get_current_plan``)."""
    stack = getattr(_current, 'stack', None)
    return stack[-1] if stack else None


class _PlanBase(contextlib.ContextDecorator):
    """A transform's description: the full array `shape` after padding
    or trimming, the transformed `axes`, 'C2C', 'R2C' or 'C2R', and
    whether it is double precision; `work_area` is the workspace the
    plan cache holds for it (None while not cached)."""

    def __init__(self, shape, axes, value_type, double=False,
                 work_area=None):
        self.shape = tuple(int(s) for s in shape)
        self.axes = tuple(int(ax) for ax in axes)
        self.value_type = value_type
        self.fft_type = _FFT_TYPES[value_type, bool(double)]
        self.work_area = work_area

    def __enter__(self):
        stack = getattr(_current, 'stack', None)
        if stack is None:
            stack = _current.stack = []
        stack.append(self)
        return self

    def __exit__(self, *exc):
        _current.stack.pop()
        return False

    def __repr__(self):
        return '<{} {} of shape {} over axes {}>'.format(
            type(self).__name__, self.value_type, self.shape, self.axes)


class Plan1d(_PlanBase):
    """The plan of `batch` one-axis transforms of `nx` points
    (``Plan1d(nx, fft_type, batch)`` as CuPy's signature)."""

    def __init__(self, nx, fft_type, batch, *, devices=None, out=None,
                 work_area=None, shape=None, axes=(-1,)):
        if fft_type not in _VALUE_TYPES:
            raise ValueError('unknown cuFFT type {!r}'.format(fft_type))
        if devices:
            raise ValueError('multi-device FFT plans do not exist on the '
                             'ascend backend')
        self.nx = int(nx)
        self.batch = int(batch)
        if shape is None:
            shape = (self.batch, self.nx) if self.batch > 1 else (self.nx,)
        super().__init__(shape, axes, _VALUE_TYPES[fft_type],
                         fft_type in (CUFFT_D2Z, CUFFT_Z2D, CUFFT_Z2Z),
                         work_area)


class PlanNd(_PlanBase):
    """The plan of transforms over 2 or 3 axes (``PlanNd(shape, ...,
    fft_type, batch, ...)`` as CuPy; here made by ``get_fft_plan``)."""

    def __init__(self, shape, axes, value_type, double=False,
                 work_area=None):
        super().__init__(shape, axes, value_type, double, work_area)
        self.batch = 1
        for i, s in enumerate(self.shape):
            if i not in [ax % len(self.shape) for ax in self.axes]:
                self.batch *= s


class _Memory:
    def __init__(self, size):
        self.size = size


class _WorkArea:
    """The bytes the plan cache counts for a plan (CuPy's
    ``plan.work_area.mem.size``)."""

    def __init__(self, size):
        self.mem = _Memory(size)


def plan_of(shape, axes, value_type, double, nbytes):
    """The plan object describing a cached vendor plan or composed
    transform of `shape` over `axes` (the plan cache's nodes)."""
    work = _WorkArea(nbytes)
    if len(shape) > len(axes) and shape[0] == 1 and min(axes) < 0:
        shape = shape[1:]           # a batch of one: the plain shape
    if len(axes) == 1:
        batch = 1
        for i, s in enumerate(shape):
            if i != axes[0] % len(shape):
                batch *= s
        return Plan1d(shape[axes[0]], _FFT_TYPES[value_type, bool(double)],
                      batch, shape=shape, axes=axes, work_area=work)
    return PlanNd(shape, axes, value_type, double, work)


# ``cupy.cuda`` is this package: one module object under both names, so
# that ``from cupy.cuda.cufft import get_current_plan`` sees the plans
# entered through cupyx.scipy.fft (a second import would have its own
# thread-local stack)
sys.modules.setdefault('cupy.cuda.cufft', sys.modules[__name__])
