"""Versions and device facts of the runtime in use, in neutral terms
(DESIGN.md layer 2): what ``cupy.cuda.runtime.runtimeGetVersion``,
``getDeviceProperties`` and ``Device.attributes`` report.

Each backend answers for itself: ascend from what the loader found (the
CANN version string, the SoC name from ``aclrtGetSocName``) and the
neutral memory query; a backend without an answer for a fact gives
None, never a made-up CUDA value."""

import re

from cupy_backends.backend import api


def _version_number(text):
    """CUDA's encoding (major * 1000 + minor * 10) of a version string
    such as CANN's '8.0.RC3' or '8.3.0'; None when it has no numbers."""
    if not text:
        return None
    m = re.match(r'\s*(\d+)\.(\d+)', str(text))
    if m is None:
        return None
    return int(m.group(1)) * 1000 + int(m.group(2)) * 10


def runtime_facts():
    """{'backend', 'simulator', 'version_string', 'runtime_version',
    'driver_version', 'device_name'} for this process."""
    name = api.xpuBackendName()
    facts = {'backend': name, 'simulator': bool(api.xpuIsSimulator()),
             'version_string': None, 'runtime_version': None,
             'driver_version': None, 'device_name': None}
    if name == 'ascend':
        from cupy_backends import ascend
        info = ascend.runtime_info()
        if not info['simulator']:
            facts['version_string'] = info['version']
            facts['runtime_version'] = _version_number(info['version'])
            # the driver's own version is not queried (aclsysGetVersionStr
            # is not bound): CANN's toolkit version stands for both
            facts['driver_version'] = facts['runtime_version']
        else:
            facts['version_string'] = 'simulator'
        facts['device_name'] = info['soc']
    else:
        from cupy_backends import cuda as _backend_pkg
        get = getattr(_backend_pkg, 'runtime_facts', None)
        if get is not None:
            facts.update(get())
    return facts


def device_properties(device):
    """The neutral facts of one device: name, total memory, and the
    backend's own identifiers; CUDA-only fields are absent."""
    facts = runtime_facts()
    prev = api.xpuGetDevice()
    try:
        api.xpuSetDevice(device)
        free, total = api.xpuMemGetInfo()
    finally:
        api.xpuSetDevice(prev)
    name = facts['device_name'] or facts['backend']
    return {'name': name.encode() if isinstance(name, str) else name,
            'totalGlobalMem': total,
            'backend': facts['backend'],
            'simulator': facts['simulator']}
