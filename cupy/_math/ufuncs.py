"""The ufuncs under NumPy's names and aliases (``cupy.add`` ...).  The
objects belong to the array core: cupy/_core/_routines_ufuncs.py."""

from cupy._core._routines_ufuncs import *  # NOQA
