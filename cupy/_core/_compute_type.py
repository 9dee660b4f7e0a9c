"""CuPy's matrix-product compute types (``cupy._core.set_compute_type``).

CuPy chooses the cuBLAS compute type of float16/float32/float64 products
from these settings.  Here the setting is kept per dtype and answered back,
but no provider reads it: on ascend the cube unit's precision is chosen by
``CUPY_ASCEND_ALLOW_HF32`` (cupy_backends/ascend/ops/_linalg.pyx; HF32 is
the nearest thing to COMPUTE_TYPE_TF32), float16 products run with
KEEP_DTYPE (blas_fft.md 2; their accumulation precision is not stated
there) and float64 runs on the host in float64.
"""

import os

import numpy

# CuPy's values, which code passes around as integers
COMPUTE_TYPE_TBD = 0
COMPUTE_TYPE_DEFAULT = 1
COMPUTE_TYPE_PEDANTIC = 2
COMPUTE_TYPE_FP16 = 3
COMPUTE_TYPE_FP32 = 4
COMPUTE_TYPE_FP64 = 5
COMPUTE_TYPE_BF16 = 6
COMPUTE_TYPE_TF32 = 7

_KNOWN = range(COMPUTE_TYPE_TBD, COMPUTE_TYPE_TF32 + 1)
_settings = {}


def _key(dtype):
    dt = numpy.dtype(dtype)
    if dt.kind != 'f' and dt.name != 'bfloat16':
        raise TypeError('compute types are kept for floating dtypes only, '
                        'not {}'.format(dt))
    return dt.name


def get_compute_type(dtype):
    """The compute type set for ``dtype`` (COMPUTE_TYPE_DEFAULT, or
    COMPUTE_TYPE_TF32 for float32 when ``CUPY_TF32`` is set, as CuPy)."""
    key = _key(dtype)
    ct = _settings.get(key, COMPUTE_TYPE_TBD)
    if ct == COMPUTE_TYPE_TBD:
        ct = COMPUTE_TYPE_DEFAULT
        if key == 'float32' and os.environ.get('CUPY_TF32', '0') != '0':
            ct = COMPUTE_TYPE_TF32
        _settings[key] = ct
    return ct


def set_compute_type(dtype, compute_type):
    """Keep ``compute_type`` for products of ``dtype`` (see the module
    docstring: no provider reads it)."""
    key = _key(dtype)
    if compute_type not in _KNOWN:
        raise ValueError('unknown compute type: {!r}'.format(compute_type))
    _settings[key] = compute_type
