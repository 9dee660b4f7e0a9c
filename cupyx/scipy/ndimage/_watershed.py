"""scipy.ndimage.watershed_ift: a counted host fallback.

SciPy's image foresting transform is one sequential pass over a
bucketed priority queue whose processing order decides every tie (object
markers are queued before background markers, a relabelled element moves
to the front or back of its bucket by the sign of its label, and the
neighbour offsets are flat-index steps that wrap across rows).  A parallel
minimax-path propagation finds the same path costs but resolves ties
differently, so the labels would disagree with SciPy on plateaus; until a
device formulation reproduces that order, the arrays are checked here as
SciPy checks them and the transform runs on the host through SciPy, with
the warning and count of every host fallback (DESIGN.md, "The operation
contract", step 3).
"""

import numpy

import cupy
from cupy._core import _fallback
from cupyx.scipy.ndimage import _morphology
from cupyx.scipy.ndimage import _util

_fallback.declare('ndimage.watershed_ift', 'all',
                  'a sequential priority-queue transform (SciPy on the host)')

_INTEGRAL = (numpy.int8, numpy.int16, numpy.int32, numpy.int64)


def watershed_ift(input, markers, structure=None, output=None):
    """Watershed from markers by the image foresting transform
    (scipy.ndimage.watershed_ift)."""
    input = _util.check_input(input)
    if input.dtype.type not in (numpy.uint8, numpy.uint16):
        raise TypeError('only 8 and 16 unsigned inputs are supported')
    if structure is None:
        structure = _morphology.generate_binary_structure(input.ndim, 1)
    structure = _morphology._host(structure, bool)
    if structure.ndim != input.ndim:
        raise RuntimeError('structure and input must have equal rank')
    for s in structure.shape:
        if s != 3:
            raise RuntimeError('structure dimensions must be equal to 3')
    markers = cupy.asarray(markers)
    if input.shape != markers.shape:
        raise RuntimeError('input and markers must have equal shape')
    if markers.dtype.type not in _INTEGRAL:
        raise RuntimeError('marker should be of integer type')
    if isinstance(output, cupy.ndarray):
        if output.dtype.type not in _INTEGRAL:
            raise RuntimeError('output should be of integer type')
    else:
        output = markers.dtype
    output = _util.get_output(output, input)
    _fallback.enter('ndimage.watershed_ift', input.dtype.char,
                    'a sequential priority-queue transform')
    import scipy.ndimage
    result = scipy.ndimage.watershed_ift(
        cupy.asnumpy(input), cupy.asnumpy(markers), structure,
        output=numpy.dtype(output.dtype))
    output[...] = cupy.asarray(result)
    return output
