"""Linear filters (scipy.ndimage): correlations, convolutions and the
separable filters built from them.

Every filter runs on the device as a sequence of whole-array operations:
the input is extended at its borders (`_boundary`), and a correlation is
the sum over the kernel's nonzero taps of a weight times a shifted view of
the extended input.  A rank-1 N-D kernel is run as 1-D passes.  Kernels
are small host arrays (coefficients, not data).
"""

import numbers

import numpy

import cupy
from cupyx.scipy.ndimage import _boundary
from cupyx.scipy.ndimage import _util


def _axis_slice(ndim, axis, start, length):
    sl = [slice(None)] * ndim
    sl[axis] = slice(start, start + length)
    return tuple(sl)


def _scalar(w, dtype):
    """A weight as a Python scalar, so it does not change the array's
    dtype (NEP 50: Python scalars are weak)."""
    if dtype.kind == 'c':
        return complex(w)
    return float(w)


def _correlate1d_work(x, weights, axis, mode, cval, origin):
    """Correlate the work-dtype array `x` with 1-D host `weights`.

    out[i] = sum_j weights[j] * x[i + j - (len(weights) // 2 + origin)]
    """
    k = len(weights)
    n = x.shape[axis]
    before = k // 2 + origin
    p = _boundary.pad_axis(x, axis, before, k - 1 - before, mode, cval)
    ndim = x.ndim
    sym = k > 1 and numpy.array_equal(weights, weights[::-1])
    anti = k > 1 and numpy.array_equal(weights, -weights[::-1])
    acc = None
    for j in range(k):
        w = weights[j]
        if w == 0:
            continue
        if (sym or anti) and j > (k - 1) // 2:
            break
        view = p[_axis_slice(ndim, axis, j, n)]
        mirror = k - 1 - j
        if (sym or anti) and mirror != j:
            # pair the taps of a (anti)symmetric kernel: one product for two
            other = p[_axis_slice(ndim, axis, mirror, n)]
            view = view + other if sym else view - other
        term = view * _scalar(w, x.dtype)
        if acc is None:
            acc = term
        else:
            acc += term
    if acc is None:
        acc = cupy.zeros(x.shape, dtype=x.dtype)
    return acc


def _weights_1d(weights):
    w = numpy.asarray(cupy.asnumpy(weights) if isinstance(
        weights, cupy.ndarray) else weights)
    if w.dtype.kind == 'c':
        w = w.astype(numpy.complex128)
    else:
        w = w.astype(numpy.float64)
    if w.ndim != 1 or w.shape[0] < 1:
        raise RuntimeError('no filter weights given')
    return w


def _check_cval(input, cval):
    if input.dtype.kind != 'c' and numpy.iscomplexobj(cval):
        raise ValueError('Cannot provide a complex-valued cval when the '
                         'input is real.')


def _integer_weights(weights):
    """Weights of an integer or bool dtype: SciPy (and CuPy) then sum in
    double whatever the input's float type."""
    if not hasattr(weights, 'dtype'):
        weights = numpy.asarray(weights)
    return weights.dtype.kind in 'iub'


def _work_input(input, complex_weights=False, integer_weights=False):
    dtype = _util.work_dtype(input.dtype)
    if integer_weights:
        dtype = numpy.promote_types(dtype, numpy.float64)
    if complex_weights and dtype.kind != 'c':
        dtype = numpy.promote_types(dtype, numpy.complex64)
    return input.astype(dtype, copy=False)


def _run_correlate1d(input, weights, axis, output, mode, cval, origin,
                     integer_weights=False):
    input = _util.check_input(input)
    _check_cval(input, cval)
    complex_out = input.dtype.kind == 'c' or weights.dtype.kind == 'c'
    output = _util.get_output(output, input, complex_output=complex_out)
    axis = _util.check_axis(axis, input.ndim)
    if _invalid_origin(origin, len(weights)):
        raise ValueError('Invalid origin; origin must satisfy '
                         '-(len(weights) // 2) <= origin <= '
                         '(len(weights)-1) // 2')
    _util.check_mode(mode)
    if input.size == 0:
        return output
    x = _work_input(input, weights.dtype.kind == 'c', integer_weights)
    result = _correlate1d_work(x, weights, axis, mode, cval, int(origin))
    return _util.store(result, output)


def _invalid_origin(origin, width):
    return origin < -(width // 2) or origin > (width - 1) // 2


def correlate1d(input, weights, axis=-1, output=None, mode='reflect',
                cval=0.0, origin=0):
    """One-dimensional correlation along `axis` (scipy.ndimage.correlate1d).
    Complex weights are conjugated, as numpy.correlate does."""
    integer = _integer_weights(weights)
    weights = _weights_1d(weights)
    if weights.dtype.kind == 'c':
        weights = weights.conj()
    return _run_correlate1d(input, weights, axis, output, mode, cval, origin,
                            integer)


def convolve1d(input, weights, axis=-1, output=None, mode='reflect',
               cval=0.0, origin=0):
    """One-dimensional convolution along `axis` (scipy.ndimage.convolve1d)."""
    integer = _integer_weights(weights)
    weights = _weights_1d(weights)[::-1]
    origin = -origin
    if not len(weights) & 1:
        origin -= 1
    return _run_correlate1d(input, weights, axis, output, mode, cval, origin,
                            integer)


def _expand_to_ndim(ndim, axes, array, name):
    if len(axes) < ndim:
        if array.ndim != len(axes):
            raise RuntimeError('{}.ndim ({}) must match len(axes) ({})'.format(
                name, array.ndim, len(axes)))
        array = numpy.expand_dims(
            array, tuple(ax for ax in range(ndim) if ax not in axes))
    return array


def _expand_origin(ndim, axes, origin):
    origins = _util.normalize_sequence(origin, len(axes))
    full = [0] * ndim
    for o, ax in zip(origins, axes):
        full[ax] = o
    if len(axes) == ndim:
        full = [origins[i] for i in range(ndim)]
    for o in full:
        if not isinstance(o, numbers.Integral):
            raise TypeError('origin must be an integer')
    return [int(o) for o in full]


def _rank1_factors(weights):
    """1-D factors whose outer product is `weights`, or None."""
    if weights.ndim < 2 or weights.size <= 1:
        return None
    pivot = numpy.unravel_index(numpy.argmax(numpy.abs(weights)),
                                weights.shape)
    scale = weights[pivot]
    if scale == 0:
        return None
    factors = []
    for axis in range(weights.ndim):
        idx = list(pivot)
        idx[axis] = slice(None)
        factors.append(weights[tuple(idx)].copy())
    for f in factors[1:]:
        f /= scale
    outer = factors[0]
    for f in factors[1:]:
        outer = numpy.multiply.outer(outer, f)
    if not numpy.allclose(outer, weights, rtol=1e-13, atol=0):
        return None
    return factors


def _correlate_work(x, weights, origins, mode, cval):
    """N-D correlation of the work-dtype array `x` with host `weights`."""
    factors = _rank1_factors(weights)
    if factors is not None:
        # outside the image along a later axis, the earlier passes have
        # already turned the constant cval into cval * (sum of their taps)
        constant = mode in ('constant', 'grid-constant')
        for axis, f in enumerate(factors):
            if len(f) == 1:
                x = x * _scalar(f[0], x.dtype)
            else:
                x = _correlate1d_work(x, f, axis, mode, cval, origins[axis])
            if constant:
                cval = cval * f.sum()
        return x
    pads = [(w // 2 + o, w - 1 - (w // 2 + o))
            for w, o in zip(weights.shape, origins)]
    p = _boundary.pad(x, pads, [mode] * x.ndim, cval)
    acc = None
    for idx in zip(*numpy.nonzero(weights)):
        view = p[tuple(slice(i, i + n) for i, n in zip(idx, x.shape))]
        term = view * _scalar(weights[idx], x.dtype)
        if acc is None:
            acc = term
        else:
            acc += term
    if acc is None:
        acc = cupy.zeros(x.shape, dtype=x.dtype)
    return acc


def _correlate_or_convolve(input, weights, output, mode, cval, origin,
                           convolution, axes):
    input = _util.check_input(input)
    _check_cval(input, cval)
    weights = numpy.asarray(cupy.asnumpy(weights) if isinstance(
        weights, cupy.ndarray) else weights)
    complex_w = weights.dtype.kind == 'c'
    integer = weights.dtype.kind in 'iub'
    weights = weights.astype(numpy.complex128 if complex_w
                             else numpy.float64)
    if complex_w and not convolution:
        weights = weights.conj()
    axes = _util.check_axes(axes, input.ndim)
    weights = _expand_to_ndim(input.ndim, axes, weights, 'weights')
    origins = _expand_origin(input.ndim, axes, origin)
    wshape = [s for s in weights.shape if s > 0]
    if len(wshape) != input.ndim:
        raise RuntimeError('weights.ndim ({}) must match len(axes) ({})'
                           .format(len(wshape), len(axes)))
    if convolution:
        weights = weights[(slice(None, None, -1),) * weights.ndim]
        for i in range(len(origins)):
            origins[i] = -origins[i]
            if not weights.shape[i] & 1:
                origins[i] -= 1
    for o, w in zip(origins, wshape):
        if _invalid_origin(o, w):
            raise ValueError('Invalid origin; origin must satisfy '
                             '-(weights.shape[k] // 2) <= origin[k] <= '
                             '(weights.shape[k]-1) // 2')
    output = _util.get_output(output, input,
                              complex_output=complex_w or
                              input.dtype.kind == 'c')
    if not isinstance(mode, str):
        raise RuntimeError('A sequence of modes is not supported')
    _util.check_mode(mode)
    if input.size == 0:
        return output
    x = _work_input(input, complex_w, integer)
    result = _correlate_work(x, weights, origins, mode, cval)
    return _util.store(result, output)


def correlate(input, weights, output=None, mode='reflect', cval=0.0,
              origin=0, *, axes=None):
    """Multidimensional correlation (scipy.ndimage.correlate)."""
    return _correlate_or_convolve(input, weights, output, mode, cval, origin,
                                  False, axes)


def convolve(input, weights, output=None, mode='reflect', cval=0.0,
             origin=0, *, axes=None):
    """Multidimensional convolution (scipy.ndimage.convolve)."""
    return _correlate_or_convolve(input, weights, output, mode, cval, origin,
                                  True, axes)


# -- uniform ---------------------------------------------------------------

def uniform_filter1d(input, size, axis=-1, output=None, mode='reflect',
                     cval=0.0, origin=0):
    """One-dimensional mean over windows of `size` (SciPy's uniform_filter1d)."""
    input = _util.check_input(input)
    axis = _util.check_axis(axis, input.ndim)
    if size < 1:
        raise RuntimeError('incorrect filter size')
    output = _util.get_output(output, input,
                              complex_output=input.dtype.kind == 'c')
    if (size // 2 + origin < 0) or (size // 2 + origin >= size):
        raise ValueError('invalid origin')
    _util.check_mode(mode)
    if input.size == 0:
        return output
    # a sum then one division, as SciPy does (a weight of 1/size would
    # round integer means down, e.g. 3 * (5 * (1/3)) < 15)
    x = _work_input(input)
    result = _correlate1d_work(x, numpy.ones(int(size)), axis, mode, cval,
                               int(origin))
    result /= size
    return _util.store(result, output)


def _separable(input, output, axes_args, filter1d):
    """Apply `filter1d(input, axis, output, *args)` along each axis in turn,
    writing into `output` each time (SciPy's order and intermediate
    dtype)."""
    if not axes_args:
        output[...] = input
        return output
    for axis, args in axes_args:
        filter1d(input, axis, output, *args)
        input = output
    return output


def uniform_filter(input, size=3, output=None, mode='reflect', cval=0.0,
                   origin=0, *, axes=None):
    """Multidimensional uniform (mean) filter (scipy.ndimage.uniform_filter)."""
    input = _util.check_input(input)
    output = _util.get_output(output, input,
                              complex_output=input.dtype.kind == 'c')
    axes = _util.check_axes(axes, input.ndim)
    n = len(axes)
    sizes = _util.normalize_sequence(size, n)
    origins = _util.normalize_sequence(origin, n)
    modes = _util.normalize_sequence(mode, n)
    work = [(axes[i], (sizes[i], modes[i], cval, origins[i]))
            for i in range(n) if sizes[i] > 1]

    def f(x, axis, out, size, mode, cval, origin):
        uniform_filter1d(x, size, axis, out, mode, cval, origin)
    return _separable(input, output, work, f)


# -- Gaussian --------------------------------------------------------------

def _gaussian_kernel1d(sigma, order, radius):
    """Samples of the `order`-th derivative of a normalised Gaussian on
    [-radius, radius] (the kernel for convolution)."""
    if order < 0:
        raise ValueError('order must be non-negative')
    x = numpy.arange(-radius, radius + 1, dtype=numpy.float64)
    var = float(sigma) ** 2
    phi = numpy.exp(-0.5 * x * x / var)
    phi /= phi.sum()
    if order == 0:
        return phi
    # d/dx [q(x) phi(x)] = (q'(x) - x q(x) / var) phi(x): q as polynomial
    # coefficients, lowest degree first
    q = numpy.zeros(order + 1)
    q[0] = 1.0
    for _ in range(order):
        dq = numpy.zeros_like(q)
        dq[:-1] = q[1:] * numpy.arange(1, order + 1)
        xq = numpy.zeros_like(q)
        xq[1:] = q[:-1]
        q = dq - xq / var
    return numpy.polynomial.polynomial.polyval(x, q) * phi


def gaussian_filter1d(input, sigma, axis=-1, order=0, output=None,
                      mode='reflect', cval=0.0, truncate=4.0, *, radius=None):
    """One-dimensional Gaussian filter (scipy.ndimage.gaussian_filter1d)."""
    sd = float(sigma)
    lw = int(truncate * sd + 0.5)
    if radius is not None:
        lw = radius
    if not isinstance(lw, numbers.Integral) or lw < 0:
        raise ValueError('Radius must be a nonnegative integer.')
    weights = _gaussian_kernel1d(sd, order, lw)[::-1].copy()
    return _run_correlate1d(input, weights, axis, output, mode, cval, 0)


def gaussian_filter(input, sigma, order=0, output=None, mode='reflect',
                    cval=0.0, truncate=4.0, *, radius=None, axes=None):
    """Multidimensional Gaussian filter (scipy.ndimage.gaussian_filter)."""
    input = _util.check_input(input)
    output = _util.get_output(output, input,
                              complex_output=input.dtype.kind == 'c')
    axes = _util.check_axes(axes, input.ndim)
    n = len(axes)
    orders = _util.normalize_sequence(order, n)
    sigmas = _util.normalize_sequence(sigma, n)
    modes = _util.normalize_sequence(mode, n)
    radii = _util.normalize_sequence(radius, n)
    work = [(axes[i], (sigmas[i], orders[i], modes[i], radii[i]))
            for i in range(n) if sigmas[i] > 1e-15]

    def f(x, axis, out, sigma, order, mode, radius):
        gaussian_filter1d(x, sigma, axis, order, out, mode, cval, truncate,
                          radius=radius)
    return _separable(input, output, work, f)


# -- derivatives -----------------------------------------------------------

def _edge_filter(input, axis, output, mode, cval, smooth):
    input = _util.check_input(input)
    axis = _util.check_axis(axis, input.ndim)
    output = _util.get_output(output, input)
    modes = _util.normalize_sequence(mode, input.ndim)
    correlate1d(input, [-1, 0, 1], axis, output, modes[axis], cval, 0)
    for ax in range(input.ndim):
        if ax != axis:
            correlate1d(output, smooth, ax, output, modes[ax], cval, 0)
    return output


def prewitt(input, axis=-1, output=None, mode='reflect', cval=0.0):
    """Prewitt filter (scipy.ndimage.prewitt)."""
    return _edge_filter(input, axis, output, mode, cval, [1, 1, 1])


def sobel(input, axis=-1, output=None, mode='reflect', cval=0.0):
    """Sobel filter (scipy.ndimage.sobel)."""
    return _edge_filter(input, axis, output, mode, cval, [1, 2, 1])


def _sum_over_axes(input, derivative, output, mode, cval, extra_arguments,
                   extra_keywords, axes, square):
    """output = sum over axes of derivative(input, axis) (squared, and the
    root taken, for a gradient magnitude), in SciPy's order and dtype."""
    if extra_keywords is None:
        extra_keywords = {}
    input = _util.check_input(input)
    output = _util.get_output(output, input)
    axes = _util.check_axes(axes, input.ndim)
    if len(axes) == 0:
        output[...] = input
        return output
    modes = _util.normalize_sequence(mode, len(axes))
    derivative(input, axes[0], output, modes[0], cval,
               *extra_arguments, **extra_keywords)
    if square:
        cupy.multiply(output, output, output)
    for i in range(1, len(axes)):
        tmp = derivative(input, axes[i], output.dtype, modes[i], cval,
                         *extra_arguments, **extra_keywords)
        if square:
            cupy.multiply(tmp, tmp, tmp)
        output += tmp
    if square:
        root = cupy.sqrt(output)
        output[...] = root.astype(output.dtype, copy=False)
    return output


def generic_laplace(input, derivative2, output=None, mode='reflect',
                    cval=0.0, extra_arguments=(), extra_keywords=None, *,
                    axes=None):
    """N-D Laplace filter from a given second-derivative function."""
    return _sum_over_axes(input, derivative2, output, mode, cval,
                          extra_arguments, extra_keywords, axes, False)


def laplace(input, output=None, mode='reflect', cval=0.0, *, axes=None):
    """N-D Laplace filter from second differences (scipy.ndimage.laplace)."""
    def derivative2(input, axis, output, mode, cval):
        return correlate1d(input, [1, -2, 1], axis, output, mode, cval, 0)
    return generic_laplace(input, derivative2, output, mode, cval, axes=axes)


def _axis_sigmas(sigma, ndim, axes):
    sigma = _util.normalize_sequence(sigma, len(axes))
    full = [0] * ndim
    for s, ax in zip(sigma, axes):
        full[ax] = s
    return full


def gaussian_laplace(input, sigma, output=None, mode='reflect', cval=0.0,
                     *, axes=None, **kwargs):
    """Laplace of Gaussian (scipy.ndimage.gaussian_laplace)."""
    input = _util.check_input(input)

    def derivative2(input, axis, output, mode, cval, sigma, **kwargs):
        order = [0] * input.ndim
        order[axis] = 2
        return gaussian_filter(input, sigma, order, output, mode, cval,
                               **kwargs)
    axes = _util.check_axes(axes, input.ndim)
    sigma = _axis_sigmas(sigma, input.ndim, axes)
    return generic_laplace(input, derivative2, output, mode, cval,
                           extra_arguments=(sigma,), extra_keywords=kwargs,
                           axes=axes)


def generic_gradient_magnitude(input, derivative, output=None,
                               mode='reflect', cval=0.0, extra_arguments=(),
                               extra_keywords=None, *, axes=None):
    """Gradient magnitude from a given first-derivative function."""
    return _sum_over_axes(input, derivative, output, mode, cval,
                          extra_arguments, extra_keywords, axes, True)


def gaussian_gradient_magnitude(input, sigma, output=None, mode='reflect',
                                cval=0.0, *, axes=None, **kwargs):
    """Gradient magnitude with Gaussian derivatives."""
    input = _util.check_input(input)

    def derivative(input, axis, output, mode, cval, sigma, **kwargs):
        order = [0] * input.ndim
        order[axis] = 1
        return gaussian_filter(input, sigma, order, output, mode, cval,
                               **kwargs)
    return generic_gradient_magnitude(input, derivative, output, mode, cval,
                                      extra_arguments=(sigma,),
                                      extra_keywords=kwargs, axes=axes)


__all__ = ['correlate1d', 'convolve1d', 'correlate', 'convolve',
           'uniform_filter1d', 'uniform_filter', 'gaussian_filter1d',
           'gaussian_filter', 'prewitt', 'sobel', 'generic_laplace',
           'laplace', 'gaussian_laplace', 'generic_gradient_magnitude',
           'gaussian_gradient_magnitude']
