"""Data-dependent algorithms (series, continued fractions, branches of
Cephes' routines) on whole arrays.

A branch runs only on the elements that take it: their positions are read
once (one device read of the count) and the branch computes on the
gathered elements, whose results are scattered back.  A loop that runs
until convergence runs in batches of rounds on the elements still active:
after each batch the converged ones are stored and dropped, so a batch
costs in proportion to the elements left, with one read per batch
(``ROUNDS`` rounds), and a loop never runs more than the bound its Cephes
routine has (MAXITER).
"""

import numpy

from cupy._core import core
from cupy._core import _indexing

_INT64 = numpy.dtype(numpy.int64)

# rounds between two reads of the active count: a converged element may
# take up to this many extra terms, each below the tolerance already met
ROUNDS = 8


def flat(xp, *args):
    """The arguments broadcast together, as 1-d float64 arrays, and the
    common shape."""
    args = xp.broadcast_arrays(*args)
    shape = args[0].shape
    return [xp.ascontiguousarray(a).reshape(-1) for a in args], shape


def _device(a):
    return isinstance(a, core.ndarray) and a.ndim == 1


def positions(xp, mask):
    """The positions where the 1-d `mask` holds (one read of their
    count)."""
    if not _device(mask) or mask.size == 0:
        return xp.flatnonzero(mask)
    # the provider's nonzero writes the positions into the head of an
    # (n, 1) buffer: its first `count` rows are the result, as a view (the
    # core's nonzero copies them twice, into NumPy's (count,) layout)
    buf = core._empty((mask.size, 1), _INT64)
    count = core._run('nonzero', (buf._as_view(),), (mask._as_view(),))
    return buf[:count, 0]


# The positions a branch gathers and scatters come from `positions`: in
# [0, n) by construction, so the device gather and scatter take them as
# they are (the core's indexing wraps every device index array into range
# first, a remainder over the positions and a new array, and copies the
# scattered values once more).

def take(a, idx):
    """a[idx] of a 1-d `a` and positions `idx` of it."""
    if _device(a) and _device(idx):
        return _indexing._gather(a, (idx,), idx.shape)
    return a[idx]


def put(o, idx, r):
    """o[idx] = r of a 1-d `o` and positions `idx` of it."""
    if (_device(o) and _device(idx) and isinstance(r, core.ndarray) and
            r.dtype == o.dtype and r.shape == idx.shape and
            r.flags.c_contiguous):
        if idx.size:
            core._run('put_nd', (o._as_view(),),
                      (r._as_view(), idx._as_view()))
        return
    o[idx] = r


def _at(idx, n, fn, args, outs):
    """outs[i][idx] = fn(*args[idx])[i] for positions idx of n."""
    if idx.size == 0:
        return
    # every element takes the branch: no gather and scatter
    whole = idx.size == n
    res = fn(*(args if whole else [take(a, idx) for a in args]))
    if not isinstance(res, tuple):
        res = (res,)
    for o, r in zip(outs, res):
        if whole:
            o[...] = r
        else:
            put(o, idx, r)


def on_subset(xp, mask, fn, args, outs):
    """outs[i][mask] = fn(*args[mask])[i]: `fn` runs on the elements
    that take this branch only; nothing runs where none does."""
    _at(positions(xp, mask), mask.size, fn, args, outs)


def two_ways(xp, mask, if_true, if_false, args):
    """where(mask, if_true(*args), if_false(*args)) of 1-d arguments,
    if_true and if_false each returning a new array: the branch that most
    elements take runs on every element (no gather and scatter), the
    other on its own elements only, written over it."""
    idx = positions(xp, mask)
    if 2 * idx.size >= mask.size:
        out = if_true(*args)
        on_subset(xp, ~mask, if_false, args, (out,))
    else:
        out = if_false(*args)
        _at(idx, mask.size, if_true, args, (out,))
    return out


def converge(xp, step, state, done, max_rounds, every=ROUNDS):
    """Runs state = step(state) until done(state) holds for an element, or
    max_rounds rounds (the Cephes routine's iteration bound); returns the
    final states.  done is written NaN-safe (``~(err > tol)``): an element
    whose state became NaN stops.  `state` is a tuple of 1-d arrays of one
    length (constants of the loop included: step returns them
    unchanged)."""
    final = [s.copy() for s in state]
    idx = None
    left = max_rounds
    while left > 0:
        k = min(every, left)
        for _ in range(k):
            state = step(state)
        left -= k
        if idx is None:
            for f, s in zip(final, state):
                f[...] = s
        else:
            for f, s in zip(final, state):
                put(f, idx, s)
        keep = positions(xp, ~done(state))
        if keep.size == 0:
            break
        if keep.size < state[0].size:
            idx = keep if idx is None else take(idx, keep)
            state = tuple(take(s, keep) for s in state)
    return final


def full(xp, n, value):
    return xp.full((n,), value, dtype=numpy.float64)
