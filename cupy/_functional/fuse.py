"""``cupy.fuse``: a decorator that makes one kernel of a function built
from ufuncs and reductions, on CUDA.

On the ascend backend there is no kernel compiler to fuse into (aclnn
operators are fixed kernels), so the fused function runs its operations
one by one on the device, with NumPy's results and dtypes: exactly what
the undecorated function computes on device arrays.  Called with NumPy
arrays only (no device array), it runs on the host, as CuPy's fused
functions do."""

import functools


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
        return self.func(*args, **kwargs)

    def clear_cache(self):
        """Nothing is cached on this backend (no kernels are built)."""


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

