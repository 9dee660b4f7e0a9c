"""Rearranging elements: flip, fliplr, flipud (views), roll, rot90."""

import itertools

import numpy

from cupy._core import _shape
from cupy._core import core
from cupy._creation.from_data import asarray


def flip(m, axis=None):
    """A view of ``m`` reversed along ``axis`` (all axes by default)."""
    m = asarray(m)
    if axis is None:
        axes = range(m.ndim)
    else:
        axes = _shape.normalize_axes(axis, m.ndim)
    rev = slice(None, None, -1)
    return m[tuple(rev if i in axes else slice(None)
                   for i in range(m.ndim))]


def fliplr(m):
    """A view of ``m`` reversed left/right (along axis 1)."""
    m = asarray(m)
    if m.ndim < 2:
        raise ValueError('Input must be >= 2-d.')
    return m[:, ::-1]


def flipud(m):
    """A view of ``m`` reversed up/down (along axis 0)."""
    m = asarray(m)
    if m.ndim < 1:
        raise ValueError('Input must be >= 1-d.')
    return m[::-1]


def roll(a, shift, axis=None):
    """``a`` with its elements shifted along ``axis`` (cyclically);
    ``axis=None`` rolls the flattened array."""
    a = asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    axes = _shape.normalize_axes(axis, a.ndim, allow_duplicate=True)
    if isinstance(shift, core.ndarray):
        shift = shift.get()
    pairs = numpy.broadcast(numpy.asarray(shift), numpy.asarray(axes))
    if pairs.nd > 1:
        raise ValueError(
            "'shift' and 'axis' should be scalars or 1D sequences")
    offsets = [0] * a.ndim
    for sh, ax in pairs:
        offsets[int(ax)] += int(sh)
    out = core._empty(a.shape, a.dtype, 'F' if (
        a.flags.f_contiguous and not a.flags.c_contiguous) else 'C')
    if out.size == 0:
        return out
    # per axis: the (destination, source) slice pairs of the two blocks
    per_axis = []
    for n, off in zip(a.shape, offsets):
        off %= n
        if off == 0:
            per_axis.append([(slice(None), slice(None))])
        else:
            per_axis.append([(slice(off, None), slice(None, n - off)),
                             (slice(None, off), slice(n - off, None))])
    for combo in itertools.product(*per_axis):
        dst = tuple(d for d, _ in combo)
        src = tuple(s for _, s in combo)
        core._copy_to(out[dst], a[src])
    return out


def rot90(m, k=1, axes=(0, 1)):
    """A view of ``m`` rotated by 90 degrees ``k`` times, from the first
    axis in ``axes`` towards the second."""
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError('len(axes) must be 2.')
    m = asarray(m)
    nd = m.ndim
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == nd:
        raise ValueError('Axes must be different.')
    if not (-nd <= axes[0] < nd and -nd <= axes[1] < nd):
        raise ValueError('Axes={} out of range for array of dimension {}.'
                         .format(axes, nd))
    k %= 4
    if k == 0:
        return m[...]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    perm = list(range(nd))
    a0, a1 = axes[0] % nd, axes[1] % nd
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return flip(m, axes[1]).transpose(perm)
    return flip(m.transpose(perm), axes[1])
