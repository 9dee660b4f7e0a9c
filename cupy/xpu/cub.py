"""CuPy's ``cupy.cuda.cub`` switch: CUB (NVIDIA's device-wide primitives)
is a CUDA library, so it is never available on this build's backend.
Reductions and scans run on the provider's own operations instead."""

available = False
