"""The FFT routines of the core, as NumPy 2 composes them: complex
(fft/ifft, n-D), real (rfft/irfft, n-D) and Hermitian (hfft/ihfft).
``cupy.fft`` and ``cupyx.scipy.fft`` call these.  Transforms of several
distinct axes run together (one request where the provider takes it);
repeated axes run one after the other as NumPy does.
"""

from cupy._core import _routines_ufuncs as _uf
from cupy._core.fft import _plans
from cupy._core.fft import _transform as _t
from cupy.xpu import cufft as _cufft


_nd = [True]        # cupy.fft.config.enable_nd_planning


def nd_planning(value=None):
    """Whether distinct axes are transformed in one request (CuPy's
    enable_nd_planning); sets it when `value` is given."""
    if value is not None:
        _nd[0] = bool(value)
    return _nd[0]


def _check_plan(kind, shape, axes):
    """Inside a plan's block (cupyx.scipy.fft.get_fft_plan), a transform
    must have the type, shape and axes the plan was made for, as CuPy
    checks (its ValueError message)."""
    plan = _cufft.get_current_plan()
    if plan is None:
        return
    want = tuple(sorted(ax % len(shape) for ax in plan.axes)) if len(
        plan.shape) == len(shape) else None
    if plan.value_type != kind or tuple(plan.shape) != tuple(shape) or \
            want != tuple(sorted(axes)):
        raise ValueError(
            '{} The plan is for a {} transform of shape {} over axes {}, '
            'the array has shape {} and axes {}'.format(
                'Target array size does not match the plan.' if isinstance(
                    plan, _cufft.Plan1d) else
                'The cuFFT plan and a.shape do not match.',
                plan.value_type, tuple(plan.shape), tuple(plan.axes),
                tuple(shape), tuple(axes)))


def c2c(a, n, axis, norm, forward, out=None):
    """fft (forward) / ifft of one axis."""
    key = _plans.key('c2c', a, n, axis, norm, forward, out)
    if key is not None:
        plan = _plans.get(key)
        if plan is not None:
            return _plans.run(plan, a)
    a = _t.as_input(a)
    if n is None:
        n = a.shape[axis]           # NumPy's IndexError / TypeError first
    norm, ((n, axis),) = _t.check_steps(a, [(n, axis)], norm, out)
    if key is not None:
        res = _plans.first(key, a, n, norm, forward)
        if res is not None:
            return res
    cdt = _t.widen(_t.result_dtype('c2c', a.dtype), out)
    x = _t.resize(a, axis, n)
    _check_plan('C2C', x.shape, [axis])
    if x.dtype != cdt:
        x = x.astype(cdt)
    res = _t.c2c_axes(x, [axis], forward)
    return _t.deliver(_t.apply_scale(res, norm, forward, n, a.dtype), out,
                      a)


def c2cn(a, s, axes, norm, forward, out=None):
    """fftn (forward) / ifftn."""
    a = _t.as_input(a)
    s, axes = _t.cook_nd(a, s, axes)
    if not axes:
        return a                    # NumPy: no transform, no checks
    norm, steps = _t.check_steps(a, list(zip(s, axes))[::-1], norm)
    s, axes = _unzip(steps[::-1])
    if len(set(axes)) != len(axes):
        for ii in reversed(range(len(axes))):
            a = c2c(a, s[ii], axes[ii], norm, forward)
        return _t.deliver(a, out)
    cdt = _t.result_dtype('c2c', a.dtype)
    x = a
    for ax, n in zip(axes, s):
        x = _t.resize(x, ax, n)
    _check_plan('C2C', x.shape, axes)
    if x.dtype != cdt:
        x = x.astype(cdt)
    res = _t.c2c_axes(x, axes, forward)
    return _t.deliver(_t.apply_scale(res, norm, forward, s, a.dtype),
                      out, a)


def _with(shape, axes, sizes):
    """`shape` with the sizes of `axes` replaced."""
    shape = list(shape)
    for ax, n in zip(axes, sizes):
        shape[ax] = n
    return shape


def _unzip(steps):
    return [n for n, _ in steps], [ax for _, ax in steps]


def _real_input(a):
    cdt = _t.result_dtype('r2c', a.dtype)       # NumPy's TypeError first
    rdt = cdt.char.lower()
    return a if a.dtype == rdt else a.astype(rdt)


def r2c(a, n, axis, norm, out=None, forward=True):
    """rfft (forward) / the conjugate of ihfft's spectrum, of one axis."""
    key = _plans.key('r2c', a, n, axis, norm, forward, out)
    if key is not None:
        plan = _plans.get(key)
        if plan is not None:
            return _plans.run(plan, a)
    a = _t.as_input(a)
    if n is None:
        n = a.shape[axis]
    norm, ((n, axis),) = _t.check_steps(a, [(n, axis)], norm, out, True)
    if key is not None:
        _t.result_dtype('r2c', a.dtype)     # NumPy's TypeError first
        res = _plans.first(key, a, n, norm, forward)
        if res is not None:
            return res
    cdt = _t.widen(_t.result_dtype('r2c', a.dtype), out)
    x = _t.resize(a, axis, n)
    _check_plan('R2C', x.shape, [axis])
    x = x.astype(cdt.char.lower()) if x.dtype != cdt.char.lower() else x
    res = _t.move_back(_t.r2c_last(_t.move_last(x, axis), forward), axis)
    return _t.deliver(_t.apply_scale(res, norm, forward, n, a.dtype), out,
                      a)


def c2r(a, n, axis, norm, out=None, forward=False):
    """irfft (inverse) / hfft's transform (forward), of one axis."""
    key = _plans.key('c2r', a, n, axis, norm, forward, out)
    if key is not None:
        plan = _plans.get(key)
        if plan is not None:
            return _plans.run(plan, a)
    a = _t.as_input(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    norm, ((n, axis),) = _t.check_steps(a, [(n, axis)], norm, out)
    if key is not None:
        res = _plans.first(key, a, n, norm, forward)
        if res is not None:
            return res
    cdt = _t.result_dtype('c2c', a.dtype)
    rdt = _t.result_dtype('c2r', a.dtype)
    x = _t.resize(a, axis, n // 2 + 1)
    _check_plan('C2R', _with(x.shape, [axis], [n]), [axis])
    if x.dtype != cdt:
        x = x.astype(cdt)
    res = _t.move_back(_t.c2r_last(_t.move_last(x, axis), n, forward),
                        axis)
    if res.dtype != rdt:
        res = res.astype(rdt)     # NumPy: irfft of float16 is float16
    return _t.deliver(_t.apply_scale(res, norm, forward, n, a.dtype), out,
                      a)


def _whole(kind, x, axes, s, forward):
    """The provider's real transform of `x` over all `axes` at once (a
    2-D or 3-D plan), or None."""
    if len(axes) > 3:
        return None
    nd = x.ndim
    order = [i for i in range(nd) if i not in axes] + list(axes)
    inverse = [0] * nd
    for i, o in enumerate(order):
        inverse[o] = i
    res = _t.on_provider(kind, x.transpose(order),
                       _t.result_dtype(kind, x.dtype), s, forward, False)
    return None if res is None else res.transpose(inverse)


def r2cn(a, s, axes, norm, out=None):
    """rfftn."""
    a = _t.as_input(a)
    s, axes = _t.cook_nd(a, s, axes)
    if not axes:
        raise IndexError('list index out of range')
    # NumPy: rfft of the last axis (its dtype check too), then the others
    # from the last but one
    norm, last = _t.check_steps(a, [(s[-1], axes[-1])], norm)
    _t.result_dtype('r2c', a.dtype)
    norm, rest = _t.check_steps(a, list(zip(s, axes))[-2::-1], norm)
    s, axes = _unzip(rest[::-1] + last)
    if len(set(axes)) != len(axes):
        a = r2c(a, s[-1], axes[-1], norm)
        for ii in reversed(range(len(axes) - 1)):
            a = c2c(a, s[ii], axes[ii], norm, True)
        return _t.deliver(a, out)
    x = a
    for ax, n in zip(axes, s):
        x = _t.resize(x, ax, n)
    _check_plan('R2C', x.shape, axes)
    x = _real_input(x)
    res = _whole('r2c', x, axes, s, True)
    if res is None:
        last = axes[-1]
        res = _t.move_back(_t.r2c_last(_t.move_last(x, last)), last)
        res = _t.c2c_axes(res, axes[:-1], True)
    return _t.deliver(_t.apply_scale(res, norm, True, s, a.dtype), out, a)


def c2rn(a, s, axes, norm, out=None):
    """irfftn."""
    a = _t.as_input(a)
    s, axes = _t.cook_nd(a, s, axes, invreal=True)
    if not axes:
        raise IndexError('list index out of range')
    # NumPy: ifft of the axes but the last, in order, then irfft
    norm, steps = _t.check_steps(a, list(zip(s, axes)), norm)
    _t.result_dtype('c2r', a.dtype)
    s, axes = _unzip(steps)
    if len(set(axes)) != len(axes):
        for ii in range(len(axes) - 1):
            a = c2c(a, s[ii], axes[ii], norm, False)
        return _t.deliver(c2r(a, s[-1], axes[-1], norm), out)
    cdt = _t.result_dtype('c2c', a.dtype)
    x = a
    for ax, n in zip(axes[:-1], s[:-1]):
        x = _t.resize(x, ax, n)
    x = _t.resize(x, axes[-1], s[-1] // 2 + 1)
    _check_plan('C2R', _with(x.shape, axes, s), axes)
    if x.dtype != cdt:
        x = x.astype(cdt)
    res = _whole('c2r', x, axes, s, False)
    if res is None:
        x = _t.c2c_axes(x, axes[:-1], False)
        last = axes[-1]
        res = _t.move_back(_t.c2r_last(_t.move_last(x, last), s[-1]),
                            last)
    if len(axes) == 1:
        rdt = _t.result_dtype('c2r', a.dtype)
        if res.dtype != rdt:
            res = res.astype(rdt)     # NumPy: irfft of float16 is float16
    return _t.deliver(_t.apply_scale(res, norm, False, s, a.dtype, 0), out,
                      a)


def hfft(a, n, axis, norm, out=None):
    """NumPy's hfft: irfft of the conjugate, with the opposite norm."""
    a = _t.as_input(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    norm = _t.check_norm(norm)
    swapped = {'backward': 'forward', 'forward': 'backward'}.get(norm, norm)
    x = _uf.conjugate(a) if a.dtype.kind == 'c' else a
    # NumPy 2.4's hfft passes out=None on (its `out` is ignored)
    return c2r(x, n, axis, swapped, None)


def ihfft(a, n, axis, norm, out=None):
    """NumPy's ihfft: the conjugate of rfft, with the opposite norm."""
    a = _t.as_input(a)
    if n is None:
        n = a.shape[axis]
    norm = _t.check_norm(norm)
    swapped = {'backward': 'forward', 'forward': 'backward'}.get(norm, norm)
    res = r2c(a, n, axis, swapped, out)
    return _uf.conjugate(res, out=res)


def plan_cache():
    """The provider's FFT plan cache (operations.md 'fft_plan_cache')."""
    from cupy._core import _dispatch
    return _dispatch.run('fft_plan_cache', (), (), {}, 0)


def conjugate(x, out=None):
    """The complex conjugate of `x` as a complex array (hfftn's input)."""
    x = _t.as_input(x)
    if x.dtype.kind != 'c':
        x = x.astype(_t.result_dtype('c2c', x.dtype))
    return _uf.conjugate(x, out=out)


def warm_plan(a, shape, axes, value_type):
    """Run one transform like the one described, so that its plans (and
    composed tables) are made and cached."""
    from cupy._core import core
    x = core._empty(tuple(a.shape), a.dtype)
    core._fill(x, 0)
    if value_type == 'C2C':
        c2cn(x, shape, axes, None, True)
    elif value_type == 'R2C':
        r2cn(x, shape, axes, None)
    else:
        c2rn(x, shape, axes, None)
