"""Loops the core composes from other loops on this backend (DESIGN.md,
capability path): NumPy's values over the special values of each dtype,
in several layouts, and nan_to_num's attributes.  The
provider's own programs are tested in provider_tests/test_elementwise.py;
these loops are not among them (one place for each composition)."""

import numpy
import pytest

import cupy
from cupy._core.elementwise import _capability
from cupy.xpu import runtime
from tests.provider_tests import elementwise_cases as cases
from tests.routine_helpers import device_only

NAMES = ('fmax', 'fmin', 'trunc', 'clip', 'nan_to_num',
         'reciprocal', 'square', 'positive', 'round')


def _loops(name):
    uf = getattr(numpy, name, None)
    if isinstance(uf, numpy.ufunc):
        return _capability.numpy_loops(uf)
    return ['{0}->{0}'.format(c) for c in cases.ALL]   # nan_to_num, round


def _composed():
    rows = []
    for name in NAMES:
        for loop in sorted(set(_capability.normalize_loop(x)
                               for x in _loops(name))):
            if _capability.route(name, loop).kind == 'composed':
                rows.append((name, loop))
    return rows


COMPOSED = _composed()


def _call(name, ins, check_device=False, **attrs):
    fn = getattr(cupy, name)
    args = [cupy.asarray(x) for x in ins]
    if check_device:
        with device_only():
            r = fn(*args, **attrs)
    else:
        r = fn(*args, **attrs)
    return [cupy.asnumpy(x) for x in (r if isinstance(r, tuple) else (r,))]


def test_the_backend_composes_these():
    # the ascend table leaves these to the core: if a provider gains them
    # natively the list shrinks, and this test says so
    names = {n for n, _ in COMPOSED}
    if runtime.backend() != 'ascend':
        pytest.skip('the list is the ascend provider\'s')
    assert {'fmax', 'fmin', 'trunc', 'nan_to_num', 'clip'} <= names


def test_no_loop_composed_twice():
    # operations.md, "Who computes a loop": a provider program of several
    # kernels never covers a loop the core composes
    from cupy._core import _dispatch
    from cupy._core.elementwise import _compose
    provider = _dispatch.get_provider()
    twice = [(name, loop) for name in _compose._TABLE
             for loop, kind in provider.routes(name).items()
             if kind == 'composed' and _compose.find(name, loop)]
    assert twice == []


@pytest.mark.parametrize('name,loop', COMPOSED,
                         ids=['{}-{}'.format(*r) for r in COMPOSED])
@pytest.mark.parametrize('layout', ['plain', 'transposed', 'strided'])
def test_values(name, loop, layout):
    ins = cases.operands(name, loop)
    if layout != 'plain':
        n = len(ins[0])
        ins = [numpy.stack([x, x[::-1]]) for x in ins]
        if layout == 'transposed':
            ins = [numpy.ascontiguousarray(x.T).T for x in ins]
        else:
            ins = [numpy.repeat(x, 2, axis=1)[:, ::2] for x in ins]
        assert ins[0].shape == (2, n)
    want = cases.reference(name, loop, [numpy.array(x) for x in ins])
    got = _call(name, ins, check_device=True)
    for g, w in zip(got, want):
        cases.assert_matches(g, w, name)


@pytest.mark.parametrize('dtype', ['d', 'F', 'D'])
def test_nan_to_num_attributes(dtype):
    x = cases.special(dtype)
    part = numpy.dtype(dtype.lower())
    for attrs in ({}, {'nan': 1.5, 'posinf': 7.0, 'neginf': -9.0},
                  {'nan': -2.0, 'posinf': None, 'neginf': None}):
        attrs = {k: (None if v is None else part.type(v))
                 for k, v in attrs.items()}
        want = numpy.nan_to_num(x, **attrs)
        got = cupy.nan_to_num(cupy.asarray(x), **attrs)
        cases.assert_matches(cupy.asnumpy(got), want, 'nan_to_num')
