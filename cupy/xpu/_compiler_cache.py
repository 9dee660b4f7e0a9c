"""``cupy.cuda._compiler_cache``: CuPy's on-disk kernel cache backend
class.  This library keeps compiled kernels under CUPY_CACHE_DIR itself
(cupy_backends/cuda/ops/_compiler.pyx); the class exists for code that
names it and stores nothing."""


class DiskKernelCacheBackend:
    def __init__(self, path=None):
        self.path = path
