"""CuPy's ``cupy_backends.cuda.libs`` names over this package's CUDA
bindings (cupy_backends/cuda/_cuda.pyx)."""
