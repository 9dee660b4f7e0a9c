"""Linear time-invariant systems: lti/dlti and their three
representations, and the simulation and response functions.

A system is a handful of coefficients (a transfer function, zeros/poles/
gain or the state-space matrices A, B, C, D: a few numbers to a few
hundred).  Its representation and conversions are kept by SciPy's own
classes on the host (issue 17 allows host computations on filter
coefficients); the attributes are read and written as device arrays.

What scales with the data runs on the device: lsim, impulse, step, dlsim,
dimpulse and dstep integrate the state equation over all time steps as
a linear recurrence x[i] = x[i-1] @ Ad + f[i], solved by a doubling scan
(log2(n_steps) rounds of one (n_steps x n_states) @ (n_states x
n_states) product, ``_state_scan``) instead of a loop over the steps.
The discretisation of a continuous system (matrix exponentials of the
small block matrices, as SciPy) is computed on the host.
bode/freqresp/dbode/dfreqresp evaluate the system at the frequencies on
the host by SciPy (polynomial evaluation of the coefficients; the
frequency grid is as large as the user asks, typically a few hundred
points), results uploaded.
"""

import numpy

import cupy
from cupyx.scipy.signal._design import _to_device


def _sig():
    from cupyx.scipy.signal._design import _scipy_signal
    return _scipy_signal()


def _to_host(v):
    if isinstance(v, LinearTimeInvariant):
        return v._h
    if isinstance(v, cupy.ndarray):
        return cupy.asnumpy(v)
    if isinstance(v, (list, tuple)):
        return type(v)(_to_host(e) for e in v)
    if isinstance(v, dict):
        return {k: _to_host(e) for k, e in v.items()}
    return v


def _wrap(h):
    """The device-facing object for SciPy's host system h."""
    cls = _CLASSES[type(h).__name__]
    self = object.__new__(cls)
    self._h = h
    return self


class LinearTimeInvariant:
    """Base of the system classes (``scipy.signal``'s)."""

    def __new__(cls, *system, **kwargs):
        if cls is LinearTimeInvariant:
            raise NotImplementedError(
                'The LinearTimeInvariant class is not meant to be used '
                'directly, use `lti` or `dlti` instead.')
        mod = _sig()
        host_cls = getattr(mod, cls.__name__, None)
        if host_cls is None:
            host_cls = getattr(mod._ltisys, cls.__name__)
        return _wrap(host_cls(*_to_host(system), **_to_host(kwargs)))

    def __init__(self, *system, **kwargs):
        # everything is set by __new__ (the host object)
        pass

    def __repr__(self):
        return repr(self._h)

    @property
    def dt(self):
        return self._h.dt

    @dt.setter
    def dt(self, value):
        self._h.dt = value

    @property
    def inputs(self):
        return self._h.inputs

    @property
    def outputs(self):
        return self._h.outputs

    def to_tf(self):
        return _wrap(self._h.to_tf())

    def to_zpk(self):
        return _wrap(self._h.to_zpk())

    def to_ss(self):
        return _wrap(self._h.to_ss())

    def to_discrete(self, dt, method='zoh', alpha=None):
        return _wrap(self._h.to_discrete(dt, method=method, alpha=alpha))

    def _as_ss(self):
        return _wrap(self._h._as_ss())

    def _as_tf(self):
        return _wrap(self._h._as_tf())

    def _as_zpk(self):
        return _wrap(self._h._as_zpk())

    # arithmetic of state-space systems (SciPy's, on the host)
    def _binop(self, op, other):
        return _wrap(getattr(self._h, op)(_to_host(other)))

    def __mul__(self, other):
        return self._binop('__mul__', other)

    def __rmul__(self, other):
        return self._binop('__rmul__', other)

    def __add__(self, other):
        return self._binop('__add__', other)

    def __radd__(self, other):
        return self._binop('__radd__', other)

    def __sub__(self, other):
        return self._binop('__sub__', other)

    def __rsub__(self, other):
        return self._binop('__rsub__', other)

    def __truediv__(self, other):
        return self._binop('__truediv__', other)

    def __neg__(self):
        return _wrap(-self._h)


def _coef_property(name):
    def get(self):
        return _to_device(numpy.asarray(getattr(self._h, name))) \
            if name != 'gain' else self._h.gain

    def put(self, value):
        setattr(self._h, name, _to_host(value))
    return property(get, put, doc='``%s`` (device array)' % name)


for _name in ('num', 'den', 'zeros', 'poles', 'gain', 'A', 'B', 'C', 'D'):
    setattr(LinearTimeInvariant, _name, _coef_property(_name))
del _name


class lti(LinearTimeInvariant):
    """Continuous-time system (``scipy.signal.lti``)."""

    def impulse(self, X0=None, T=None, N=None):
        return impulse(self, X0=X0, T=T, N=N)

    def step(self, X0=None, T=None, N=None):
        return step(self, X0=X0, T=T, N=N)

    def output(self, U, T, X0=None):
        return lsim(self, U, T, X0=X0)

    def bode(self, w=None, n=100):
        return bode(self, w=w, n=n)

    def freqresp(self, w=None, n=10000):
        return freqresp(self, w=w, n=n)


class dlti(LinearTimeInvariant):
    """Discrete-time system (``scipy.signal.dlti``)."""

    def impulse(self, x0=None, t=None, n=None):
        return dimpulse(self, x0=x0, t=t, n=n)

    def step(self, x0=None, t=None, n=None):
        return dstep(self, x0=x0, t=t, n=n)

    def output(self, u, t, x0=None):
        return dlsim(self, u, t, x0=x0)

    def bode(self, w=None, n=100):
        return dbode(self, w=w, n=n)

    def freqresp(self, w=None, n=10000, whole=False):
        return dfreqresp(self, w=w, n=n, whole=whole)


class TransferFunction(LinearTimeInvariant):
    """Transfer function num/den (``scipy.signal.TransferFunction``)."""

    @staticmethod
    def _z_to_zinv(num, den):
        """Coefficients in powers of z to powers of 1/z: the shorter one
        gets leading zeros."""
        return _pad_pair(num, den, front=True)

    @staticmethod
    def _zinv_to_z(num, den):
        """Coefficients in powers of 1/z to powers of z: the shorter one
        gets trailing zeros."""
        return _pad_pair(num, den, front=False)


def _pad_pair(num, den, front):
    """The shorter of num, den padded with (float) zeros to the other's
    length; the other is returned as given (SciPy's dtypes)."""
    num, den = cupy.asarray(num), cupy.asarray(den)
    diff = len(num) - len(den)

    def pad(a, n):
        z = cupy.zeros(n)
        return cupy.concatenate([z, a] if front else [a, z])
    if diff > 0:
        den = pad(den, diff)
    elif diff < 0:
        num = pad(num, -diff)
    return num, den


class ZerosPolesGain(LinearTimeInvariant):
    """Zeros, poles, gain (``scipy.signal.ZerosPolesGain``)."""


class StateSpace(LinearTimeInvariant):
    """State space A, B, C, D (``scipy.signal.StateSpace``)."""


class TransferFunctionContinuous(TransferFunction, lti):
    pass


class TransferFunctionDiscrete(TransferFunction, dlti):
    pass


class ZerosPolesGainContinuous(ZerosPolesGain, lti):
    pass


class ZerosPolesGainDiscrete(ZerosPolesGain, dlti):
    pass


class StateSpaceContinuous(StateSpace, lti):
    pass


class StateSpaceDiscrete(StateSpace, dlti):
    pass


_CLASSES = {c.__name__: c for c in (
    TransferFunctionContinuous, TransferFunctionDiscrete,
    ZerosPolesGainContinuous, ZerosPolesGainDiscrete,
    StateSpaceContinuous, StateSpaceDiscrete)}


def _state_scan(ad, f):
    """x[0] = f[0], x[i] = x[i-1] @ ad + f[i] for all i (rows), by
    doubling: after the round with shift s, x[i] holds the sum over the
    last 2s inputs, each propagated by the matching power of ad."""
    x = f
    p = ad
    s = 1
    n = f.shape[0]
    while s < n:
        nxt = x.copy()
        nxt[s:] += x[:-s] @ p
        x = nxt
        s *= 2
        if s < n:
            p = p @ p
    return x


def _continuous_ss(system, name):
    if isinstance(system, dlti):
        raise AttributeError('%s can only be used with continuous-time '
                             'systems.' % name)
    if isinstance(system, lti):
        return system._h._as_ss()
    return _sig().lti(*_to_host(system))._as_ss()


def _discrete_ss(system, name):
    """(host StateSpaceDiscrete, was the input a state space)."""
    if isinstance(system, lti):
        raise AttributeError('%s can only be used with discrete-time dlti '
                             'systems.' % name)
    if isinstance(system, dlti):
        h = system._h
    else:
        system = _to_host(tuple(system))
        h = _sig().dlti(*system[:-1], dt=system[-1])
    return h._as_ss(), isinstance(h, _sig().StateSpace)


def _squeeze(a):
    return cupy.squeeze(a)


def lsim(system, U, T, X0=None, interp=True):
    """Output of a continuous-time system to input U at times T
    (``scipy.signal.lsim``)."""
    from scipy import linalg
    sys = _continuous_ss(system, 'lsim')
    T = cupy.atleast_1d(cupy.asarray(T))
    if T.ndim != 1:
        raise ValueError('T must be a rank-1 array.')
    A, B, C, D = (numpy.asarray(m) for m in (sys.A, sys.B, sys.C, sys.D))
    n_states, n_inputs = A.shape[0], B.shape[1]
    n_steps = T.size
    dtype = A.dtype
    x0 = numpy.zeros(n_states, dtype) if X0 is None else \
        numpy.asarray(_to_host(X0))
    t0 = float(T[0])
    if t0 < 0:
        raise ValueError('Initial time must be nonnegative')
    if t0 > 0:
        x0 = x0 @ linalg.expm(A.T * t0)
    if U is None or (isinstance(U, (int, float)) and U == 0.):
        no_input = True
    else:
        U = cupy.asarray(U)
        no_input = not bool(U.any())
    Cd, Dd = cupy.asarray(C), cupy.asarray(D)
    if n_steps == 1:
        xout = cupy.asarray(x0, dtype=dtype).reshape(1, n_states)
        yout = _squeeze(xout @ Cd.T)
        if not no_input:
            yout = yout + _squeeze(U @ Dd.T)
        return T, yout, _squeeze(xout)
    dt = float(T[1] - T[0])
    if not bool(cupy.allclose(cupy.diff(T), dt)):
        raise ValueError('Time steps are not equally spaced.')
    f = cupy.zeros((n_steps, n_states), dtype=numpy.result_type(dtype, x0))
    f[0] = cupy.asarray(x0)
    if no_input:
        x = _state_scan(cupy.asarray(linalg.expm(A.T * dt)), f)
        return T, _squeeze(x @ Cd.T), _squeeze(x)
    U = cupy.atleast_1d(U)
    if U.ndim == 1:
        U = U[:, None]
    if U.shape[0] != n_steps:
        raise ValueError('U must have the same number of rows as elements '
                         'in T.')
    if U.shape[1] != n_inputs:
        raise ValueError('System does not define that many inputs.')
    if not interp:
        # zero-order hold: exp([[A, B], [0, 0]] dt) (transposed: rows)
        m = numpy.zeros((n_states + n_inputs,) * 2, dtype)
        m[:n_states, :n_states] = A * dt
        m[:n_states, n_states:] = B * dt
        e = linalg.expm(m.T)
        ad, bd = e[:n_states, :n_states], e[n_states:, :n_states]
        f[1:] += U[:-1] @ cupy.asarray(bd)
    else:
        # first-order hold: the input moves linearly between samples,
        # exp([[A, B, 0], [0, 0, I], [0, 0, 0]] dt)
        k = n_states + 2 * n_inputs
        m = numpy.zeros((k, k), dtype)
        m[:n_states, :n_states] = A * dt
        m[:n_states, n_states:n_states + n_inputs] = B * dt
        m[n_states:n_states + n_inputs, n_states + n_inputs:] = \
            numpy.identity(n_inputs)
        e = linalg.expm(m.T)
        ad = e[:n_states, :n_states]
        bd1 = e[n_states + n_inputs:, :n_states]
        bd0 = e[n_states:n_states + n_inputs, :n_states] - bd1
        f[1:] += U[:-1] @ cupy.asarray(bd0) + U[1:] @ cupy.asarray(bd1)
    x = _state_scan(cupy.asarray(ad), f)
    yout = _squeeze(x @ Cd.T) + _squeeze(U @ Dd.T)
    return T, yout, _squeeze(x)


def _default_response_times(A, n):
    """n times spanning about 7 time constants of the slowest pole
    (SciPy's default)."""
    vals = numpy.linalg.eigvals(A)
    r = numpy.min(numpy.abs(vals.real)) if vals.size else 0.0
    if r == 0.0:
        r = 1.0
    return numpy.linspace(0.0, 7.0 / r, n)


def impulse(system, X0=None, T=None, N=None):
    """Impulse response of a continuous-time system
    (``scipy.signal.impulse``)."""
    sys = _continuous_ss(system, 'impulse')
    B = numpy.asarray(sys.B)
    X = numpy.squeeze(B) if X0 is None else \
        numpy.squeeze(B + numpy.asarray(_to_host(X0)))
    N = 100 if N is None else N
    T = cupy.asarray(_default_response_times(sys.A, N)) if T is None \
        else cupy.asarray(T)
    _, h, _ = lsim(_wrap(sys), 0., T, X, interp=False)
    return T, h


def step(system, X0=None, T=None, N=None):
    """Step response of a continuous-time system (``scipy.signal.step``)."""
    sys = _continuous_ss(system, 'step')
    N = 100 if N is None else N
    T = cupy.asarray(_default_response_times(sys.A, N)) if T is None \
        else cupy.asarray(T)
    U = cupy.ones(T.shape, numpy.asarray(sys.A).dtype)
    vals = lsim(_wrap(sys), U, T, X0=X0, interp=False)
    return vals[0], vals[1]


def dlsim(system, u, t=None, x0=None):
    """Output of a discrete-time system (``scipy.signal.dlsim``)."""
    from cupyx.scipy.interpolate import make_interp_spline
    sys, is_ss = _discrete_ss(system, 'dlsim')
    A, B, C, D = (cupy.asarray(numpy.asarray(m))
                  for m in (sys.A, sys.B, sys.C, sys.D))
    u = cupy.atleast_1d(cupy.asarray(u))
    if u.ndim == 1:
        u = u[:, None]
    if t is None:
        out_samples = len(u)
        stoptime = (out_samples - 1) * sys.dt
    else:
        t = cupy.asarray(t)
        stoptime = float(t[-1])
        out_samples = int(numpy.floor(stoptime / sys.dt)) + 1
    tout = cupy.linspace(0.0, stoptime, num=out_samples)
    if t is None:
        u_dt = u
    else:
        u_dt = make_interp_spline(t, u, k=1)(tout)
    u_dt = u_dt.astype(numpy.float64)
    f = cupy.zeros((out_samples, A.shape[0]))
    if x0 is not None:
        f[0] = cupy.asarray(x0)
    f[1:] = u_dt[:out_samples - 1] @ B.T
    xout = _state_scan(A.T.astype(numpy.float64), f)
    yout = xout @ C.T + u_dt[:out_samples] @ D.T
    if is_ss:
        return tout, yout, xout
    return tout, yout


def _discrete_response(system, x0, t, n, name, fill):
    sys, _ = _discrete_ss(system, name)
    n = 100 if n is None else n
    if t is None:
        t = cupy.linspace(0, n * sys.dt, n, endpoint=False)
    else:
        t = cupy.asarray(t)
    yout = ()
    tout = None
    for i in range(sys.inputs):
        u = cupy.zeros((t.shape[0], sys.inputs))
        fill(u, i)
        one = dlsim(_wrap(sys), u, t=t, x0=x0)
        yout += (one[1],)
        tout = one[0]
    return tout, yout


def dimpulse(system, x0=None, t=None, n=None):
    """Impulse response of a discrete-time system
    (``scipy.signal.dimpulse``): one output array per input."""
    def fill(u, i):
        u[0, i] = 1.0
    return _discrete_response(system, x0, t, n, 'dimpulse', fill)


def dstep(system, x0=None, t=None, n=None):
    """Step response of a discrete-time system (``scipy.signal.dstep``):
    one output array per input."""
    def fill(u, i):
        u[:, i] = 1.0
    return _discrete_response(system, x0, t, n, 'dstep', fill)


def _host_response(name):
    def fn(system, *args, **kwargs):
        return _to_device(getattr(_sig(), name)(
            _to_host(system), *_to_host(args), **_to_host(kwargs)))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = ('``scipy.signal.%s``: the system evaluated at the '
                  'frequencies on the host by SciPy; arrays returned on '
                  'the device.' % name)
    return fn


bode = _host_response('bode')
freqresp = _host_response('freqresp')
dbode = _host_response('dbode')
dfreqresp = _host_response('dfreqresp')


def place_poles(A, B, poles, method='YT', rtol=1e-3, maxiter=30):
    """``scipy.signal.place_poles`` on the host (an eigenvalue assignment
    on the small state matrices); the result's arrays on the device."""
    res = _sig().place_poles(*_to_host((A, B, poles)), method=method,
                             rtol=rtol, maxiter=maxiter)
    for key in ('gain_matrix', 'computed_poles', 'requested_poles',
                'X'):
        if hasattr(res, key):
            setattr(res, key, _to_device(numpy.asarray(getattr(res, key))))
    return res
