"""The CUDA provider (DESIGN.md layer 5)."""


def make_provider():
    from cupy_backends.cuda.ops._provider import CudaProvider
    return CudaProvider()
