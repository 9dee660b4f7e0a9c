"""Connected components on the device: the work of scipy.ndimage.label,
binary_fill_holes and binary_propagation.

Union-find over runs, in a fixed small number of whole-array steps:
1. runs: where the structure joins neighbours along the last axis, each
   run of foreground elements along that axis is one node from the start
   (one cumsum numbers the runs in raster order); otherwise every
   foreground element is a node;
2. edges: for every structure offset in one half (the other half gives the
   same undirected edges), the node pairs of foreground elements joined by
   it; along a run, consecutive elements give the same pair, so only the
   first element of each stretch of joined elements is kept;
3. rounds of hooking and pointer jumping (Shiloach & Vishkin, J.
   Algorithms 3, 1982): each edge whose ends have different roots hooks
   the larger root onto the smaller (one scatter; of several writers one
   wins, the others are retried next round), then every node follows its
   pointer until it reaches its root.  Pointers only decrease, so no cycle
   can form; a round that hooks nothing ends the loop;
4. a component's root is its smallest node, i.e. its first element in
   raster order, so a cumsum over the roots gives SciPy's numbering.
"""

import numpy

import cupy


def _index_dtype(n):
    return numpy.int32 if n < 2 ** 31 - 1 else numpy.int64


def _half_offsets(structure):
    """Offsets (centre at 0) of the structure's nonzero elements that come
    before the centre in raster order."""
    centre = structure.size // 2
    flat = numpy.flatnonzero(structure.reshape(-1))
    return [tuple(int(i) - 1 for i in numpy.unravel_index(k, structure.shape))
            for k in flat if k < centre]


def _nodes(fg, runs, dtype):
    """Node id of every element, 1-based in raster order (0 for the
    background, a node of its own that no edge touches), and the count."""
    if runs:
        starts = fg.copy()
        starts[..., 1:] &= ~fg[..., :-1]
    else:
        starts = fg
    ids = cupy.cumsum(starts.reshape(-1), dtype=dtype)
    count = int(ids[-1])
    return cupy.where(fg.reshape(-1), ids, 0), count


def _edges(fg, node, offsets, runs):
    """Node pairs joined by the offsets, from one flat index list per
    offset (`node` is flat)."""
    strides = numpy.cumprod((fg.shape + (1,))[:0:-1])[::-1]
    us, vs = [], []
    for off in offsets:
        if runs and all(o == 0 for o in off[:-1]):
            continue                     # inside a run: already one node
        here = tuple(slice(max(0, -o), n - max(0, o))
                     for o, n in zip(off, fg.shape))
        there = tuple(slice(max(0, o), n - max(0, -o))
                      for o, n in zip(off, fg.shape))
        joined = cupy.zeros(fg.shape, dtype=bool)
        joined[here] = fg[here] & fg[there]
        if runs:
            # along a run the next element gives the same pair again
            joined[..., 1:] &= ~joined[..., :-1].copy()
        at = cupy.flatnonzero(joined)
        us.append(cupy.take(node, at))
        vs.append(cupy.take(node, at + int(numpy.dot(off, strides))))
    if not us:
        return None, None
    return cupy.concatenate(us), cupy.concatenate(vs)


def _jump(parent):
    """Follow pointers until every node points at its root."""
    while True:
        grand = cupy.take(parent, parent)
        if not bool((grand != parent).any()):
            return parent
        parent = cupy.take(grand, grand)


def _union_find(u, v, count, dtype):
    parent = cupy.arange(count + 1, dtype=dtype)
    while True:
        pu = cupy.take(parent, u)
        pv = cupy.take(parent, v)
        differ = pu != pv
        if not bool(differ.any()):
            return parent
        hi = cupy.maximum(pu, pv)[differ]
        lo = cupy.minimum(pu, pv)[differ]
        parent[hi] = lo
        parent = _jump(parent)
        # the edges whose ends now share a root are done for good
        keep = cupy.take(parent, u) != cupy.take(parent, v)
        u, v = u[keep], v[keep]


def components(fg, structure):
    """Labels (0 for background, 1..count in raster order of each
    component's first element) of boolean device `fg` under the symmetric
    host `structure` (3 along every axis), and the count."""
    dtype = _index_dtype(fg.size + 1)
    last = (1,) * (fg.ndim - 1)
    runs = fg.ndim >= 1 and bool(structure[last + (0,)])
    node, count = _nodes(fg, runs, dtype)
    if count == 0:
        return cupy.zeros(fg.shape, dtype=dtype), 0
    u, v = _edges(fg, node, _half_offsets(structure), runs)
    if u is None or u.size == 0:
        parent = cupy.arange(count + 1, dtype=dtype)
    else:
        parent = _union_find(u, v, count, dtype)
    # node 0 (the background) is a root of its own and numbers 0
    is_root = parent == cupy.arange(count + 1, dtype=dtype)
    number = cupy.cumsum(is_root, dtype=dtype) - 1
    label_of_node = cupy.take(number, parent)
    return (cupy.take(label_of_node, node).reshape(fg.shape),
            int(number[-1]))
