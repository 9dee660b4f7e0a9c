"""einsum: any subscripts NumPy accepts (implicit and explicit output,
ellipsis, repeated indices, the interleaved operand/sublist form), built
from views, sums, elementwise products and matmul.

Per operand: a repeated index is a diagonal view (strides added); an
index no other operand and not the output uses is summed out.  Then the
operands are contracted two at a time (left to right, or in the order of
``numpy.einsum_path`` when ``optimize`` asks for it, computed from the
shapes only): indices shared and still needed are batch axes, indices
shared and no longer needed are summed by one matmul over their product,
and a pair with no shared summed index is an elementwise product.
Size-1 axes broadcast, as in NumPy.  Everything runs in NumPy's result
dtype (asked from ``numpy.einsum`` on tiny proxies).
"""

import string

import numpy

from cupy._core.reduction import _reduce as _reduction
from cupy._core import _routines_linalg
from cupy._core._operands import as_array
from cupy._core._operands import check_out

_LETTERS = string.ascii_uppercase + string.ascii_lowercase


def _ufunc(name):
    import cupy
    return getattr(cupy, name)


def _from_sublists(args):
    # einsum(op0, sublist0, op1, sublist1, ..., [sublistout])
    ops = list(args[0::2])
    subs = list(args[1::2])
    out = None
    if len(args) % 2 == 1:
        out = ops.pop()
        out_sub = out
    terms = []

    def term(sub):
        s = ''
        for x in sub:
            if x is Ellipsis:
                s += '...'
            else:
                try:
                    i = int(x.__index__())
                except AttributeError:
                    raise TypeError('For this input type lists must contain '
                                    'either int or Ellipsis') from None
                if not 0 <= i < 52:
                    raise ValueError('subscript is not within the valid '
                                     'range [0, 52)')
                s += _LETTERS[i]
        return s
    for sub in subs:
        terms.append(term(sub))
    subscripts = ','.join(terms)
    if out is not None:
        subscripts += '->' + term(out_sub)
    return subscripts, ops


def _parse(subscripts, operands):
    """(input letter lists, output letter list) with the ellipsis spelt
    out with letters the subscripts do not use."""
    subscripts = subscripts.replace(' ', '')
    if '->' in subscripts:
        lhs, rhs = subscripts.split('->', 1)
        if '->' in rhs:
            raise ValueError("einstein sum subscript string does not contain "
                             "proper '->' output specified")
    else:
        lhs, rhs = subscripts, None
    terms = lhs.split(',')
    if len(terms) != len(operands):
        raise ValueError('more operands provided to einstein sum function '
                         'than specified in the subscripts string'
                         if len(operands) > len(terms) else
                         'fewer operands provided to einstein sum function '
                         'than specified in the subscripts string')
    used = set(c for c in subscripts if c in _LETTERS)
    for c in subscripts:
        if c not in _LETTERS and c not in '.,->':
            raise ValueError('invalid subscript {!r} in einstein sum '
                             'subscripts string, subscripts must be letters'
                             .format(c))
    spare = [c for c in _LETTERS if c not in used]
    n_ell = 0
    for t, op in zip(terms, operands):
        if '...' in t:
            n_ell = max(n_ell, op.ndim - (len(t) - 3))
    ell = spare[:n_ell]
    inputs = []
    for k, (t, op) in enumerate(zip(terms, operands)):
        if t.count('...') > 1 or ('.' in t.replace('...', '')):
            raise ValueError("einstein sum subscripts string contains a '.' "
                             "that is not part of an ellipsis ('...') in "
                             "operand {}".format(k))
        if '...' in t:
            nd = op.ndim - (len(t) - 3)
            if nd < 0:
                raise ValueError(
                    'einstein sum subscripts string contains too many '
                    'subscripts for operand {}'.format(k))
            pre, post = t.split('...')
            letters = list(pre) + ell[n_ell - nd:] + list(post)
        else:
            letters = list(t)
        if len(letters) != op.ndim:
            raise ValueError(
                'einstein sum subscripts string contains too many subscripts '
                'for operand {}'.format(k) if len(letters) > op.ndim else
                'operand has more dimensions than subscripts given in '
                'einstein sum, but no \'...\' ellipsis provided to broadcast '
                'the extra dimensions.')
        inputs.append(letters)
    if rhs is None:
        counts = {}
        for letters in inputs:
            for c in letters:
                counts[c] = counts.get(c, 0) + 1
        output = list(ell) + sorted(c for c, n in counts.items()
                                    if n == 1 and c not in ell)
    else:
        if rhs.count('...') > 1 or '.' in rhs.replace('...', ''):
            raise ValueError("einstein sum subscripts string contains a '.' "
                             "that is not part of an ellipsis ('...') in the "
                             "output")
        if '...' in rhs:
            pre, post = rhs.split('...')
            output = list(pre) + list(ell) + list(post)
        else:
            output = list(rhs)
            if any(len(x) and set(x) & set(ell) for x in inputs):
                # NumPy: ellipsis dimensions must appear in the output
                if any(op.shape[letters.index(c)] != 1
                       for op, letters in zip(operands, inputs)
                       for c in ell if c in letters):
                    raise ValueError(
                        'output has more dimensions than subscripts given in '
                        "einstein sum, but no '...' ellipsis provided to "
                        'broadcast the extra dimensions.')
        seen = set()
        for c in output:
            if c in seen:
                raise ValueError('einstein sum subscripts string includes '
                                 'output subscript {!r} multiple times'
                                 .format(c))
            seen.add(c)
            if not any(c in letters for letters in inputs):
                raise ValueError('einstein sum subscripts string included '
                                 'output subscript {!r} which never appeared '
                                 'in an input'.format(c))
    return inputs, output


def _diagonal(op, letters, k):
    """Collapse repeated letters of one operand into diagonal views."""
    while True:
        dup = None
        for i, c in enumerate(letters):
            if letters.index(c) != i:
                dup = (letters.index(c), i)
                break
        if dup is None:
            return op, letters
        i, j = dup
        if op.shape[i] != op.shape[j]:
            raise ValueError("dimensions in operand {} for collapsing index "
                             "'{}' don't match ({} != {})".format(
                                 k, letters[i], op.shape[i], op.shape[j]))
        shape = [d for n, d in enumerate(op.shape) if n != j]
        strides = list(op.strides)
        strides[i] += strides[j]
        del strides[j]
        op = op._view_py(tuple(shape), tuple(strides), 0)
        letters = letters[:j] + letters[j + 1:]


def _sum_out(op, letters, drop, dtype):
    if not drop:
        return op, letters
    axes = tuple(letters.index(c) for c in drop)
    op = _reduction.reduce('sum', op, axes, dtype)
    return op, [c for c in letters if c not in drop]


def _size(sizes, letters):
    n = 1
    for c in letters:
        n *= sizes[c]
    return n


def _contract(a, la, b, lb, keep, dtype):
    """Contract two operands; the result's letters."""
    # letters needed by neither the other operand nor later: sum them
    a, la = _sum_out(a, la, [c for c in la if c not in lb and c not in keep],
                     dtype)
    b, lb = _sum_out(b, lb, [c for c in lb if c not in la and c not in keep],
                     dtype)
    batch = [c for c in la if c in lb and c in keep]
    summed = [c for c in la if c in lb and c not in keep]
    # a summed letter of size 1 on one side: sum the other side first
    for c in summed:
        sa, sb = a.shape[la.index(c)], b.shape[lb.index(c)]
        if sa != sb:
            if sa == 1:
                b = _reduction.reduce('sum', b, lb.index(c), dtype,
                                      keepdims=True)
            else:
                a = _reduction.reduce('sum', a, la.index(c), dtype,
                                      keepdims=True)
    a_only = [c for c in la if c not in lb]
    b_only = [c for c in lb if c not in la]
    sizes = {}
    for c in la:
        sizes[c] = a.shape[la.index(c)]
    bsz = {c: b.shape[lb.index(c)] for c in lb}
    a_t = a.transpose([la.index(c) for c in batch + a_only + summed])
    b_t = b.transpose([lb.index(c) for c in batch + summed + b_only])
    nbatch = len(batch)
    out_letters = batch + a_only + b_only
    if not summed:
        # a product without a sum: elementwise, broadcasting
        x = a_t.reshape(a_t.shape + (1,) * len(b_only))
        y = b_t.reshape(b_t.shape[:nbatch] + (1,) * len(a_only) +
                        b_t.shape[nbatch:])
        return _ufunc('multiply')(x, y, dtype=dtype), out_letters
    m = _size(sizes, a_only)
    k = _size(sizes, summed)
    n = _size(bsz, b_only)
    abatch = a_t.shape[:nbatch]
    bbatch = b_t.shape[:nbatch]
    x = a_t.reshape(abatch + (m, k))
    y = b_t.reshape(bbatch + (k, n))
    batch_shape = tuple(max(p, q) if min(p, q) != 0 else 0
                        for p, q in zip(abatch, bbatch))
    for p, q, c in zip(abatch, bbatch, batch):
        if p != q and p != 1 and q != 1:
            raise ValueError('operands could not be broadcast together: '
                             "index '{}' has sizes {} and {}".format(c, p, q))
    res = _routines_linalg.product(x, y, batch_shape, dtype)
    shape = batch_shape + tuple(sizes[c] for c in a_only) + tuple(
        bsz[c] for c in b_only)
    return res.reshape(shape), out_letters


def _check_sizes(operands, inputs):
    sizes = {}
    for k, (op, letters) in enumerate(zip(operands, inputs)):
        for c, d in zip(letters, op.shape):
            if d == 1:
                continue
            if sizes.setdefault(c, d) != d:
                raise ValueError(
                    'operands could not be broadcast together with remapped '
                    "shapes: index '{}' has size {} in operand {} and {} "
                    'elsewhere'.format(c, d, k, sizes[c]))
    return sizes


def _path(operands, inputs, output, optimize):
    """Pairs of operand positions to contract, NumPy's order when
    optimize asks for one."""
    n = len(operands)
    if optimize is False or n < 3:
        return [(0, 1)] * (n - 1)
    proxies = [numpy.lib.stride_tricks.as_strided(
        numpy.zeros(1), shape=op.shape, strides=(0,) * op.ndim)
        for op in operands]
    sub = ','.join(''.join(x) for x in inputs) + '->' + ''.join(output)
    mode = 'greedy' if optimize is True else optimize
    path = numpy.einsum_path(sub, *proxies, optimize=mode)[0][1:]
    return [tuple(p) for p in path]


def einsum(*operands, out=None, dtype=None, order='K', casting='safe',
           optimize=False):
    """Einstein summation (``numpy.einsum``)."""
    if not operands:
        raise ValueError('must specify the einstein sum subscripts string '
                         'and at least one operand')
    if isinstance(operands[0], str):
        subscripts, ops = operands[0], list(operands[1:])
    else:
        subscripts, ops = _from_sublists(operands)
    ops = [as_array(x) for x in ops]
    given = ops[0] if len(ops) == 1 else None
    inputs, output = _parse(subscripts, ops)
    kw = {'casting': casting}
    if dtype is not None:
        kw['dtype'] = dtype
    with numpy.errstate(all='ignore'):
        res_dtype = numpy.einsum(
            ','.join(''.join(x) for x in inputs) + '->' + ''.join(output),
            *[numpy.ones((1,) * x.ndim, x.dtype) for x in ops], **kw).dtype
    ops = [x if x.dtype == res_dtype else x.astype(res_dtype) for x in ops]
    pairs = []
    for k, (op, letters) in enumerate(zip(ops, inputs)):
        pairs.append(_diagonal(op, list(letters), k))
    sizes = _check_sizes([p[0] for p in pairs], [p[1] for p in pairs])
    # letters used by one operand only, and not the output: summed now
    for k in range(len(pairs)):
        op, letters = pairs[k]
        others = set(output)
        for j, (_, lj) in enumerate(pairs):
            if j != k:
                others.update(lj)
        pairs[k] = _sum_out(op, letters,
                            [c for c in letters if c not in others],
                            res_dtype)
    steps = _path([p[0] for p in pairs], [p[1] for p in pairs], output,
                  optimize)
    if len(pairs) > 1:
        # NumPy's path may contract more than two operands in one step:
        # they are folded pairwise; anything left is folded at the end
        steps = list(steps) + [tuple(range(len(pairs) - sum(
            len(st) - 1 for st in steps)))]
    for step in steps:
        idx = sorted(step)
        group = [pairs[n] for n in idx]
        rest = [p for n, p in enumerate(pairs) if n not in idx]
        acc, lacc = group[0]
        for j in range(1, len(group)):
            keep = set(output)
            for _, lr in rest + group[j + 1:]:
                keep.update(lr)
            acc, lacc = _contract(acc, lacc, group[j][0], group[j][1], keep,
                                  res_dtype)
        pairs = rest + [(acc, lacc)]
    res, letters = pairs[0]
    res, letters = _sum_out(res, letters,
                            [c for c in letters if c not in output],
                            res_dtype)
    res = res.transpose([letters.index(c) for c in output])
    # broadcast size-1 axes to the letters' sizes (NumPy does too)
    want = tuple(sizes.get(c, d) for c, d in zip(output, res.shape))
    if want != res.shape:
        from cupy._core import core
        res = core._broadcast_to(res, want)
    if out is not None:
        check_out(out, res.shape, 'einsum')
        from cupy._core import core
        core._copy_to(out, res)
        return out
    if given is not None and res.base is not None and (
            res.base is given or res.base is given.base):
        # one operand, nothing summed or cast: a view of it, as NumPy and
        # CuPy return ('ij->ji', 'ii->i', '...')
        return res
    if res.base is not None or not res.flags.c_contiguous:
        res = res.copy()
    return res
