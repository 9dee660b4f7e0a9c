# The ascend provider (DESIGN.md layer 5): runs the neutral operations the
# array core requests (cupy_backends/backend/provider.pxd) on aclnn
# operators, asynchronously on the given stream.
#
# Each family module exports its operations and their routes as tables
# (OPERATIONS: op -> entry(outs, ins, attrs, stream); ROUTES: op -> {loop
# key: route}); they are merged here.  A family adds a module to _FAMILIES,
# no branch.  The elementwise routes are computed per ufunc on demand.

from cupy_backends.backend.provider cimport TableProvider

from cupy_backends.backend.provider import merge_tables
from cupy_backends.ascend.ops import _copy
from cupy_backends.ascend.ops import _creation
from cupy_backends.ascend.ops import _fft
from cupy_backends.ascend.ops.elementwise import _run as _elementwise
from cupy_backends.ascend.ops.elementwise import _user as _user_programs
from cupy_backends.ascend.ops import _indexing
from cupy_backends.ascend.ops import _linalg
from cupy_backends.ascend.ops import _nonzero
from cupy_backends.ascend.ops import _random
from cupy_backends.ascend.ops import _reduction
from cupy_backends.ascend.ops import _solver
from cupy_backends.ascend.ops import _sorting

_FAMILIES = (_copy, _creation, _indexing, _nonzero, _reduction, _linalg,
             _solver, _elementwise, _random, _fft, _sorting, _user_programs)


OPERATIONS = merge_tables(_FAMILIES, 'OPERATIONS')
ROUTES = merge_tables(_FAMILIES, 'ROUTES')


cdef class AscendProvider(TableProvider):
    """Runs neutral operations on CANN aclnn operators (or the simulator)."""

    def __init__(self):
        TableProvider.__init__(self, OPERATIONS, ROUTES, _elementwise.routes)

    def __repr__(self):
        return '<AscendProvider>'
