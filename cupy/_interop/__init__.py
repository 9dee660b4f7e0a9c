"""Interoperability (issue 20): NumPy's dispatch protocols (NEP 13/18),
the array API standard's names, DLPack helpers and the serialiser that
Dask's distributed scheduler uses for our arrays."""
