"""Backends of the array library: the neutral runtime API (``backend``) and
the vendor bindings (``ascend``; ``cuda`` later)."""


def get_backend_name():
    """The backend this build was made for ('ascend' or 'cuda')."""
    from cupy_backends import _build_config
    return _build_config.BACKEND
