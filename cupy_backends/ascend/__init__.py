"""CANN bindings (Huawei Ascend).  CANN is loaded at run time; where it is
absent the bundled CANN simulator is used (see README.md)."""

from cupy_backends.ascend._errors import AclError  # NOQA
from cupy_backends.ascend._errors import OperatorNotFoundError  # NOQA
from cupy_backends.ascend._errors import error_name  # NOQA


def runtime_info():
    """What was loaded: a dict with 'simulator' (bool), 'version' (the CANN
    version, or 'simulator'), 'libraries' and 'soc'."""
    from cupy_backends.ascend import _acl
    return _acl.runtime_info()


def is_simulator():
    """True when the bundled CANN simulator is in use (False in a build
    for another backend, which has neither CANN nor the simulator)."""
    from cupy_backends import get_backend_name
    if get_backend_name() != 'ascend':
        return False
    return runtime_info()['simulator']
