"""Mathematical functions: the ufuncs (ufuncs.py) and the elementwise
routines built on them (misc.py)."""
