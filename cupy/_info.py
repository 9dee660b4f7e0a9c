"""The configuration report of ``cupy.show_config()`` / ``python -m cupy info``."""

import importlib
import platform

import numpy


def config_text(capabilities=True):
    import cupy
    from cupy_backends import get_backend_name
    lines = [
        'cupy          : {}'.format(cupy.__version__),
        'backend       : {}'.format(get_backend_name()),
        'numpy         : {}'.format(numpy.__version__),
        'python        : {}'.format(platform.python_version()),
    ]
    if get_backend_name() == 'ascend':
        from cupy_backends.ascend import runtime_info
        info = runtime_info()
        if info['simulator']:
            lines.append('CANN          : bundled simulator (no CANN found '
                         'or CUPY_ASCEND_SIMULATOR=1)')
        else:
            lines.append('CANN          : {}'.format(info['version']))
        lines.append('libraries     : {}'.format(', '.join(info['libraries'])))
        lines.append('SoC           : {}'.format(info['soc']))
    n = cupy.xpu.runtime.getDeviceCount()
    lines.append('devices       : {}'.format(n))
    for i in range(n):
        free, total = cupy.xpu.Device(i).mem_info
        lines.append('  device {}    : {:.1f} GiB total, {:.1f} GiB free'.format(
            i, total / 2**30, free / 2**30))
    if capabilities:
        lines.append('')
        lines.extend(capability_lines())
    return '\n'.join(lines)


def capability_lines():
    """Per operation family, how many dtype loops run natively on the
    device, through an exact cast to a native loop, by composition of
    native operations, and on the host (DESIGN.md, capability rules)."""
    from cupy._core.elementwise import _capability
    from cupy._core import _fallback
    try:
        # its ufuncs register their loops when imported (needs SciPy)
        import cupyx.scipy.special  # NOQA
    except ImportError:
        pass
    summary = _capability.capability_summary()
    out = ['dtype loops   : {:<24} {:>7} {:>6} {:>9} {:>6}'.format(
        'family', 'native', 'cast', 'composed', 'host')]
    total = dict.fromkeys(('native', 'cast', 'composed', 'host'), 0)
    for family in sorted(summary):
        row = summary[family]
        for k in total:
            total[k] += row[k]
        out.append('                {:<24} {:>7} {:>6} {:>9} {:>6}'.format(
            family, row['native'], row['cast'], row['composed'], row['host']))
    out.append('                {:<24} {:>7} {:>6} {:>9} {:>6}'.format(
        'all', total['native'], total['cast'], total['composed'],
        total['host']))
    out.extend(_special_lines())
    out.extend(_linalg_lines())
    out.append('host fallback : CUPY_HOST_FALLBACK={} ({} so far)'.format(
        _fallback.mode(), sum(_fallback.fallback_counts().values())))
    out.extend(_host_route_lines())
    return out


def _special_lines():
    # the names of cupyx.scipy.special and where they run (issue 16)
    try:
        from cupyx.scipy.special import _info
    except ImportError:     # SciPy missing
        return []
    return _info.info_lines()


def _host_route_lines():
    # cupyx routes with no device algorithm (they declare themselves on
    # import; counted like every fallback when they run)
    for module in ('cupyx.scipy.spatial', 'cupyx.scipy.signal',
                   'cupyx.scipy.interpolate', 'cupyx.scipy.ndimage',
                   'cupyx.scipy.special'):
        try:
            importlib.import_module(module)
        except ImportError:     # SciPy missing: those modules need it
            pass
    from cupy._core import _fallback
    return ['host route    : {} ({}): {}'.format(name, loop, why)
            for (name, loop), why in sorted(_fallback.declared().items())]


def _linalg_lines():
    # issue 13: each linalg operation's route per loop dtype (native: a
    # device operator; composed: device operations; host: the counted
    # fallback)
    from cupy._core import _dispatch
    from cupy._core import _routines_decomp
    out = ['linalg routes : {:<24} {:>9} {:>9} {:>9} {:>9}'.format(
        'operation', 'float32', 'float64', 'complex64', 'complex128')]
    for op in _routines_decomp.OPERATIONS + ('matmul',):
        out.append('                {:<24} {:>9} {:>9} {:>9} {:>9}'.format(
            op, *(_dispatch.route(op, c) for c in 'fdFD')))
    return out
