"""NumPy-compatible arrays on Huawei Ascend NPUs, with CuPy's API.

This build provides the runtime layer: devices, streams, events, device
memory and the memory pools (``cupy.xpu``, also reachable as ``cupy.cuda``).
The array type and the NumPy routines are listed in TODO.md.
"""

import sys as _sys

from cupy import xpu  # NOQA
from cupy.xpu.memory import get_default_memory_pool  # NOQA
from cupy.xpu.pinned_memory import get_default_pinned_memory_pool  # NOQA

__version__ = '0.1.0'

# cupy.cuda is cupy.xpu, submodules included, so that ``import
# cupy.cuda.memory`` and ``from cupy.cuda import Stream`` work unchanged.
cuda = xpu
_sys.modules['cupy.cuda'] = xpu
for _name in ('device', 'memory', 'memory_pool', 'pinned_memory', 'runtime',
              'stream'):
    _sys.modules['cupy.cuda.' + _name] = getattr(xpu, _name)
del _name


def is_available():
    """True when at least one device can be used."""
    return xpu.is_available()


def show_config():
    """Print the backend, the vendor library or simulator, and devices."""
    from cupy import _info
    print(_info.config_text())
