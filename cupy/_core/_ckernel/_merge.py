"""Merging the recorded elementwise requests of a run into loop programs
(for _replay.py: user kernels and cupy.fuse).

A recorded run may hold runs of consecutive 'elementwise' requests (one
ufunc loop each: steps the translator could not fuse, or the operations
of a cupy.fuse function).  Where they have one output shape and read
each other's results exactly as written, they become one
'elementwise_program' request (operations.md): each request a line
``t3 = Call_<ufunc>_<ins>_<out>(...)``, which the provider replaces by
the program that ufunc runs for that loop (so the results are the
requests' own); the operands read from outside the group are the
program's inputs (at most 8), the values read after the group, written
to an argument or returned are its outputs (at most 4).  A temporary
read only inside its group is not allocated any more.  A program the
provider refuses runs as the recorded requests (replay remembers the
refusal).
"""

import re

import numpy

from cupy._core._ckernel import _fuse

_MAX_INPUTS = len(_fuse._INPUTS)
_MAX_OUTPUTS = _fuse._MAX_OUTS
_MAX_LINES = 24     # each call inlines a few steps: below _fuse._MAX_STEPS
_TEMP = re.compile(r'\bt(\d+)\b')


def _mergeable(entry):
    op, outs, ins, attrs = entry
    if op != 'elementwise' or len(outs) != 1 or \
            set(attrs) != {'name', 'loop'}:
        return False
    loop = attrs['loop']
    if '->' not in loop:
        return False
    i, o = loop.split('->')
    # float16 loops run through float32 (not callable in a program); a
    # scalar parameter (_replay.Param) is not written into a program
    return len(o) == 1 and len(i) == len(ins) and 'e' not in loop and \
        all(c in '?bhilqBHILQfd' for c in i + o) and \
        all(type(t) is tuple or isinstance(t, numpy.generic) for t in ins)


class _Group:
    """Consecutive mergeable requests of one output shape."""

    def __init__(self, shape):
        self.shape = shape
        self.lines = []
        self.leaves = []        # templates read from outside the group
        self.written = {}       # slot -> templates written (in order)
        self.last = {}          # template -> register of its last value

    def add(self, entry):
        """Take a request into the group; False where it cannot be."""
        _, outs, ins, attrs = entry
        out = outs[0]
        if out[2] != self.shape or len(self.lines) >= _MAX_LINES:
            return False
        loop = attrs['loop'].replace('q', 'l').replace('Q', 'L')
        ichars, ochar = loop.split('->')
        args, new = [], []
        for t, c in zip(ins, ichars):
            if type(t) is not tuple:
                args.append(_fuse._literal(t, numpy.dtype(c)))
            elif t in self.last:
                args.append(self.last[t])
            elif t[0] in self.written or t[2] != self.shape:
                return False        # a view of a value the group rewrote
            else:
                if t not in self.leaves and t not in new:
                    new.append(t)
                args.append(t)
        if len(self.leaves) + len(new) > _MAX_INPUTS or \
                all(type(t) is not tuple for t in ins):
            return False
        self.leaves.extend(new)
        args = [_fuse._INPUTS[self.leaves.index(a)] if type(a) is tuple
                else a for a in args]
        dst = 't{}'.format(len(self.lines))
        self.lines.append('{} = Call_{}_{}_{}({})'.format(
            dst, attrs['name'], ichars, ochar, ', '.join(args)))
        for t in [t for t in self.last if t[0] == out[0]]:
            del self.last[t]
        self.last[out] = dst
        self.written.setdefault(out[0], []).append(out)
        return True

    def request(self, live):
        """The 'elementwise_program' request of the group, whose outputs
        are the slots in `live` it writes; None where it cannot be."""
        outs = []
        for slot, ts in self.written.items():
            if slot not in live:
                continue
            if any(t != ts[-1] for t in ts):
                return None         # several views of one slot written
            outs.append(ts[-1])
        if not outs or len(outs) > _MAX_OUTPUTS:
            return None
        ren = {self.last[t]: 'o{}'.format(k) for k, t in enumerate(outs)}
        lines = tuple(_TEMP.sub(lambda m: ren.get(m.group(0), m.group(0)),
                                line) for line in self.lines)
        loop = ''.join(_fuse._char(t[1]) for t in self.leaves) + '->' + \
            ''.join(_fuse._char(t[1]) for t in outs)
        return ('elementwise_program', tuple(outs), tuple(self.leaves),
                {'program': lines, 'loop': loop})


def merge(ops, nargs, kept):
    """`ops` (recorded (op, outs, ins, attrs)) with each run of two or
    more mergeable requests replaced by one program request; such an
    entry carries the requests it stands for as a fifth item.  `kept`:
    the temporary slots of the results."""
    reads_after = [set() for _ in range(len(ops) + 1)]
    for k in range(len(ops) - 1, -1, -1):
        s = set(reads_after[k + 1])
        _, outs, ins, _ = ops[k]
        for t in outs + ins:
            if type(t) is tuple:
                s.add(t[0])
        reads_after[k] = s
    res = []
    k, n = 0, len(ops)
    while k < n:
        if not _mergeable(ops[k]):
            res.append(ops[k])
            k += 1
            continue
        g = _Group(ops[k][1][0][2])
        j = k
        while j < n and _mergeable(ops[j]) and g.add(ops[j]):
            j += 1
        req = None
        if j - k >= 2:
            live = set(reads_after[j]) | set(kept)
            live |= {s for s in g.written if s < nargs}
            req = g.request(live)
        if req is None:
            res.append(ops[k])
            k += 1
            continue
        res.append(req + (tuple(ops[k:j]),))
        k = j
    return res
