"""The array core (DESIGN.md layer 4): ndarray and the machinery routines
build on.  Backend-neutral: device work goes to the provider."""

from cupy._core.core import ndarray  # NOQA
