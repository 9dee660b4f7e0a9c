"""String forms of arrays and numbers: NumPy's, on the host copy."""

import numpy

import cupy


def array2string(a, *args, **kwargs):
    """NumPy's ``array2string`` of the host copy of `a`."""
    return numpy.array2string(cupy.asnumpy(a), *args, **kwargs)


def array_repr(arr, max_line_width=None, precision=None,
               suppress_small=None):
    """``repr`` of `arr` with the given options (NumPy's ``array_repr``)."""
    return numpy.array_repr(cupy.asnumpy(arr), max_line_width, precision,
                            suppress_small)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """``str`` of `a` with the given options (NumPy's ``array_str``)."""
    return numpy.array_str(cupy.asnumpy(a), max_line_width, precision,
                           suppress_small)


# numbers to strings: nothing of an array
base_repr = numpy.base_repr
binary_repr = numpy.binary_repr
format_float_positional = numpy.format_float_positional
format_float_scientific = numpy.format_float_scientific
