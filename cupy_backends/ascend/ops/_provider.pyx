# The ascend provider (DESIGN.md layer 5): runs the neutral operations the
# array core requests (cupy_backends/backend/provider.pxd) on aclnn
# operators, asynchronously on the given stream.

from libc.stdint cimport intptr_t

from cupy_backends.ascend.ops cimport _creation
from cupy_backends.ascend.ops cimport _elementwise
from cupy_backends.ascend.ops cimport _indexing
from cupy_backends.ascend.ops cimport _linalg
from cupy_backends.ascend.ops cimport _nonzero
from cupy_backends.ascend.ops cimport _reduction
from cupy_backends.ascend.ops._copy cimport copy_desc, fill_desc
from cupy_backends.ascend.ops._scratch cimport Scratch
from cupy_backends.ascend.ops._tensor cimport Desc, desc_from_view
from cupy_backends.backend.provider cimport Provider, View

import numpy

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.ascend.ops import _linalg  # NOQA: the tables
from cupy_backends.ascend.ops import _reduction  # NOQA: the tables

_ALL = frozenset(numpy.dtype(c) for c in '?bhilqBHILQefdFD')

# What runs natively on device, per operation and dtype (every dtype a
# view can have, for these operations).  Numeric deviations of the device
# casts are listed in TODO.md ("Device casting differences").
CAPABILITIES = {
    'copy': _ALL,
    'fill': _ALL,
    'arange': _ALL,
    'tril': _ALL,
    'triu': _ALL,
    'take_nd': _ALL,
    'put_nd': _ALL,
    'nonzero': _ALL,
    'wrap_index': frozenset([numpy.dtype(numpy.int64)]),
}


cdef object _copy(tuple outs, tuple ins, intptr_t stream):
    cdef View dst = outs[0]
    cdef View src = ins[0]
    cdef Desc d, s
    cdef Scratch sc
    if dst.shape != src.shape:
        raise ValueError('copy: shapes {} and {} differ (the source must be '
                         'broadcast first)'.format(dst.shape, src.shape))
    desc_from_view(&d, dst)
    desc_from_view(&s, src)
    sc = Scratch(stream)
    try:
        copy_desc(&d, &s, sc)
    finally:
        sc.release()
    return None


cdef object _fill(tuple outs, dict attrs, intptr_t stream):
    cdef View dst = outs[0]
    cdef Desc d
    cdef Scratch sc
    desc_from_view(&d, dst)
    sc = Scratch(stream)
    try:
        fill_desc(&d, dst.dtype, attrs['value'], sc)
    finally:
        sc.release()
    return None


_CASTS = frozenset(['Widen', 'Cast'])


def _elementwise_path(str name, str loop):
    from cupy_backends.ascend.ops import _elementwise_plan
    plan = _elementwise_plan.plan_of(name, loop)
    if plan is None:
        return None
    steps = [step[0] for step in plan.source.steps]
    ops = [op for op in steps if op not in _CASTS]
    if len(ops) > 1:
        return 'composed'
    return 'cast' if len(ops) < len(steps) else 'native'


cdef class AscendProvider(Provider):
    """Runs neutral operations on CANN aclnn operators (or the simulator).

    ``capabilities``: operation -> frozenset of the NumPy dtypes it runs
    on device."""

    cdef readonly dict capabilities

    def __init__(self):
        self.capabilities = CAPABILITIES

    cpdef run(self, str op, tuple outs, tuple ins, dict attrs,
              intptr_t stream):
        if op == 'elementwise':
            return _elementwise.run_elementwise(outs, ins, attrs, stream)
        if op == 'copy':
            return _copy(outs, ins, stream)
        if op == 'fill':
            return _fill(outs, attrs, stream)
        if op == 'take_nd':
            return _indexing.run_take(outs[0], ins, stream)
        if op == 'put_nd':
            return _indexing.run_put(outs[0], ins, stream)
        if op == 'arange':
            return _creation.run_arange(outs[0], attrs, stream)
        if op == 'tril':
            return _creation.run_tri('Tril', outs[0], ins[0], attrs, stream)
        if op == 'triu':
            return _creation.run_tri('Triu', outs[0], ins[0], attrs, stream)
        if op == 'nonzero':
            return _nonzero.run_nonzero(outs[0], ins[0], stream)
        if op == 'wrap_index':
            return _indexing.run_wrap_index(outs[0], ins[0], attrs['n'],
                                            stream)
        if op == 'reduce':
            return _reduction.run_reduce(outs[0], ins[0], attrs, stream)
        if op == 'scan':
            return _reduction.run_scan(outs[0], ins[0], attrs, stream)
        if op == 'matmul':
            return _linalg.run_matmul(outs[0], ins[0], ins[1], attrs, stream)
        raise OperationNotSupported(op)

    def reduction_dtypes(self, str name):
        """The loop (accumulation) dtypes reduction or scan `name` runs on
        device (operations.md)."""
        table = _reduction.REDUCTIONS.get(name) or _reduction.SCANS.get(
            name) or {}
        return frozenset(table)

    def reduction_paths(self, str name):
        """{loop dtype: 'native' | 'cast' | 'composed'} of `name`."""
        return dict(_reduction.REDUCTIONS.get(name) or
                    _reduction.SCANS.get(name) or {})

    def matmul_dtypes(self):
        return frozenset(_linalg.MATMUL)

    def matmul_paths(self):
        """{dtype: 'native' | 'composed'} of matmul."""
        return dict(_linalg.MATMUL)

    def elementwise_path(self, str name, str loop):
        """How a loop in elementwise_loops(name) runs: 'native' (one aclnn
        operator), 'cast' (one operator between exact casts) or 'composed'
        (several operators); None when not run on device."""
        return _elementwise_path(name, loop)

    def elementwise_loops(self, str name):
        """The NumPy loops ('ff->f', ...) of ufunc `name` run on device
        (_elementwise_table.py: natively or composed of aclnn calls)."""
        return _elementwise.elementwise_loops(name)

    def __repr__(self):
        return '<AscendProvider>'
