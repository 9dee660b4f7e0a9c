# Compiling the elementwise loop programs for the executor
# (_run.pyx): the tables of _compile.py become C arrays,
# the aclnn operators are resolved (a loop whose operator this CANN lacks
# is left out), per ufunc at its first use, then cached.

import numpy

from libc.stdint cimport int64_t, uint64_t

from cupy_backends.ascend.ops._dtype cimport acl_code
from cupy_backends.ascend.ops._aclnn cimport op_symbol, op_symbol_or_none

from cupy_backends.backend.provider import OperationNotSupported
from cupy_backends.ascend.ops.elementwise import _compile
from cupy_backends.ascend.ops.elementwise import _operators as _ops
from cupy_backends.ascend.ops.elementwise import _table

_SIGS = {_ops.SIG_T: SIG_T, _ops.SIG_TT: SIG_TT, _ops.SIG_TTA: SIG_TTA,
         _ops.SIG_TS: SIG_TS, _ops.SIG_TSA: SIG_TSA, _ops.SIG_ST: SIG_ST,
         _ops.SIG_TTT: SIG_TTT, _ops.SIG_TSS: SIG_TSS,
         _ops.SIG_NAN: SIG_NAN, _ops.SIG_TTTV: SIG_TTTV}
_KINDS = {'in': K_IN, 'out': K_OUT, 'const': K_CONST, 'attr': K_ATTR,
          'temp': K_TEMP, 'derived': K_DERIVED}


# ----------------------------------------------------------------- plans --

cdef class Step:
    """One step of a compiled program (see Program)."""


cdef class Program:
    """A loop program compiled for the executor: registers (kind,
    aclDataType, size, NumPy dtype, constant) and steps (the aclnn forms
    with their dtype sets, or a host operation)."""


    def __init__(self, plan):
        cdef int r, i, k, itemsize = 0
        cdef Step st
        self.name = plan.name
        self.loop = plan.loop
        self.source = plan
        self.nin = plan.nin
        self.nout = plan.nout
        self.nregs = len(plan.regs)
        if self.nregs > _MAXREG or len(plan.steps) > _MAXSTEP:
            raise OperationNotSupported('program too long')
        if self.nin + self.nout > _MAXVIEW or self.nout > _MAXOUT:
            raise OperationNotSupported('program with too many operands')
        self.npdt = []
        self.obj = []
        for r, (kind, c, extra) in enumerate(plan.regs):
            dt = numpy.dtype(c)
            self.kind[r] = _KINDS[kind]
            self.code[r] = acl_code(dt, &itemsize)
            self.isz[r] = itemsize
            self.kind_char[r] = ord(dt.kind)
            self.npdt.append(dt)
            self.index[r] = -1
            self.part[r] = -1
            o = None
            if kind in ('in', 'out'):
                self.index[r] = extra
            elif kind == 'derived':
                self.index[r] = extra[0]
                self.part[r] = extra[1]
            else:
                o = extra
            self.obj.append(o)
        self.steps = []
        for op, dst, args, info in plan.steps:
            st = Step()
            st.name = op
            st.dst = dst
            st.nargs = len(args)
            for i in range(st.nargs):
                st.args[i] = args[i]
            st.special = SP_NONE
            st.fold = None
            st.alpha = info.get('alpha')
            st.syms = []
            if op in ('Cast', 'Widen'):
                st.op = X_CAST
            elif op in ('Copy', 'Fill'):
                st.op = X_COPY
            else:
                st.op = X_ACLNN
                g = info['generic']
                st.fold = g.fold
                st.special = (SP_WHERE if op == 'SWhere' else
                              SP_NAN if op == 'NanToNum' else
                              SP_POW if op == 'Pow' else SP_NONE)
                forms = info['forms']
                st.nforms = len(forms)
                for k, (mask, name, order, sig, ins, limit,
                        contig) in enumerate(forms):
                    st.mask[k] = mask
                    st.sig[k] = _SIGS[sig]
                    for i in range(len(order)):
                        st.order[k][i] = order[i]
                    st.dtypes[k] = 0
                    for ch in ins:
                        code = acl_code(numpy.dtype(ch), &itemsize)
                        st.dtypes[k] |= (<uint64_t>1) << code
                    st.limit[k] = limit or 0
                    st.contig[k] = contig
                    # resolved now: a missing operator takes the loop out
                    # of the table (OperationNotSupported)
                    sym = op_symbol(name) if mask == 0 else op_symbol_or_none(name)
                    st.syms.append(sym)
            self.steps.append(st)
        self.nsteps = len(self.steps)

    def __repr__(self):
        return '<Program {} {}: {} steps>'.format(self.name, self.loop,
                                                self.nsteps)


cdef dict _plans = {}       # name -> {loop: {variant: Program}}
cdef dict _loop_sets = {}   # name -> frozenset of loop strings


cdef dict plans_for(str name):
    cdef dict d = _plans.get(name)
    if d is not None:
        return d
    d = {}
    for loop in _table.numpy_loops(name):
        v = _compile.compile_loop(name, loop)
        if v is None:
            continue
        try:
            d[loop] = {k: Program(p) for k, p in v.items()}
        except OperationNotSupported:
            continue
    _plans[name] = d
    return d


cpdef frozenset elementwise_loops(str name):
    """The loops of `name` the provider runs on device (both spellings of
    the int64 types)."""
    cdef frozenset s = _loop_sets.get(name)
    if s is None:
        loops = set(plans_for(name))
        loops |= {x.replace('l', 'q').replace('L', 'Q') for x in loops}
        s = frozenset(loops)
        _loop_sets[name] = s
    return s


def plan_of(str name, str loop, variant=''):
    """The compiled plan of a loop (for tests and reports), or None."""
    v = plans_for(name).get(_table.normalize(loop))
    return None if v is None else v.get(variant)


