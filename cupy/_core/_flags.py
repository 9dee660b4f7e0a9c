"""ndarray.flags."""


class Flags:
    """Memory layout flags of an ndarray (read only): ``c_contiguous``,
    ``f_contiguous``, ``owndata``; also readable as ``flags['C_CONTIGUOUS']``
    (and 'C', 'F', 'OWNDATA' ...)."""

    __slots__ = ('c_contiguous', 'f_contiguous', 'owndata')

    _keys = {
        'C_CONTIGUOUS': 'c_contiguous', 'C': 'c_contiguous',
        'CONTIGUOUS': 'c_contiguous',
        'F_CONTIGUOUS': 'f_contiguous', 'F': 'f_contiguous',
        'FORTRAN': 'f_contiguous',
        'OWNDATA': 'owndata', 'O': 'owndata',
    }

    def __init__(self, c_contiguous, f_contiguous, owndata):
        self.c_contiguous = c_contiguous
        self.f_contiguous = f_contiguous
        self.owndata = owndata

    def __getitem__(self, name):
        try:
            return getattr(self, self._keys[name])
        except KeyError:
            raise KeyError('unknown flag {!r}'.format(name)) from None

    def __repr__(self):
        return ('  C_CONTIGUOUS : {}\n  F_CONTIGUOUS : {}\n'
                '  OWNDATA : {}'.format(self.c_contiguous, self.f_contiguous,
                                        self.owndata))
