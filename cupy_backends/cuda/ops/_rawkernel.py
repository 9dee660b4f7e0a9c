"""cupy.RawKernel, cupy.RawModule and their functions on the CUDA backend
(CuPy's signatures): CUDA C source compiled with NVRTC (or a cubin/PTX/
fatbin file loaded as it is), launched with a grid, a block, dynamic
shared memory and a stream.

Arguments are passed as CuPy passes them: an ndarray (or anything with a
``ptr``, such as a MemoryPointer) as its device pointer, None as a null
pointer, a NumPy scalar or a one-element NumPy array as its bytes, a
Python bool/int/float/complex as bool/int64 (uint64 from 2**63)/float64/
complex128.  ``#include <cupy/complex.cuh>``, ``<cupy/carray.cuh>`` and
``<cupy/float16.cuh>`` give ops/_userkernel_header.py's types (CuPy's
headers are not shipped)."""

import re

import numpy

from cupy_backends.cuda.ops import _compiler
from cupy_backends.cuda.ops import _launch
from cupy_backends.cuda.ops._compiler import ArgPack
from cupy_backends.cuda.ops._userkernel_header import HEADER

_CUPY_INCLUDE = re.compile(
    r'^[ \t]*#[ \t]*include[ \t]*[<"]cupy/(complex|carray|float16)\.cuh'
    r'[>"][^\n]*$', re.MULTILINE)

# CUfunction_attribute (CUDA Driver API reference)
_ATTRIBUTES = {
    'max_threads_per_block': 0, 'shared_size_bytes': 1,
    'const_size_bytes': 2, 'local_size_bytes': 3, 'num_regs': 4,
    'ptx_version': 5, 'binary_version': 6, 'cache_mode_ca': 7,
    'max_dynamic_shared_size_bytes': 8,
    'preferred_shared_memory_carveout': 9,
}


def _source(code):
    """`code` with CuPy's own headers replaced by ours."""
    if _CUPY_INCLUDE.search(code) is None:
        return code
    return HEADER + _CUPY_INCLUDE.sub('', code)


def _arg(packed, a):
    if a is None:
        packed.add_bytes(numpy.int64(0).tobytes())
        return
    if isinstance(a, numpy.ndarray):
        if a.size != 1:
            raise TypeError(
                'You are trying to pass a numpy.ndarray of shape {} as a '
                'kernel parameter. Only numpy.ndarrays of size one can be '
                'passed by value.'.format(a.shape))
        packed.add_bytes(a.tobytes())
        return
    if isinstance(a, numpy.generic):
        packed.add_bytes(a.tobytes())
        return
    if isinstance(a, bool):
        packed.add_bytes(numpy.bool_(a).tobytes())
        return
    if isinstance(a, int):
        t = numpy.uint64 if a >= 2 ** 63 else numpy.int64
        packed.add_bytes(t(a).tobytes())
        return
    if isinstance(a, float):
        packed.add_bytes(numpy.float64(a).tobytes())
        return
    if isinstance(a, complex):
        packed.add_bytes(numpy.complex128(a).tobytes())
        return
    data = getattr(a, 'data', None)
    ptr = getattr(data, 'ptr', None) if data is not None else None
    if ptr is None:
        ptr = getattr(a, 'ptr', None)
    if ptr is None:
        raise TypeError('Unsupported type {}'.format(type(a)))
    packed.add_bytes(numpy.int64(ptr).tobytes())


def _stream_ptr(stream):
    if stream is None:
        from cupy.xpu import stream as _stream
        return _stream.get_current_stream_ptr()
    return stream.ptr


class Function:
    """A kernel of a compiled module: ``f(grid, block, args,
    shared_mem=0, stream=None)``."""

    def __init__(self, module, name):
        self.module = module
        self._fn = module.get_function(name)
        self.name = name

    @property
    def ptr(self):
        return self._fn.ptr

    def __call__(self, grid, block, args, shared_mem=0, stream=None,
                 enable_cooperative_groups=False):
        if enable_cooperative_groups:
            raise NotImplementedError(
                'cooperative launches are not supported on this backend '
                '(cuLaunchCooperativeKernel is not bound)')
        if not isinstance(args, tuple):
            raise TypeError('args must be a tuple')
        packed = ArgPack()
        for a in args:
            _arg(packed, a)
        _launch.launch(self._fn.ptr, grid, block, packed, int(shared_mem),
                       _stream_ptr(stream))

    def _get_attr(self, name):
        return _launch.get_attribute(self._fn.ptr, _ATTRIBUTES[name])

    @property
    def attributes(self):
        return {k: self._get_attr(k) for k in _ATTRIBUTES}

    def __getattr__(self, name):
        if name in _ATTRIBUTES:
            return self._get_attr(name)
        raise AttributeError(name)

    def __repr__(self):
        return '<cupy.cuda.Function {}>'.format(self.name)


class Module:
    """A CUDA module: CUDA C source compiled with NVRTC, or a cubin/PTX/
    fatbin file (``load_file``)."""

    def __init__(self, code=None, path=None, options=(),
                 name_expressions=None):
        self.code = code
        self.path = path
        self.options = tuple(options)
        self.name_expressions = tuple(name_expressions or ())
        self._module = None

    def compile(self):
        if self._module is None:
            if self.path is not None:
                self._module = _launch.load_image(_read(self.path))
            else:
                self._module = compile_module(
                    _source(self.code), self.options, self.name_expressions)
        return self._module

    def get_function(self, name):
        return Function(self.compile(), name)


def compile_module(source, options=(), name_expressions=()):
    """ops._compiler.compile_module, a failure raised as CuPy's
    cupy.cuda.compiler.CompileException (NVRTC's log in the message)."""
    from cupy_backends.cuda import NVRTCError
    try:
        return _compiler.compile_module(source, tuple(options),
                                        tuple(name_expressions))
    except NVRTCError as e:
        from cupy.xpu.compiler import CompileException
        raise CompileException(str(e), source, '', tuple(options),
                               'nvrtc') from None


def _read(path):
    with open(path, 'rb') as f:
        return f.read()


def _check_backend(backend, jitify, translate_cucomplex):
    if backend != 'nvrtc':
        raise ValueError('backend {!r} is not supported on this backend '
                         '(only NVRTC is bundled)'.format(backend))
    if jitify:
        raise NotImplementedError('jitify is not bundled with this '
                                  'library')
    if translate_cucomplex:
        raise NotImplementedError(
            'translate_cucomplex: cuComplex.h is not available (no CUDA '
            'toolkit headers are used); use complex<T> from '
            '<cupy/complex.cuh>')


class RawKernel:
    """cupy.RawKernel on CUDA: ``kernel(grid, block, args, *,
    shared_mem=0, stream=None)``."""

    def __init__(self, code, name, options=(), backend='nvrtc',
                 translate_cucomplex=False, *,
                 enable_cooperative_groups=False, jitify=False):
        _check_backend(backend, jitify, translate_cucomplex)
        if not isinstance(code, str):
            raise TypeError('code must be a str')
        self.code = code
        self.name = name
        self.options = tuple(options)
        self.backend = backend
        self.translate_cucomplex = translate_cucomplex
        self.enable_cooperative_groups = enable_cooperative_groups
        self.jitify = jitify
        self._kernel = None

    @property
    def kernel(self):
        if self._kernel is None:
            self._kernel = Module(self.code, options=self.options) \
                .get_function(self.name)
        return self._kernel

    def compile(self, log_stream=None):
        self.kernel

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        self.kernel(grid, block, args, shared_mem=shared_mem, stream=stream,
                    enable_cooperative_groups=self.enable_cooperative_groups)

    @property
    def attributes(self):
        return self.kernel.attributes

    def __getattr__(self, name):
        if name in _ATTRIBUTES:
            return getattr(self.kernel, name)
        raise AttributeError(name)

    def __setattr__(self, name, value):
        if name in ('max_dynamic_shared_size_bytes',
                    'preferred_shared_memory_carveout'):
            _launch.set_attribute(self.kernel.ptr, _ATTRIBUTES[name],
                                  int(value))
            return
        object.__setattr__(self, name, value)


class RawModule:
    """cupy.RawModule on CUDA: ``get_function(name)`` of CUDA C source
    (``code``) or of a cubin/PTX/fatbin file (``path``); template kernels
    through ``name_expressions``."""

    def __init__(self, *, code=None, path=None, options=(), backend='nvrtc',
                 translate_cucomplex=False, enable_cooperative_groups=False,
                 name_expressions=None, jitify=False):
        if (code is None) == (path is None):
            raise TypeError('One and only one of `code` and `path` should '
                            'be provided.')
        if path is None:
            _check_backend(backend, jitify, translate_cucomplex)
        elif name_expressions:
            raise ValueError('name_expressions can only be used with code')
        self.code = code
        self.path = path
        self.options = tuple(options)
        self.backend = backend
        self.enable_cooperative_groups = enable_cooperative_groups
        self.name_expressions = name_expressions
        self._mod = Module(code, path, options, name_expressions)

    @property
    def module(self):
        return self._mod.compile()

    def compile(self, log_stream=None):
        self._mod.compile()

    def get_function(self, name):
        return self._mod.get_function(name)

    def get_global(self, name):
        raise NotImplementedError(
            'RawModule.get_global is not supported yet on this backend '
            '(cuModuleGetGlobal is not bound)')
