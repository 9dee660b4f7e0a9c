"""CuPy's accelerator switches (``cupy._core._accelerator``).

CuPy lets routines and reductions be routed through CUB or cuTENSOR.  Both
are CUDA libraries that this package does not use: the switches are kept
so that code setting them runs, and an empty list (the default) is the
only routing there is.  Names other than the known ones are rejected as
CuPy rejects them.
"""

ACCELERATOR_CUB = 1
ACCELERATOR_CUTENSOR = 2
ACCELERATOR_CUTLASS = 3

_NAMES = {'cub': ACCELERATOR_CUB, 'cutensor': ACCELERATOR_CUTENSOR,
          'cutlass': ACCELERATOR_CUTLASS}

_routine_accelerators = []
_reduction_accelerators = []


def _parse(accelerators):
    result = []
    for name in accelerators:
        if isinstance(name, int) and name in _NAMES.values():
            result.append(name)
            continue
        try:
            result.append(_NAMES[name])
        except (KeyError, TypeError):
            raise ValueError('Unknown accelerator: {!r}'.format(name))
    return result


def set_routine_accelerators(accelerators):
    global _routine_accelerators
    _routine_accelerators = _parse(accelerators)


def get_routine_accelerators():
    return list(_routine_accelerators)


def set_reduction_accelerators(accelerators):
    global _reduction_accelerators
    _reduction_accelerators = _parse(accelerators)


def get_reduction_accelerators():
    return list(_reduction_accelerators)
