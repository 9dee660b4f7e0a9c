"""vectorize: the function runs once on whole device arrays.

A Python function with source is run statement by statement over all
elements at once (``_vectorize_trace``): arithmetic, ufuncs, ``if``,
``while``, ``for ... in range``, conditional expressions, ``max``/``min``
and number casts become array operations and lane masks on the device.
A callable without Python source (a ufunc, a builtin, a callable object)
is called once on the arrays; when that call fails because it needs one
element at a time, a NotImplementedError says why.  Nothing ever runs
element by element on the host.
"""

import numpy

import cupy
from cupy._core import core
from cupy._functional import _vectorize_trace



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
        self._source = None     # (function, ast node), False: no source
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
        if self._source is None:
            self._source = _vectorize_trace.source_of(self.pyfunc) or False
        if self._source:
            res = _vectorize_trace.run(*self._source, args, kwargs)
        else:
            res = self._call_whole(args, kwargs)
        return self._outputs(res, shape)

    def _call_whole(self, args, kwargs):
        try:
            return self.pyfunc(*args, **kwargs)
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

    def _outputs(self, res, shape):
        outs = res if isinstance(res, tuple) else (res,)
        if self.otypes is not None and len(self.otypes) != len(outs):
            raise ValueError('Invalid number of outputs')
        done = []
        for i, r in enumerate(outs):
            if not isinstance(r, _vectorize_trace.NUMBERS):
                raise TypeError(
                    'cupy.vectorize: {!r} returned {!r}, which is not a '
                    'number'.format(
                        getattr(self.pyfunc, '__name__', self.pyfunc), r))
            r = cupy.asarray(r)
            if self.otypes is not None:
                r = r.astype(self.otypes[i], copy=False)
            if r.shape != shape:
                r = cupy.ascontiguousarray(cupy.broadcast_to(r, shape))
            done.append(r)
        return tuple(done) if isinstance(res, tuple) else done[0]
