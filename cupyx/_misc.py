"""rsqrt and get_runtime_info."""

import cupy


def rsqrt(x, out=None):
    """1 / sqrt(x), elementwise, on the device."""
    r = cupy.reciprocal(cupy.sqrt(x))
    if out is None:
        return r
    cupy.copyto(out, r)
    return out


def get_runtime_info(full=True):
    """The configuration report (``cupy.show_config``'s text): backend,
    vendor library or simulator, devices; ``full`` adds the per-family
    device capabilities."""
    from cupy import _info
    return _info.config_text(capabilities=full)
