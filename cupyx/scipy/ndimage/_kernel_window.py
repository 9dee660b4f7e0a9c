"""generic_filter / generic_filter1d given a cupy.RawKernel or a
cupy.ReductionKernel, as CuPy takes them, run through the user-kernel
translator (cupy/_core/_ckernel) on whole arrays.

CuPy calls the kernel's code once per output element with that element's
window in a local buffer.  Here the "element" of the translated program
is the output element, and the window buffer is a local array whose k-th
entry is the k-th shifted view of the border-extended input (a view, not
a gather): ``x[k]`` with a uniform `k` reads that view directly, a
per-element `k` selects among the views.

- RawKernel, generic_filter: ``void f(const double* x, int filter_size,
  double* y)``; ``y[0]`` is the output element.
- RawKernel, generic_filter1d: ``void f(const double* in, ptrdiff_t
  in_length, double* out, ptrdiff_t out_length)`` called once per line;
  the element is the line, ``in[j]`` the j-th entry of every extended
  line at once.
- ReductionKernel (one input, one output): each window is reduced as
  CuPy's per-window reduction does: ``_in_ind.size()`` is the window
  size and ``_raw_<input>[k]`` the window's k-th value.

A kernel outside the translator's subset raises its
UnsupportedKernelError (a NotImplementedError naming the construct).
"""

import re

import numpy

import cupy
from cupy._core._ckernel import _program
from cupy._core._ckernel import _reduce
from cupy._core._ckernel._ctypes import INT, LONG
from cupy._core._ckernel._interp import LocalArray, Var
from cupy._core._ckernel._values import V, convert, host

# a kernel function's qualifiers that only say how CUDA launches it: the
# per-window function is an ordinary device function here (CuPy does the
# same substitution before compiling its wrapper)
_EXTERN_C = re.compile(r'extern\s+"C"\s*')
_GLOBAL = re.compile(r'\b__global__\b')


def raw_kernel_source(function):
    """(code, name) of a cupy.RawKernel (whatever the backend made of it),
    or None for anything else."""
    if isinstance(function, cupy.RawKernel):
        return function.code, function.name
    attrs = getattr(function, '__dict__', {})
    # on a backend that cannot compile CUDA C, cupy.RawKernel(...) gives a
    # placeholder object that keeps the source and refuses to launch
    if attrs.get('_what') == 'RawKernel' or \
            type(function).__name__ == 'RawKernel':
        if isinstance(attrs.get('code'), str) and 'name' in attrs:
            return attrs['code'], attrs['name']
    return None


def check_reduction_kernel(function):
    if function.nin != 1 or function.nout != 1:
        raise TypeError('ReductionKernel must have 1 input and output')


def _function_program(code, name, call, nparams):
    """The parsed per-window function (the kernel's source as a
    preamble) and `call`, the statement that calls it; the function
    (checked to take `nparams` parameters)."""
    code = _GLOBAL.sub('__device__', _EXTERN_C.sub('', code))
    prog = _program.get(code, call, 'generic_filter', ())
    funcs = prog.funcs.get(name)
    if not funcs:
        raise ValueError(
            "the RawKernel's code defines no function '{}'".format(name))
    for f in funcs:
        if len(f.params) == nparams:
            return prog, f
    raise TypeError(
        "the RawKernel function '{}' must take {} parameters, as CuPy's "
        "generic filters call it".format(name, nparams))


def _pointee(it, f, k):
    ts = f.params[k][0]
    if not (ts.ptr or f.params[k][2]):
        raise TypeError(
            "parameter {} of the RawKernel function '{}' must be a "
            "pointer".format(k + 1, f.name))
    return it.resolve(ts, f.where)


def _buffer(dt, values):
    """A local array of the translated program holding `values` (device
    arrays or None: not yet written), converted to `dt` as C does."""
    arr = LocalArray(dt, [len(values)])
    for el, v in zip(arr.elems, values):
        if v is not None:
            el.val = convert(V(v, v.dtype), dt)
    return arr


def _finish(v, output, what):
    if v is None:
        raise ValueError('the RawKernel function did not write ' + what)
    _program.write_back(v, output)


def raw_filter(code, name, views, output):
    """generic_filter's window function over `views` (the footprint's
    shifted views of the extended input, float64, each of the output's
    shape); the results go to `output` (C casts)."""
    prog, f = _function_program(code, name, name + '(_x, _n, _y);', 3)
    it = _program.start(prog, {}, output.shape)
    x = _buffer(_pointee(it, f, 0), views)
    y = _buffer(_pointee(it, f, 2), [None])
    _program.run_statements(
        prog, [('_x', x), ('_n', Var(INT, host(len(views), INT), True)),
               ('_y', y)], {}, output.shape)
    _finish(y.elems[0].val, output, 'y[0]')


def raw_filter1d(code, name, lines, n):
    """generic_filter1d's line function: `lines` is (n + filter_size - 1,
    ...) (the extended lines along the first axis, float64); returns the
    (n, ...) float64 output lines."""
    prog, f = _function_program(
        code, name, name + '(_in, _nin, _out, _nout);', 4)
    shape = lines.shape[1:]
    it = _program.start(prog, {}, shape)
    src = _buffer(_pointee(it, f, 0), list(lines))
    dst = _buffer(_pointee(it, f, 2), [None] * n)
    _program.run_statements(
        prog, [('_in', src), ('_nin', Var(LONG, host(len(lines), LONG),
                                          True)),
               ('_out', dst), ('_nout', Var(LONG, host(n, LONG), True))],
        {}, shape)
    out = cupy.zeros((n,) + shape, numpy.float64)
    for k, el in enumerate(dst.elems):
        if el.val is not None:
            _program.write_back(el.val, out[k])
    return out


def _reduction_types(kernel, in_dtype, out_dtype):
    """CuPy's binding of a ReductionKernel's types in a generic filter:
    the input's type is the image's dtype, the output's the filter
    output's dtype unless it is the input's template."""
    pin, pout = kernel.in_params[0], kernel.out_params[0]
    types = {}
    if pin.dtype is None:
        types[pin.ctype] = numpy.dtype(in_dtype)
    if pout.dtype is None and pout.ctype not in types:
        types[pout.ctype] = numpy.dtype(out_dtype)
    in_t = pin.dtype if pin.dtype is not None else types[pin.ctype]
    out_t = pout.dtype if pout.dtype is not None else types[pout.ctype]
    return types, in_t, out_t


def reduction_filter(kernel, stack, output):
    """Reduce each window of `stack` ((output shape..., K), the image's
    dtype) with a ReductionKernel into `output` (C casts)."""
    pin, pout = kernel.in_params[0], kernel.out_params[0]
    types, in_t, out_t = _reduction_types(kernel, stack.dtype, output.dtype)
    names = set(types) | {'_type_reduce'}
    rt = _reduce.reduce_type(kernel.reduce_type, types, names)
    types['_type_reduce'] = rt
    k = stack.shape[-1]
    shape = output.shape
    # the window is the reduction's whole input: one output element
    extra = {'_in_ind.size': k, '_out_ind.size': 1}
    pre = kernel.preamble
    mprog = _program.get(pre, kernel.map_expr, 'map_expr', names, True)
    it = _program.start(mprog, types, stack.shape)
    x = stack.astype(in_t, copy=False)
    it.declare(pin.name, Var(in_t, V(x, in_t), True, pin.name))
    raw_name = '_raw_' + pin.name
    # the window for map_expr (broadcast along the window axis of x)
    it.declare(raw_name, _buffer(in_t, [x[..., j:j + 1] for j in range(k)]))
    it.extra.update(extra)
    mapped = _reduce._full(convert(it.expr(mprog.body, True), rt),
                           stack.shape)
    rprog = _program.get(pre, kernel.reduce_expr, 'reduce_expr', names,
                         True)
    op = _reduce.recognise(rprog.body)
    if op is not None:
        r = _reduce._native(op, mapped, rt).astype(rt, copy=False)
    else:
        r = _reduce._tree(rprog, mapped, types)
    if kernel.identity != '':
        iprog = _program.get(pre, kernel.identity, 'identity', names, True)
        ident = convert(_program.evaluate(iprog, (), (), types, shape), rt)
        r = _reduce._full(convert(_program.evaluate(
            rprog, ('a', 'b'), (ident, V(r, rt)), types, shape), rt), shape)
    pprog = _program.get(pre, kernel.post_map_expr, 'post_map_expr', names)
    y = Var(out_t, None, False, pout.name)
    _program.run_statements(
        pprog, [('a', Var(rt, V(r, rt), False, 'a')), (pout.name, y),
                (raw_name, _buffer(in_t, [x[..., j] for j in range(k)]))],
        types, shape, extra)
    if y.val is None:
        raise ValueError("the ReductionKernel's post_map_expr did not "
                         "assign '{}'".format(pout.name))
    _program.write_back(y.val, output)
