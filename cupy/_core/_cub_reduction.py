"""CuPy's ``cupy._core._cub_reduction`` names, kept so that code probing
them imports.  CUB is a CUDA library: ``cupy.cuda.cub.available`` is
False on this package and no reduction takes a CUB path."""

# The smallest reduction size CuPy routes to CUB.  Nothing is routed here;
# the value only sizes callers' test data.
_CUB_REDUCE_SIZE_THRESHOLD = 16


def _SimpleCubReductionKernel_get_cached_function(*args, **kwargs):
    raise NotImplementedError('CUB reductions are CUDA only')
