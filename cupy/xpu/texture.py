"""``cupy.cuda.texture``: CUDA texture and surface objects.

Not supported by this library on any backend (CUDA arrays and texture
objects are not bound); the names exist so that code importing them
loads, and making one raises NotImplementedError."""


class _Unsupported:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(
            'cupy.cuda.texture.{}: CUDA texture and surface objects are not '
            'supported by this library'.format(type(self).__name__))


class ChannelFormatDescriptor(_Unsupported):
    pass


class CUDAarray(_Unsupported):
    pass


class ResourceDescriptor(_Unsupported):
    pass


class TextureDescriptor(_Unsupported):
    pass


class TextureObject(_Unsupported):
    pass


class SurfaceObject(_Unsupported):
    pass
