"""The 'elementwise_program' operation (operations.md, user kernels): a
loop program written by the core (the fused steps of a translated user
kernel's statement) in the language of the loop table (_table.py), run
as one request.  Each distinct program is entered in the table under a
generated name once, then compiled (checked against the A2 dtype sets by
_compile.py) and run exactly as a ufunc's loop program; a program the
device cannot run raises OperationNotSupported (the core then runs the
steps one by one).

A line may call another ufunc's loop: ``t3 = Call_tanh_f_f(t2)`` (name,
input and output dtype chars) stands for the program that ufunc runs for
that loop (the first alternative of its table entry that compiles, as
compile_loop picks it), inlined with its registers renamed; a loop that
runs otherwise (through float32 for float16, composed by the core, on
the host) cannot be called, so the request is refused and the core runs
the steps one by one, as the ufunc would run.
"""

import re
import threading

from cupy_backends.backend.provider import OperationNotSupported

from cupy_backends.ascend.ops.elementwise import _run
from cupy_backends.ascend.ops.elementwise import _table

_lock = threading.Lock()
_names = {}         # (program, loop) -> generated table name
_MAX_PROGRAMS = 4096    # bound on the generated table entries
_refused = {}       # (program, loop) -> why a call in it cannot run


_CALL = 'Call_'
_TOKEN = re.compile(r'[A-Za-z_]\w*')


def _refuse(why):
    raise OperationNotSupported('elementwise_program: ' + why)


def _callee_lines(name, loop, literals=()):
    """The lines ufunc `name` runs for `loop`, or a refusal.  `literals`:
    the operand numbers the call gives as literals: where the table has a
    separate program for host-scalar operands there (power's scalar
    exponent, clip's scalar bounds: 'scalars' in _table.py), the ufunc
    called with a host scalar runs that program, not this one, so the
    call is refused (the steps then run one by one, as the ufunc)."""
    from cupy_backends.ascend.ops.elementwise import _compile
    for filt, alts, opts in _table.UFUNCS.get(name, ()):
        if not _compile._matches(filt, loop):
            continue
        if 'scalars' in opts and any(opts['scalars'][1] >> j & 1
                                     for j in literals):
            _refuse('{} {} has a program for scalar operands'.format(
                name, loop))
        for lines in alts:
            try:
                _compile.compile_program(name, loop, lines, opts.get('via'))
            except _compile.CompileError:
                continue
            if opts.get('via'):
                _refuse('{} {} runs through another type'.format(name, loop))
            return lines
    _refuse('{} has no device program for {}'.format(name, loop))


def _is_literal(arg, c):
    """Whether call argument `arg` is a literal (not a register)."""
    from cupy_backends.ascend.ops.elementwise import _compile
    try:
        _compile._literal_value(arg, c)
    except (_compile.CompileError, ValueError, KeyError):
        return False
    return True


def _type_char(expr, T):
    from cupy_backends.ascend.ops.elementwise import _compile
    return {'T': T, 'uT': _compile._UNSIGNED.get(T, T),
            'sT': _compile._SIGNED.get(T, T),
            'rT': _compile._PART.get(T, T)}.get(expr, expr)


def _inline(k, dst, dst_type, op, argtext):
    """The lines of call line `k` (``dst = Call_name_ins_out(args)``)."""
    from cupy_backends.ascend.ops.elementwise import _compile
    name, ins, out = op[len(_CALL):].rsplit('_', 2)
    args = [t.strip() for t in argtext.split(',')]
    if len(args) != len(ins) or len(out) != 1:
        _refuse('bad call ' + op)
    lines = _callee_lines(name, ins + '->' + out,
                          [j for j, a in enumerate(args)
                           if _is_literal(a, ins[j])])
    ren = {_compile.INPUTS[j]: a for j, a in enumerate(args)}
    ren['o0'] = dst
    for line in lines:
        d = _table._LINE.match(line).group(1)
        if d not in ren:
            ren[d] = 'k{}_{}'.format(k, d)

    def sub(text):
        if '@' in text:
            _refuse('{} reads call attributes'.format(name))
        return _TOKEN.sub(lambda m: ren.get(m.group(0), m.group(0)), text)
    res = []
    for line in lines:
        d, part, typ, sop, sargs = _table._LINE.match(line).groups()
        head = ren[d] + ('.' + part if part else '')
        if typ:
            head += ':' + _type_char(typ, ins[0])
        elif d == 'o0' and dst_type:
            head += ':' + dst_type
        res.append('{} = {}({})'.format(head, sop, sub(sargs)))
    return res


def _expand(program):
    if not any(_CALL in line for line in program):
        return program
    res = []
    for k, line in enumerate(program):
        m = _table._LINE.match(line)
        if m is None or not m.group(4).startswith(_CALL):
            res.append(line)
            continue
        d, part, typ, op, argtext = m.groups()
        if part:
            _refuse('a call writing a part')
        res.extend(_inline(k, d, typ, op, argtext))
    return tuple(res)


def run_program(outs, ins, attrs, stream):
    program = tuple(attrs['program'])
    loop = _table.normalize(attrs['loop'])
    key = (program, loop)
    name = _names.get(key)
    if name is None and key in _refused:
        _refuse(_refused[key])
    if name is None:
        with _lock:
            name = _names.get(key)
            if name is None:
                if len(_names) >= _MAX_PROGRAMS:
                    raise OperationNotSupported('too many user programs')
                try:
                    lines = _expand(program)
                except OperationNotSupported as e:
                    if len(_refused) < _MAX_PROGRAMS:
                        _refused[key] = str(e)
                    raise
                name = '__user_program_{}'.format(len(_names))
                _table.UFUNCS[name] = [_table.E((loop,), list(lines))]
                _table.EXTRA_LOOPS[name] = [loop]
                _names[key] = name
    return _run.run_elementwise(outs, ins, {'name': name, 'loop': loop},
                                stream)


OPERATIONS = {'elementwise_program': run_program}
