"""Where a bound user kernel runs.  A provider that compiles CUDA C
itself (the CUDA backend, NVRTC) offers ``run_user_kernel``; otherwise
the kernel is translated from its C source into whole-array device steps
of the core (cupy/_core/_ckernel), which is what the ascend backend
does."""

from cupy._core import _dispatch
from cupy._core._ckernel import _program


def _native():
    return getattr(_dispatch.get_provider(), 'run_user_kernel', None)


def run_elementwise(kernel, in_args, out_args, in_types, out_types,
                    type_map, shape, fresh=()):
    """Run a bound ElementwiseKernel; returns the output arrays (an output
    the caller allocated (`fresh`) may be replaced by the array the
    result was computed in)."""
    native = _native()
    if native is not None:
        native('elementwise', kernel, in_args, out_args, in_types,
               out_types, type_map, shape)
        return out_args
    _program.check_no_code(kernel.kwargs.get('loop_prep'), 'loop_prep')
    _program.check_no_code(kernel.kwargs.get('after_loop'), 'after_loop')
    prog = _program.get(kernel.preamble, kernel.operation, 'operation',
                        type_map.keys())
    return _program.run_elementwise(
        prog, kernel.in_params, kernel.out_params, in_args, out_args,
        in_types, out_types, type_map, shape, fresh)


def run_reduction(kernel, in_args, out_args, in_types, out_types, type_map,
                  shape, axes, keepdims):
    native = _native()
    if native is not None:
        return native('reduction', kernel, in_args, out_args, in_types,
                      out_types, type_map, shape, axes, keepdims)
    from cupy._core._ckernel import _reduce
    _reduce.run(kernel, in_args, out_args, in_types, out_types, type_map,
                shape, axes, keepdims)
