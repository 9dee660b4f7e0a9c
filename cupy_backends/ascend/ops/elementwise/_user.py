"""The 'elementwise_program' operation (operations.md, user kernels): a
loop program written by the core (the fused steps of a translated user
kernel's statement) in the language of the loop table (_table.py), run
as one request.  Each distinct program is entered in the table under a
generated name once, then compiled (checked against the A2 dtype sets by
_compile.py) and run exactly as a ufunc's loop program; a program the
device cannot run raises OperationNotSupported (the core then runs the
steps one by one)."""

import threading

from cupy_backends.ascend.ops.elementwise import _run
from cupy_backends.ascend.ops.elementwise import _table

_lock = threading.Lock()
_names = {}         # (program, loop) -> generated table name
_MAX_PROGRAMS = 4096    # bound on the generated table entries


def run_program(outs, ins, attrs, stream):
    program = tuple(attrs['program'])
    loop = _table.normalize(attrs['loop'])
    key = (program, loop)
    name = _names.get(key)
    if name is None:
        with _lock:
            name = _names.get(key)
            if name is None:
                if len(_names) >= _MAX_PROGRAMS:
                    from cupy_backends.backend.provider import \
                        OperationNotSupported
                    raise OperationNotSupported('too many user programs')
                name = '__user_program_{}'.format(len(_names))
                _table.UFUNCS[name] = [_table.E((loop,), list(program))]
                _table.EXTRA_LOOPS[name] = [loop]
                _names[key] = name
    return _run.run_elementwise(outs, ins, {'name': name, 'loop': loop},
                                stream)


OPERATIONS = {'elementwise_program': run_program}
