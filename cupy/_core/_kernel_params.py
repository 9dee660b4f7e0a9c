"""The backend-neutral front end of user kernels: CuPy's parameter
grammar ('raw T x, int32 n'), the binding of type placeholders from the
arguments, broadcasting and the loop size, and the output arguments,
with CuPy's errors.  A backend then runs the bound kernel (ascend: the
translator of cupy/_core/_ckernel; cuda: NVRTC)."""

import re

import numpy

from cupy._core import core

_NAME = re.compile(r'^[A-Za-z_][A-Za-z_0-9]*$')


def is_valid_kernel_name(name):
    return isinstance(name, str) and _NAME.match(name) is not None


class ParameterInfo:
    """One parameter: `name`, `dtype` (a fixed type) or `ctype` (a
    one-letter placeholder), `raw`, `is_const`."""

    __slots__ = ('name', 'dtype', 'ctype', 'raw', 'is_const')

    def __init__(self, param, is_const):
        self.dtype = None
        self.ctype = None
        self.raw = False
        self.is_const = is_const
        s = param.split()
        if len(s) < 2:
            raise Exception('Syntax error: %s' % param)
        t, self.name = s[-2:]
        if not _NAME.match(self.name):
            raise Exception('Syntax error: %s' % param)
        if t == 'CIndexer':
            pass
        elif len(t) == 1:
            self.ctype = t
        else:
            try:
                dt = numpy.dtype(t)
            except TypeError:
                raise TypeError('Wrong type %s' % t) from None
            if dt.name != t and t not in ('float', 'int', 'bool', 'complex'):
                raise TypeError('Wrong type %s' % t)
            self.dtype = dt
            self.ctype = t
        for word in s[:-2]:
            if word == 'raw':
                self.raw = True
            elif word == '_non_const':
                self.is_const = False
            else:
                raise Exception('Unknown keyword "%s"' % word)

    def key(self):
        return (self.name, self.dtype, self.ctype, self.raw, self.is_const)

    def __repr__(self):
        return '<ParameterInfo(name={!r} dtype={!r} ctype={!r} raw={!r} ' \
            'is_const={!r})>'.format(self.name, self.dtype, self.ctype,
                                     self.raw, self.is_const)


_param_cache = {}


def get_param_info(s, is_const):
    key = (s, is_const)
    r = _param_cache.get(key)
    if r is None:
        if not s.strip():
            r = ()
        else:
            r = tuple(ParameterInfo(p, is_const) for p in s.strip().split(','))
        _param_cache[key] = r
    return r


def init_kernel(kernel, name, in_params, out_params):
    """The attributes both user kernel classes share: name, parameters,
    their counts; CuPy's errors for a bad name or parameter list."""
    if not is_valid_kernel_name(name):
        raise ValueError('Invalid kernel name: "%s"' % name)
    kernel.name = name
    kernel.__name__ = name
    kernel.in_params = get_param_info(in_params, True)
    kernel.out_params = get_param_info(out_params, False)
    kernel.nin = len(kernel.in_params)
    kernel.nout = len(kernel.out_params)
    kernel.nargs = kernel.nin + kernel.nout
    kernel.params = kernel.in_params + kernel.out_params
    check_names(kernel.params)


def placeholders(params):
    return {p.ctype for p in params if p.dtype is None and p.ctype}


def check_names(params):
    names = [p.name for p in params]
    if 'i' in names:
        raise ValueError("Can not use 'i' as a parameter name")
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise ValueError('Duplicate parameter name: %s' % sorted(dup)[0])


def preprocess(args):
    """Arrays stay; Python and NumPy scalars become NumPy scalars; other
    objects are rejected as CuPy rejects them."""
    out = []
    for a in args:
        if isinstance(a, core.ndarray):
            out.append(a)
            continue
        conv = getattr(a, '__cupy_get_ndarray__', None)
        if conv is not None:
            out.append(conv())
            continue
        if isinstance(a, (bool, int, float, complex, numpy.generic)) and \
                not isinstance(a, (numpy.void, numpy.str_, numpy.bytes_)):
            out.append(a)
            continue
        raise TypeError('Unsupported type %s' % type(a))
    return out


# Python scalar types whose binding does not depend on the value
# (numpy.result_type of any of them; an int's depends on its size)
_PY_DTYPES = {float: numpy.dtype(numpy.float64),
              bool: numpy.dtype(numpy.bool_),
              complex: numpy.dtype(numpy.complex128)}


def scalar_dtype(a):
    """The dtype a scalar argument binds a placeholder to."""
    if isinstance(a, numpy.generic):
        return a.dtype
    dt = _PY_DTYPES.get(type(a))
    return dt if dt is not None else numpy.result_type(a)


def decide_types(in_params, out_params, in_args, out_args):
    """(in_types, out_types, type_map) as CuPy decides them: outputs bind
    first, then input arrays; scalars take the bound type."""
    type_dict = {}
    for p, a in zip(out_params, out_args):
        if not isinstance(a, core.ndarray):
            raise TypeError('Output arguments must be cupy.ndarray')
        _bind(p, a.dtype, type_dict)
    for p, a in zip(in_params, in_args):
        if isinstance(a, core.ndarray):
            _bind(p, a.dtype, type_dict)
    for p, a in zip(in_params, in_args):
        if not isinstance(a, core.ndarray) and p.dtype is None and \
                p.ctype not in type_dict:
            type_dict[p.ctype] = scalar_dtype(a)
    for p in out_params:
        if p.dtype is None and p.ctype not in type_dict:
            raise TypeError(
                'Cannot determine the type of output {!r}: its type {} is '
                'bound by no argument'.format(p.name, p.ctype))
    in_types = tuple(p.dtype if p.dtype is not None else type_dict[p.ctype]
                     for p in in_params)
    out_types = tuple(p.dtype if p.dtype is not None else type_dict[p.ctype]
                      for p in out_params)
    return in_types, out_types, type_dict


def _bind(p, dt, type_dict):
    if p.dtype is not None:
        if dt != p.dtype:
            raise TypeError('Type is mismatched. %s %s %s' % (
                p.name, dt.type, p.dtype.type))
    elif p.ctype in type_dict:
        t = type_dict[p.ctype]
        if t != dt:
            raise TypeError('Type is mismatched. %s %s %s %s' % (
                p.name, dt.type, t.type, p.ctype))
    else:
        type_dict[p.ctype] = dt


def broadcast(args, params, use_size):
    """The non-raw arrays broadcast together: (args with them replaced by
    their broadcast views, shape)."""
    arrays = [a for a, p in zip(args, params)
              if isinstance(a, core.ndarray) and not p.raw]
    if use_size:
        if arrays:
            raise ValueError("Specified 'size' can be used only "
                             "if all of the ndarray are 'raw'.")
        return list(args), None
    if not arrays:
        raise ValueError('Loop size is undecided.')
    try:
        shape = numpy.broadcast_shapes(*[a.shape for a in arrays])
    except ValueError:
        raise ValueError(
            'operands could not be broadcast together with shapes {}'
            .format(' '.join(str(a.shape) for a in arrays))) from None
    out = []
    for a, p in zip(args, params):
        if isinstance(a, core.ndarray) and not p.raw and a.shape != shape:
            a = core._broadcast_to(a, shape)
        out.append(a)
    return out, tuple(shape)


def check_outputs(out_args, out_params, shape, size_given):
    for p, a in zip(out_params, out_args):
        if not isinstance(a, core.ndarray):
            raise TypeError('Output arguments type must be cupy.ndarray')
        if not p.raw and a.shape != shape:
            raise ValueError('Out shape is mismatched')


def new_outputs(out_params, out_types, shape, size_given):
    for p in out_params:
        if p.raw and not size_given:
            raise ValueError('Output array size is Undecided')
    return [core._empty(shape, t) for t in out_types]


_scalars = {}       # (type, value, dtype) -> converted scalar
_MAX_SCALARS = 1024     # bound on the cache of converted scalars


def scalar_value(a, dt):
    """A scalar argument as a NumPy scalar of its parameter's type (C's
    conversion of the value, as CuPy passes it)."""
    key = r = None
    # zeros are not cached: -0.0 == 0.0 would find the other's sign, and
    # NaN keys never match again
    if type(a) in (int, float, bool) and a == a and a != 0:
        key = (type(a), a, dt)
        r = _scalars.get(key)
    if r is None:
        with numpy.errstate(all='ignore'):
            r = numpy.array(a).astype(dt)[()]
        if key is not None and len(_scalars) < _MAX_SCALARS:
            _scalars[key] = r
    return r


def copy_overlapping_inputs(in_args, out_args):
    """Inputs that share memory with an output are copied first (CuPy
    does the same), so writes do not change what is read."""
    res = []
    for a in in_args:
        if isinstance(a, core.ndarray):
            for o in out_args:
                if a is not o and _may_share(a, o):
                    a = a.copy()
                    break
        res.append(a)
    return res


def _may_share(a, b):
    return a.data.mem is b.data.mem
