"""``cupy.cuda.texture``: CUDA texture and surface objects.

Texture memory is a CUDA hardware feature (cached 2-D/3-D reads with
filtering and address modes) that kernels read with ``tex1D``/``tex2D``.
A backend that cannot compile CUDA C (ascend: user kernels are
translated into whole-array programs, and no translated program reads
textures) has none, so the classes are importable (code that imports
them at module level keeps working) and raise NotImplementedError when
used, saying what to do instead.
"""


# CUDA runtime's texture enumerations (cuda_runtime_api's
# cudaChannelFormatKind, cudaResourceType, cudaTextureAddressMode,
# cudaTextureFilterMode, cudaTextureReadMode), for code that builds
# descriptors; cupy.cuda.runtime offers them too
ENUMS = {
    'cudaChannelFormatKindSigned': 0, 'cudaChannelFormatKindUnsigned': 1,
    'cudaChannelFormatKindFloat': 2, 'cudaChannelFormatKindNone': 3,
    'cudaResourceTypeArray': 0, 'cudaResourceTypeMipmappedArray': 1,
    'cudaResourceTypeLinear': 2, 'cudaResourceTypePitch2D': 3,
    'cudaAddressModeWrap': 0, 'cudaAddressModeClamp': 1,
    'cudaAddressModeMirror': 2, 'cudaAddressModeBorder': 3,
    'cudaFilterModePoint': 0, 'cudaFilterModeLinear': 1,
    'cudaReadModeElementType': 0, 'cudaReadModeNormalizedFloat': 1,
}


def _backend_name():
    from cupy_backends import get_backend_name
    return get_backend_name()


def _refuse(what):
    raise NotImplementedError(
        'cupy.cuda.texture.{} needs CUDA texture memory, which the {} '
        'backend does not have: read the data from an ordinary array '
        '(a raw parameter of an ElementwiseKernel, or indexing and '
        'cupyx.scipy.ndimage.map_coordinates for interpolated reads) '
        'instead.'.format(what, _backend_name()))


class _Unavailable:
    def __init__(self, *args, **kwargs):
        _refuse(type(self).__name__)


class ChannelFormatDescriptor(_Unavailable):
    """The channel format of a CUDA array (CUDA only)."""


class CUDAarray(_Unavailable):
    """An opaque CUDA array bound to textures (CUDA only)."""


class ResourceDescriptor(_Unavailable):
    """The resource a texture or surface object reads (CUDA only)."""


class TextureDescriptor(_Unavailable):
    """Address, filter and read modes of a texture (CUDA only)."""


class TextureObject(_Unavailable):
    """A CUDA texture object (CUDA only)."""


class SurfaceObject(_Unavailable):
    """A CUDA surface object (CUDA only)."""


class TextureReference(_Unavailable):
    """A legacy CUDA texture reference (CUDA only)."""
