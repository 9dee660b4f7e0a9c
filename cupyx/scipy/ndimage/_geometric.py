"""scipy.ndimage.geometric_transform on the device.

SciPy calls the user's `mapping` once per output element with that
element's index tuple; nothing else can know what a Python callable
returns.  Here it is called the same way, on the host, to build the
coordinate array (coordinates, not image data, cross to the device), and
`map_coordinates` interpolates on the device with the same order, mode,
cval and prefilter.  The host loop costs one Python call per output
element, as SciPy's does.
"""

import itertools

import numpy

import cupy
from cupyx.scipy.ndimage import _interpolation
from cupyx.scipy.ndimage import _util


def geometric_transform(input, mapping, output_shape=None, output=None,
                        order=3, mode='constant', cval=0.0, prefilter=True,
                        extra_arguments=(), extra_keywords=None):
    """Apply an arbitrary geometric transform: the value of output
    element ``i`` is the input interpolated at ``mapping(i)``
    (scipy.ndimage.geometric_transform)."""
    if extra_keywords is None:
        extra_keywords = {}
    _interpolation._check_order(order)
    input = _util.check_input(input)
    if output_shape is None:
        output_shape = (output.shape if isinstance(output, cupy.ndarray)
                        else input.shape)
    output_shape = tuple(int(s) for s in output_shape)
    if input.ndim < 1 or len(output_shape) < 1:
        raise RuntimeError('input and output rank must be > 0')
    if not callable(mapping):
        raise TypeError('mapping must be callable')
    n = int(numpy.prod(output_shape))
    coords = numpy.empty((input.ndim, n), dtype=numpy.float64)
    for k, idx in enumerate(itertools.product(*map(range, output_shape))):
        point = mapping(idx, *extra_arguments, **extra_keywords)
        try:
            point = tuple(point)
        except TypeError:
            raise RuntimeError('mapping must return a sequence of length '
                               'equal to the input rank') from None
        if len(point) != input.ndim:
            raise RuntimeError('mapping must return a sequence of length '
                               'equal to the input rank')
        coords[:, k] = point
    coords = cupy.asarray(coords.reshape((input.ndim,) + output_shape))
    return _interpolation.map_coordinates(input, coords, output, order, mode,
                                          cval, prefilter)
