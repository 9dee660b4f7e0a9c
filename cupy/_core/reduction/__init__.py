"""The reduction family of the array core (DESIGN.md layer 4): reductions
and scans, NumPy's rules, then a request through the dispatch module.

_dtypes.py           result and loop dtypes, from NumPy itself
_reduce.py           reduce / scan: the capability path, device and host
_compose.py          reductions composed of other operations
_capability_rows.py  their rows in ``python -m cupy info``
"""
