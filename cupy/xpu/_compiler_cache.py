"""``cupy.cuda._compiler_cache``: where compiled kernels are kept on disk.

On the CUDA backend compiled modules are cached by a hash of their
source and options; this is that store (one file per entry, written
atomically).  The ascend backend compiles nothing (user kernels are
translated and cached in memory), so nothing writes here there; the
class exists so code and tests that configure the cache import."""

import os
import tempfile


class DiskKernelCacheBackend:
    """A directory of cached binaries, keyed by file name."""

    def __init__(self, path):
        self.path = path

    def _file(self, name):
        if os.sep in name or (os.altsep and os.altsep in name) or \
                name in ('', '.', '..'):
            raise ValueError('invalid cache entry name: {!r}'.format(name))
        return os.path.join(self.path, name)

    def load(self, name):
        """The stored bytes of `name`, or None."""
        try:
            with open(self._file(name), 'rb') as f:
                return f.read()
        except FileNotFoundError:
            return None

    def save(self, name, binary, source=None):
        """Store `binary` under `name` (and the source beside it, for
        debugging, when given)."""
        os.makedirs(self.path, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path)
        try:
            with os.fdopen(fd, 'wb') as f:
                f.write(binary)
            os.replace(tmp, self._file(name))
        except BaseException:
            if os.path.exists(tmp):
                os.remove(tmp)
            raise
        if source is not None:
            with open(self._file(name) + '.cu', 'w') as f:
                f.write(source)
