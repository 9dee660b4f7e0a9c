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
from cupy._creation.ranges import geomspace  # NOQA
from cupy._creation.ranges import linspace  # NOQA
from cupy._creation.ranges import logspace  # NOQA
from cupy._creation.ranges import meshgrid  # NOQA
from cupy._creation.matrix import diag  # NOQA
from cupy._creation.matrix import diagflat  # NOQA
from cupy._creation.matrix import eye  # NOQA
from cupy._creation.matrix import identity  # NOQA
from cupy._creation.matrix import tri  # NOQA
from cupy._creation.matrix import tril  # NOQA
from cupy._creation.matrix import triu  # NOQA
from cupy._creation.matrix import vander  # NOQA

from cupy._manipulation.basic import copyto  # NOQA
from cupy._manipulation.kind import asarray_chkfinite  # NOQA
from cupy._manipulation.kind import require  # NOQA
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
from cupy._indexing.generate import ravel_multi_index  # NOQA
from cupy._indexing.generate import tril_indices  # NOQA
from cupy._indexing.generate import tril_indices_from  # NOQA
from cupy._indexing.generate import triu_indices  # NOQA
from cupy._indexing.generate import triu_indices_from  # NOQA
from cupy._indexing.generate import c_  # NOQA
from cupy._indexing.generate import r_  # NOQA
from cupy._indexing.generate import unravel_index  # NOQA
from cupy._indexing.indexing import choose  # NOQA
from cupy._indexing.indexing import compress  # NOQA
from cupy._indexing.indexing import diagonal  # NOQA
from cupy._indexing.indexing import extract  # NOQA
from cupy._indexing.indexing import select  # NOQA
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
from cupy._sorting.search import searchsorted  # NOQA
from cupy._sorting.search import where  # NOQA
from cupy._sorting.search import digitize  # NOQA
from cupy._sorting.sort import argpartition  # NOQA
from cupy._sorting.sort import argsort  # NOQA
from cupy._sorting.sort import lexsort  # NOQA
from cupy._sorting.sort import msort  # NOQA
from cupy._sorting.sort import partition  # NOQA
from cupy._sorting.sort import sort  # NOQA
from cupy._sorting.sort import sort_complex  # NOQA
from cupy._sorting.sets import intersect1d  # NOQA
from cupy._sorting.sets import setdiff1d  # NOQA
from cupy._sorting.sets import setxor1d  # NOQA
from cupy._sorting.sets import union1d  # NOQA
from cupy._sorting.sets import unique  # NOQA
from cupy._sorting.sets import unique_all  # NOQA
from cupy._sorting.sets import unique_counts  # NOQA
from cupy._sorting.sets import unique_inverse  # NOQA
from cupy._sorting.sets import unique_values  # NOQA

# --- ufuncs and elementwise routines
from cupy._core.elementwise._ufunc import ufunc  # NOQA
from cupy._core._fallback import PerformanceWarning  # NOQA
# {(operation, loop or dtype): count} of host fallbacks so far (DESIGN.md)
from cupy._core._fallback import fallback_counts as get_host_fallback_counts  # NOQA
from cupy._math.ufuncs import abs  # NOQA
from cupy._math.ufuncs import absolute  # NOQA
from cupy._math.ufuncs import acos  # NOQA
from cupy._math.ufuncs import acosh  # NOQA
from cupy._math.ufuncs import add  # NOQA
from cupy._math.ufuncs import arccos  # NOQA
from cupy._math.ufuncs import arccosh  # NOQA
from cupy._math.ufuncs import arcsin  # NOQA
from cupy._math.ufuncs import arcsinh  # NOQA
from cupy._math.ufuncs import arctan  # NOQA
from cupy._math.ufuncs import arctan2  # NOQA
from cupy._math.ufuncs import arctanh  # NOQA
from cupy._math.ufuncs import asin  # NOQA
from cupy._math.ufuncs import asinh  # NOQA
from cupy._math.ufuncs import atan  # NOQA
from cupy._math.ufuncs import atan2  # NOQA
from cupy._math.ufuncs import atanh  # NOQA
from cupy._math.ufuncs import bitwise_and  # NOQA
from cupy._math.ufuncs import bitwise_count  # NOQA
from cupy._math.ufuncs import bitwise_invert  # NOQA
from cupy._math.ufuncs import bitwise_left_shift  # NOQA
from cupy._math.ufuncs import bitwise_not  # NOQA
from cupy._math.ufuncs import bitwise_or  # NOQA
from cupy._math.ufuncs import bitwise_right_shift  # NOQA
from cupy._math.ufuncs import bitwise_xor  # NOQA
from cupy._math.ufuncs import cbrt  # NOQA
from cupy._math.ufuncs import ceil  # NOQA
from cupy._math.ufuncs import conj  # NOQA
from cupy._math.ufuncs import conjugate  # NOQA
from cupy._math.ufuncs import copysign  # NOQA
from cupy._math.ufuncs import cos  # NOQA
from cupy._math.ufuncs import cosh  # NOQA
from cupy._math.ufuncs import deg2rad  # NOQA
from cupy._math.ufuncs import degrees  # NOQA
from cupy._math.ufuncs import divide  # NOQA
from cupy._math.ufuncs import divmod  # NOQA
from cupy._math.ufuncs import equal  # NOQA
from cupy._math.ufuncs import exp  # NOQA
from cupy._math.ufuncs import exp2  # NOQA
from cupy._math.ufuncs import expm1  # NOQA
from cupy._math.ufuncs import fabs  # NOQA
from cupy._math.ufuncs import float_power  # NOQA
from cupy._math.ufuncs import floor  # NOQA
from cupy._math.ufuncs import floor_divide  # NOQA
from cupy._math.ufuncs import fmax  # NOQA
from cupy._math.ufuncs import fmin  # NOQA
from cupy._math.ufuncs import fmod  # NOQA
from cupy._math.ufuncs import frexp  # NOQA
from cupy._math.ufuncs import gcd  # NOQA
from cupy._math.ufuncs import greater  # NOQA
from cupy._math.ufuncs import greater_equal  # NOQA
from cupy._math.ufuncs import heaviside  # NOQA
from cupy._math.ufuncs import hypot  # NOQA
from cupy._math.ufuncs import invert  # NOQA
from cupy._math.ufuncs import isfinite  # NOQA
from cupy._math.ufuncs import isinf  # NOQA
from cupy._math.ufuncs import isnan  # NOQA
from cupy._math.ufuncs import lcm  # NOQA
from cupy._math.ufuncs import ldexp  # NOQA
from cupy._math.ufuncs import left_shift  # NOQA
from cupy._math.ufuncs import less  # NOQA
from cupy._math.ufuncs import less_equal  # NOQA
from cupy._math.ufuncs import log  # NOQA
from cupy._math.ufuncs import log10  # NOQA
from cupy._math.ufuncs import log1p  # NOQA
from cupy._math.ufuncs import log2  # NOQA
from cupy._math.ufuncs import logaddexp  # NOQA
from cupy._math.ufuncs import logaddexp2  # NOQA
from cupy._math.ufuncs import logical_and  # NOQA
from cupy._math.ufuncs import logical_not  # NOQA
from cupy._math.ufuncs import logical_or  # NOQA
from cupy._math.ufuncs import logical_xor  # NOQA
from cupy._math.ufuncs import maximum  # NOQA
from cupy._math.ufuncs import minimum  # NOQA
from cupy._math.ufuncs import mod  # NOQA
from cupy._math.ufuncs import modf  # NOQA
from cupy._math.ufuncs import multiply  # NOQA
from cupy._math.ufuncs import negative  # NOQA
from cupy._math.ufuncs import nextafter  # NOQA
from cupy._math.ufuncs import not_equal  # NOQA
from cupy._math.ufuncs import positive  # NOQA
from cupy._math.ufuncs import pow  # NOQA
from cupy._math.ufuncs import power  # NOQA
from cupy._math.ufuncs import rad2deg  # NOQA
from cupy._math.ufuncs import radians  # NOQA
from cupy._math.ufuncs import reciprocal  # NOQA
from cupy._math.ufuncs import remainder  # NOQA
from cupy._math.ufuncs import right_shift  # NOQA
from cupy._math.ufuncs import rint  # NOQA
from cupy._math.ufuncs import sign  # NOQA
from cupy._math.ufuncs import signbit  # NOQA
from cupy._math.ufuncs import sin  # NOQA
from cupy._math.ufuncs import sinh  # NOQA
from cupy._math.ufuncs import spacing  # NOQA
from cupy._math.ufuncs import sqrt  # NOQA
from cupy._math.ufuncs import square  # NOQA
from cupy._math.ufuncs import subtract  # NOQA
from cupy._math.ufuncs import tan  # NOQA
from cupy._math.ufuncs import tanh  # NOQA
from cupy._math.ufuncs import true_divide  # NOQA
from cupy._math.ufuncs import trunc  # NOQA
from cupy._math.misc import angle  # NOQA
from cupy._math.misc import around  # NOQA
from cupy._math.misc import clip  # NOQA
from cupy._math.misc import i0  # NOQA
from cupy._math.misc import imag  # NOQA
from cupy._math.misc import nan_to_num  # NOQA
from cupy._math.misc import real  # NOQA
from cupy._math.misc import round  # NOQA
from cupy._math.misc import round_  # NOQA
from cupy._math.misc import sinc  # NOQA
from cupy._math.misc import fix  # NOQA
from cupy._math.misc import real_if_close  # NOQA
from cupy._math.convolution import convolve  # NOQA
from cupy._math.differences import diff  # NOQA
from cupy._math.differences import ediff1d  # NOQA
from cupy._math.differences import gradient  # NOQA
from cupy._math.differences import trapezoid  # NOQA
from cupy._math.differences import trapz  # NOQA
from cupy._math.differences import unwrap  # NOQA

# --- reductions, statistics, linear algebra
from cupy._math.sumprod import cumprod  # NOQA
from cupy._math.sumprod import cumsum  # NOQA
from cupy._math.sumprod import cumulative_prod  # NOQA
from cupy._math.sumprod import cumulative_sum  # NOQA
from cupy._math.sumprod import nancumprod  # NOQA
from cupy._math.sumprod import nancumsum  # NOQA
from cupy._math.sumprod import nanprod  # NOQA
from cupy._math.sumprod import nansum  # NOQA
from cupy._math.sumprod import prod  # NOQA
from cupy._math.sumprod import sum  # NOQA
from cupy._statistics.order import amax  # NOQA
from cupy._statistics.order import amin  # NOQA
from cupy._statistics.order import nanmax  # NOQA
from cupy._statistics.order import nanmin  # NOQA
from cupy._statistics.order import ptp  # NOQA
from cupy._statistics.order import median  # NOQA
from cupy._statistics.order import nanmedian  # NOQA
from cupy._statistics.order import nanpercentile  # NOQA
from cupy._statistics.order import nanquantile  # NOQA
from cupy._statistics.order import percentile  # NOQA
from cupy._statistics.order import quantile  # NOQA
from cupy._statistics.histogram import bincount  # NOQA
from cupy._statistics.histogram import histogram  # NOQA
from cupy._statistics.histogram import histogram2d  # NOQA
from cupy._statistics.histogram import histogram_bin_edges  # NOQA
from cupy._statistics.histogram import histogramdd  # NOQA
from cupy._statistics.correlation import corrcoef  # NOQA
from cupy._statistics.correlation import correlate  # NOQA
from cupy._statistics.correlation import cov  # NOQA
from cupy._statistics.order import amax as max  # NOQA
from cupy._statistics.order import amin as min  # NOQA
from cupy._statistics.meanvar import average  # NOQA
from cupy._statistics.meanvar import mean  # NOQA
from cupy._statistics.meanvar import nanmean  # NOQA
from cupy._statistics.meanvar import nanstd  # NOQA
from cupy._statistics.meanvar import nanvar  # NOQA
from cupy._statistics.meanvar import std  # NOQA
from cupy._statistics.meanvar import var  # NOQA
from cupy._logic.truth import all  # NOQA
from cupy._logic.truth import any  # NOQA
from cupy._logic.truth import in1d  # NOQA
from cupy._logic.truth import isin  # NOQA
from cupy._logic.content import isneginf  # NOQA
from cupy._logic.content import isposinf  # NOQA
from cupy._logic.comparison import allclose  # NOQA
from cupy._logic.comparison import array_equal  # NOQA
from cupy._logic.comparison import array_equiv  # NOQA
from cupy._logic.comparison import isclose  # NOQA
from cupy._logic.type_testing import iscomplex  # NOQA
from cupy._logic.type_testing import iscomplexobj  # NOQA
from cupy._logic.type_testing import isfortran  # NOQA
from cupy._logic.type_testing import isreal  # NOQA
from cupy._logic.type_testing import isrealobj  # NOQA
from cupy._logic.type_testing import isscalar  # NOQA
from cupy._sorting.argextrema import argmax  # NOQA
from cupy._sorting.argextrema import argmin  # NOQA
from cupy._sorting.argextrema import nanargmax  # NOQA
from cupy._sorting.argextrema import nanargmin  # NOQA
from cupy._sorting.count import count_nonzero  # NOQA
from cupy import linalg  # NOQA
from cupy.linalg._einsum import einsum  # NOQA
from cupy._core._routines_product import trace  # NOQA
from cupy.linalg._product import cross  # NOQA
from cupy.linalg._product import dot  # NOQA
from cupy.linalg._product import inner  # NOQA
from cupy.linalg._product import kron  # NOQA
from cupy.linalg._product import matmul  # NOQA
from cupy.linalg._product import outer  # NOQA
from cupy.linalg._product import tensordot  # NOQA
from cupy.linalg._product import vdot  # NOQA
from cupy._core.reduction import _capability_rows  # NOQA: info rows
from cupy import random  # NOQA

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
for _name in ('cub', 'cutensor', 'device', 'memory', 'memory_pool', 'pinned_memory', 'runtime',
              'stream'):
    _sys.modules['cupy.cuda.' + _name] = getattr(xpu, _name)
del _name


def is_available():
    """True when at least one device can be used."""
    return xpu.is_available()


def show_config(*, _full=False):
    """Print the backend, the vendor library or simulator, and devices
    (``_full``: also the per-family device capabilities), as one write of
    ``cupyx.get_runtime_info``'s text (CuPy's form)."""
    from cupy import _info
    _sys.stdout.write(str(_info.config_text(capabilities=_full)))
from cupy import fft  # NOQA


# NumPy's everyday helpers (issue 14)
from cupy import typing  # NOQA
from cupy import lib  # NOQA
from cupy.exceptions import AxisError  # NOQA
from cupy.exceptions import ComplexWarning  # NOQA
from cupy.exceptions import ModuleDeprecationWarning  # NOQA
from cupy.exceptions import RankWarning  # NOQA
from cupy.exceptions import TooHardError  # NOQA
from cupy.exceptions import VisibleDeprecationWarning  # NOQA
from cupy._core._flatiter import flatiter  # NOQA
from cupy._indexing.iterate import index_exp  # NOQA
from cupy._indexing.iterate import ndenumerate  # NOQA
from cupy._indexing.iterate import ndindex  # NOQA
from cupy._indexing.iterate import s_  # NOQA
from cupy._misc.memory_ranges import byte_bounds  # NOQA
from cupy._misc.memory_ranges import may_share_memory  # NOQA
from cupy._misc.memory_ranges import shares_memory  # NOQA
from cupy._misc.type_helpers import common_type  # NOQA
from cupy._misc.type_helpers import iterable  # NOQA
from cupy._misc.type_helpers import mintypecode  # NOQA
from cupy._misc.type_helpers import typename  # NOQA
# repr/str of a device array print its host copy with NumPy, so NumPy's
# print options are the ones honoured (CuPy shares them the same way)
from numpy import get_printoptions  # NOQA
from numpy import printoptions  # NOQA
from numpy import set_printoptions  # NOQA
from numpy import euler_gamma  # NOQA
from numpy import long  # NOQA
from numpy import ulong  # NOQA
from cupy._binary.packing import packbits  # NOQA
from cupy._binary.packing import unpackbits  # NOQA
from cupy._creation.grids import mgrid  # NOQA
from cupy._creation.grids import ogrid  # NOQA
from cupy._math.interp import interp  # NOQA
from cupy._math.window import bartlett  # NOQA
from cupy._math.window import blackman  # NOQA
from cupy._math.window import hamming  # NOQA
from cupy._math.window import hanning  # NOQA
from cupy._math.window import kaiser  # NOQA
from cupy._io.npz import save  # NOQA
from cupy._io.npz import savez  # NOQA
from cupy._io.npz import savez_compressed  # NOQA
from cupy._io.npz import load  # NOQA
from cupy._io.text import loadtxt  # NOQA
from cupy._io.text import genfromtxt  # NOQA
from cupy._io.text import savetxt  # NOQA
from cupy._io.text import fromfile  # NOQA
from cupy._io.text import frombuffer  # NOQA
from cupy._io.text import fromstring  # NOQA
from cupy._io.text import fromiter  # NOQA
from cupy._io.text import fromfunction  # NOQA
from cupy._io.formatting import array2string  # NOQA
from cupy._io.formatting import array_repr  # NOQA
from cupy._io.formatting import array_str  # NOQA
from cupy._io.formatting import base_repr  # NOQA
from cupy._io.formatting import binary_repr  # NOQA
from cupy._io.formatting import format_float_positional  # NOQA
from cupy._io.formatting import format_float_scientific  # NOQA
from cupy._functional.piecewise import piecewise  # NOQA
from cupy._functional.apply import apply_along_axis  # NOQA
from cupy._functional.apply import apply_over_axes  # NOQA
from cupy._functional.vectorize import vectorize  # NOQA
from cupy._poly.routines import polyval  # NOQA
from cupy._poly.routines import polyadd  # NOQA
from cupy._poly.routines import polysub  # NOQA
from cupy._poly.routines import polymul  # NOQA
from cupy._poly.routines import polyder  # NOQA
from cupy._poly.routines import polyint  # NOQA

# User kernels (issue 18): translated into device programs on ascend
from cupy._core._kernel_elementwise import ElementwiseKernel  # NOQA
from cupy._core._kernel_reduction import ReductionKernel  # NOQA
from cupy._core._kernel_raw import RawKernel  # NOQA
from cupy._core._kernel_raw import RawModule  # NOQA

# Interoperability (issue 20): the array API standard's names, DLPack
from cupy._interop._array_api import __array_api_version__  # NOQA
from cupy._interop._array_api import astype  # NOQA
from cupy._interop._array_api import concat  # NOQA
from cupy._interop._array_api import isdtype  # NOQA
from cupy._interop._array_api_info import __array_namespace_info__  # NOQA
from cupy.linalg import vecdot  # NOQA
from cupy._core.dlpack import from_dlpack  # NOQA
from cupy._core.dlpack import fromDlpack  # NOQA
from cupy._interop import _distributed as _interop_distributed  # NOQA
_interop_distributed.install()
# issue 14 (surface): polynomials, fuse, polynomial package
from cupy._poly.routines import polydiv  # NOQA
from cupy._poly.routines import poly  # NOQA
from cupy._poly.routines import roots  # NOQA
from cupy._poly.routines import polyfit  # NOQA
from cupy._poly.poly1d import poly1d  # NOQA
from cupy._functional.fuse import fuse  # NOQA
from cupy import polynomial  # NOQA
from cupy import _util  # NOQA
for _name in ('driver', 'memory_hook', 'memory_hooks',
              'memory_hooks.debug_print', 'memory_hooks.line_profile',
              'nvtx', 'profiler', 'compiler', 'texture',
              '_compiler_cache'):
    _sys.modules['cupy.cuda.' + _name] = _sys.modules['cupy.xpu.' + _name]
del _name
# CUDA's texture enumerations on cupy.cuda.runtime where the backend's
# runtime does not define them (issue 18)
for _name, _value in xpu.texture.ENUMS.items():
    if not hasattr(xpu.runtime, _name):
        setattr(xpu.runtime, _name, _value)
del _name, _value
