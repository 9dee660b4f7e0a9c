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
on an array's value, ``float(x)``) is run op by op every time.

Scalar arguments: a recording holds the scalars' values, so a new value
is a new signature.  When a second signature differs from the first
only in the scalars' values (all of them changed), the two recordings
are compared: where they issue the same requests and each differing
host scalar is an argument's value converted to the request's dtype,
that scalar becomes a parameter, and calls with any value replay that
recording with their own values (cupy/_core/_ckernel/_replay.py
`parametrize`).  Values for which the core or NumPy choose another
operation (the ** operator's 0, 2, -1 and 0.5: core.pyx
_scalar_power_ufunc), integers that do not fit the request's dtype, and
scalars computed from an argument in Python (``x * abs(a)`` is seen as
the value abs(a): a Python computation is not recorded) are where this
can differ: the first two run their own recording; the third is
replayed as the argument's value when both compared values were
unchanged by the computation (documented in TODO.md).  Called
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
        values = [a for a in args if not isinstance(a, core.ndarray)]
        gkey = _generic_key(key) if values else None
        if gkey is not None:
            g, _ = self._cache.get(gkey)
            if type(g) is tuple and g[0] is not None and \
                    _replay.exact(g[0], values) and not _special(values):
                res = _replay.replay(g[0], arrays, values)
                return tuple(res) if g[1] else res[0]
        if seen:
            return self.func(*args)
        value, rec = _replay.record(lambda: self.func(*args), arrays,
                                    _results)
        entry = (rec, isinstance(value, tuple)) \
            if isinstance(rec, _replay.Recording) else rec
        self._cache.put(key, entry)
        if gkey is not None and isinstance(rec, _replay.Recording):
            self._parametrize(gkey, entry, values)
        return value

    def _parametrize(self, gkey, entry, values):
        """Keep the first recording of the generic signature `gkey`; at
        a later one with other values, try to make the parametric one."""
        from cupy._core._ckernel import _replay
        g, seen = self._cache.get(gkey)
        if not seen:
            self._cache.put(gkey, (None, entry, values))
            return
        if type(g) is not tuple or g[0] is not None:
            return
        _, first, first_values = g
        if first[1] != entry[1] or _special(values) or \
                _special(first_values):
            return
        p = _replay.parametrize(first[0], entry[0], first_values, values)
        if p is not None:
            self._cache.put(gkey, (p, entry[1]))

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


# scalar values for which a ufunc or operator of the core picks another
# operation (core.pyx _scalar_power_ufunc: 2, -1, 0.5; a fill of 0)
_SPECIAL = (0, 2, -1, 0.5)


def _special(values):
    return any(not isinstance(v, complex) and v in _SPECIAL
               for v in values)


def _generic_key(key):
    """key with each scalar's value replaced by its type."""
    return ('generic',) + tuple(
        (k[0], 'param') if len(k) == 2 else k for k in key[1:]) + \
        (key[0],)


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

