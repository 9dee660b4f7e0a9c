"""Type-inspection helpers of NumPy's top level that take device arrays."""

import numpy


def common_type(*arrays):
    """NumPy's ``common_type``: the scalar type (inexact) every array
    converts to; integer arrays count as float64."""
    # the rule only reads dtypes: ask NumPy with empty host arrays of them
    return numpy.common_type(*[numpy.empty(0, a.dtype) for a in arrays])


# pure type/character helpers, nothing of an array's data: NumPy's own
iterable = numpy.iterable
mintypecode = numpy.mintypecode
typename = numpy.typename
