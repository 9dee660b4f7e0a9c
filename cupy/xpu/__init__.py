"""Runtime objects: devices, streams, events, memory and memory pools.

``cupy.cuda`` is an alias of this package, so CuPy code keeps working on
any backend.
"""

from cupy.xpu import cub  # NOQA
from cupy.xpu import cufft  # NOQA
from cupy.xpu import cutensor  # NOQA
from cupy.xpu import device  # NOQA
from cupy.xpu import driver  # NOQA
from cupy.xpu import memory  # NOQA
from cupy.xpu import memory_pool  # NOQA
from cupy.xpu import pinned_memory  # NOQA
from cupy.xpu import runtime  # NOQA
from cupy.xpu import stream  # NOQA

from cupy.xpu.device import Device  # NOQA
from cupy.xpu.device import get_device_id  # NOQA
from cupy.xpu.memory import alloc  # NOQA
from cupy.xpu.memory import get_allocator  # NOQA
from cupy.xpu.memory import Memory  # NOQA
from cupy.xpu.memory import MemoryPointer  # NOQA
from cupy.xpu.memory import MemoryPool  # NOQA
from cupy.xpu.memory import OutOfMemoryError  # NOQA
from cupy.xpu.memory import set_allocator  # NOQA
from cupy.xpu.memory import UnownedMemory  # NOQA
from cupy.xpu.pinned_memory import alloc_pinned_memory  # NOQA
from cupy.xpu.pinned_memory import PinnedMemory  # NOQA
from cupy.xpu.pinned_memory import PinnedMemoryPointer  # NOQA
from cupy.xpu.pinned_memory import PinnedMemoryPool  # NOQA
from cupy.xpu.pinned_memory import set_pinned_memory_allocator  # NOQA
from cupy.xpu.stream import Event  # NOQA
from cupy.xpu.stream import ExternalStream  # NOQA
from cupy.xpu.stream import get_current_stream  # NOQA
from cupy.xpu.stream import get_elapsed_time  # NOQA
from cupy.xpu.stream import Stream  # NOQA


def is_available():
    """True when at least one device can be used."""
    try:
        return runtime.getDeviceCount() > 0
    except Exception:
        return False

# issue 14 (surface): version probes, allocators, memory hooks
from cupy.xpu import driver  # NOQA
from cupy.xpu import memory_hook  # NOQA
from cupy.xpu import memory_hooks  # NOQA
from cupy.xpu.memory_hook import MemoryHook  # NOQA
from cupy.xpu._allocators import using_allocator  # NOQA
from cupy.xpu._allocators import MemoryAsyncPool  # NOQA
from cupy.xpu._allocators import malloc_async  # NOQA
from cupy.xpu._allocators import ManagedMemory  # NOQA
from cupy.xpu._allocators import malloc_managed  # NOQA


def get_local_runtime_version():
    """The version of the runtime in use (``runtime.runtimeGetVersion``;
    CANN's on ascend, 0 on the simulator)."""
    return runtime.runtimeGetVersion()

# CuPy code reaches these through cupy.cuda.memory as well
memory.using_allocator = using_allocator
memory.MemoryAsyncPool = MemoryAsyncPool
memory.malloc_async = malloc_async
memory.ManagedMemory = ManagedMemory
memory.malloc_managed = malloc_managed

# issue 19 (cudart): NVTX (no-op without the library), the profiler switch
from cupy.xpu import nvtx  # NOQA
from cupy.xpu import profiler  # NOQA
from cupy.xpu import compiler  # NOQA
from cupy.xpu import texture  # NOQA
from cupy.xpu import _compiler_cache  # NOQA
from cupy.xpu.compiler import compile_with_cache  # NOQA
from cupy.xpu.compiler import get_nvcc_path  # NOQA

# issue 19 (cudaperf): CUDA graphs by stream capture
from cupy.xpu import graph  # NOQA
