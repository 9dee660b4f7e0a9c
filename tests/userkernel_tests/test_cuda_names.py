"""CuPy's compiler, texture and NVRTC modules by name: importable on the
ascend backend (code and CuPy's own tests import them), with the
helpers that do not compile working, and whatever needs CUDA raising a
clear NotImplementedError."""

import io

import pytest

import cupy
from cupy.cuda import _compiler_cache
from cupy.cuda import compiler
from cupy.cuda import texture


def test_modules_are_cupy_cuda_names():
    import cupy.cuda.compiler as c
    import cupy.cuda.texture as t
    assert c is compiler and t is texture
    assert cupy.cuda.compiler is compiler
    from cupy_backends.cuda.libs import nvrtc
    assert issubclass(nvrtc.NVRTCError, Exception)


@pytest.mark.parametrize('cls', [
    texture.ChannelFormatDescriptor, texture.CUDAarray,
    texture.ResourceDescriptor, texture.TextureDescriptor,
    texture.TextureObject, texture.SurfaceObject])
def test_texture_objects_need_cuda(cls):
    with pytest.raises(NotImplementedError, match='texture memory'):
        cls(32, 0, 0, 0, cupy.cuda.runtime.cudaChannelFormatKindFloat)


def test_texture_enums_are_cudas():
    rt = cupy.cuda.runtime
    assert rt.cudaChannelFormatKindFloat == 2
    assert rt.cudaAddressModeClamp == 1
    assert rt.cudaFilterModePoint == 0


def test_compiling_needs_cuda():
    with pytest.raises(NotImplementedError, match='ElementwiseKernel'):
        compiler.compile_using_nvrtc('extern "C" __global__ void f() {}')
    with pytest.raises(NotImplementedError, match='CUDA backend'):
        compiler.compile_using_nvcc('extern "C" __global__ void f() {}')
    from cupy_backends.cuda.libs import nvrtc
    with pytest.raises(NotImplementedError):
        nvrtc.getVersion()


def test_compile_exception_dump():
    e = compiler.CompileException('bad', 'int x\nint y', 'k', ('-O3',))
    assert str(e) == 'bad'
    f = io.StringIO()
    e.dump(f)
    out = f.getvalue()
    assert '1: int x' in out and '2: int y' in out and '-O3' in out


def test_bool_env_variable(monkeypatch):
    monkeypatch.setenv('CUPY_X_TEST', '1')
    assert compiler._get_bool_env_variable('CUPY_X_TEST', False) is True
    monkeypatch.setenv('CUPY_X_TEST', 'no')
    assert compiler._get_bool_env_variable('CUPY_X_TEST', True) is False
    monkeypatch.delenv('CUPY_X_TEST')
    assert compiler._get_bool_env_variable('CUPY_X_TEST', True) is True


def test_kernel_names():
    assert compiler.is_valid_kernel_name('my_kernel2')
    assert not compiler.is_valid_kernel_name('2k')
    assert not compiler.is_valid_kernel_name('a-b')


def test_cache_payload_round_trip_and_rejections():
    names = ['_Z1fIfEvv', 'g']
    p = compiler._encode_cache_payload(names, b'\x7fELFbin')
    assert compiler._decode_cache_payload(p, 2) == (names, b'\x7fELFbin')
    assert compiler._decode_cache_payload(p, 1) is None
    assert compiler._decode_cache_payload(b'\x7fELF cubin', 0) is None
    for size in range(len(compiler._cache_payload_magic), len(p) - 7):
        assert compiler._decode_cache_payload(p[:size], 2) is None


def test_disk_cache(tmp_path):
    c = _compiler_cache.DiskKernelCacheBackend(str(tmp_path / 'cache'))
    assert c.load('k1') is None
    c.save('k1', b'abc', 'source')
    assert c.load('k1') == b'abc'
    assert (tmp_path / 'cache' / 'k1.cu').read_text() == 'source'
    with pytest.raises(ValueError):
        c.load('../x')
