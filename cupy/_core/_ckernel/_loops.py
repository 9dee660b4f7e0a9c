"""Replaying the data-dependent loops of a recorded run (for _replay.py).

A loop whose trip count varies per element runs masked rounds until no
element is active, with one device-to-host read of "any active" per
round (_interp.py run_loop).  While a run is recorded, the interpreter
marks where such a loop starts and ends and which device value each read
looks at, so the recorded requests of the loop are: the entry (and the
first rounds, before the rounds settle), then rounds that issue the same
requests on new temporaries, each followed by its read.

Here such a loop becomes one entry of the recording: the requests up to
the first settled round stay as they are (they run every time: a round
run after every element has left changes nothing, each of its stores is
a select under the all-false mask), then the settled round is a template
replayed until its read says no element is active.  A temporary a round
reads from the round before is carried: the template's write number i
of one round is read as the carried value i of the next.  The values the
requests after the loop read from its last round are bound to their
recorded slots when it ends.

Runs with too few rounds to see a settled one raise Retry (the next call
records again); loops inside a data-dependent loop's rounds, a round
that writes part of a temporary or changes its requests later are not
replayed (the caller interprets them every time, as before).
"""

import collections

from cupy._core import core
from cupy._core import _dispatch

LOOP, READ, END = '#loop', '#read', '#end'
_MIN_SETTLED = 2    # rounds compared to find the template (j, j + 1)


class Retry(Exception):
    """Too few rounds recorded to find a settled one."""


class NotReplayable(Exception):
    """A loop whose rounds cannot be replayed (interpreted every call)."""


# A data-dependent loop of a recording.  ops: the template round, (op,
# outs, ins, attrs) whose operands are argument/temporary templates
# (slot, dtype, shape, strides, offset), host scalars, or ('w', i, ...)
# the round's write i, ('c', i, ...) the previous round's write i.  init:
# (i, slot) the values of round 0 (before the first template round).
# read: the write number whose value the round reads; read_view its
# (dtype, shape, strides, offset).  exits: (slot, i) bound after the
# loop.  sizes: bytes of write i.
Loop = collections.namedtuple(
    'Loop', ('ops', 'init', 'read', 'exits', 'sizes', 'read_view'))


def _flatten(ops):
    """ops without the markers of loops that read nothing (uniform
    loops, unrolled into the recording); raises NotReplayable for a
    data-dependent loop inside another loop."""
    res = []
    stack = []      # per open loop: [index in res, has reads]
    for e in ops:
        if e[0] == LOOP:
            stack.append([len(res), False])
            res.append(e)
        elif e[0] == END:
            start, reads = stack.pop()
            if not reads:
                del res[start]
                continue
            if stack:
                raise NotReplayable('a data-dependent loop in a loop')
            res.append(e)
        else:
            if e[0] == READ:
                if not stack:
                    raise NotReplayable('a read outside a loop')
                stack[-1][1] = True
            res.append(e)
    if stack:
        raise NotReplayable('unbalanced loop marks')
    return res


def _versions(ops, nargs):
    """Per op: the segment it is in (a new one after each mark), and the
    version of each temporary operand: a write makes a new version
    (segment, write number in the segment), a read sees the latest."""
    latest = {}
    seg = 0
    count = 0
    segs, res = [], []
    for e in ops:
        if e[0] in (LOOP, END, READ):
            v = latest.get(e[1][0]) if e[0] == READ else None
            segs.append(seg)
            res.append(((v,), ()))
            seg += 1
            count = 0
            continue
        _, outs, ins, _ = e
        vin = tuple(latest.get(t[0]) if _temp(t, nargs) else None
                    for t in ins)
        vout = []
        for t in outs:
            if _temp(t, nargs):
                latest[t[0]] = (seg, count)
                vout.append((seg, count))
                count += 1
            else:
                vout.append(None)
        segs.append(seg)
        res.append((vin, tuple(vout)))
    return segs, res


def _temp(t, nargs):
    return type(t) is tuple and t[0] >= nargs


def _canon(ops, vers, seg, nargs):
    """The requests of one segment with temporaries named by version:
    ('w', i, ...) its own write i, ('in', version, slot, ...) a value made
    before it; None where a write covers part of a temporary (a round
    replayed into new buffers would lose the rest)."""
    res = []
    for e, v in zip(ops, vers):
        op, outs, ins, attrs = e
        cin = []
        for t, ver in zip(ins, v[0]):
            if not _temp(t, nargs):
                cin.append(t)
            elif ver is not None and ver[0] == seg:
                cin.append(('w', ver[1]) + t[1:])
            else:
                cin.append(('in', ver, t[0]) + t[1:])
        cout = []
        for t, ver in zip(outs, v[1]):
            if not _temp(t, nargs):
                cout.append(t)
            elif not _whole(t):
                return None
            else:
                cout.append(('w', ver[1]) + t[1:])
        res.append((op, tuple(cout), tuple(cin), attrs))
    return res


def _whole(t):
    # a C-contiguous view from the start of its buffer (strides and
    # offset in elements, as View holds them)
    _, dt, shape, strides, off = t
    want = 1
    for s, st in zip(reversed(shape), reversed(strides)):
        if s != 1 and st != want:
            return False
        want *= s
    return off == 0


def _same(a, b, seg_a):
    """Segment b (the round after a, which is segment seg_a) issues a's
    requests, reading a's write i where a read the write i of the round
    before it, and reading the same older values."""
    if a is None or b is None or len(a) != len(b):
        return False
    for ea, eb in zip(a, b):
        if ea[0] != eb[0] or ea[1] != eb[1] or len(ea[2]) != len(eb[2]) \
                or not _attrs_equal(ea[3], eb[3]):
            return False
        for ta, tb in zip(ea[2], eb[2]):
            ia = type(ta) is tuple and ta[0] == 'in'
            ib = type(tb) is tuple and tb[0] == 'in'
            if ia != ib:
                return False
            if not ia:
                if not _equal(ta, tb):
                    return False
                continue
            if ta[3:] != tb[3:]:
                return False
            va, vb = ta[1], tb[1]
            if vb is not None and vb[0] == seg_a:
                if va is None or va[0] != seg_a - 1 or va[1] != vb[1]:
                    return False
            elif va != vb or ta[2] != tb[2]:
                return False
    return True


def _attrs_equal(x, y):
    if x.keys() != y.keys():
        return False
    return all(_equal(x[k], y[k]) for k in x)


def _equal(x, y):
    if type(x) is not type(y):
        return False
    if hasattr(x, 'tobytes') and hasattr(x, 'dtype'):
        return x.dtype == y.dtype and x.tobytes() == y.tobytes()
    return x == y


def structure(ops, nargs, sizes, kept):
    """The recorded `ops` (with loop and read marks) as ops whose
    data-dependent loops are entries ('#loop', outs, ins, {'loop':
    Loop}): outs the slots it binds at its end, ins the slots it reads.
    `kept`: the temporary slots of the results."""
    ops = _flatten(ops)
    if not any(e[0] == LOOP for e in ops):
        return ops
    segs, vers = _versions(ops, nargs)
    res = []
    k = 0
    while k < len(ops):
        if ops[k][0] != LOOP:
            res.append(ops[k])
            k += 1
            continue
        end = next(m for m in range(k, len(ops)) if ops[m][0] == END)
        _loop(ops, segs, vers, k, end, nargs, sizes, kept, res)
        k = end + 1
    return res


def _loop(ops, segs, vers, k, end, nargs, sizes, kept, res):
    """Append the loop ops[k..end] as its prefix, its Loop entry and its
    tail to `res`."""
    reads = [m for m in range(k, end) if ops[m][0] == READ]
    answers = [ops[m][2][0] for m in reads]
    if answers and (not all(answers[:-1]) or answers[-1]):
        # the loop ended otherwise than by its read (a uniform
        # condition): its rounds are not only the data's
        raise NotReplayable('the loop did not end by its read')
    # round q: the requests between read q and read q + 1 (segment
    # segs[reads[q]] + 1); the rounds with a read after them
    rounds = [(reads[q] + 1, reads[q + 1]) for q in range(len(reads) - 1)]
    if len(rounds) < _MIN_SETTLED + 1:
        raise Retry()
    sid = [segs[reads[q]] + 1 for q in range(len(rounds))]
    canon = [_canon(ops[a:b], vers[a:b], sid[q], nargs)
             for q, (a, b) in enumerate(rounds)]
    # the write number each round's read looks at
    rw = []
    for q in range(len(rounds)):
        v = vers[reads[q + 1]][0][0]
        rw.append(v[1] if v is not None and v[0] == sid[q] else None)
    j = next((q for q in range(len(rounds) - 1)
              if rw[q] is not None and rw[q] == rw[q + 1] and
              _same(canon[q], canon[q + 1], sid[q])), None)
    if j is None:
        raise NotReplayable('the rounds do not settle')
    last = len(rounds) - 1
    for q in range(j + 1, last):
        if rw[q + 1] != rw[j] or not _same(canon[q], canon[q + 1], sid[q]):
            raise NotReplayable('the rounds change')
    states = {ops[m][2][1] for m in reads[j + 1:]}
    if len(states) != 1 or None in states:
        raise NotReplayable('the uniform state changes between rounds')
    # the prefix (entry, first rounds, round j), reads dropped
    res.extend(ops[m] for m in range(k + 1, rounds[j][1])
               if ops[m][0] != READ)
    tops, carried, inv = [], set(), set()
    for op, outs, ins, attrs in canon[j + 1]:
        tins = []
        for t in ins:
            if type(t) is tuple and t[0] == 'in':
                ver, slot = t[1], t[2]
                if ver is not None and ver[0] == sid[j]:
                    carried.add(ver[1])
                    tins.append(('c', ver[1]) + t[3:])
                else:
                    inv.add(slot)
                    tins.append((slot,) + t[3:])
            else:
                tins.append(t)
        tops.append((op, outs, tuple(tins), attrs))
    # the values read after the loop: made by its last round, or older
    # than its rounds
    steady = set(sid[j:])
    exits = {}
    for m in range(reads[-1] + 1, len(ops)):
        if ops[m][0] in (LOOP, END, READ):
            continue
        for t, ver in zip(ops[m][2], vers[m][0]):
            if ver is None or not _temp(t, nargs):
                continue
            if ver[0] == sid[last]:
                exits[t[0]] = ver[1]
            elif ver[0] in steady:
                raise NotReplayable('a value of an earlier round is '
                                    'read after the loop')
    last_writes = _writes(ops, vers, rounds[last], nargs)
    for s in kept:
        if s in last_writes:
            exits[s] = last_writes[s]
    j_writes = {i: s for s, i in _writes(ops, vers, rounds[j],
                                         nargs).items()}
    init = []
    for i in sorted(carried | set(exits.values()) | {rw[j]}):
        if i not in j_writes:
            raise NotReplayable('a carried value has no slot')
        init.append((i, j_writes[i]))
    wsizes = {}
    a, b = rounds[j + 1]
    for e_t, m in zip(canon[j + 1], range(a, b)):
        for t, rt in zip(e_t[1], ops[m][1]):
            if type(t) is tuple and t[0] == 'w':
                wsizes[t[1]] = sizes[rt[0]]
    spec = Loop(tuple(tops), tuple(init), rw[j],
                tuple(sorted(exits.items())), wsizes,
                ops[reads[j + 1]][1][1:])
    outs = tuple((s,) for s, _ in spec.exits)
    ins = tuple((s,) for s in sorted({s for _, s in init} | inv))
    res.append(('#loop', outs, ins, {'loop': spec}))
    res.extend(ops[m] for m in range(reads[-1] + 1, end))


def _writes(ops, vers, span, nargs):
    """slot -> write number of the temporaries written in ops[span] (the
    last write of each slot)."""
    res = {}
    for m in range(*span):
        for t, ver in zip(ops[m][1], vers[m][1]):
            if _temp(t, nargs):
                res[t[0]] = ver[1]
    return res


# ------------------------------------------------------------- replay
def run(spec, bufs, mem, allocate, views, stream):
    """Run Loop `spec` in a replay: `bufs`/`mem` its slot buffers (slot ->
    array, slot -> (base, nbytes)); `allocate(nbytes)` a new buffer,
    (array, (base, nbytes)); `views(templates, mem)` the operand views."""
    prev = {i: (bufs.get(slot), mem[slot]) for i, slot in spec.init}
    while _active(prev[spec.read][0], spec.read_view):
        cur = {}
        for op, outs, ins, attrs in spec.ops:
            vin = _operands(ins, prev, cur, mem, views)
            for t in outs:
                if type(t) is tuple and t[0] == 'w' and t[1] not in cur:
                    cur[t[1]] = allocate(spec.sizes[t[1]])
            _dispatch.run(op, _operands(outs, prev, cur, mem, views), vin,
                          attrs, stream)
        prev = cur
    for slot, i in spec.exits:
        bufs[slot], mem[slot] = prev[i]


def _operands(templates, prev, cur, mem, views):
    res = []
    for t in templates:
        if type(t) is tuple and t[0] in ('w', 'c'):
            _, m = (cur if t[0] == 'w' else prev)[t[1]]
            res.append(views(((0,) + t[2:],), {0: m})[0])
        elif type(t) is tuple:
            res.append(views((t,), mem)[0])
        else:
            res.append(t)
    return tuple(res)


def _active(buf, view):
    """The round's "any element active" (one device-to-host read)."""
    dt, shape, strides, off = view
    return bool(core.ndarray(shape, dt, buf.data + off * dt.itemsize,
                             strides))
