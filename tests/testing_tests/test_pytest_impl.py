"""The pytest markers: slow and multi_gpu."""

import textwrap

import pytest

import cupy
from cupy import testing
from cupy.testing import _pytest_impl


INI = '''
[pytest]
markers =
    slow: slow
    multi_gpu: multi
'''


def _make(pytester, src):
    pytester.makeini(INI)
    pytester.makepyfile(textwrap.dedent(
        'import unittest\nfrom cupy import testing\n' + textwrap.dedent(src)))


def test_device_count():
    # tests/conftest.py asks the simulator for two devices.
    assert cupy.cuda.runtime.getDeviceCount() >= 2


def test_slow_mark():
    @testing.slow
    def f():
        pass
    assert [m.name for m in f.pytestmark] == ['slow']


def test_slow_deselect(pytester, run_pytest):
    _make(pytester, '''
        @testing.slow
        def test_slow():
            pass

        @testing.slow
        class TestSlow:
            def test_a(self):
                pass

        def test_fast():
            pass
    ''')
    run_pytest().assert_outcomes(passed=3)
    run_pytest('-m', 'not slow').assert_outcomes(passed=1, deselected=2)


MULTI_GPU_SRC = '''
    @testing.multi_gpu(2)
    def test_two():
        pass

    @testing.multi_gpu(64)
    def test_many():
        pass

    @testing.multi_gpu(2)
    class TestTwo:
        def test_a(self):
            pass

    @testing.multi_gpu(64)
    class TestCaseMany(unittest.TestCase):
        def test_a(self):
            pass
'''


def test_multi_gpu_device_count(pytester, run_pytest, monkeypatch):
    monkeypatch.delenv('CUPY_TEST_GPU_LIMIT', raising=False)
    _make(pytester, MULTI_GPU_SRC)
    result = run_pytest('-rs')
    result.assert_outcomes(passed=2, skipped=2)
    result.stdout.fnmatch_lines(['*64 GPUs required*'])


def test_multi_gpu_limit(pytester, run_pytest, monkeypatch):
    monkeypatch.setenv('CUPY_TEST_GPU_LIMIT', '1')
    _make(pytester, MULTI_GPU_SRC)
    run_pytest().assert_outcomes(skipped=4)


def test_multi_gpu_negative_limit_is_no_limit(pytester, run_pytest,
                                              monkeypatch):
    monkeypatch.setenv('CUPY_TEST_GPU_LIMIT', '-1')
    _make(pytester, MULTI_GPU_SRC)
    run_pytest().assert_outcomes(passed=2, skipped=2)


def test_multi_gpu_marker(pytester, run_pytest, monkeypatch):
    monkeypatch.delenv('CUPY_TEST_GPU_LIMIT', raising=False)
    _make(pytester, MULTI_GPU_SRC + '''
    def test_single():
        pass
    ''')
    run_pytest('-m', 'not multi_gpu').assert_outcomes(passed=1,
                                                       deselected=4)


def test_multi_gpu_condition_is_lazy(monkeypatch):
    calls = []
    monkeypatch.setattr(_pytest_impl, '_device_count',
                        lambda: calls.append(1) or 1)

    @testing.multi_gpu(2)
    def f():
        pass
    assert calls == []
    mark = [m for m in f.pytestmark if m.name == 'skipif'][0]
    assert bool(mark.args[0]) is True
    assert calls == [1]


def test_multi_gpu_without_runtime(monkeypatch):
    def broken():
        raise RuntimeError('no runtime')
    monkeypatch.setattr(cupy.cuda.runtime, 'getDeviceCount', broken)
    assert _pytest_impl._device_count() == 0


def test_check_available():
    _pytest_impl.check_available('anything')
    assert _pytest_impl.is_available()


def test_check_unavailable(monkeypatch):
    monkeypatch.setattr(_pytest_impl, '_import_pytest',
                        lambda: (None, ImportError('gone')))
    assert not _pytest_impl.is_available()
    for use in (lambda: testing.multi_gpu(2), testing.slow,
                lambda: testing.parameterize({'a': 1})(type('T', (), {})),
                lambda: testing.with_requires('numpy')):
        with pytest.raises(RuntimeError, match='gone'):
            use()
