"""Argument handling shared by the ndimage modules: SciPy's rules for
`output`, per-axis sequences, `axes`, `origin` and `mode`, and the
exceptions SciPy raises for each."""

import numbers
import operator
import warnings

import numpy

import cupy
from cupy._core import _dtype


# SciPy's ndimage boundary modes (scipy.ndimage._ni_support).
FILTER_MODES = ('reflect', 'constant', 'nearest', 'mirror', 'wrap',
                'grid-constant', 'grid-mirror', 'grid-wrap')
# interpolation also accepts these (same meaning)
INTERP_MODES = FILTER_MODES


def check_input(input):
    """The input as a cupy array (SciPy takes anything array-like; CuPy
    requires a device array)."""
    if not isinstance(input, cupy.ndarray):
        raise TypeError('input must be a cupy.ndarray')
    return input


def check_mode(mode, interp=False):
    if not isinstance(mode, str) or mode not in FILTER_MODES:
        raise RuntimeError('boundary mode not supported')
    return mode


def normalize_sequence(value, rank, name='value'):
    """A scalar repeated `rank` times, or a sequence of length `rank`
    (SciPy's _normalize_sequence: RuntimeError on a length mismatch)."""
    if isinstance(value, str) or not hasattr(value, '__len__'):
        return [value] * rank
    value = list(value)
    if len(value) != rank:
        raise RuntimeError(
            'sequence argument must have length equal to input rank')
    return value


def check_axes(axes, ndim):
    """SciPy's _check_axes: None means every axis; negative axes count
    from the end; duplicates are refused."""
    if axes is None:
        return tuple(range(ndim))
    if numpy.isscalar(axes):
        axes = (operator.index(axes),)
    elif not hasattr(axes, '__iter__'):
        raise ValueError(
            'axes must be an integer, iterable of integers, or None')
    out = []
    for ax in axes:
        ax = operator.index(ax)
        if ax < -ndim or ax >= ndim:
            raise ValueError('specified axis: {} is out of range'.format(ax))
        out.append(ax % ndim)
    if len(set(out)) != len(out):
        raise ValueError('axes must be unique')
    return tuple(out)


def check_axis(axis, ndim):
    if not isinstance(axis, numbers.Integral):
        raise TypeError('axis must be an integer')
    if axis < -ndim or axis >= ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return int(axis) % ndim


def check_origin(origin, width):
    """SciPy: a filter of width w takes -(w // 2) <= origin <= (w-1) // 2."""
    if not isinstance(origin, numbers.Integral):
        raise TypeError('origin must be an integer')
    origin = int(origin)
    if width > 0 and not (-(width // 2) <= origin <= (width - 1) // 2):
        raise ValueError('invalid origin')
    return origin


def _is_integer_output(output, input):
    """Whether `output` (None: the input's dtype; a dtype; an array) is of
    an integer dtype (CuPy's helper, which its tests call)."""
    if output is None:
        dtype = input.dtype
    elif isinstance(output, cupy.ndarray):
        dtype = output.dtype
    else:
        dtype = numpy.dtype(output)
    return dtype.kind in 'iu'


def get_output(output, input, shape=None, complex_output=False):
    """SciPy's _get_output: None (input's dtype), a dtype (or its name),
    or a cupy array of the right shape that is written into."""
    if shape is None:
        shape = input.shape
    shape = tuple(shape)
    if output is None:
        dtype = input.dtype
        if complex_output and dtype.kind != 'c':
            dtype = numpy.promote_types(dtype, numpy.complex64)
        return cupy.zeros(shape, dtype=dtype)
    if isinstance(output, cupy.ndarray):
        if output.shape != shape:
            raise RuntimeError('output shape not correct')
        if complex_output and output.dtype.kind != 'c':
            raise RuntimeError('output must have complex dtype')
        return output
    if isinstance(output, numpy.ndarray):
        raise TypeError('output must be a cupy.ndarray or a dtype')
    if isinstance(output, str):
        dtype = numpy.dtype(output)
        if complex_output and dtype.kind != 'c':
            raise RuntimeError('output must have complex dtype')
        if not issubclass(dtype.type, numpy.number):
            raise RuntimeError('output must have numeric dtype')
    else:
        dtype = numpy.dtype(output)
        if complex_output and dtype.kind != 'c':
            warnings.warn('promoting specified output dtype to complex',
                          stacklevel=3)
            dtype = numpy.promote_types(dtype, numpy.complex64)
    return cupy.zeros(shape, dtype=dtype)


def store(result, output):
    """Cast a computed float/complex result into the output array as
    SciPy's C loops do (a C cast: truncation toward zero for integers)."""
    if output.dtype.kind in 'iub' and result.dtype.kind == 'f':
        if output.dtype.kind == 'b':
            result = result != 0
        else:
            result = cupy.trunc(result)
    if result.dtype.kind == 'c' and output.dtype.kind != 'c':
        _dtype.warn_complex_cast(stacklevel=2)
        result = result.real
    output[...] = result.astype(output.dtype, copy=False)
    return output


def work_dtype(*dtypes):
    """The dtype the filters compute in: float32 stays float32 (as CuPy
    does); every other real dtype computes in float64; complex in complex
    of that precision."""
    is_complex = any(numpy.dtype(d).kind == 'c' for d in dtypes)
    single = all(numpy.dtype(d) in (numpy.float32, numpy.complex64,
                                    numpy.float16) for d in dtypes)
    if is_complex:
        return numpy.dtype(numpy.complex64 if single else numpy.complex128)
    return numpy.dtype(numpy.float32 if single else numpy.float64)
