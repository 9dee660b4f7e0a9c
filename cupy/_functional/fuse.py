"""``cupy.fuse``: a decorator that makes one kernel of a function built
from ufuncs and reductions, on CUDA.

On the ascend backend there is no kernel compiler to fuse into (aclnn
operators are fixed kernels).  The first call of a signature (the
arguments' dtypes and layouts, the values of scalar arguments) runs the
function op by op on the device, with NumPy's results and dtypes, and
records its device requests; later calls with that signature replay
them without running the Python function again (as CuPy runs the kernel
it compiled for that signature), the consecutive elementwise operations
merged into loop programs (cupy/_core/_ckernel/_replay.py, _merge.py).
A function whose run reads device values on the host (a Python branch
on an array's value, ``float(x)``) is run op by op every time.  Called
with NumPy arrays only (no device array), it runs on the host, as
CuPy's fused functions do."""

import functools

import numpy

from cupy._core import core


class Fusion:
    """A function decorated with ``cupy.fuse``."""

    def __init__(self, func, name=None):
        self.func = func
        self.name = name or getattr(func, '__name__', 'fused_function')
        functools.update_wrapper(self, func)

    def __repr__(self):
        return '<Fusion name={}>'.format(self.name)

    def __call__(self, *args, **kwargs):
        for a in args:
            if isinstance(a, (list, tuple)):
                raise TypeError(
                    'Invalid argument type for \'{}\': ({})'.format(
                        self.name, type(a).__name__))
        # CuPy: a call with NumPy arrays and no device array runs the
        # Python function on them (the host)
        key = None if kwargs else self._signature(args)
        if key is None:
            return self.func(*args, **kwargs)
        from cupy._core._ckernel import _replay
        arrays = [a for a in args if isinstance(a, core.ndarray)]
        got, seen = self._cache.get(key)
        if got is not None:
            rec, as_tuple = got
            res = _replay.replay(rec, arrays)
            return tuple(res) if as_tuple else res[0]
        if seen:
            return self.func(*args)
        value, rec = _replay.record(lambda: self.func(*args), arrays,
                                    _results)
        self._cache.put(key, None if rec is None else
                        (rec, isinstance(value, tuple)))
        return value

    def _signature(self, args):
        """The key of a call's recording, or None when it is not
        recorded (no device array, an argument of another kind)."""
        from cupy._core._ckernel import _replay
        if not _replay.enabled():
            return None
        bases = {}
        key = [_replay.context_key()]
        dev = False
        for a in args:
            if isinstance(a, core.ndarray):
                key.append(_replay.array_key(a, bases))
                dev = True
            elif isinstance(a, (bool, int, float, complex)):
                key.append((type(a), repr(a)))
            elif isinstance(a, numpy.generic):
                key.append(_replay.scalar_key(a))
            else:
                return None
        return tuple(key) if dev else None

    @property
    def _cache(self):
        c = self.__dict__.get('_replays')
        if c is None:
            from cupy._core._ckernel import _replay
            c = self.__dict__['_replays'] = _replay.Cache()
        return c

    def clear_cache(self):
        """Forget the recorded runs."""
        self._cache.clear()


def _results(value):
    """The arrays a fused function returned (a non-array result makes
    the run one that is not replayed)."""
    if isinstance(value, tuple):
        return list(value)
    return [value]


def fuse(*args, **kwargs):
    """Fuse the operations of a function (``@cupy.fuse`` or
    ``@cupy.fuse(kernel_name=...)``); see the module note for what the
    ascend backend does."""
    unknown = set(kwargs) - {'kernel_name'}
    if unknown:
        raise TypeError("fuse() got an unexpected keyword argument '{}'"
                        .format(sorted(unknown)[0]))

    def wrapper(f, kernel_name=None):
        return Fusion(f, kernel_name)

    if len(args) == 1 and not kwargs and callable(args[0]):
        return functools.update_wrapper(wrapper(args[0]), args[0])
    if args:
        raise TypeError('fuse() takes a function or keyword arguments')
    return lambda f: functools.update_wrapper(wrapper(f, **kwargs), f)

