"""A check that a routine keeps the array data on the device: the
simulator's host<->device byte counters do not move across the call."""

import contextlib


@contextlib.contextmanager
def device_only(d2h_allowed=0):
    """Assert that the block copies nothing host->device and at most
    ``d2h_allowed`` bytes device->host (a data-dependent size, such as
    nonzero's count).  No check on real CANN."""
    import cupy
    from cupy_backends.ascend import is_simulator
    if not is_simulator():
        yield
        return
    from cupy_backends.ascend import simulator
    cupy.xpu.Device().synchronize()
    before = simulator.counters()
    yield
    cupy.xpu.Device().synchronize()
    after = simulator.counters()
    h2d = after['h2d_bytes'] - before['h2d_bytes']
    d2h = after['d2h_bytes'] - before['d2h_bytes']
    assert h2d == 0, '{} bytes were copied host->device'.format(h2d)
    assert d2h <= d2h_allowed, '{} bytes were copied device->host'.format(
        d2h)


def layouts(xp, shape, dtype, writable=False):
    """Arrays of ``shape`` and ``dtype`` in several memory layouts, with
    the same values for NumPy and CuPy: C and F order, a transposed view,
    a view with a negative stride and (unless ``writable``) a broadcast
    view with a zero stride."""
    from cupy import testing
    shape = tuple(shape)
    out = [testing.shaped_arange(shape, xp, dtype),
           testing.shaped_arange(shape, xp, dtype, order='F'),
           testing.shaped_arange(shape[::-1], xp, dtype).transpose()]
    if shape:
        wide = shape[:-1] + (2 * shape[-1],)
        out.append(testing.shaped_arange(wide, xp, dtype)[..., ::-2])
        if not writable:
            row = testing.shaped_reverse_arange(shape[-1:], xp, dtype)
            out.append(xp.broadcast_to(row, shape))
    return out
