"""CuPy's ``cupy.cuda.cutensor`` switch: cuTENSOR is a CUDA library, so it
is never available on this build's backend."""

available = False
