"""ndarray.flat (basic use: indexing and assignment in C order)."""

from cupy._core import core


class flatiter:
    """A flat (C-order) view for ``a.flat[i]``, ``a.flat[i] = v``,
    ``len(a.flat)``, ``iter(a.flat)`` and ``a.flat.base``."""

    def __init__(self, a):
        self._base = a

    @property
    def base(self):
        return self._base

    def _flat(self):
        a = self._base
        if a.flags.c_contiguous:
            return a.reshape(-1)
        return None

    def __getitem__(self, key):
        flat = self._flat()
        if flat is None:
            flat = self._base.ravel()
        return flat[key]

    def __setitem__(self, key, value):
        flat = self._flat()
        if flat is not None:
            flat[key] = value
            return
        flat = self._base.ravel()      # a copy: write it back
        flat[key] = value
        core._copy_to(self._base, flat.reshape(self._base.shape))

    def __len__(self):
        return self._base.size

    def __iter__(self):
        flat = self._flat()
        if flat is None:
            flat = self._base.ravel()
        return iter(flat)
