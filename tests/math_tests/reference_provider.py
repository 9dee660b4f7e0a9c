"""A reference provider for tests of the ufunc machinery: the backend's
provider for every operation, plus 'elementwise' computed by NumPy on the
simulator's memory (which is host memory), with a loop table chosen by the
test.  It lets the core's routes (native, cast, composed, host) be tested
exactly, whatever the real provider's table is."""

import contextlib
import ctypes

import numpy

from cupy_backends.backend.provider import Provider, OperationNotSupported


def _host_view(view):
    itemsize = view.dtype.itemsize
    buf = (ctypes.c_char * view.nbytes).from_address(view.base)
    flat = numpy.frombuffer(buf, dtype=numpy.uint8)
    return numpy.lib.stride_tricks.as_strided(
        flat[view.offset * itemsize:].view(view.dtype),
        shape=view.shape,
        strides=tuple(s * itemsize for s in view.strides))


class ReferenceProvider(Provider):
    """`loops`: {name: set of loop strings} it claims to run natively
    (names absent: every NumPy loop of a NumPy ufunc, the inner provider's
    loops of the other elementwise names)."""

    def __init__(self, inner, loops=None):
        self.inner = inner
        self.loops = loops or {}
        self.calls = []

    def routes(self, op):
        if op in self.loops:
            return dict.fromkeys(self.loops[op], 'native')
        uf = getattr(numpy, op, None)
        if not isinstance(uf, numpy.ufunc) or op == 'matmul':
            # reductions, matmul, data movement, where/round/nan_to_num
            return self.inner.routes(op)
        import cupy._core.elementwise._capability as cap
        return dict.fromkeys(
            (cap.normalize_loop(t) for t in cap.numpy_loops(uf)), 'native')

    def run(self, op, outs, ins, attrs, stream):
        if op != 'elementwise':
            return self.inner.run(op, outs, ins, attrs, stream)
        name, loop = attrs['name'], attrs['loop']
        if loop not in self.routes(name):
            raise OperationNotSupported('{} {}'.format(name, loop))
        self.calls.append((name, loop))
        import cupy
        cupy.xpu.Device().synchronize()
        in_dt = [numpy.dtype(c) for c in loop.split('->')[0]]
        hins = []
        for x, d in zip(ins, in_dt):
            if hasattr(x, 'base') and hasattr(x, 'offset'):
                assert x.dtype == d, (x.dtype, d)
                assert x.shape == outs[0].shape
                hins.append(_host_view(x).copy())
            else:
                assert x.dtype == d, (type(x), x.dtype, d)
                hins.append(x)
        houts = [_host_view(o) for o in outs]
        from cupy._core.elementwise._run import _host_compute
        res = [numpy.empty(o.shape, o.dtype) for o in outs]
        with numpy.errstate(all='ignore'):
            _host_compute(name, loop, hins, res, attrs)
        for h, r in zip(houts, res):
            h[...] = r


@contextlib.contextmanager
def reference_provider(loops=None):
    """Within the block elementwise operations run on a ReferenceProvider
    with `loops` (see there); yields it.  Simulator only: it reads device
    memory as host memory, which is the simulator's (on a GPU that would
    dereference device addresses on the host)."""
    from cupy_backends.ascend import is_simulator
    if not is_simulator():
        import pytest
        pytest.skip('the reference provider needs the simulator\'s host '
                    'memory')
    from cupy._core import _dispatch
    inner = _dispatch.get_provider()
    while isinstance(inner, ReferenceProvider):
        inner = inner.inner
    p = ReferenceProvider(inner, loops)
    old = _dispatch._set_provider(p)
    try:
        yield p
    finally:
        _dispatch._set_provider(old)


# The ufuncs the restricted table leaves out entirely, so that their
# compositions run.
COMPOSED_ONLY = (
    'square', 'isnan', 'fmax', 'fmin', 'logical_and', 'logical_or',
    'logical_xor', 'logical_not', 'degrees', 'radians', 'deg2rad',
    'rad2deg', 'trunc', 'negative', 'reciprocal', 'float_power', 'divmod',
    'clip', 'nan_to_num', 'round', 'isinf', 'isfinite', 'positive',
    'conjugate', 'floor', 'ceil')


# The elementwise names of operations.md that are not NumPy ufuncs.
_NOT_UFUNCS = ('where', 'clip', 'nan_to_num', 'round')


def restricted_table(chars='?ilfdFD', drop=COMPOSED_ONLY):
    """A loop table like a device's: only the loops on `chars` (no
    float16, int8/16, unsigned), and none of the ufuncs in `drop`; the
    other loops take the cast, composed or host routes."""
    import cupy._core.elementwise._capability as cap
    from cupy._math import ufuncs
    from cupy_backends.backend.provider import get_provider
    table = {}
    for n in list(ufuncs.UFUNC_NAMES) + list(_NOT_UFUNCS):
        if n in _NOT_UFUNCS:
            loops = get_provider().routes(n)     # operations.md's loops
        else:
            loops = cap.numpy_loops(getattr(numpy, n))
        loops = [cap.normalize_loop(x) for x in loops]
        table[n] = set() if n in drop else {
            x for x in loops if set(x.replace('->', '')) <= set(chars)}
    return table
