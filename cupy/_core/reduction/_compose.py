"""Reductions composed of other operations (DESIGN.md capability path,
step 2): the nan-functions, var/std where the provider lacks the loop,
and the masks of ``where=``, each part on its own route.

Each composition names the elementwise loops it needs, so that a
composition whose parts would all go to the host is not chosen (one host
fallback instead of several).

A composition reduces through other reductions, which may themselves be
composed: the reductions module passes itself in (``red``), so this
module does not import it back (no import circle).
"""

import numpy

from cupy._core import _dispatch
from cupy._core._operands import finish, routine, scalar_array

_BOOL = numpy.dtype(numpy.bool_)


def _needs(name, loop):
    c = loop.char
    c = 'l' if c == 'q' else ('L' if c == 'Q' else c)
    real = numpy.dtype(loop.char.lower()) if loop.kind == 'c' else loop
    r = real.char
    if name in ('nansum', 'nanprod', 'nanmax', 'nanmin'):
        return [('isnan', c + '->?'), ('where', '?{0}{0}->{0}'.format(c))]
    if name in ('nanargmax', 'nanargmin'):
        return _needs('nanmax', loop) + [('equal', c * 2 + '->?')]
    if name in ('nanmean', 'nanvar', 'nanstd'):
        return (_needs('nansum', loop) + [('logical_not', '?->?')] +
                _needs(name[3:] if name != 'nanmean' else 'var', loop))
    if name in ('var', 'std'):
        parts = [('subtract', c * 2 + '->' + c),
                 ('multiply', c * 2 + '->' + c),
                 ('true_divide', r * 2 + '->' + r)]
        if loop.kind == 'c':
            parts.append(('conjugate', c + '->' + c))
        if name == 'std':
            parts.append(('sqrt', r + '->' + r))
        return parts
    return []


def composable(name, loop):
    """True when every elementwise part of ``name``'s composition on
    ``loop`` has a device route."""
    if name in ('nanmax', 'nanmin', 'nanargmax', 'nanargmin') and \
            loop.kind == 'c':
        # complex order: NumPy's fmax, on the host unless the provider
        # runs the complex nanmax/nanmin the argument form builds on
        if name in ('nanargmax', 'nanargmin'):
            ext = 'nanmax' if name == 'nanargmax' else 'nanmin'
            return (_dispatch.device_has(ext, loop) and
                    _dispatch.route('equal', loop.char * 2 + '->?') !=
                    'host')
        return False
    if name not in COMPOSED:
        return False
    for ufunc_name, ufunc_loop in _needs(name, loop):
        if _dispatch.route(ufunc_name, ufunc_loop) == 'host':
            return False
    return True


def _nan_sum_like(name):
    base = name[3:]

    def compose(red, a, axes, keepdims, loop, res_dtype, out, ddof):
        fill = 0 if base == 'sum' else 1
        x = routine('where')(routine('isnan')(a),
                             scalar_array(fill, a.dtype), a)
        return red.reduce_values(base, x, axes, keepdims, loop,
                                        res_dtype, out, ddof, axes,
                                        {'keepdims': keepdims})
    return compose


def _nan_extreme(name):
    base = name[3:]

    def compose(red, a, axes, keepdims, loop, res_dtype, out, ddof):
        # NaN replaced by the value that never wins; an all-NaN slice is
        # NaN again (NumPy also warns there; that would need a sync).
        if base in ('argmax', 'argmin'):
            # the first index holding the NaN-ignoring extreme (exact for
            # ties with the fill value; an all-NaN slice gives 0)
            ext = 'nanmax' if base == 'argmax' else 'nanmin'
            m = red.reduce(ext, a, axes, keepdims=True)
            hit = routine('equal')(a, m)
            return red.reduce_values('argmax', hit, axes, keepdims,
                                            _BOOL, res_dtype, out, ddof,
                                            axes[0], {'keepdims': keepdims})
        nan = routine('isnan')(a)
        fill = -numpy.inf if base == 'max' else numpy.inf
        x = routine('where')(nan, scalar_array(fill, a.dtype), a)
        r = red.reduce_values(base, x, axes, keepdims, loop,
                                     res_dtype, None, ddof, axes,
                                     {'keepdims': keepdims})
        all_nan = red.reduce('all', nan, axes, keepdims=keepdims)
        r = routine('where')(all_nan, scalar_array(numpy.nan, r.dtype), r)
        return finish(r, out)
    return compose


def _moment_composed(name):
    def compose(red, a, axes, keepdims, loop, res_dtype, out, ddof):
        return masked_moment(red, name, a, None, axes, keepdims, loop,
                             res_dtype, out, ddof)
    return compose


def masked_moment(red, name, a, mask, axes, keepdims, loop, res_dtype, out,
                  ddof):
    """mean / var / std of the elements of ``a`` where ``mask`` (None: all)
    in ``loop`` precision, as NumPy's _methods compute them."""
    divide = routine('true_divide')
    real = numpy.dtype(loop.char.lower()) if loop.kind == 'c' else loop
    if a.dtype != loop:
        a = a.astype(loop)
    if mask is None:
        x = a
        cnt = red.count(a.shape, axes)   # a Python int: weak scalar
    else:
        x = routine('where')(mask, a, scalar_array(0, loop))
        cnt = red.reduce('count_nonzero', mask, axes,
                                keepdims=True).astype(real)
    total = red.reduce('sum', x, axes, dtype=loop, keepdims=True)
    mean = divide(total, cnt)
    if name == 'mean':
        if not keepdims:
            mean = mean.reshape(red.reduced_shape(a.shape, axes,
                                                         False))
        return finish(mean.astype(res_dtype, copy=False), out)
    d = routine('subtract')(x, mean)
    if mask is not None:
        d = routine('where')(mask, d, scalar_array(0, loop))
    if loop.kind == 'c':
        sq = routine('multiply')(d, routine('conjugate')(d)).real
    else:
        sq = routine('multiply')(d, d)
    s = red.reduce('sum', sq, axes, keepdims=keepdims)
    if mask is None:
        v = divide(s, max(cnt - ddof, 0))
    else:
        dof = routine('maximum')(routine('subtract')(cnt, ddof), 0)
        if not keepdims:
            dof = dof.reshape(s.shape)
        v = divide(s, dof)
    if name == 'std':
        v = routine('sqrt')(v)
    return finish(v.astype(res_dtype, copy=False), out)


def _nan_moment(name):
    def compose(red, a, axes, keepdims, loop, res_dtype, out, ddof):
        mask = routine('logical_not')(routine('isnan')(a))
        return masked_moment(red, name, a, mask, axes, keepdims, loop,
                             res_dtype, out, ddof)
    return compose


COMPOSED = {
    'nansum': _nan_sum_like('nansum'),
    'nanprod': _nan_sum_like('nanprod'),
    'nanmax': _nan_extreme('nanmax'),
    'nanmin': _nan_extreme('nanmin'),
    'nanargmax': _nan_extreme('nanargmax'),
    'nanargmin': _nan_extreme('nanargmin'),
    'var': _moment_composed('var'),
    'std': _moment_composed('std'),
    'nanmean': _nan_moment('mean'),
    'nanvar': _nan_moment('var'),
    'nanstd': _nan_moment('std'),
}
