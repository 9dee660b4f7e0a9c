"""``cupy.lib`` (NumPy's ``numpy.lib`` names that CuPy has)."""

from cupy.lib import stride_tricks  # NOQA
