"""The steps of a statement run as one provider loop program
('elementwise_program'), with the results of the unfused steps, and the
steps one by one where the provider cannot take the program."""

import numpy
import pytest

import cupy
from cupy import testing
from cupy._core import core
from cupy._core._ckernel import _fuse
from cupy_backends.backend.provider import OperationNotSupported

_SRC = '''
    T q = (x * x + 3.5) / (y - 10) - sqrt(fabs(x)) * exp(-y);
    if (q > 0) q = -q * 2;
    z = q < -1 ? floor(q) : q + x;
'''


def _counting(monkeypatch):
    """Counts of the programs run (their steps and outputs) and of the
    steps run one by one."""
    counts = {'program': 0, 'steps': 0, 'outs': 0, 'eager': 0}
    prog, eager = _fuse._program, _fuse._eager

    def program(nodes, leaves, steps):
        counts['program'] += 1
        counts['steps'] += len(steps)
        counts['outs'] += len(nodes)
        return prog(nodes, leaves, steps)

    def one_by_one(node):
        counts['eager'] += 1
        return eager(node)
    monkeypatch.setattr(_fuse, '_program', program)
    monkeypatch.setattr(_fuse, '_eager', one_by_one)
    return counts


@pytest.mark.parametrize('dtype', ['f4', 'f8'])
def test_statements_run_as_programs(monkeypatch, dtype):
    k = cupy.ElementwiseKernel('T x, T y', 'T z', _SRC, 'fused')
    rng = numpy.random.default_rng(0)
    x = rng.uniform(-3, 3, 200).astype(dtype)
    y = rng.uniform(-3, 3, 200).astype(dtype)
    counts = _counting(monkeypatch)
    got = k(cupy.array(x), cupy.array(y))
    assert counts['eager'] == 0
    # one program per statement value, per branch condition (a mask) and
    # per conversion (float32 operands meeting double literals are
    # widened between programs): 6 programs for the 16 steps in double,
    # 9 in float
    assert counts['program'] <= (6 if dtype == 'f8' else 9)
    assert counts['steps'] >= 14
    monkeypatch.setenv('CUPY_USER_KERNEL_FUSE', '0')
    testing.assert_array_equal(got, k(cupy.array(x), cupy.array(y)))
    # and NumPy, written independently
    t = numpy.dtype(dtype).type
    q = (x * x + t(3.5)) / (y - t(10)) - numpy.sqrt(numpy.abs(x)) * \
        numpy.exp(-y)
    q = numpy.where(q > 0, -q * t(2), q)
    testing.assert_allclose(got, numpy.where(q < -1, numpy.floor(q), q + x),
                            rtol=1e-5 if dtype == 'f4' else 1e-13)


def test_provider_without_programs_runs_steps(monkeypatch):
    run = core._run

    def refuse(op, outs, ins, attrs=None):
        if op == 'elementwise_program':
            # a program this device cannot run (not: no such operation)
            raise OperationNotSupported(op + ': refused')
        return run(op, outs, ins, attrs)
    k = cupy.ElementwiseKernel('T x, T y', 'T z', _SRC, 'fused')
    x = cupy.linspace(-2, 2, 50)
    y = cupy.linspace(3, -1, 50)
    want = k(x, y)
    # a replay of the first call's requests is keyed on the provider's
    # routes, not on a patched core._run: interpret again
    monkeypatch.setenv('CUPY_USER_KERNEL_REPLAY', '0')
    monkeypatch.setattr(core, '_run', refuse)
    counts = _counting(monkeypatch)
    testing.assert_array_equal(k(x, y), want)
    assert counts['eager'] > 0


def test_more_than_three_arrays_are_cut():
    k = cupy.ElementwiseKernel('T a, T b, T c, T d, T e', 'T z',
                               'z = a * b + c * d - e * a + b / (c + 1)')
    vals = [numpy.linspace(1, 2, 7) * (j + 1) for j in range(5)]
    a, b, c, d, e = vals
    got = k(*[cupy.array(v) for v in vals])
    testing.assert_allclose(got, a * b + c * d - e * a + b / (c + 1),
                            rtol=1e-15)


def test_program_operation_of_the_provider():
    from cupy._core import _dispatch
    p = _dispatch.get_provider()
    x = cupy.arange(6, dtype='f8')
    out = cupy.empty(6, 'f8')
    p.run('elementwise_program', (out._as_view(),), (x._as_view(),),
          {'program': ('t0 = Mul(a, a)', 'o0 = Add(t0, 0.5)'),
           'loop': 'd->d'}, cupy.xpu.get_current_stream().ptr)
    testing.assert_array_equal(out, numpy.arange(6.) ** 2 + 0.5)
    # a program the device cannot run (aclnnTanh has no float64)
    with pytest.raises(OperationNotSupported):
        p.run('elementwise_program', (out._as_view(),), (x._as_view(),),
              {'program': ('o0 = Tanh(a)',), 'loop': 'd->d'},
              cupy.xpu.get_current_stream().ptr)


def test_provider_without_the_operation(monkeypatch):
    run = core._run

    def absent(op, outs, ins, attrs=None):
        if op == 'elementwise_program':
            raise OperationNotSupported(op)     # as a provider says it
        return run(op, outs, ins, attrs)
    monkeypatch.setattr(core, '_run', absent)
    monkeypatch.setattr(_fuse, '_absent', [])
    k = cupy.ElementwiseKernel('T x', 'T z', 'z = x * x + 1')
    x = cupy.arange(4.)
    testing.assert_array_equal(k(x), numpy.arange(4.) ** 2 + 1)
    assert _fuse._absent and not _fuse.enabled()   # asked once only
