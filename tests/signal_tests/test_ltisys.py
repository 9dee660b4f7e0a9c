"""cupyx.scipy.signal LTI systems against SciPy: the lti/dlti classes
and conversions, lsim/impulse/step (continuous), dlsim/dimpulse/dstep
(discrete), bode/freqresp/dbode/dfreqresp and place_poles."""

import numpy
import pytest

import cupy
import cupyx.scipy.signal as cs
from tests.signal_tests.helpers import close

ss = pytest.importorskip('scipy.signal')

A = numpy.array([[-1.0, 2.0], [-0.5, -1.5]])
B = numpy.array([[1.0, 0.0], [0.5, 1.0]])
Cm = numpy.array([[1.0, -1.0]])
D = numpy.array([[0.0, 0.25]])


def _d(*a):
    return tuple(cupy.asarray(v) for v in a)


def test_classes():
    s = cs.lti(*_d([1.0, 2.0], [1.0, 3.0, 2.0]))
    assert isinstance(s, cs.TransferFunction) and isinstance(s, cs.lti)
    assert not isinstance(s, cs.dlti)
    assert isinstance(s.num, cupy.ndarray)
    close(s.to_zpk().poles, ss.lti([1.0, 2.0], [1.0, 3.0, 2.0]).poles)
    z = cs.dlti(*_d([], [-0.5]), 1.0, dt=0.1)
    assert isinstance(z, cs.ZerosPolesGain) and isinstance(z, cs.dlti)
    assert z.dt == 0.1
    m = cs.StateSpace(*_d(A, B, Cm, D))
    assert isinstance(m, cs.lti) and isinstance(m.to_tf(), cs.lti)
    close(m.A, A)
    m.B = cupy.asarray(B * 2)
    close(m.B, B * 2)
    assert cs.StateSpace(m) is not m
    with pytest.raises(ValueError):
        cs.dlti(1)
    with pytest.raises(NotImplementedError):
        cs.LinearTimeInvariant()


@pytest.mark.parametrize('interp', [True, False])
def test_lsim(interp):
    t = numpy.linspace(0, 6, 301)
    u = numpy.stack([numpy.sin(t), numpy.cos(3 * t)], axis=1)
    x0 = numpy.array([1.0, -0.5])
    want = ss.lsim((A, B, Cm, D), u, t, X0=x0, interp=interp)
    got = cs.lsim(cs.lti(*_d(A, B, Cm, D)), *_d(u, t), X0=cupy.asarray(x0),
                  interp=interp)
    for g, w in zip(got, want):
        close(g, w, rtol=1e-9, atol=1e-12)
    # transfer-function tuple, zero input, later start
    tt = numpy.linspace(1, 4, 40)
    want = ss.lsim(([1.0], [1.0, 2.0, 1.0]), numpy.zeros(40), tt,
                   X0=[1.0, 0.0])
    got = cs.lsim(_d([1.0], [1.0, 2.0, 1.0]), cupy.zeros(40),
                  cupy.asarray(tt), X0=cupy.asarray([1.0, 0.0]))
    for g, w in zip(got, want):
        close(g, w, rtol=1e-9, atol=1e-12)
    with pytest.raises(ValueError, match='equally spaced'):
        cs.lsim(([1.0], [1.0, 0.0]), cupy.zeros(3),
                cupy.asarray([0.0, 1.0, 3.0]))
    with pytest.raises(AttributeError):
        cs.lsim(cs.dlti([1.0], [1.0, 0.5]), cupy.zeros(3), cupy.arange(3.))


def test_impulse_step():
    sysd = ([1.0, 3.0], [1.0, 2.0, 5.0])
    for name in ('impulse', 'step'):
        want = getattr(ss, name)(sysd)
        got = getattr(cs, name)(_d(*sysd))
        close(got[0], want[0])
        close(got[1], want[1], rtol=1e-9, atol=1e-12)
        t = numpy.linspace(0, 3, 31)
        # (SciPy's impulse adds X0 to B, so X0 is given to a 1-state system)
        first = ([2.0], [1.0, 0.5])
        want = getattr(ss, name)(first, X0=[0.5], T=t)
        got = getattr(cs, name)(cs.lti(*_d(*first)), X0=cupy.asarray([0.5]),
                                T=cupy.asarray(t))
        close(got[1], want[1], rtol=1e-9, atol=1e-12)


def test_dlsim_dimpulse_dstep():
    dt = 0.1
    u = numpy.stack([numpy.sin(numpy.arange(50) / 4.0),
                     numpy.ones(50)], axis=1)
    x0 = numpy.array([0.2, -0.1])
    Ad = numpy.array([[0.9, 0.2], [-0.1, 0.7]])
    want = ss.dlsim((Ad, B, Cm, D, dt), u, x0=x0)
    got = cs.dlsim(_d(Ad, B, Cm, D) + (dt,), cupy.asarray(u),
                   x0=cupy.asarray(x0))
    assert len(got) == 3
    for g, w in zip(got, want):
        close(g, w, rtol=1e-10, atol=1e-12)
    # resampled input, transfer function: (t, y) only
    t = numpy.linspace(0, 2, 15)
    want = ss.dlsim(([1.0], [1.0, -0.5], 0.25), numpy.cos(t), t)
    got = cs.dlsim(_d([1.0], [1.0, -0.5]) + (0.25,),
                   cupy.asarray(numpy.cos(t)), cupy.asarray(t))
    assert len(got) == 2
    for g, w in zip(got, want):
        close(g, w, rtol=1e-10, atol=1e-12)
    for name in ('dimpulse', 'dstep'):
        want = getattr(ss, name)((Ad, B, Cm, D, dt), n=20)
        got = getattr(cs, name)(_d(Ad, B, Cm, D) + (dt,), n=20)
        close(got[0], want[0])
        assert len(got[1]) == 2
        for g, w in zip(got[1], want[1]):
            close(g, w, rtol=1e-10, atol=1e-12)
    with pytest.raises(AttributeError):
        cs.dlsim(cs.lti([1.0], [1.0, 1.0]), cupy.zeros(3))


def test_frequency_responses():
    s = ([1.0, 0.5], [1.0, 2.0, 3.0])
    w = numpy.logspace(-1, 1, 20)
    for g, want in zip(cs.bode(_d(*s), w=cupy.asarray(w)), ss.bode(s, w=w)):
        close(g, want)
    close(cs.freqresp(cs.lti(*_d(*s)), n=30)[1], ss.freqresp(s, n=30)[1])
    d = ([1.0, 0.5], [1.0, -0.3], 0.1)
    close(cs.dfreqresp(d, n=25)[1], ss.dfreqresp(d, n=25)[1])
    for g, want in zip(cs.dbode(d, n=25), ss.dbode(d, n=25)):
        close(g, want)


def test_place_poles():
    p = numpy.array([-1.0, -2.0])
    got = cs.place_poles(*_d(A, B, p))
    want = ss.place_poles(A, B, p)
    assert isinstance(got.gain_matrix, cupy.ndarray)
    close(cupy.sort(got.computed_poles), numpy.sort(want.computed_poles))
    with pytest.raises(ValueError):
        cs.place_poles(*_d(A, B, p), method='foo')
