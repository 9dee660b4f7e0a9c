"""CuPy's per-library modules of the CUDA bindings, by CuPy's names (for
code that imports them); the bindings themselves are
cupy_backends/cuda/_cuda.pyx."""
