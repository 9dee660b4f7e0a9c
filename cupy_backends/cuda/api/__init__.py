"""CuPy's `cupy_backends.cuda.api` package by its names, for code that
imports its modules (`from cupy_backends.cuda.api import runtime`, as
CuPy's own tests and many libraries do).  `runtime` is this library's
`cupy.cuda.runtime` and `driver` its `cupy.cuda.driver`, under those
names.  Both backends install it."""
