"""The translation of user kernels (cupy.ElementwiseKernel,
cupy.ReductionKernel) from their C source into whole-array device steps,
for backends that cannot compile CUDA C (the ascend backend).

_lexer and _parser read the C subset into a tree; _interp runs it over
whole arrays with C's semantics (_values, _mathfns); _fuse defers the
steps into provider loop programs; _program caches the parsed program
per source and runs it for one call; _replay records a call's requests
and replays them for later calls of the same signature (_merge joins
consecutive elementwise requests of a recording into programs).

Entry points used outside the user-kernel classes (cupyx.scipy.ndimage
translates per-window RawKernel bodies with them; kept stable):
- ``_program.get(preamble, body, label, type_names, expression=False)``:
  the parsed Program (cached), raising KernelSyntaxError /
  UnsupportedKernelError (both exported here) with the line;
- ``_program.start(prog, types, shape)`` / ``_program.bind(it, triples,
  const)``: an interpreter over a loop shape, and parameters bound to it
  ((ParameterInfo-like p with .name/.raw, value, dtype) triples);
- ``_program.run_elementwise(...)``, ``_program.run_statements(prog,
  bindings, types, shape, extra=None)``, ``_program.evaluate(prog,
  names, values, types, shape, extra=None)``, ``_program.write_back(v,
  arr)``;
- ``_reduce.reduce_type``, ``_reduce.recognise``, ``_reduce._native``,
  ``_reduce._tree``, ``_reduce._full`` (the parts of a ReductionKernel);
- ``_interp.Var``, ``_interp.LocalArray``, ``_interp.RawArray``,
  ``_values.V``, ``_values.host``, ``_values.convert``,
  ``_ctypes.INT``/``LONG``..., ``_fuse.materialize``.
"""

from cupy._core._ckernel._errors import KernelSyntaxError  # NOQA
from cupy._core._ckernel._errors import UnsupportedKernelError  # NOQA
