"""cupyx.seterr / geterr / errstate, as CuPy: only ``linalg`` is a
setting ('raise', the default here, or 'ignore'); device kernels do not report floating
point errors, so divide/over/under/invalid raise NotImplementedError."""

import contextlib
import threading

_local = threading.local()


def _linalg():
    # 'raise' by default: cupy.linalg raises NumPy's LinAlgError as NumPy
    # does (CuPy's default is 'ignore': it skips the checks' reads)
    return getattr(_local, 'linalg', 'raise')


def _linalg_set():
    """The ``linalg`` setting this thread chose (seterr/errstate), or None
    where it kept the default."""
    return getattr(_local, 'linalg', None)


def geterr():
    """The current settings (only ``linalg`` is ever set)."""
    return dict(divide=None, over=None, under=None, invalid=None,
                linalg=_linalg())


def seterr(*, divide=None, over=None, under=None, invalid=None,
           linalg=None):
    """Set ``linalg`` ('ignore' or 'raise'); returns the old settings."""
    for name, value in (('divide', divide), ('over', over),
                        ('under', under), ('invalid', invalid)):
        if value is not None:
            raise NotImplementedError(
                'cupyx.seterr: {}= is not supported (device kernels do not '
                'report floating point errors)'.format(name))
    old = geterr()
    if linalg is not None:
        if linalg not in ('ignore', 'raise'):
            raise ValueError(
                "linalg must be 'ignore' or 'raise' (got {!r})".format(
                    linalg))
        _local.linalg = linalg
    return old


@contextlib.contextmanager
def errstate(*, divide=None, over=None, under=None, invalid=None,
             linalg=None):
    """The settings of ``seterr`` for the duration of a ``with`` block."""
    chosen = _linalg_set()
    seterr(divide=divide, over=over, under=under, invalid=invalid,
           linalg=linalg)
    try:
        yield
    finally:
        if chosen is None:      # back to the default, not a choice of it
            _local.__dict__.pop('linalg', None)
        else:
            _local.linalg = chosen
