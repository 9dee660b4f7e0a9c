"""How a function of scipy.special becomes a ufunc of this library.

The ufunc is ``cupy.ufunc`` around SciPy's own ufunc, so broadcasting,
``out=``, ``where=``, ``casting=`` and the loop (SciPy's dtype
resolution: float16 and integers promote as SciPy's loops say) are the
core's, decided by SciPy's ``resolve_dtypes``.  Its body is a
*composition* (DESIGN.md, capability path step 2): a function of float64
device arrays built from the provider's elementwise operations (whole-array
steps; branches are computed where needed and selected with ``where``, as
Cephes' branches are).  The float32 loops are computed in float64 and
rounded once, as most of SciPy's float32 loops are (they call the double
routine).  A loop without a composition, or whose operations the device
lacks, takes the counted host fallback with SciPy's ufunc
(``CUPY_HOST_FALLBACK``).
"""

import numpy

from cupy._core import core
from cupy._core.elementwise import _capability, _compose
from cupy._core.elementwise._ufunc import ufunc

# The family of `python -m cupy info`.
FAMILY = 'special functions'
_names = []

# The device loops a composition runs on (all float64; where= selects in
# float64 and the comparisons give bool).
_NEEDS = (
    ('add', 'dd->d'), ('subtract', 'dd->d'), ('multiply', 'dd->d'),
    ('divide', 'dd->d'), ('where', '?dd->d'), ('less', 'dd->?'),
    ('exp', 'd->d'), ('log', 'd->d'), ('log1p', 'd->d'), ('sqrt', 'd->d'),
    ('floor', 'd->d'), ('absolute', 'd->d'), ('equal', 'dd->?'),
)
_FLOATS = 'fd'
# the complex loops a complex composition runs on (complex128; its
# selections and magnitudes are real)
_NEEDS_COMPLEX = (
    ('add', 'DD->D'), ('subtract', 'DD->D'), ('multiply', 'DD->D'),
    ('divide', 'DD->D'), ('where', '?DD->D'), ('exp', 'D->D'),
    ('log', 'D->D'), ('absolute', 'D->d'), ('less', 'dd->?'),
)


def _as_device(x, char):
    """An operand of the loop as a device array of dtype `char` (a NumPy
    scalar becomes a 0-d array)."""
    if not isinstance(x, core.ndarray):
        t = core._empty((), numpy.dtype(char))
        core._fill(t, numpy.dtype(char).type(x))
        return t
    if x.dtype.char != char:
        return x.astype(char)
    return x


def _run(compute, c):
    def fn(i, o, attrs):
        args = [_as_device(x, c) for x in i]
        res = compute(*args)
        if not isinstance(res, tuple):
            res = (res,)
        for out, r in zip(o, res):
            core._copy_to(out, r)
    return fn


# complex loops written in a file of their own after the ufunc was
# defined (name -> compute, see `complex_loop`)
_COMPLEX = {}
# the names `define` registered a composition for
_composed = set()


def _maker(compute, ints, same_float, complex_compute=None):
    def find(name, ins, outs):
        cc = complex_compute or _COMPLEX.get(name)
        if cc is not None and all(c in 'FD' for c in outs) and all(
                c in 'FDfd' or c in ints for c in ins):
            # complex64 computes in complex128 and rounds once (a real
            # operand of the loop, zeta's q, comes as complex128 too, and
            # so does an integer one, spherical_yn's n)
            return list(_NEEDS_COMPLEX), _run(cc, 'D')
        if compute is None:
            return None
        if not all(c in _FLOATS for c in outs):
            return None
        if not all(c in _FLOATS or (c in ints) for c in ins):
            return None
        if len(set(outs)) != 1:
            return None
        c = outs[0] if same_float else 'd'
        needs = [(n, loop.replace('d', c)) for n, loop in _NEEDS]
        return needs, _run(compute, c)
    return find


def define(scipy_ufunc, compute=None, ints='', same_float=False, doc=None,
           complex_compute=None):
    """The ufunc of `scipy_ufunc`, with `compute` (float64 device arrays
    in, float64 array(s) out) as the body of its float loops (and of
    those whose inputs in `ints` are integer chars, passed as float64).
    same_float: the float32 loop computes in float32 (SciPy's is a
    float template there, whose overflow thresholds are float32's).
    complex_compute: the same for the complex loops (complex128)."""
    # with SCIPY_ARRAY_API=1 SciPy exports a dispatching wrapper around
    # the ufunc (functools.wraps: __wrapped__)
    while not isinstance(scipy_ufunc, numpy.ufunc):
        scipy_ufunc = scipy_ufunc.__wrapped__
    name = scipy_ufunc.__name__
    u = ufunc(scipy_ufunc, doc)
    _capability.register_host_function(name, scipy_ufunc)
    if compute is not None:
        _compose.register(name, _maker(compute, ints, same_float,
                                       complex_compute))
        _composed.add(name)
    _names.append(name)
    _capability.register_family(FAMILY, _names)
    return u


def complex_loop(u, compute):
    """Gives the ufunc `u` (made by `define`) `compute` (complex128 device
    arrays in, complex128 out) as the body of its complex loops; the
    routes are recomputed."""
    name = u.__name__
    if name in _composed:
        _COMPLEX[name] = compute
        from cupy._core import _dispatch
        _dispatch._invalidate()
    else:
        # a ufunc whose real loops the device runs natively (log1p)
        _compose.register(name, _maker(None, '', False, compute))
        _composed.add(name)
