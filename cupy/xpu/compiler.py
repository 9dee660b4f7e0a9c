"""``cupy.cuda.compiler``: compiling CUDA C source into a module of
kernels, where the backend compiles CUDA C (the CUDA backend, NVRTC; see
cupy_backends/cuda/ops/_rawkernel.py).  On other backends
``compile_with_cache`` raises NotImplementedError."""


def _backend_name():
    from cupy_backends.backend import api
    return api.xpuBackendName()


def _error_base():
    if _backend_name() == 'cuda':
        from cupy_backends.cuda import NVRTCError
        return NVRTCError
    return Exception


class CompileException(_error_base()):
    """A compilation failed (on CUDA, NVRTC's error with its log)."""


class JitifyException(Exception):
    """Jitify is not bundled; never raised."""


def _get_arch():
    """The device's architecture number ('90' for sm_90)."""
    from cupy_backends.cuda.ops import _compiler
    return _compiler.arch().replace('sm_', '')


def compile_with_cache(source, options=(), arch=None, cache_dir=None,
                       extra_source=None, backend='nvrtc', *,
                       enable_cooperative_groups=False,
                       name_expressions=None, log_stream=None,
                       jitify=False):
    """A Module (``get_function(name)``) of `source`, compiled with NVRTC
    and cached in memory and on disk (CUPY_CACHE_DIR)."""
    if _backend_name() != 'cuda':
        raise NotImplementedError(
            'compiling CUDA C needs the CUDA backend (this build is {})'
            .format(_backend_name()))
    if arch is not None or cache_dir is not None:
        raise NotImplementedError(
            'compile_with_cache: arch= and cache_dir= are not supported '
            '(the device architecture and CUPY_CACHE_DIR are used)')
    from cupy_backends.cuda.ops import _rawkernel
    return _rawkernel.Module(code=source, options=options,
                             name_expressions=name_expressions)


def get_nvcc_path():
    """The nvcc command (NVCC, CUDA_PATH/bin/nvcc, /usr/local/cuda or
    PATH), None when there is none.  This library compiles with NVRTC and
    never runs it; CuPy code asks for it."""
    import os
    import shutil
    env = os.environ.get('NVCC')
    if env:
        return env
    for root in (os.environ.get('CUDA_PATH'), os.environ.get('CUDA_HOME'),
                 '/usr/local/cuda'):
        if root and os.path.exists(os.path.join(root, 'bin', 'nvcc')):
            return os.path.join(root, 'bin', 'nvcc')
    return shutil.which('nvcc')


def _run_cc(cmd, cwd, backend, log_stream=None):
    """Run a compiler command and return its output (CuPy's helper)."""
    import subprocess
    return subprocess.check_output(cmd, cwd=cwd, stderr=subprocess.STDOUT,
                                   universal_newlines=True)
