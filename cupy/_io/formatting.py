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


def base_repr(number, base=2, padding=0):
    """The string of the Python integer ``number`` in ``base`` (up to 36),
    with ``padding`` leading zeros (NumPy's, on the host: no array)."""
    return numpy.base_repr(number, base, padding)


def binary_repr(num, width=None):
    """The binary string of the Python integer ``num`` (two's complement
    in ``width`` bits for a negative one; NumPy's, on the host)."""
    return numpy.binary_repr(num, width)
format_float_positional = numpy.format_float_positional
format_float_scientific = numpy.format_float_scientific
