"""The configuration report of ``cupy.show_config()`` / ``python -m cupy info``."""

import platform

import numpy


def config_text():
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
    return '\n'.join(lines)
