"""cupy.ReductionKernel: CuPy's user-defined reduction kernel.

Backend-neutral front end (parameters, types, axis, keepdims, out); the
bound kernel runs through _kernel_backend.py."""

import numpy

from cupy._core import core
from cupy._core import _kernel_backend
from cupy._core import _kernel_params as _kp
from cupy._core import _shape


class ReductionKernel:
    """User-defined reduction kernel.

    Args:
        in_params (str): Input argument list.
        out_params (str): Output argument list.
        map_expr (str): Mapping expression for input values.
        reduce_expr (str): Reduction expression of ``a`` and ``b``.
        post_map_expr (str): Mapping expression for reduced values (``a``).
        identity (str): Identity value for starting the reduction.
        name (str): Name of the kernel.
        reduce_type (str): Type of the values ``a`` and ``b`` (default:
            the first output's type).
        reduce_dims (bool): accepted for compatibility.
        preamble (str): Code before the kernel (helpers, typedefs).
        options (tuple): compiler options (CUDA backend only).
    """

    def __init__(self, in_params, out_params, map_expr, reduce_expr,
                 post_map_expr, identity, name='reduce_kernel',
                 reduce_type=None, reduce_dims=True, preamble='',
                 options=()):
        _kp.init_kernel(self, name, in_params, out_params)
        self.identity = '' if identity is None else str(identity)
        self.map_expr = map_expr
        self.reduce_expr = reduce_expr
        self.post_map_expr = post_map_expr
        self.options = options
        self.reduce_dims = reduce_dims
        if reduce_type is None:
            if not self.out_params:
                raise ValueError('ReductionKernel needs an output parameter')
            self.reduce_type = self.out_params[0].ctype
        else:
            self.reduce_type = reduce_type
        self.preamble = preamble
        self._cached_codes = {}

    def __call__(self, *args, **kwargs):
        """Runs the reduction.

        Args:
            args: Inputs, optionally followed by the outputs.
            out (cupy.ndarray): The output (only with one output and when
                ``args`` holds none).
            axis (int or tuple of ints): The axes to reduce (all by
                default).
            keepdims (bool): Keep the reduced axes with length one.
        """
        out = kwargs.pop('out', None)
        axis = kwargs.pop('axis', None)
        keepdims = kwargs.pop('keepdims', False)
        kwargs.pop('stream', None)
        if kwargs:
            raise TypeError('Wrong arguments %s' % kwargs)
        if len(args) != self.nin and len(args) != self.nargs:
            raise TypeError('Wrong number of arguments for %s' % self.name)
        out_args = list(args[self.nin:])
        if out is not None:
            if self.nout != 1:
                raise NotImplementedError(
                    "'out' needs a kernel of one output")
            if out_args:
                raise ValueError("cannot specify 'out' as both "
                                 "a positional and keyword argument")
            out_args = [out]
        in_args = _kp.preprocess(args[:self.nin])
        out_args = _kp.preprocess(out_args)
        in_args, shape = _kp.broadcast(in_args, self.in_params, False)
        in_types, out_types, type_map = _kp.decide_types(
            self.in_params, self.out_params, in_args, out_args)
        ndim = len(shape)
        if axis is None:
            axes = tuple(range(ndim))
        else:
            axes = _shape.normalize_axes(axis, ndim)
        if keepdims:
            out_shape = tuple(1 if k in axes else s
                              for k, s in enumerate(shape))
        else:
            out_shape = tuple(s for k, s in enumerate(shape)
                              if k not in axes)
        if out_args:
            _kp.check_outputs(out_args, self.out_params, out_shape, False)
        else:
            out_args = _kp.new_outputs(self.out_params, out_types,
                                       out_shape, False)
        in_args = [a if isinstance(a, core.ndarray) else
                   _kp.scalar_value(a, t) for a, t in zip(in_args, in_types)]
        key = tuple(a.dtype.char for a in in_args
                    if isinstance(a, core.ndarray))
        if 0 not in out_shape:
            _kernel_backend.run_reduction(
                self, in_args, out_args, in_types, out_types, type_map,
                shape, axes, keepdims)
        if key not in self._cached_codes:
            self._cached_codes[key] = (self.map_expr, self.reduce_expr,
                                       self.post_map_expr)
        return out_args[0] if self.nout == 1 else tuple(out_args)

    @property
    def cached_codes(self):
        return dict(self._cached_codes)

    def __repr__(self):
        return '<ReductionKernel {}>'.format(self.name)


class _SimpleReductionFunction:
    """CuPy's internal reduction factory (``_core.create_reduction_func``)
    on top of ReductionKernel: `ops` lists loops ('b->b' or (loop,
    routine)); the routine is (map_expr, reduce_expr, post_map_expr,
    reduce_type) over ``in0``, ``a``, ``b`` and ``out0``."""

    def __init__(self, name, ops, routine, identity, preamble):
        self.name = name
        self.__name__ = name
        self._ops = []
        for op in ops:
            loop, r = (op, routine) if isinstance(op, str) else \
                (op[0], op[1] if op[1] is not None else routine)
            ins, outs = loop.split('->')
            self._ops.append((numpy.dtype(ins), numpy.dtype(outs), r))
        self.identity = identity
        self.preamble = preamble
        self._kernels = {}
        self._cached_codes = {}

    def __call__(self, a, axis=None, dtype=None, out=None, keepdims=False):
        if not isinstance(a, core.ndarray):
            from cupy._core import _array_interface
            if not _array_interface.stands_for_device_array(a):
                raise TypeError("Argument 'a' has incorrect type (expected "
                                "cupy.ndarray, got {})".format(
                                    type(a).__name__))
            a = _array_interface.to_device_array(a)
        want = numpy.dtype(dtype) if dtype is not None else a.dtype
        for tin, tout, r in self._ops:
            if numpy.can_cast(want, tin):
                break
        else:
            raise TypeError('Wrong type ({}) of arguments for {}'.format(
                want, self.name))
        key = (tin, tout)
        k = self._kernels.get(key)
        if k is None:
            m, red, post, rtype = r
            k = ReductionKernel(
                '{} in0'.format(tin.name), '{} out0'.format(tout.name),
                m, red, post or 'out0 = a', '' if self.identity is None
                else str(self.identity), self.name,
                reduce_type=rtype or tout.name, preamble=self.preamble)
            self._kernels[key] = k
        self._cached_codes.setdefault(tin.char, k)
        if a.dtype != tin:
            a = a.astype(tin)
        return k(a, axis=axis, out=out, keepdims=keepdims)


def create_reduction_func(name, ops, routine=None, identity=None,
                          preamble='', sort_reduce_axis=True):
    return _SimpleReductionFunction(name, ops, routine, identity, preamble)
