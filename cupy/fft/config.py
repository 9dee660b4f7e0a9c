"""FFT settings (CuPy's ``cupy.fft.config``): the plan cache.

AsdSip plans (and the tables of the composed transforms) are cached,
least recently used first out: ``get_plan_cache()`` gives the cache,
with ``get_size``/``set_size`` (plans, default 16), ``get_memsize``/
``set_memsize`` (bytes of workspaces and tables, -1: no bound),
``get_curr_size``, ``get_curr_memsize``, ``clear`` and ``show_info``.
"""

from cupy._core.fft import _routines as _r

# CuPy's switch; the provider always plans 2-D and 3-D transforms whole.
enable_nd_planning = True


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
