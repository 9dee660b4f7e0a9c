"""DESIGN.md "Layers": calls run one way, down.  The array core
(cupy/_core) never imports the public API (``cupy``, ``cupy._math``,
``cupy.linalg`` ...); it may import itself, the runtime objects
(``cupy.xpu``) and the backend (``cupy_backends``).

Every .py, .pyx and .pxd file under cupy/_core is read, imports inside
functions included.
"""

import ast
import os
import re

import pytest

import cupy._core

_CORE = os.path.dirname(os.path.abspath(cupy._core.__file__))
_ALLOWED = ('cupy._core', 'cupy.xpu', 'cupy_backends')

# Cython has no ast module here: import statements are read line by line
# (one statement per line, as the code base writes them).
_CY_FROM = re.compile(r'^\s*from\s+([\w.]+)\s+c?import\s+(.+)$')
_CY_IMPORT = re.compile(r'^\s*c?import\s+(.+)$')


def _allowed(module):
    if module != 'cupy' and not module.startswith('cupy.'):
        return True             # numpy, the standard library ...
    return any(module == a or module.startswith(a + '.') for a in _ALLOWED)


def _names(text):
    """The names of ``a as b, c`` / ``(a, b)``."""
    text = text.split('#')[0].strip().strip('()\\')
    return [n.split(' as ')[0].strip() for n in text.split(',') if n.strip()]


def _modules_py(source, path):
    """(line number, line, modules) of each import in Python source."""
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:      # relative: inside the core unless it climbs
                base = 'cupy._core' if node.level == 1 else 'cupy'
                base = base + ('.' + node.module if node.module else '')
            else:
                base = node.module
            # ``from cupy import x`` imports the module cupy.x (or a name
            # of cupy itself: either way the public package)
            mods = [base + '.' + a.name if base == 'cupy' else base
                    for a in node.names]
        else:
            continue
        yield node.lineno, lines[node.lineno - 1].strip(), mods


def _modules_cython(source):
    for no, line in enumerate(source.splitlines(), 1):
        m = _CY_FROM.match(line)
        if m:
            base = m.group(1)
            mods = ([base + '.' + n for n in _names(m.group(2))]
                    if base == 'cupy' else [base])
        else:
            m = _CY_IMPORT.match(line)
            if not m:
                continue
            mods = _names(m.group(1))
        yield no, line.strip(), mods


def _core_files():
    for root, _, files in os.walk(_CORE):
        for name in sorted(files):
            if name.endswith(('.py', '.pyx', '.pxd')):
                yield os.path.join(root, name)


def upward_imports():
    """[(file relative to cupy/_core, line number, line)] of the imports
    of the public API."""
    found = []
    for path in _core_files():
        with open(path) as f:
            source = f.read()
        rows = (_modules_py(source, path) if path.endswith('.py')
                else _modules_cython(source))
        rel = os.path.relpath(path, _CORE)
        for no, line, mods in rows:
            if not all(_allowed(m) for m in mods):
                found.append((rel, no, line))
    return found


def test_core_files_found():
    names = {os.path.basename(p) for p in _core_files()}
    assert {'core.pyx', 'core.pxd', '_indexing.py'} <= names


@pytest.mark.parametrize('source, bad', [
    ('import cupy\n', True),
    ('def f():\n    import cupy\n', True),
    ('def f():\n    from cupy._math import ufuncs\n', True),
    ('from cupy import linalg\n', True),
    ('from cupy.linalg import _product\n', True),
    ('from cupy import _core\n', False),
    ('from cupy._core import core\n', False),
    ('from cupy.xpu import memory\n', False),
    ('import cupy_backends.backend.api\n', False),
    ('from . import _shape\n', False),
    ('from .. import _math\n', True),
    ('import numpy\n', False),
])
def test_detector_py(source, bad):
    rows = list(_modules_py(source, '<test>'))
    assert (not all(_allowed(m) for _, _, ms in rows for m in ms)) == bad


@pytest.mark.parametrize('source, bad', [
    ('import cupy\n', True),
    ('    def f(self):\n        import cupy\n', True),
    ('        from cupy._statistics import order\n', True),
    ('from cupy import linalg as la\n', True),
    ('from cupy.xpu.memory cimport MemoryPointer\n', False),
    ('from cupy_backends.backend cimport api\n', False),
    ('from cupy._core import _dtype\n', False),
    ('from cpython.pyport cimport PY_SSIZE_T_MAX\n', False),
])
def test_detector_cython(source, bad):
    rows = list(_modules_cython(source))
    assert (not all(_allowed(m) for _, _, ms in rows for m in ms)) == bad


def test_core_does_not_import_the_public_api():
    found = upward_imports()
    bad = ['cupy/_core/{}:{}: {}'.format(f, no, line)
           for f, no, line in found]
    assert not bad, (
        'the core imports the public API (DESIGN.md "Layers": calls run '
        'one way, down); call or move the routine into '
        'cupy/_core/_routines_<family>.py instead:\n' + '\n'.join(bad))
