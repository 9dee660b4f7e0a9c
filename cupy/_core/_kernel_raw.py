"""cupy.RawKernel and cupy.RawModule: CUDA C kernels written against
CUDA's thread indexing (threadIdx, blockIdx, shared memory, ...).

Such a kernel is a SIMT program with no translation into whole-array
steps, so a backend that cannot compile CUDA C (ascend) refuses it when
it is used (launched, or a function or attribute asked for), saying what
to use instead.  Construction succeeds, as CuPy's compiles lazily: code
that defines raw kernels at import time for paths it may never take
(libraries, CuPy's own ndimage tests) still imports.  A provider that
compiles CUDA C (the CUDA backend) offers ``raw_kernel``/``raw_module``."""

from cupy._core import _dispatch

_WHY = (
    'cupy.{0} needs the CUDA backend: a raw CUDA C kernel indexes threads '
    '(threadIdx, blockIdx) and has no translation into the whole-array '
    'device programs the {1} backend runs.  Write the per-element part '
    'as a cupy.ElementwiseKernel or cupy.ReductionKernel (translated for '
    'this backend), or use array operations.')


def _backend_name():
    from cupy_backends import get_backend_name
    return get_backend_name()


def _factory(what):
    return getattr(_dispatch.get_provider(), what, None)


class _Unavailable:
    """A raw kernel or module on a backend that cannot compile CUDA C:
    its arguments are kept; any use raises NotImplementedError."""

    def __init__(self, what, **kwargs):
        self._what = what
        self.__dict__.update(kwargs)

    def _refuse(self, *args, **kwargs):
        raise NotImplementedError(_WHY.format(self._what, _backend_name()))

    __call__ = _refuse
    get_function = _refuse
    compile = _refuse
    get_global = _refuse
    get_texref = _refuse

    def __getattr__(self, name):
        # kernel attributes (max_threads_per_block, attributes, kernel ...)
        if name.startswith('__'):
            raise AttributeError(name)
        self._refuse()


class RawKernel:
    """User-defined custom kernel (CUDA C with thread indexing).

    Only the CUDA backend compiles it; elsewhere its use raises
    NotImplementedError."""

    def __new__(cls, code, name, options=(), backend='nvrtc',
                translate_cucomplex=False, *, enable_cooperative_groups=False,
                jitify=False):
        f = _factory('raw_kernel')
        if f is None:
            return _Unavailable('RawKernel', code=code, name=name,
                                options=options, backend=backend)
        return f(code, name, options, backend, translate_cucomplex,
                 enable_cooperative_groups=enable_cooperative_groups,
                 jitify=jitify)


class RawModule:
    """User-defined custom module (CUDA C source or a cubin/ptx file).

    Only the CUDA backend loads it; elsewhere its use raises
    NotImplementedError."""

    def __new__(cls, *, code=None, path=None, options=(), backend='nvrtc',
                translate_cucomplex=False, enable_cooperative_groups=False,
                name_expressions=None, jitify=False):
        f = _factory('raw_module')
        if f is None:
            return _Unavailable('RawModule', code=code, path=path,
                                options=options, backend=backend,
                                name_expressions=name_expressions)
        return f(code=code, path=path, options=options, backend=backend,
                 translate_cucomplex=translate_cucomplex,
                 enable_cooperative_groups=enable_cooperative_groups,
                 name_expressions=name_expressions, jitify=jitify)
