"""The lines of ``python -m cupy info`` that name the functions of
cupyx.scipy.special and say where they run (issue 16: the report lists
them): the ufuncs by the routes of their loops (the table's "special
functions" row counts those loops), the other functions (logsumexp,
softmax, spherical_yn ...) by their declared host routes (none now)."""

import textwrap

import cupy
from cupy._core import _fallback
from cupy._core.elementwise import _capability

_INDENT = ' ' * 16
_WIDTH = 79


def _on_host(name, fn):
    """Whether any loop of ufunc `fn`, or a declared route of function
    `name`, runs on the host."""
    if isinstance(fn, cupy.ufunc):
        return any(_capability.route(fn.__name__, loop).kind == 'host'
                   for loop in fn.types)
    return any(n == name for n, _ in _fallback.declared())


def info_lines():
    import cupyx.scipy.special as cs
    names = sorted(n for n in dir(cs)
                   if not n.startswith('_') and callable(getattr(cs, n)))
    host = [n for n in names if _on_host(n, getattr(cs, n))]
    device = [n for n in names if n not in host]
    ufuncs = sum(isinstance(getattr(cs, n), cupy.ufunc) for n in names)
    out = ['special names : {} of cupyx.scipy.special ({} ufuncs): {} '
           'device, {} host'.format(len(names), ufuncs, len(device),
                                    len(host))]
    for label, group in (('device', device), ('host', host)):
        if group:
            out.extend(textwrap.wrap(
                label + ': ' + ' '.join(group), _WIDTH,
                initial_indent=_INDENT, subsequent_indent=_INDENT + '  '))
    return out
