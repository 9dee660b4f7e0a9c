"""The 'elementwise' family of the ascend provider (operations.md): the
loop programs of every NumPy ufunc on aclnn operators.

_operators.py   the aclnn operators and their Atlas A2 dtype sets
_table.py       the programs of each ufunc loop, in those operators
_compile.py     checks each program against the dtype sets
_plan.pyx       compiles them into C arrays, resolving the operators
_run.pyx        runs a program: operand layout, host folding, aclnn calls
"""
