# Launching user kernels (RawKernel, RawModule functions, ElementwiseKernel
# and ReductionKernel on the CUDA backend): three-dimensional grids and
# blocks, dynamic shared memory, and the attributes of a kernel
# (cuFuncGetAttribute/cuFuncSetAttribute).  The provider's own kernels
# use ops/_compiler.pyx's one-dimensional launch.

from libc.stdint cimport intptr_t

from cupy_backends.backend cimport api
from cupy_backends.cuda cimport _cuda
from cupy_backends.cuda._cuda cimport (
    cupy_cuda_driver_table, CUfunction, CUmodule, cudaStream_t)
from cupy_backends.cuda.ops._compiler cimport ArgPack


cdef tuple _dims(d, str what):
    if isinstance(d, int):
        d = (d,)
    d = tuple(int(x) for x in d)
    if not 1 <= len(d) <= 3:
        raise ValueError('{} must be an int or a tuple of 1 to 3 ints'
                         .format(what))
    for x in d:
        if x < 1:
            raise ValueError('{} dimensions must be positive: {}'.format(
                what, d))
    return d + (1,) * (3 - len(d))


def launch(intptr_t func, grid, block, ArgPack args, unsigned int shared_mem,
           intptr_t stream):
    """cuLaunchKernel of `func` with `grid` and `block` (an int or up to
    three ints each) on `stream`."""
    cdef tuple g = _dims(grid, 'grid'), b = _dims(block, 'block')
    cdef cupy_cuda_driver_table* d = _cuda.drv()
    _cuda.check_driver(d.cuLaunchKernel(
        <CUfunction>func, g[0], g[1], g[2], b[0], b[1], b[2], shared_mem,
        <cudaStream_t>stream, args.slots, NULL), 'cuLaunchKernel')


def get_attribute(intptr_t func, int attribute):
    """cuFuncGetAttribute (CUfunction_attribute numbers)."""
    cdef int v = 0
    _cuda.check_driver(_cuda.drv().cuFuncGetAttribute(
        &v, attribute, <CUfunction>func), 'cuFuncGetAttribute')
    return v


def set_attribute(intptr_t func, int attribute, int value):
    _cuda.check_driver(_cuda.drv().cuFuncSetAttribute(
        <CUfunction>func, attribute, value), 'cuFuncSetAttribute')


def load_image(bytes image):
    """Load a cubin, fatbin or PTX image (a file's bytes) into the current
    device's context: a ops._compiler.Module."""
    cdef CUmodule m = NULL
    # PTX is text that cuModuleLoadData reads up to a NUL
    cdef bytes data = image + b'\0'
    _cuda.check_driver(_cuda.drv().cuModuleLoadData(
        &m, <const char*>data), 'cuModuleLoadData')
    from cupy_backends.cuda.ops._compiler import Module
    return Module(<intptr_t>m, api.xpuGetDevice(), {})
