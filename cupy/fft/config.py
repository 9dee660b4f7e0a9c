"""FFT settings (CuPy's ``cupy.fft.config``): the plan cache.

AsdSip plans (and the tables of the composed transforms) are cached,
least recently used first out: ``get_plan_cache()`` gives the cache,
with ``get_size``/``set_size`` (plans, default 16), ``get_memsize``/
``set_memsize`` (bytes of workspaces and tables, -1: no bound),
``get_curr_size``, ``get_curr_memsize``, ``clear`` and ``show_info``.
"""

import sys
import types
import warnings

from cupy._core.fft import _routines as _r


def get_plan_cache():
    """The FFT plan cache of this process."""
    return _r.plan_cache()


def get_plan_cache_size():
    return get_plan_cache().get_size()


def set_plan_cache_size(size):
    get_plan_cache().set_size(size)


def get_plan_cache_max_memsize():
    return get_plan_cache().get_memsize()


def set_plan_cache_max_memsize(size):
    get_plan_cache().set_memsize(size)


def clear_plan_cache():
    get_plan_cache().clear()


def show_plan_cache_info():
    get_plan_cache().show_info()


class _Config(types.ModuleType):
    # CuPy 14's enable_nd_planning: deprecated (a DeprecationWarning on
    # every read and write); False makes every transform one axis at a
    # time instead of one request over 2 or 3 distinct axes
    @property
    def enable_nd_planning(self):
        warnings.warn('cupy.fft.config.enable_nd_planning is deprecated',
                      DeprecationWarning, stacklevel=2)
        return _r.nd_planning()

    @enable_nd_planning.setter
    def enable_nd_planning(self, value):
        warnings.warn('cupy.fft.config.enable_nd_planning is deprecated',
                      DeprecationWarning, stacklevel=2)
        _r.nd_planning(value)


sys.modules[__name__].__class__ = _Config
