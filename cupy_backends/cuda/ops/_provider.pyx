# The CUDA provider (DESIGN.md layer 5): runs the neutral operations the
# array core requests (cupy_backends/backend/provider.pxd) on generated
# CUDA kernels and cuBLAS, asynchronously on the given stream.
#
# Each family module exports OPERATIONS and ROUTES tables; they are merged
# here, as the ascend provider does.  An operation not listed raises
# OperationNotSupported and the core takes its capability path.

from cupy_backends.backend.provider cimport TableProvider

from cupy_backends.backend.provider import merge_tables
from cupy_backends.cuda.ops import _blas
from cupy_backends.cuda.ops import _elementwise
from cupy_backends.cuda.ops import _movement
from cupy_backends.cuda.ops import _reduction
from cupy_backends.cuda.ops import _fft
from cupy_backends.cuda.ops import _indexing
from cupy_backends.cuda.ops import _random
from cupy_backends.cuda.ops import _sorting
# the linalg family's table (its _linalg routines and _linalg_batched's)
from cupy_backends.cuda.ops import _linalg_batched

_FAMILIES = (_elementwise, _movement, _reduction, _blas, _indexing,
             _sorting, _random, _fft, _linalg_batched)

OPERATIONS = merge_tables(_FAMILIES, 'OPERATIONS')
ROUTES = merge_tables(_FAMILIES, 'ROUTES')


cdef class CudaProvider(TableProvider):
    """Runs neutral operations on NVRTC-compiled kernels and cuBLAS."""

    def __init__(self):
        TableProvider.__init__(self, OPERATIONS, ROUTES, _elementwise.routes)

    # User kernels (issue 19): cupy/_core/_kernel_backend.py and
    # _kernel_raw.py find these and run kernels natively (ops/_userkernel.py,
    # ops/_rawkernel.py).
    def run_user_kernel(self, str kind, kernel, *args):
        from cupy_backends.cuda.ops import _userkernel
        if kind == 'elementwise':
            return _userkernel.run_elementwise(kernel, *args)
        return _userkernel.run_reduction(kernel, *args)

    def raw_kernel(self, *args, **kwargs):
        from cupy_backends.cuda.ops import _rawkernel
        return _rawkernel.RawKernel(*args, **kwargs)

    def raw_module(self, **kwargs):
        from cupy_backends.cuda.ops import _rawkernel
        return _rawkernel.RawModule(**kwargs)

    def __repr__(self):
        return '<CudaProvider>'
