"""ndarray.flags (``cupy._core.flags.Flags``, as in CuPy)."""


class Flags:
    """Memory layout flags of an ndarray, read only: ``c_contiguous``,
    ``f_contiguous``, ``owndata``, ``fnc`` (F and not C), ``forc`` (F or
    C); also readable as ``flags['C_CONTIGUOUS']`` (and 'C', 'F',
    'OWNDATA' ...)."""

    __slots__ = ('_c', '_f', '_owndata')

    _keys = {
        'C_CONTIGUOUS': 'c_contiguous', 'C': 'c_contiguous',
        'CONTIGUOUS': 'c_contiguous',
        'F_CONTIGUOUS': 'f_contiguous', 'F': 'f_contiguous',
        'FORTRAN': 'f_contiguous',
        'OWNDATA': 'owndata', 'O': 'owndata',
        'FNC': 'fnc', 'FORC': 'forc',
    }

    def __init__(self, c_contiguous, f_contiguous, owndata):
        object.__setattr__(self, '_c', c_contiguous)
        object.__setattr__(self, '_f', f_contiguous)
        object.__setattr__(self, '_owndata', owndata)

    def __setattr__(self, name, value):
        raise AttributeError("attribute '{}' of flags is not writable"
                             .format(name))

    c_contiguous = property(lambda self: self._c)
    f_contiguous = property(lambda self: self._f)
    owndata = property(lambda self: self._owndata)
    fnc = property(lambda self: bool(self._f and not self._c))
    forc = property(lambda self: bool(self._f or self._c))

    def __getitem__(self, name):
        try:
            return getattr(self, self._keys[name])
        except KeyError:
            raise KeyError('unknown flag {!r}'.format(name)) from None

    def __repr__(self):
        return ('  C_CONTIGUOUS : {}\n  F_CONTIGUOUS : {}\n'
                '  OWNDATA : {}'.format(self._c, self._f, self._owndata))
