"""vectorize: the function is called once on whole device arrays.

Functions made of arithmetic, ufuncs and ``cupy.where`` compute the
elementwise result that way on the device.  A function that needs one
element at a time (``if x > 0:``, ``math.sin(x)``, ``float(x)`` ...)
fails when called on arrays; that failure is raised as a
NotImplementedError saying why, never turned into a host loop.
"""

import numpy

import cupy
from cupy._core import core



def _is_ufunc_type_error(e):
    # a ufunc given types it has no loop for (NumPy's UFuncTypeError, or
    # the same message from this library's ufuncs): not a sign of
    # element-by-element Python
    return isinstance(e, TypeError) and (
        isinstance(e, numpy._core._exceptions.UFuncTypeError)
        or str(e).startswith("ufunc '"))


class vectorize:

    def __init__(self, pyfunc, otypes=None, doc=None, excluded=None,
                 cache=False, signature=None):
        if signature is not None:
            raise NotImplementedError(
                'cupy.vectorize does not support `signature`')
        self.pyfunc = pyfunc
        if isinstance(otypes, str):
            otypes = list(otypes)
        self.otypes = (None if otypes is None
                       else [numpy.dtype(t) for t in otypes])
        self.excluded = set(excluded or ())
        self.cache = cache
        self.signature = signature
        self.__doc__ = pyfunc.__doc__ if doc is None else doc

    def _device(self, key, value):
        if key in self.excluded:
            return value
        return value if isinstance(value, core.ndarray) else \
            cupy.asarray(value)

    def __call__(self, *args, **kwargs):
        args = [self._device(i, a) for i, a in enumerate(args)]
        kwargs = {k: self._device(k, v) for k, v in kwargs.items()}
        shape = cupy.broadcast_shapes(*[
            a.shape for k, a in list(enumerate(args)) + list(kwargs.items())
            if k not in self.excluded])
        try:
            res = self.pyfunc(*args, **kwargs)
        except (TypeError, ValueError) as e:
            if _is_ufunc_type_error(e):
                # a ufunc without a loop for these types: NumPy's
                # per-element call raises the same error
                raise
            raise NotImplementedError(
                'cupy.vectorize calls {!r} once on whole device arrays, and '
                'that call failed ({}: {}); write the function with '
                'arithmetic, ufuncs and cupy.where so that it works on '
                'arrays (element-by-element Python is not run on the host)'
                .format(getattr(self.pyfunc, '__name__', self.pyfunc),
                        type(e).__name__, e)) from e
        outs = res if isinstance(res, tuple) else (res,)
        if self.otypes is not None and len(self.otypes) != len(outs):
            raise ValueError('Invalid number of outputs')
        done = []
        for i, r in enumerate(outs):
            r = cupy.asarray(r)
            if self.otypes is not None:
                r = r.astype(self.otypes[i], copy=False)
            if r.shape != shape:
                r = cupy.ascontiguousarray(cupy.broadcast_to(r, shape))
            done.append(r)
        return tuple(done) if isinstance(res, tuple) else done[0]
