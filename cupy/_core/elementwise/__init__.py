"""The elementwise family of the array core (DESIGN.md layer 4): NumPy's
ufuncs and the extra elementwise names of operations.md.

_ufunc.pyx          the ufunc objects' calls: NumPy's dtype resolution,
                    broadcasting, out= and where=
_ufunc_methods.py   reduce, accumulate, outer, at
_capability.py      the route of each loop (device, exact cast,
                    composition, host) and the summary of
                    ``python -m cupy info``
_compose.py         loops composed of other elementwise operations
_run.pyx            runs a loop on its route
"""
