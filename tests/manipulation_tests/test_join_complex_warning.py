import warnings

import numpy
import pytest

import cupy


@pytest.mark.parametrize('join', ['concatenate', 'stack', 'hstack',
                                  'vstack'])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.int16])
def test_complex_to_real_warns(join, dtype):
    for xp in (numpy, cupy):
        a = xp.ones((2, 3), numpy.complex64) * (1 + 2j)
        with pytest.warns(numpy.exceptions.ComplexWarning):
            r = getattr(xp, join)((a, a), dtype=dtype, casting='unsafe')
        assert r.dtype == dtype
        assert float(r.real.max()) == 1


def test_bool_and_complex_targets_do_not_warn():
    a = cupy.ones(3, numpy.complex128)
    with warnings.catch_warnings():
        warnings.simplefilter('error', numpy.exceptions.ComplexWarning)
        assert cupy.concatenate((a, a), dtype=bool, casting='unsafe').all()
        cupy.concatenate((a, a), dtype=numpy.complex64, casting='unsafe')
