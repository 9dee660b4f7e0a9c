# The operation contract: see provider.pxd.

import importlib


class OperationNotSupported(NotImplementedError):
    """The provider cannot run this operation on these dtypes/layouts."""


cdef class View:
    """An operand of a provider operation (see provider.pxd)."""

    def __init__(self, intptr_t base, Py_ssize_t nbytes, dtype, tuple shape,
                 tuple strides, Py_ssize_t offset, int device_id):
        if len(shape) != len(strides):
            raise ValueError('shape and strides differ in length')
        self.base = base
        self.nbytes = nbytes
        self.dtype = dtype
        self.shape = shape
        self.strides = strides
        self.offset = offset
        self.device_id = device_id

    def __repr__(self):
        return ('View(base={:#x}, nbytes={}, dtype={}, shape={}, '
                'strides={}, offset={}, device={})'.format(
                    self.base, self.nbytes, self.dtype, self.shape,
                    self.strides, self.offset, self.device_id))


cdef class Provider:
    """Base class of the backends' providers."""

    cpdef run(self, str op, tuple outs, tuple ins, dict attrs,
              intptr_t stream):
        raise OperationNotSupported(op)

    cpdef dict routes(self, str op):
        """{loop key: 'native' | 'cast' | 'composed'} of the loops of `op`
        run on the device (provider.pxd, operations.md)."""
        return {}


cdef class TableProvider(Provider):
    """Runs the operations of tables merged from family modules (see
    provider.pxd)."""

    def __init__(self, dict operations, dict routes, elementwise_routes):
        self._operations = operations
        self._routes = routes
        self._elementwise_routes = elementwise_routes

    cpdef run(self, str op, tuple outs, tuple ins, dict attrs,
              intptr_t stream):
        entry = self._operations.get(op)
        if entry is None:
            raise OperationNotSupported(op)
        return entry(outs, ins, attrs, stream)

    cpdef dict routes(self, str op):
        table = self._routes.get(op)
        if table is None:
            # every other name is an elementwise one (a ufunc name or an
            # extra name of operations.md)
            table = self._elementwise_routes(op)
        return dict(table)


def merge_tables(families, str table):
    """{op: value} merged from the `table` attribute (OPERATIONS or
    ROUTES) of each family module of a provider; an operation defined by
    two families is an error."""
    out = {}
    for mod in families:
        for op, value in getattr(mod, table, {}).items():
            if op in out:
                raise RuntimeError('operation {!r} is defined by two '
                                   'families'.format(op))
            out[op] = value
    return out


cdef Provider _provider = None


def get_provider():
    """The provider of the backend this build was made for."""
    global _provider
    if _provider is None:
        from cupy_backends import get_backend_name
        mod = importlib.import_module(
            'cupy_backends.{}.ops'.format(get_backend_name()))
        _provider = mod.make_provider()
    return _provider
