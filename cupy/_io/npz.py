"""save / load / savez / savez_compressed: NumPy's file formats, read and
written by NumPy on the host with one download per array written and one
upload per array read (CuPy's approach)."""

import numpy

import cupy


def save(file, arr, allow_pickle=True):
    """Write `arr` to a ``.npy`` file (NumPy's ``save`` of its host copy)."""
    numpy.save(file, cupy.asnumpy(arr), allow_pickle=allow_pickle)


def _savez(writer, file, args, kwds):
    writer(file, *[cupy.asnumpy(a) for a in args],
           **{k: cupy.asnumpy(v) for k, v in kwds.items()})


def savez(file, *args, **kwds):
    """Write several arrays to an uncompressed ``.npz`` file."""
    _savez(numpy.savez, file, args, kwds)


def savez_compressed(file, *args, **kwds):
    """Write several arrays to a compressed ``.npz`` file."""
    _savez(numpy.savez_compressed, file, args, kwds)


class NpzFile:
    """The arrays of a ``.npz`` file, each uploaded to the device when it
    is read (``f['x']``); a context manager like NumPy's."""

    def __init__(self, npz_file):
        self.npz_file = npz_file

    def __enter__(self):
        self.npz_file.__enter__()
        return self

    def __exit__(self, typ, val, traceback):
        self.npz_file.__exit__(typ, val, traceback)

    def __getitem__(self, key):
        return cupy.asarray(self.npz_file[key])

    def __contains__(self, key):
        return key in self.npz_file

    def __iter__(self):
        return iter(self.npz_file)

    def __len__(self):
        return len(self.npz_file)

    def keys(self):
        return self.npz_file.keys()

    @property
    def files(self):
        return self.npz_file.files

    def close(self):
        self.npz_file.close()


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True,
         encoding='ASCII'):
    """Read a ``.npy`` file (a device array) or ``.npz`` file (an
    NpzFile whose arrays come to the device when read).  With `mmap_mode`
    the file is mapped by NumPy and its data then copied to the device;
    an object array (``allow_pickle``) cannot live on the device:
    TypeError."""
    obj = numpy.load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle,
                     fix_imports=fix_imports, encoding=encoding)
    if isinstance(obj, numpy.lib.npyio.NpzFile):
        return NpzFile(obj)
    if isinstance(obj, numpy.ndarray):
        return cupy.asarray(obj)
    return obj      # a pickled Python object (allow_pickle=True)
