"""NumPy-compatible arrays on Huawei Ascend NPUs, with CuPy's API.

``cupy.xpu`` (also reachable as ``cupy.cuda``) holds the runtime objects:
devices, streams, events, memory and the memory pools.  What is not there
yet is listed in TODO.md.
"""

import sys as _sys

import numpy as _numpy

from cupy import xpu  # NOQA
from cupy import exceptions  # NOQA
from cupy import testing  # NOQA
from cupy.xpu.memory import get_default_memory_pool  # NOQA
from cupy.xpu.pinned_memory import get_default_pinned_memory_pool  # NOQA

from cupy._core import ndarray  # NOQA

# --- creation: from data
from cupy._creation.from_data import array  # NOQA
from cupy._creation.from_data import asanyarray  # NOQA
from cupy._creation.from_data import asarray  # NOQA
from cupy._creation.from_data import ascontiguousarray  # NOQA
from cupy._creation.from_data import asfortranarray  # NOQA
from cupy._creation.from_data import asnumpy  # NOQA
from cupy._creation.from_data import copy  # NOQA
from cupy._creation.from_data import get_array_module  # NOQA

# --- creation: basic
from cupy._creation.basic import empty  # NOQA
from cupy._creation.basic import empty_like  # NOQA
from cupy._creation.basic import full  # NOQA
from cupy._creation.basic import full_like  # NOQA
from cupy._creation.basic import ones  # NOQA
from cupy._creation.basic import ones_like  # NOQA
from cupy._creation.basic import zeros  # NOQA
from cupy._creation.basic import zeros_like  # NOQA

# --- routines (creation, manipulation, indexing)
from cupy._creation.ranges import arange  # NOQA
from cupy._creation.ranges import linspace  # NOQA
from cupy._creation.ranges import meshgrid  # NOQA
from cupy._creation.matrix import diag  # NOQA
from cupy._creation.matrix import diagflat  # NOQA
from cupy._creation.matrix import eye  # NOQA
from cupy._creation.matrix import identity  # NOQA
from cupy._creation.matrix import tri  # NOQA
from cupy._creation.matrix import tril  # NOQA
from cupy._creation.matrix import triu  # NOQA

from cupy._manipulation.basic import copyto  # NOQA
from cupy._manipulation.shape import ndim  # NOQA
from cupy._manipulation.shape import ravel  # NOQA
from cupy._manipulation.shape import reshape  # NOQA
from cupy._manipulation.shape import shape  # NOQA
from cupy._manipulation.shape import size  # NOQA
from cupy._manipulation.transpose import matrix_transpose  # NOQA
from cupy._manipulation.transpose import moveaxis  # NOQA
from cupy._manipulation.transpose import permute_dims  # NOQA
from cupy._manipulation.transpose import rollaxis  # NOQA
from cupy._manipulation.transpose import swapaxes  # NOQA
from cupy._manipulation.transpose import transpose  # NOQA
from cupy._manipulation.dims import atleast_1d  # NOQA
from cupy._manipulation.dims import atleast_2d  # NOQA
from cupy._manipulation.dims import atleast_3d  # NOQA
from cupy._manipulation.dims import broadcast  # NOQA
from cupy._manipulation.dims import broadcast_arrays  # NOQA
from cupy._manipulation.dims import broadcast_shapes  # NOQA
from cupy._manipulation.dims import broadcast_to  # NOQA
from cupy._manipulation.dims import expand_dims  # NOQA
from cupy._manipulation.dims import squeeze  # NOQA
from cupy._manipulation.join import column_stack  # NOQA
from cupy._manipulation.join import concatenate  # NOQA
from cupy._manipulation.join import dstack  # NOQA
from cupy._manipulation.join import hstack  # NOQA
from cupy._manipulation.join import row_stack  # NOQA
from cupy._manipulation.join import stack  # NOQA
from cupy._manipulation.join import vstack  # NOQA
from cupy._manipulation.split import array_split  # NOQA
from cupy._manipulation.split import dsplit  # NOQA
from cupy._manipulation.split import hsplit  # NOQA
from cupy._manipulation.split import split  # NOQA
from cupy._manipulation.split import unstack  # NOQA
from cupy._manipulation.split import vsplit  # NOQA
from cupy._manipulation.tiling import repeat  # NOQA
from cupy._manipulation.tiling import tile  # NOQA
from cupy._manipulation.rearrange import flip  # NOQA
from cupy._manipulation.rearrange import fliplr  # NOQA
from cupy._manipulation.rearrange import flipud  # NOQA
from cupy._manipulation.rearrange import roll  # NOQA
from cupy._manipulation.rearrange import rot90  # NOQA
from cupy._manipulation.add_remove import append  # NOQA
from cupy._manipulation.add_remove import delete  # NOQA
from cupy._manipulation.add_remove import insert  # NOQA
from cupy._manipulation.add_remove import resize  # NOQA
from cupy._manipulation.add_remove import trim_zeros  # NOQA
from cupy._padding.pad import pad  # NOQA

from cupy._indexing.generate import diag_indices  # NOQA
from cupy._indexing.generate import diag_indices_from  # NOQA
from cupy._indexing.generate import indices  # NOQA
from cupy._indexing.generate import ix_  # NOQA
from cupy._indexing.generate import mask_indices  # NOQA
from cupy._indexing.generate import tril_indices  # NOQA
from cupy._indexing.generate import tril_indices_from  # NOQA
from cupy._indexing.generate import triu_indices  # NOQA
from cupy._indexing.generate import triu_indices_from  # NOQA
from cupy._indexing.indexing import choose  # NOQA
from cupy._indexing.indexing import compress  # NOQA
from cupy._indexing.indexing import diagonal  # NOQA
from cupy._indexing.indexing import extract  # NOQA
from cupy._indexing.indexing import take  # NOQA
from cupy._indexing.indexing import take_along_axis  # NOQA
from cupy._indexing.insert import fill_diagonal  # NOQA
from cupy._indexing.insert import place  # NOQA
from cupy._indexing.insert import put  # NOQA
from cupy._indexing.insert import put_along_axis  # NOQA
from cupy._indexing.insert import putmask  # NOQA
from cupy._sorting.search import argwhere  # NOQA
from cupy._sorting.search import flatnonzero  # NOQA
from cupy._sorting.search import nonzero  # NOQA
from cupy._sorting.search import where  # NOQA

# --- NumPy's scalar types and constants, as CuPy exposes them
from numpy import (  # NOQA
    bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
    float16, float32, float64, complex64, complex128, intp, uintp,
    byte, short, intc, int_, longlong, ubyte, ushort, uintc, uint, ulonglong,
    half, single, double, csingle, cdouble, dtype, generic, number,
    integer, signedinteger, unsignedinteger, inexact, floating,
    complexfloating, e, pi, inf, nan, newaxis, finfo, iinfo, can_cast,
    result_type, promote_types, min_scalar_type, issubdtype,
)
bool = bool_  # NOQA: CuPy exposes cupy.bool like numpy.bool

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
