"""cupy.ElementwiseKernel: CuPy's user-defined elementwise kernel.

The front end here is backend-neutral (parameters, type binding,
broadcasting, outputs, errors: _kernel_params.py); the bound kernel runs
through _kernel_backend.py (ascend: translated into whole-array device
steps)."""

import numpy

from cupy._core import core
from cupy._core import _kernel_backend
from cupy._core import _kernel_params as _kp


class ElementwiseKernel:
    """User-defined elementwise kernel.

    Args:
        in_params (str): Input argument list ('T x, raw float32 y').
        out_params (str): Output argument list.
        operation (str): The loop body in CUDA C/C++, run once per
            element (``i`` is the element's index).
        name (str): Name of the kernel.
        reduce_dims (bool): accepted for compatibility (the translation
            works on whole arrays).
        preamble (str): Code before the kernel: helper functions,
            typedefs, constants, ``#define``.
        no_return (bool): If ``True``, ``__call__`` returns ``None``.
        return_tuple (bool): If ``True``, ``__call__`` always returns a
            tuple.
        loop_prep, after_loop (str): code outside the loop (CUDA backend
            only).
        options (tuple): compiler options (CUDA backend only).
    """

    def __init__(self, in_params, out_params, operation, name='kernel',
                 reduce_dims=True, preamble='', no_return=False,
                 return_tuple=False, **kwargs):
        _kp.init_kernel(self, name, in_params, out_params)
        self.operation = operation
        self.reduce_dims = reduce_dims
        self.preamble = preamble
        self.no_return = no_return
        self.return_tuple = return_tuple
        self.kwargs = kwargs
        self._params_type_memo = {}
        self._cached_codes = {}

    def __call__(self, *args, **kwargs):
        """Runs the kernel.

        Args:
            args: Inputs, optionally followed by the outputs.
            size (int): The loop size, required (only) when every array
                argument is ``raw``.
            block_size (int): accepted for compatibility (must be > 0).
            stream: accepted for compatibility (the current stream runs
                the kernel).
        """
        fast = None
        if not kwargs and len(args) == self.nin:
            # a repeated call of a recorded signature: replayed without
            # binding the arguments again (host work per call)
            fast = _kernel_backend.fast_key(args)
            if fast is not None:
                outs = _kernel_backend.fast_run(self, fast, args)
                if outs is not None:
                    return self._result(outs)
        size = kwargs.pop('size', None)
        kwargs.pop('stream', None)
        block_size = kwargs.pop('block_size', 128)
        if kwargs:
            raise TypeError('Wrong arguments %s' % kwargs)
        if block_size <= 0:
            raise ValueError('block_size must be greater than zero')
        n = len(args)
        if n != self.nin and n != self.nargs:
            raise TypeError(
                'Wrong number of arguments for {!r}. It must be either {} or '
                '{} (with outputs), but given {}.'.format(
                    self.name, self.nin, self.nargs, n))
        for a in args:
            if hasattr(a, '__cupy_override_elementwise_kernel__'):
                return a.__cupy_override_elementwise_kernel__(
                    self, *args, **kwargs)
        args = _kp.preprocess(args)
        use_size = size is not None and size != -1
        bargs, shape = _kp.broadcast(args, self.params[:len(args)], use_size)
        in_args = bargs[:self.nin]
        out_args = list(args[self.nin:])
        in_types, out_types, type_map = self._decide_params_type(
            in_args, out_args)
        if use_size:
            shape = (int(size),)
        fresh = not out_args
        if out_args:
            _kp.check_outputs(out_args, self.out_params, shape, use_size)
        else:
            out_args = _kp.new_outputs(self.out_params, out_types, shape,
                                       use_size)
        if 0 not in shape:
            out_args = self._run(in_args, out_args, in_types, out_types,
                                 type_map, shape, fresh, fast)
        return self._result(out_args)

    def _result(self, out_args):
        if self.no_return:
            return None
        if not self.return_tuple and self.nout == 1:
            return out_args[0]
        return tuple(out_args)

    def _run(self, in_args, out_args, in_types, out_types, type_map, shape,
             fresh, fast=None):
        in_args = [a if isinstance(a, core.ndarray) else
                   _kp.scalar_value(a, t) for a, t in zip(in_args, in_types)]
        in_args = _kp.copy_overlapping_inputs(in_args, out_args)
        key = tuple(numpy.dtype(a.dtype) for a in in_args + out_args
                    if isinstance(a, core.ndarray))
        out_args = _kernel_backend.run_elementwise(
            self, in_args, out_args, in_types, out_types, type_map, shape,
            (True,) * len(out_args) if fresh else (), fast)
        if key not in self._cached_codes:
            self._cached_codes[key] = self.operation
        return out_args

    def _decide_params_type(self, in_args, out_args):
        key = (tuple(a.dtype if isinstance(a, core.ndarray) else
                     (type(a), _kp.scalar_dtype(a)) for a in in_args),
               tuple(a.dtype if isinstance(a, core.ndarray) else None
                     for a in out_args))
        r = self._params_type_memo.get(key)
        if r is None:
            r = _kp.decide_types(self.in_params, self.out_params, in_args,
                                 out_args)
            self._params_type_memo[key] = r
        return r

    @property
    def cached_codes(self):
        """{input dtypes: source} of the kernels run so far (for
        debugging)."""
        return dict(self._cached_codes)

    @property
    def cached_code(self):
        codes = self._cached_codes
        if not codes:
            raise RuntimeError('No codes are cached because compilation is '
                               'deferred until the first function call.')
        return next(iter(codes.values()))

    def __repr__(self):
        return '<ElementwiseKernel {}>'.format(self.name)


def elementwise_copy(x, out=None, casting='unsafe'):
    """CuPy's internal copy ufunc (``cupy._core.elementwise_copy(src,
    dst)``): `x` broadcast to and cast into `out` (a new array of x's
    shape and dtype when omitted); returns `out`."""
    if not isinstance(x, core.ndarray):
        a = numpy.asarray(x)
        x = core._empty(a.shape, a.dtype)
        x.set(a)
    if out is None:
        out = core._empty(x.shape, x.dtype)
    elif not numpy.can_cast(x.dtype, out.dtype, casting):
        raise TypeError('Cannot cast {} to {} with casting rule {!r}'
                        .format(x.dtype, out.dtype, casting))
    core._copy_to(out, x)
    return out
