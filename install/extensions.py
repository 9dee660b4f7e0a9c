"""The list of extension modules for setup.py."""

import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASCEND_INCLUDE = 'cupy_backends/ascend/include'
CUDA_INCLUDE = 'cupy_backends/cuda/include'
SIM_CSRC = 'cupy_backends/ascend/simulator/csrc'

# Cython modules: (module name, extra C sources, extra include dirs, libs)
_CYTHON_MODULES = [
    ('cupy_backends.ascend._acl', [], [ASCEND_INCLUDE], ['dl']),
    ('cupy_backends.ascend._asdsip', [], [ASCEND_INCLUDE], ['dl']),
    ('cupy_backends.ascend._asdsip_blas', [], [ASCEND_INCLUDE], ['dl']),
    ('cupy_backends.backend.api', [], [ASCEND_INCLUDE], []),
    ('cupy.xpu.device', [], [], []),
    ('cupy.xpu.stream', [], [], []),
    ('cupy.xpu.memory', [], [], []),
    ('cupy.xpu.memory_pool', [], [], []),
    ('cupy.xpu.pinned_memory', [], [], []),
    ('cupy_backends.backend.provider', [], [], []),
    ('cupy_backends.backend._pyalloc', [], [], []),
    # The ascend provider (layer 5), in dependency order.
    ('cupy_backends.ascend.ops._dtype', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._tensor', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._scratch', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._executor_cache', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._aclnn', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._copy', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._creation', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._indexing', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._nonzero', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops.elementwise._plan', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops.elementwise._run', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._reduction', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._linalg', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._random', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._null_stream', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._fft', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._solver', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._cgemm', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._sorting', [], [ASCEND_INCLUDE], []),
    ('cupy_backends.ascend.ops._provider', [], [ASCEND_INCLUDE], []),
    ('cupy._core._dispatch', [], [], []),
    ('cupy._core.core', [], [], []),
    ('cupy._core.elementwise._run', [], [], []),
    ('cupy._core.elementwise._ufunc', [], [], []),
    ('cupy._core.dlpack', [], [], []),
]


# The CUDA backend's modules (layer 1 and its provider), built instead of
# the ascend ones (cupy_backends.ascend.*) when the build selects cuda.
_CUDA_MODULES = [
    ('cupy_backends.cuda._cuda', [], [CUDA_INCLUDE], ['dl']),
    ('cupy_backends.cuda.ops._compiler', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._elementwise', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._movement', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._reduction', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._blas', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._indexing', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._sorting', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._random', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._fft', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda.ops._provider', [], [CUDA_INCLUDE], []),
    # user kernels and the cupy.cuda.runtime calls (issue 19, branch cudart)
    ('cupy_backends.cuda.ops._launch', [], [CUDA_INCLUDE], []),
    ('cupy_backends.cuda._runtime', [], [CUDA_INCLUDE], []),
    # cuSOLVER and cuBLAS trsm: the linalg family (issue 19)
    ('cupy_backends.cuda.ops._linalg', [], [CUDA_INCLUDE], []),
    # LU (getrf/getrs) and the batched cuSOLVER/cuBLAS forms (issue 19)
    ('cupy_backends.cuda.ops._linalg_batched', [], [CUDA_INCLUDE], []),
]


def _modules(backend):
    if backend != 'cuda':
        return _CYTHON_MODULES
    out = [m for m in _CYTHON_MODULES
           if not m[0].startswith('cupy_backends.ascend.')]
    out = [(n, s, [CUDA_INCLUDE] if n == 'cupy_backends.backend.api' else i,
            l) for n, s, i, l in out]
    return _CUDA_MODULES + out


def _simulator_sources():
    return sorted(glob.glob(os.path.join(ROOT, SIM_CSRC, '*.c')))


def extensions(backend, macros, compile_args):
    from setuptools import Extension
    exts = []
    for name, sources, includes, libs in _modules(backend):
        pyx = name.replace('.', '/') + '.pyx'
        exts.append(Extension(
            name, [pyx] + sources, include_dirs=includes, libraries=libs,
            define_macros=macros, extra_compile_args=compile_args,
            extra_link_args=['-pthread'],
            depends=[os.path.join(d, h) for d in includes
                     for h in ('cupy_acl.h', 'cupy_aclnn_ops.h', 'cupy_cuda.h')
                     if os.path.exists(os.path.join(ROOT, d, h))]))
    if backend == 'ascend':
        # the C++ shim over AsdSip's C++ BLAS API (include/
        # cupy_asdsip_blas.h): a shared object opened with dlopen by
        # _asdsip_blas, not a Python module
        exts.append(Extension(
            'cupy_backends.ascend._asdsip_blas_shim',
            ['cupy_backends/ascend/shim/asdsip_blas.cc'],
            include_dirs=[ASCEND_INCLUDE], define_macros=macros,
            extra_compile_args=compile_args + ['-std=c++14',
                                               '-fvisibility=hidden'],
            language='c++',
            depends=[ASCEND_INCLUDE + '/cupy_asdsip_blas.h']))
        sim_c = [os.path.relpath(p, ROOT) for p in _simulator_sources()]
        headers = [os.path.relpath(p, ROOT) for p in glob.glob(
            os.path.join(ROOT, SIM_CSRC, '*.h'))] + [
                ASCEND_INCLUDE + '/cupy_acl.h',
                ASCEND_INCLUDE + '/cupy_aclnn_ops.h',
                ASCEND_INCLUDE + '/cupy_asdsip.h',
                ASCEND_INCLUDE + '/cupy_asdsip_blas.h']
        exts.append(Extension(
            'cupy_backends.ascend.simulator._sim',
            ['cupy_backends/ascend/simulator/_sim.pyx'] + sim_c,
            include_dirs=[ASCEND_INCLUDE, SIM_CSRC],
            define_macros=macros,
            extra_compile_args=compile_args + ['-std=gnu11'],
            extra_link_args=['-pthread'],
            depends=headers))
    return exts
