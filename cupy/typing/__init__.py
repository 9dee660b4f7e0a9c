"""Annotations for device arrays (CuPy's ``cupy.typing``).

``NDArray[numpy.float32]`` is ``cupy.ndarray[Any, numpy.dtype[float32]]``;
``ArrayLike`` and ``DTypeLike`` are NumPy's (what the routines accept,
device arrays included through ``ndarray``).
"""

from typing import Any, TypeVar, Union

import numpy
import numpy.typing as _npt

from cupy._core.core import ndarray

_ScalarT = TypeVar('_ScalarT', bound=numpy.generic, covariant=True)

NDArray = ndarray[Any, numpy.dtype[_ScalarT]]
ArrayLike = Union[ndarray, _npt.ArrayLike]
DTypeLike = _npt.DTypeLike
NBitBase = _npt.NBitBase

__all__ = ['ArrayLike', 'DTypeLike', 'NBitBase', 'NDArray']
