# Devices (CuPy's cupy.cuda.Device API, on the neutral runtime).

import threading

from cupy_backends.backend cimport api

cdef object _tls = threading.local()


cdef list _prev_devices():
    cdef list stack
    try:
        return _tls.stack
    except AttributeError:
        stack = []
        _tls.stack = stack
        return stack


cpdef int get_device_id() except -1:
    """The id of the current device of this host thread."""
    return api.xpuGetDevice()


cdef class Device:
    """A device.  ``Device()`` is the current device; ``with Device(i):``
    makes device i current on this thread and restores the previous one on
    exit; ``use()`` makes it current.

    Args:
        device (int or None): the device id; None means the current device.
    """

    def __init__(self, device=None):
        cdef int n
        if device is None:
            self.id = api.xpuGetDevice()
        else:
            device = int(device)
            n = api.xpuGetDeviceCount()
            if device < 0 or device >= n:
                raise ValueError(
                    'Invalid device id {}: this machine has {} device(s) '
                    '(0 to {})'.format(device, n, n - 1))
            self.id = device

    def __int__(self):
        return self.id

    def __index__(self):
        return self.id

    def __repr__(self):
        return '<{} Device {}>'.format(api.xpuBackendName().upper(), self.id)

    def __eq__(self, other):
        if isinstance(other, Device):
            return self.id == (<Device>other).id
        return NotImplemented

    def __hash__(self):
        return hash(('Device', self.id))

    def __enter__(self):
        # The previous device goes on this thread's stack: one Device object
        # may be entered by several threads at once.
        _prev_devices().append(api.xpuGetDevice())
        api.xpuSetDevice(self.id)
        return self

    def __exit__(self, *args):
        api.xpuSetDevice(_prev_devices().pop())

    def use(self):
        """Make this device current on this host thread."""
        api.xpuSetDevice(self.id)

    def synchronize(self):
        from cupy._core import syncdetect
        syncdetect._declare_synchronize()
        self._synchronize()

    def _synchronize(self):
        """Wait until all work queued on this device is done."""
        cdef int prev = api.xpuGetDevice()
        if prev == self.id:
            api.xpuDeviceSynchronize()
            return
        api.xpuSetDevice(self.id)
        try:
            api.xpuDeviceSynchronize()
        finally:
            api.xpuSetDevice(prev)

    @property
    def mem_info(self):
        """(free, total) device memory in bytes."""
        cdef int prev = api.xpuGetDevice()
        if prev == self.id:
            return api.xpuMemGetInfo()
        api.xpuSetDevice(self.id)
        try:
            return api.xpuMemGetInfo()
        finally:
            api.xpuSetDevice(prev)

    # ---------------------------------------------------- issue 14 --
    @property
    def attributes(self):
        """The device's properties this backend reports (see
        ``cupy.cuda.runtime.getDeviceProperties``): CUDA's attribute
        table does not exist on ascend, so its fields are absent."""
        from cupy.xpu import runtime
        return runtime.getDeviceProperties(self.id)

    @property
    def compute_capability(self):
        """'XY' from the device's major and minor compute capability,
        where the backend reports one (issue 19); '0' on a backend
        without CUDA compute capabilities (ascend), so that code (and
        CuPy's tests, at collection) comparing ``int(cc)`` with a CUDA
        feature's minimum takes the path without that feature."""
        from cupy.xpu import runtime
        props = runtime.getDeviceProperties(self.id)
        if 'major' not in props:
            return '0'
        return '{}{}'.format(props['major'], props['minor'])

    @property
    def pci_bus_id(self):
        """The PCI bus id: not reported by the ascend runtime (CANN binds
        devices by logical id; no call of runtime.md returns the bus
        id), so NotImplementedError."""
        from cupy.xpu import runtime
        raise NotImplementedError(
            'Device.pci_bus_id: the {} runtime does not report PCI bus '
            'ids'.format(runtime.backend()))


def getDeviceCount():
    return api.xpuGetDeviceCount()


def get_compute_capability():
    """The current device's compute capability ('90'), where the backend
    reports one (issue 19)."""
    return Device().compute_capability
