"""``scipy.ndimage`` on the device: filters, interpolation, morphology,
measurements and Fourier filters.  See TODO.md ("ndimage") for what
differs from SciPy."""

from cupyx.scipy.ndimage._filters import (  # NOQA
    correlate1d, convolve1d, correlate, convolve, uniform_filter1d,
    uniform_filter, gaussian_filter1d, gaussian_filter, prewitt, sobel,
    generic_laplace, laplace, gaussian_laplace, generic_gradient_magnitude,
    gaussian_gradient_magnitude)
from cupyx.scipy.ndimage._rank_filters import (  # NOQA
    minimum_filter1d, maximum_filter1d, minimum_filter, maximum_filter,
    rank_filter, median_filter, percentile_filter, generic_filter,
    generic_filter1d)
from cupyx.scipy.ndimage._interpolation import (  # NOQA
    spline_filter1d, spline_filter, map_coordinates, affine_transform,
    shift, zoom, rotate)
from cupyx.scipy.ndimage._morphology import (  # NOQA
    generate_binary_structure, iterate_structure, binary_erosion,
    binary_dilation, binary_opening, binary_closing, binary_hit_or_miss,
    binary_propagation, binary_fill_holes, grey_erosion, grey_dilation,
    grey_opening, grey_closing, morphological_gradient,
    morphological_laplace, white_tophat, black_tophat)
from cupyx.scipy.ndimage._measurements import (  # NOQA
    label, find_objects, value_indices, sum_labels, sum, mean, variance,
    standard_deviation, minimum, maximum, median, minimum_position,
    maximum_position, extrema, center_of_mass, labeled_comprehension,
    histogram)
from cupyx.scipy.ndimage._fourier import (  # NOQA
    fourier_gaussian, fourier_uniform, fourier_shift, fourier_ellipsoid)
from cupyx.scipy.ndimage._distance import distance_transform_edt  # NOQA
from cupyx.scipy.ndimage._distance_bf_cdt import (  # NOQA
    distance_transform_bf, distance_transform_cdt)
from cupyx.scipy.ndimage._geometric import geometric_transform  # NOQA
from cupyx.scipy.ndimage._watershed import watershed_ift  # NOQA
