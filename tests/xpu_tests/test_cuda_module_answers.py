"""The CUDA modules CuPy's public tests import (cupy.cuda.driver,
cupy.cuda.cufft, cupyx.cusolver, cupy.cublas, cupy.cuda.runtime's
version), answering truthfully for the ascend backend, and the FFT path
names CuPy's tests inspect (cupy.fft._fft)."""

import warnings

import pytest

import cupy
import cupyx
from cupy.fft import _fft as fft_impl


def test_cuda_libraries_are_absent():
    from cupyx import cusolver
    assert cusolver.check_availability('gesvdj') is False
    assert cupy.cuda.driver.get_build_version() == 0
    assert cupy.cuda.runtime.runtimeGetVersion() == 0
    assert cupy.cuda.runtime.is_hip is False
    assert cupy.cuda.cufft.available is False
    assert cupy.cuda.cufft.getVersion() == 0
    # plan objects describe this backend's cached plans (no cuFFT)
    plan = cupy.cuda.cufft.Plan1d(8, cupy.cuda.cufft.CUFFT_C2C, 2)
    assert plan.shape == (2, 8) and plan.value_type == 'C2C'
    with pytest.raises(ValueError):
        cupy.cuda.cufft.Plan1d(8, 1, 1)


def test_batched_gesv_limit_is_kept():
    import cupyx.cusolver  # NOQA: the attribute below is the submodule
    from cupy import cublas
    old = cublas.get_batched_gesv_limit()
    try:
        cublas.set_batched_gesv_limit(7)
        assert cublas.get_batched_gesv_limit() == 7
    finally:
        cublas.set_batched_gesv_limit(old)
    assert cupyx.cusolver is not None


def test_default_fft_func_reports_the_path():
    from cupy.fft import config
    a = cupy.ones((4, 4, 4))
    assert fft_impl._default_fft_func(a, axes=(1, 2)) is fft_impl._fftn
    assert fft_impl._default_fft_func(a, axes=(0, 2)) is fft_impl._fft
    assert fft_impl._default_fft_func(a, axes=(1,)) is fft_impl._fft
    assert fft_impl._default_fft_func(cupy.ones((2, 2, 2, 2))) is \
        fft_impl._fft
    with pytest.warns(DeprecationWarning, match='enable_nd_planning'):
        old = config.enable_nd_planning
    try:
        with pytest.warns(DeprecationWarning, match='enable_nd_planning'):
            config.enable_nd_planning = False
        assert fft_impl._default_fft_func(a, axes=(1, 2)) is fft_impl._fft
        # one axis at a time gives the same transform
        x = cupy.arange(16.).reshape(4, 4)
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            y = cupy.fft.fft2(x).get()
    finally:
        with pytest.warns(DeprecationWarning):
            config.enable_nd_planning = old
    import numpy
    numpy.testing.assert_allclose(y, numpy.fft.fft2(x.get()), atol=1e-9)
    assert fft_impl._size_last_transform_axis((3, 5), None, None) == 5
    assert fft_impl._size_last_transform_axis((3, 5), (2, 7), None) == 7
    assert fft_impl._size_last_transform_axis((3, 5), None, (1, 0)) == 3
