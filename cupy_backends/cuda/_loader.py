"""Finding the CUDA libraries on this machine.

Pure Python with no package imports, so the build (install/) can print what
it found.  Nothing here loads a library.  Search order, first hit wins per
library (issue 19):

1. ``CUDA_PATH`` then ``CUDA_HOME`` (``lib64``, ``lib``,
   ``targets/<arch>-linux/lib``);
2. the NVIDIA pip wheels: every ``nvidia/*/lib`` folder under a ``sys.path``
   entry (``nvidia-cuda-runtime``, ``nvidia-cuda-nvrtc``, ``nvidia-cublas``
   ...; CUDA 12 wheels use one folder per library, CUDA 13 wheels share
   ``nvidia/cu13/lib``);
3. ``/usr/local/cuda`` (same sub-folders as 1);
4. every folder of ``LD_LIBRARY_PATH``;
5. the system loader by name (``libcudart.so.13`` ..., via ld.so.cache).

The driver (``libcuda.so.1``) comes with the NVIDIA kernel driver, never
with a toolkit or wheel: only the system loader finds it (a toolkit's
``stubs`` folder holds a link-time stub that must never be loaded).
"""

import glob
import os
import platform
import re
import sys

# library key -> file name stem (libNAME.so[.VERSION])
LIBRARIES = {
    'runtime': 'cudart',
    'nvrtc': 'nvrtc',
    'cublas': 'cublas',
    'cufft': 'cufft',
    'cusolver': 'cusolver',
}
DRIVER_NAME = 'libcuda.so.1'
# Major versions tried by name through the system loader, newest first.
SONAME_VERSIONS = ('13', '12', '11')
DEFAULT_ROOT = '/usr/local/cuda'


def _root_dirs(root):
    arch = platform.machine() or 'x86_64'
    return [os.path.join(root, 'lib64'), os.path.join(root, 'lib'),
            os.path.join(root, 'targets', arch + '-linux', 'lib')]


def _wheel_dirs():
    dirs = []
    for entry in sys.path:
        if entry and os.path.isdir(os.path.join(entry, 'nvidia')):
            dirs.extend(sorted(glob.glob(os.path.join(entry, 'nvidia', '*',
                                                      'lib'))))
    return dirs


def candidate_dirs():
    """(origin, folder) pairs in search order (see the module comment)."""
    out = []
    for var in ('CUDA_PATH', 'CUDA_HOME'):
        root = os.environ.get(var)
        if root:
            out.extend((var, d) for d in _root_dirs(root))
    out.extend(('pip wheel', d) for d in _wheel_dirs())
    out.extend((DEFAULT_ROOT, d) for d in _root_dirs(DEFAULT_ROOT))
    for d in os.environ.get('LD_LIBRARY_PATH', '').split(os.pathsep):
        if d:
            out.append(('LD_LIBRARY_PATH', d))
    seen = set()
    result = []
    for origin, d in out:
        d = os.path.abspath(d)
        if d not in seen and os.path.isdir(d) and 'stubs' not in d.split(
                os.sep):
            seen.add(d)
            result.append((origin, d))
    return result


def _version_key(path):
    tail = os.path.basename(path).split('.so')[-1]
    return tuple(int(x) for x in re.findall(r'\d+', tail))


def _find_in(d, stem):
    pattern = re.compile(r'^lib{}\.so(\.\d+)*$'.format(re.escape(stem)))
    hits = [os.path.join(d, f) for f in os.listdir(d) if pattern.match(f)]
    if not hits:
        return None
    # the most specific, newest name (libcudart.so.13.0.96 over .so.13)
    return max(hits, key=lambda p: (_version_key(p), len(p)))


class Found:
    """One library: the path (or soname for the system loader) and where
    it was found."""

    def __init__(self, key, path, origin):
        self.key = key
        self.path = path
        self.origin = origin

    def __repr__(self):
        return 'Found({!r}, {!r}, {!r})'.format(self.key, self.path,
                                                self.origin)


def find_library(key):
    """Found for library `key` (a key of LIBRARIES), or None.  A name for
    the system loader is returned last, unverified (origin 'system')."""
    stem = LIBRARIES[key]
    for origin, d in candidate_dirs():
        try:
            path = _find_in(d, stem)
        except OSError:
            continue
        if path:
            return Found(key, path, origin)
    return None


def system_names(key):
    """The sonames tried through the system loader for library `key`."""
    stem = LIBRARIES[key]
    return ['lib{}.so.{}'.format(stem, v) for v in SONAME_VERSIONS] + [
        'lib{}.so'.format(stem)]


def find_all():
    """{key: Found or None} for every library of LIBRARIES."""
    return {key: find_library(key) for key in LIBRARIES}


def searched_text():
    return ('CUDA_PATH, CUDA_HOME, the nvidia/*/lib folders of pip wheels on '
            'sys.path, {}, LD_LIBRARY_PATH and the system loader'.format(
                DEFAULT_ROOT))


def summary_lines():
    """Lines for the build summary: where each library was found."""
    lines = []
    for key, found in find_all().items():
        if found is None:
            where = ('not found on disk; the system loader will try {} at '
                     'run time'.format(' / '.join(system_names(key)[:2])))
        else:
            where = '{} (from {})'.format(found.path, found.origin)
        lines.append('  {:<13}: {}'.format('CUDA ' + key, where))
    lines.append('  {:<13}: {} from the NVIDIA driver (system loader)'.format(
        'CUDA driver', DRIVER_NAME))
    return lines
