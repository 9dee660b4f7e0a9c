"""Tests of the CUDA backend's own behaviour: they run in a CUDA build on
a machine with an NVIDIA GPU and skip everywhere else (CI builds the
ascend backend and has no GPU)."""

import pytest


def _gpu_reason():
    from cupy_backends import get_backend_name
    if get_backend_name() != 'cuda':
        return 'needs a CUDA build (CUPY_INSTALL_USE_CUDA=1)'
    import cupy
    try:
        if cupy.xpu.runtime.getDeviceCount() > 0:
            return None
    except Exception as e:      # the reason is the skip message
        return 'needs an NVIDIA GPU: {}'.format(e)
    return 'needs an NVIDIA GPU'


def pytest_collection_modifyitems(config, items):
    reason = None
    checked = False
    for item in items:
        if 'cuda_tests' not in str(item.fspath):
            continue
        if not checked:
            reason = _gpu_reason()
            checked = True
        if reason:
            item.add_marker(pytest.mark.skip(reason=reason))
