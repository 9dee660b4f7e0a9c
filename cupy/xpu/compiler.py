"""``cupy.cuda.compiler``: compiling CUDA C (NVRTC or nvcc).

Only a backend that compiles CUDA C (the CUDA backend) compiles here;
on ascend, user kernels are translated from their source instead
(cupy.ElementwiseKernel / cupy.ReductionKernel) and the compile
functions raise NotImplementedError.  The module's public names exist
on every backend, so code that imports them (or catches
CompileException) keeps working.
"""

import os
import re
import struct
import subprocess

from cupy.xpu import _compiler_cache


def _backend_name():
    from cupy_backends import get_backend_name
    return get_backend_name()


class CompileException(Exception):
    """A kernel's source did not compile (the compiler's log is the
    message)."""

    def __init__(self, msg, source, name, options, backend='nvrtc'):
        self._msg = msg
        self.source = source
        self.name = name
        self.options = options
        self.backend = backend
        super().__init__()

    def __reduce__(self):
        return (type(self), (self._msg, self.source, self.name,
                             self.options, self.backend))

    def __repr__(self):
        return str(self)

    def __str__(self):
        return self.get_message()

    def get_message(self):
        return self._msg

    def dump(self, f):
        """Write the message and the numbered source to file `f`."""
        lines = self.source.split('\n')
        digits = len(str(len(lines)))
        f.write('{} '.format(self.backend.upper()))
        f.write('compilation error: {}\n'.format(self))
        f.write('-----\n')
        f.write('Name: {}\n'.format(self.name))
        f.write('Options: {}\n'.format(' '.join(self.options)))
        f.write('CUDA source:\n')
        for i, line in enumerate(lines):
            f.write('{: >{}}: {}\n'.format(i + 1, digits, line))
        f.write('-----\n')
        f.flush()


class JitifyException(Exception):
    """Jitify's preprocessing failed (CUDA backend)."""


def _get_bool_env_variable(name, default):
    val = os.environ.get(name)
    if val is None or len(val) == 0:
        return default
    try:
        return int(val) == 1
    except ValueError:
        return False


def get_cache_dir():
    """The directory of the on-disk kernel cache (CUPY_CACHE_DIR, else
    ~/.cupy/kernel_cache)."""
    return os.environ.get('CUPY_CACHE_DIR', os.path.expanduser(
        '~/.cupy/kernel_cache'))


_kernel_cache_backend = _compiler_cache.DiskKernelCacheBackend(
    get_cache_dir())
_empty_file_preprocess_cache = {}

_NAME = re.compile(r'^[A-Za-z_][A-Za-z_0-9]*$')


def is_valid_kernel_name(name):
    """Whether `name` can name a kernel (a C identifier)."""
    return _NAME.match(name) is not None


def _refuse(what):
    raise NotImplementedError(
        'cupy.cuda.compiler.{} compiles CUDA C, which needs the CUDA '
        'backend; the {} backend translates cupy.ElementwiseKernel and '
        'cupy.ReductionKernel sources instead.'.format(what,
                                                       _backend_name()))


def _get_arch():
    """The device's architecture number ('90' for sm_90; CUDA backend)."""
    if _backend_name() != 'cuda':
        _refuse('_get_arch')
    from cupy_backends.cuda.ops import _compiler
    return _compiler.arch().replace('sm_', '')


def compile_with_cache(source, options=(), arch=None, cache_dir=None,
                       extra_source=None, backend='nvrtc', *,
                       enable_cooperative_groups=False,
                       name_expressions=None, log_stream=None,
                       jitify=False):
    """A Module (``get_function(name)``) of `source`, compiled with NVRTC
    and cached in memory and on disk (CUPY_CACHE_DIR): CUDA backend
    only."""
    if _backend_name() != 'cuda':
        _refuse('compile_with_cache')
    if arch is not None or cache_dir is not None:
        raise NotImplementedError(
            'compile_with_cache: arch= and cache_dir= are not supported '
            '(the device architecture and CUPY_CACHE_DIR are used)')
    from cupy_backends.cuda.ops import _rawkernel
    return _rawkernel.Module(code=source, options=options,
                             name_expressions=name_expressions)


def compile_using_nvrtc(source, options=(), arch=None, filename='kern.cu',
                        name_expressions=None, log_stream=None,
                        cache_in_memory=False, jitify=False):
    """Compile CUDA C with NVRTC (CUDA backend only)."""
    _refuse('compile_using_nvrtc')


def compile_using_nvcc(source, options=(), arch=None, filename='kern.cu',
                       code_type='cubin', separate_compilation=False,
                       log_stream=None):
    """Compile CUDA C with nvcc (CUDA backend only)."""
    _refuse('compile_using_nvcc')


def _run_cc(cmd, cwd, backend, log_stream=None):
    """Run a compiler command line; returns its output (stdout and stderr
    together) or raises CompileException-like errors from the tool."""
    try:
        out = subprocess.check_output(cmd, cwd=cwd, stderr=subprocess.STDOUT,
                                      universal_newlines=True)
    except subprocess.CalledProcessError as e:
        raise RuntimeError('`{}` command returns non-zero exit status. \n'
                           'command: {}\nreturn-code: {}\nstdout/stderr: \n'
                           '{}'.format(backend, e.cmd, e.returncode,
                                       e.output)) from e
    except OSError as e:
        raise OSError('Failed to run `{}` command. Check PATH environment '
                      'variable: {}'.format(backend, e)) from e
    if log_stream is not None:
        log_stream.write(out)
    return out


# A cached module that records its name expressions: magic, the number
# of names, each name (length-prefixed UTF-8), then the binary.  The
# magic cannot begin a cubin (b'\x7fELF') or a PTX text (b'//').
_cache_payload_magic = b'CUPYNAMES\x00'
_U32 = struct.Struct('<I')


def _encode_cache_payload(names, binary):
    parts = [_cache_payload_magic, _U32.pack(len(names))]
    for n in names:
        b = n.encode('utf-8')
        parts.append(_U32.pack(len(b)))
        parts.append(b)
    parts.append(binary)
    return b''.join(parts)


def _decode_cache_payload(payload, count):
    """(names, binary) of a payload written by _encode_cache_payload with
    `count` names, or None for anything else (an older entry, a plain
    cubin, a truncated file)."""
    m = _cache_payload_magic
    if not payload.startswith(m) or len(payload) < len(m) + _U32.size:
        return None
    pos = len(m)
    (n,) = _U32.unpack_from(payload, pos)
    pos += _U32.size
    if n != count:
        return None
    names = []
    for _ in range(n):
        if pos + _U32.size > len(payload):
            return None
        (k,) = _U32.unpack_from(payload, pos)
        pos += _U32.size
        if pos + k > len(payload):
            return None
        try:
            names.append(payload[pos:pos + k].decode('utf-8'))
        except UnicodeDecodeError:
            return None
        pos += k
    return names, payload[pos:]


def get_nvcc_path():
    """The nvcc command (CUPY_NVCC_PATH or NVCC, else CUDA_PATH/bin/nvcc,
    CUDA_HOME's or /usr/local/cuda's, else nvcc on PATH), or None where
    there is none.  This library compiles with NVRTC and never runs it;
    CuPy code asks for it."""
    import shutil
    for var in ('CUPY_NVCC_PATH', 'NVCC'):
        p = os.environ.get(var)
        if p:
            return p
    for root in (os.environ.get('CUDA_PATH'), os.environ.get('CUDA_HOME'),
                 '/usr/local/cuda'):
        if root and os.path.exists(os.path.join(root, 'bin', 'nvcc')):
            return os.path.join(root, 'bin', 'nvcc')
    return shutil.which('nvcc')
