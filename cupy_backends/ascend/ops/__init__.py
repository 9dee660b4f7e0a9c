"""The ascend operation provider (DESIGN.md layer 5): the neutral
operations of cupy_backends/backend/provider.pxd on CANN aclnn operators.
The array core reaches it through cupy_backends.backend.provider.
get_provider(), never by importing this package."""


def make_provider():
    from cupy_backends.ascend.ops._provider import AscendProvider
    return AscendProvider()
