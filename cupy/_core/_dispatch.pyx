# The one dispatch point of the array core (DESIGN.md, "Adding a family"):
# the only holder of the provider.  Every request of every family goes
# through run(); every "does the device run this loop" question through
# device_routes()/route(); tests hide loops of any family with hide() and
# swap the provider for everything with _set_provider().
#
# Loop keys (operations.md): an elementwise loop is its NumPy loop string
# ('ff->f', int64 written 'l'); a reduction, scan, matmul or data-movement
# loop is its loop dtype.  The route op is the ufunc name for
# 'elementwise' requests, the reduction or scan name for 'reduce'/'scan',
# else the operation's own name.

import contextlib
import threading

import numpy

from cupy_backends.backend import provider as _provider_module
from cupy_backends.backend.provider import OperationNotSupported

cdef Provider _provider = None

_lock = threading.RLock()
_hidden = {}            # route op -> None (every loop) or frozenset of keys
_device_routes = {}     # route op -> {loop key: route}, hidden ones removed
_resolvers = {}         # route op -> resolver(op, key)
_elementwise_resolver = [None]
_listeners = []
cdef list _generation = [0]


# ---------------------------------------------------------------- provider

cdef Provider provider():
    global _provider
    if _provider is None:
        _provider = _provider_module.get_provider()
    return _provider


def get_provider():
    """The provider the core runs on."""
    return provider()


def _set_provider(Provider p):
    """Run every operation on `p` (None: the backend's provider), for tests
    of the core against a reference provider.  Returns the previous one."""
    global _provider
    old = _provider
    _provider = p
    _invalidate()
    return old


cpdef run(str op, tuple outs, tuple ins, dict attrs, intptr_t stream):
    if _hidden:
        rop, key = request_key(op, outs, ins, attrs)
        if rop in _hidden and not device_has(rop, key):
            raise OperationNotSupported('{} {}: hidden'.format(rop, key))
    r = provider().run(op, outs, ins, attrs, stream)
    if _tap is not None:
        _tap(op, outs, ins, attrs, r)
    return r


cdef object _tap = None


def set_tap(tap):
    """Call `tap(op, outs, ins, attrs, result)` after every request that
    ran (the recorder of user-kernel runs, cupy/_core/_ckernel/_replay.py);
    None removes it.  Returns the previous tap."""
    global _tap
    old = _tap
    _tap = tap
    return old


# ------------------------------------------------------------------- keys

def loop_key(loop):
    """A loop as the tables write it: a loop string with int64/uint64 as
    'l'/'L' (NumPy writes both 'l' and 'q' on LP64), else a numpy.dtype."""
    if isinstance(loop, str) and '->' in loop:
        return loop.replace('q', 'l').replace('Q', 'L')
    return numpy.dtype(loop)


def request_key(str op, tuple outs, tuple ins, dict attrs):
    """(route op, loop key) of a request (see the module comment)."""
    if op == 'elementwise':
        return attrs['name'], loop_key(attrs['loop'])
    if op == 'reduce' or op == 'scan':
        return attrs['name'], numpy.dtype(attrs['dtype'])
    return op, outs[0].dtype


# ----------------------------------------------------------------- routes

def generation():
    """Changes whenever the routes seen by the core change."""
    return _generation[0]


def on_invalidate(callback):
    """Call `callback()` whenever the routes change (caches of routes and
    plans)."""
    _listeners.append(callback)


def _invalidate():
    with _lock:
        _generation[0] += 1
        _device_routes.clear()
    for cb in _listeners:
        cb()


def device_routes(str op):
    """{loop key: 'native' | 'cast' | 'composed'} of the loops of `op` the
    provider runs (its ``routes(op)``), minus the hidden ones."""
    try:
        return _device_routes[op]
    except KeyError:
        pass
    table = {loop_key(k): r for k, r in provider().routes(op).items()}
    with _lock:
        hidden = _hidden.get(op, frozenset())
        if hidden is None:
            table = {}
        elif hidden:
            table = {k: r for k, r in table.items() if k not in hidden}
        _device_routes[op] = table
    return table


def device_has(str op, loop):
    """Whether the provider runs `loop` of `op` (not hidden)."""
    return loop_key(loop) in device_routes(op)


def register_resolver(resolver, ops=None):
    """`resolver(op, key)` -> 'cast' | 'composed' | 'host' | None: the
    core's route for a loop of one of `ops` the provider does not run.
    ops=None: the elementwise names (every op whose keys are loop
    strings)."""
    if ops is None:
        _elementwise_resolver[0] = resolver
    else:
        for op in ops:
            _resolvers[op] = resolver


def route(str op, loop):
    """The route of `loop` of `op`: 'native', 'cast' or 'composed' as the
    provider runs it; for a loop it does not run, the core's capability
    path: 'cast' (a native loop on exactly converted dtypes), 'composed'
    (other operations), 'host' (NumPy, counted); None when nothing runs it
    (the call raises OperationNotSupported)."""
    key = loop_key(loop)
    found = device_routes(op).get(key)
    if found is not None:
        return found
    resolver = _resolvers.get(op)
    if resolver is None and isinstance(key, str):
        resolver = _elementwise_resolver[0]
    if resolver is None:
        return None
    return resolver(op, key)


@contextlib.contextmanager
def hide(str op, loops=None):
    """Within the block the core sees the loops of `op` (an iterable of
    loop keys; None: all of them) as missing from the provider's table, so
    the capability path runs (for tests)."""
    with _lock:
        old = _hidden.get(op, frozenset())
        if loops is None or old is None:
            new = None
        else:
            new = old | frozenset(loop_key(x) for x in loops)
        _hidden[op] = new
    _invalidate()
    try:
        yield
    finally:
        with _lock:
            if old == frozenset():
                _hidden.pop(op, None)
            else:
                _hidden[op] = old
        _invalidate()
