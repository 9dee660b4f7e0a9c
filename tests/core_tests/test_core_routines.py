"""The core's routine modules are the objects the public API exports."""

import pytest

import cupy
from cupy._core import _routines_math
from cupy._core import _routines_ufuncs


def test_public_ufuncs_are_the_core_ones():
    for name in _routines_ufuncs.UFUNC_NAMES + _routines_ufuncs.ALIASES:
        assert getattr(cupy, name) is getattr(_routines_ufuncs, name)


def test_ufunc_by_name():
    for name in _routines_ufuncs.UFUNC_NAMES:
        assert _routines_ufuncs.by_name(name).__name__ == name
    assert _routines_ufuncs.by_name('clip') is _routines_ufuncs._clip
    with pytest.raises(AttributeError):
        _routines_ufuncs.by_name('true_divide_nonexistent')


def test_public_routines_are_the_core_ones():
    assert cupy.sum is _routines_math.sum
    assert cupy.clip is _routines_math.clip
    assert cupy.asarray is cupy._core._routines_creation.asarray
