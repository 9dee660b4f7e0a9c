# The ndarray (DESIGN.md layer 4): shape, strides and offsets of views into
# device memory.  It describes operations and hands them to the backend's
# provider (cupy_backends.backend.provider); it never runs a kernel itself.

import numpy

from cupy.xpu.memory cimport MemoryPointer, BaseMemory
from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View, Provider
from cupy.xpu.stream cimport get_current_stream_ptr

from cupy.xpu import memory as _memory
from cupy.xpu.device import Device as _Device
from cupy._core import _dtype
from cupy._core._flags import Flags
from cupy_backends.backend import provider as _provider_module

cdef Provider _provider = None


cdef inline Provider _get_provider():
    global _provider
    if _provider is None:
        _provider = _provider_module.get_provider()
    return _provider


cpdef _run(str op, tuple outs, tuple ins, dict attrs=None):
    cdef View v
    for v in outs:
        _check_device(v.device_id)
    for v in ins:
        _check_device(v.device_id)
    return _get_provider().run(op, outs, ins, attrs or {},
                               get_current_stream_ptr())


cdef inline int _check_device(int device_id) except -1:
    if device_id != api.xpuGetDevice():
        raise ValueError(
            'The array is on device {} but the current device is {}: use '
            'arrays of one device together, inside `with cupy.cuda.Device({'
            '})`'.format(device_id, api.xpuGetDevice(), device_id))
    return 0


cdef inline Py_ssize_t _prod(tuple shape):
    cdef Py_ssize_t n = 1, d
    for d in shape:
        n *= d
    return n


cdef tuple _c_strides(tuple shape, Py_ssize_t itemsize):
    cdef list out = [0] * len(shape)
    cdef Py_ssize_t acc = itemsize, i
    for i in range(len(shape) - 1, -1, -1):
        out[i] = acc
        acc *= max(<Py_ssize_t>shape[i], 1)
    return tuple(out)


cdef tuple _f_strides(tuple shape, Py_ssize_t itemsize):
    cdef list out = [0] * len(shape)
    cdef Py_ssize_t acc = itemsize, i
    for i in range(len(shape)):
        out[i] = acc
        acc *= max(<Py_ssize_t>shape[i], 1)
    return tuple(out)


def contiguous_strides(tuple shape, Py_ssize_t itemsize, str order='C'):
    """The strides of a C ('C') or Fortran ('F') contiguous array."""
    return (_f_strides(shape, itemsize) if order == 'F'
            else _c_strides(shape, itemsize))


cdef tuple _normalize_shape(shape):
    cdef list out
    if isinstance(shape, (int, numpy.integer)):
        shape = (shape,)
    try:
        out = [int(_index(d)) for d in shape]
    except TypeError:
        raise TypeError("'{}' object cannot be interpreted as an integer"
                        .format(type(shape).__name__)) from None
    for d in out:
        if d < 0:
            raise ValueError('negative dimensions are not allowed')
    return tuple(out)


cdef object _index(x):
    if isinstance(x, (bool, numpy.bool_)):
        raise TypeError("'{}' object cannot be interpreted as an integer"
                        .format(type(x).__name__))
    return x.__index__()


cpdef ndarray _empty(tuple shape, dtype, str order='C'):
    cdef ndarray a = ndarray.__new__(ndarray)
    cdef Py_ssize_t itemsize = dtype.itemsize
    cdef Py_ssize_t n = _prod(shape)
    a.dtype = dtype
    a.data = _memory.alloc(n * itemsize)
    a.base = None
    a._init_layout(shape, _f_strides(shape, itemsize) if order == 'F'
                   else _c_strides(shape, itemsize))
    return a


cdef class ndarray:
    """An N-dimensional array on the device.

    ``ndarray(shape, dtype=float, memptr=None, strides=None, order='C')``
    allocates (or wraps ``memptr``, a MemoryPointer).  Use the routines
    (``cupy.array``, ``cupy.zeros`` ...) to make arrays.
    """

    def __init__(self, shape, dtype=float, memptr=None, strides=None,
                 order='C'):
        cdef tuple shp = _normalize_shape(shape)
        dt = _dtype.get_dtype(dtype)
        cdef Py_ssize_t itemsize = dt.itemsize
        if order not in ('C', 'F'):
            raise ValueError("order must be 'C' or 'F', not {!r}".format(
                order))
        self.dtype = dt
        self.base = None
        if memptr is None:
            self.data = _memory.alloc(_prod(shp) * itemsize)
        else:
            self.data = memptr
        if strides is None:
            strd = (_f_strides(shp, itemsize) if order == 'F'
                    else _c_strides(shp, itemsize))
        else:
            strd = tuple(int(s) for s in strides)
            if len(strd) != len(shp):
                raise ValueError('strides and shape differ in length')
        self._init_layout(shp, strd)

    cdef _init_layout(self, tuple shape, tuple strides):
        cdef Py_ssize_t itemsize = self.dtype.itemsize, acc, d, i
        cdef bint c = True, f = True
        self._shape = shape
        self._strides = strides
        self.size = _prod(shape)
        if self.size != 0:
            acc = itemsize
            for i in range(len(shape) - 1, -1, -1):
                d = shape[i]
                if d != 1:
                    if strides[i] != acc:
                        c = False
                        break
                    acc *= d
            acc = itemsize
            for i in range(len(shape)):
                d = shape[i]
                if d != 1:
                    if strides[i] != acc:
                        f = False
                        break
                    acc *= d
        self._c_contiguous = c
        self._f_contiguous = f

    cdef ndarray _view(self, tuple shape, tuple strides, Py_ssize_t offset,
                       dtype=None):
        cdef ndarray v = ndarray.__new__(ndarray)
        v.dtype = self.dtype if dtype is None else dtype
        v.data = self.data._offset_by(offset) if offset else self.data
        v.base = self if self.base is None else self.base
        v._init_layout(shape, strides)
        return v

    def _view_py(self, tuple shape, tuple strides, Py_ssize_t offset,
                 dtype=None):
        """A view of this array's memory (for the Python routines)."""
        return self._view(shape, strides, offset, dtype)

    cpdef View _as_view(self):
        """This array as a provider operand."""
        cdef BaseMemory mem = self.data.mem
        cdef Py_ssize_t itemsize = self.dtype.itemsize
        cdef Py_ssize_t off = self.data.ptr - mem.ptr, s
        cdef list strides = []
        for s in self._strides:
            if s % itemsize:
                raise ValueError(
                    'the array has strides that are not a multiple of its '
                    'itemsize; make a copy first')
            strides.append(s // itemsize)
        if off % itemsize:
            raise ValueError(
                'the array starts at a byte offset that is not a multiple of '
                'its itemsize; make a copy first')
        return View(mem.ptr, mem.size, self.dtype, self._shape,
                    tuple(strides), off // itemsize, self.data.device_id)

    # ------------------------------------------------------------ layout --

    @property
    def shape(self):
        return self._shape

    @shape.setter
    def shape(self, newshape):
        from cupy._core import _shape
        strides = _shape.reshape_strides(self, newshape, 'C')
        if strides is None:
            raise AttributeError(
                'Incompatible shape for in-place modification. Use '
                '`.reshape()` to make a copy with the desired shape.')
        shp, strd = strides
        self._init_layout(shp, strd)

    @property
    def strides(self):
        return self._strides

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def flags(self):
        return Flags(self._c_contiguous, self._f_contiguous,
                     self.base is None)

    @property
    def device(self):
        return _Device(self.data.device_id)

    @property
    def T(self):
        return self.transpose()

    @property
    def mT(self):
        if self.ndim < 2:
            raise ValueError('matrix transpose with ndim < 2 is undefined')
        return self.swapaxes(-1, -2)

    @property
    def real(self):
        if self.dtype.kind == 'c':
            return self._view(self._shape, self._strides, 0,
                              numpy.dtype('f{}'.format(self.itemsize // 2)))
        return self

    @real.setter
    def real(self, value):
        _copy_to(self.real, _as_device_array(value))

    @property
    def imag(self):
        if self.dtype.kind == 'c':
            return self._view(self._shape, self._strides,
                              self.itemsize // 2,
                              numpy.dtype('f{}'.format(self.itemsize // 2)))
        out = _empty(self._shape, self.dtype)
        _fill(out, 0)
        return out

    @imag.setter
    def imag(self, value):
        if self.dtype.kind != 'c':
            raise TypeError('array does not have imaginary part to set')
        _copy_to(self.imag, _as_device_array(value))

    @property
    def flat(self):
        from cupy._core._flatiter import flatiter
        return flatiter(self)

    # ------------------------------------------------------------ views --

    def view(self, dtype=None, type=None):
        """A view of the same memory, as ``dtype`` (NumPy's rules)."""
        if type is not None:
            raise TypeError('cupy.ndarray.view does not take `type`')
        if dtype is None:
            return self._view(self._shape, self._strides, 0)
        from cupy._core import _shape
        return _shape.view_as(self, _dtype.get_dtype(dtype))

    def reshape(self, *shape, order='C'):
        """A view with a new shape where possible, else a copy."""
        from cupy._core import _shape
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return _shape.reshape(self, shape, order)

    def ravel(self, order='C'):
        from cupy._core import _shape
        return _shape.reshape(self, (-1,), order)

    def flatten(self, order='C'):
        from cupy._core import _shape
        return _shape.reshape(self.copy(order if order in 'CF' else 'C'),
                              (-1,), order)

    def transpose(self, *axes):
        from cupy._core import _shape
        if len(axes) == 1 and (axes[0] is None or
                               isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        return _shape.transpose(self, axes if axes else None)

    def swapaxes(self, axis1, axis2):
        from cupy._core import _shape
        return _shape.swapaxes(self, axis1, axis2)

    def squeeze(self, axis=None):
        from cupy._core import _shape
        return _shape.squeeze(self, axis)

    def diagonal(self, offset=0, axis1=0, axis2=1):
        from cupy._core import _shape
        return _shape.diagonal(self, offset, axis1, axis2)

    # ------------------------------------------------------------ copies --

    def copy(self, order='C'):
        """A copy on the device (order 'C', 'F', 'A' or 'K')."""
        out = _empty(self._shape, self.dtype, _resolve_order(self, order))
        _copy_to(out, self)
        return out

    def astype(self, dtype, order='K', casting=None, subok=None, copy=True):
        """A copy cast to ``dtype`` on the device (NumPy's values)."""
        dt = _dtype.get_dtype(dtype)
        if casting is not None and not numpy.can_cast(self.dtype, dt,
                                                      casting):
            raise TypeError(
                'Cannot cast array data from {!r} to {!r} according to the '
                'rule {!r}'.format(self.dtype, dt, casting))
        order = _resolve_order(self, order)
        if not copy and dt == self.dtype and (
                (order == 'C' and self._c_contiguous) or
                (order == 'F' and self._f_contiguous)):
            return self
        out = _empty(self._shape, dt, order)
        _copy_to(out, self)
        return out

    def fill(self, value):
        """Set every element to ``value``."""
        _fill(self, value)

    # --------------------------------------------------------- transfers --

    def get(self, stream=None, order='C', out=None, blocking=True):
        """A NumPy copy on the host (waits for the device)."""
        from cupy._core import _transfer
        return _transfer.to_host(self, stream, order, out)

    def set(self, arr, stream=None):
        """Copy NumPy array ``arr`` (same shape) into this array."""
        from cupy._core import _transfer
        _transfer.set_from_host(self, arr, stream)

    def item(self, *args):
        if not args:
            if self.size != 1:
                raise ValueError('can only convert an array of size 1 to a '
                                 'Python scalar')
            return self.get().item()
        return self[args if len(args) > 1 else args[0]].get().item()

    def tolist(self):
        return self.get().tolist()

    def __array__(self, dtype=None, copy=None):
        raise TypeError(
            'Implicit conversion to a NumPy array is not allowed. Please use '
            '`.get()` to construct a NumPy array explicitly.')

    def __repr__(self):
        return repr(self.get())

    def __str__(self):
        return str(self.get())

    def __format__(self, spec):
        return format(self.get(), spec)

    def __len__(self):
        if not self._shape:
            raise TypeError('len() of unsized object')
        return self._shape[0]

    def __iter__(self):
        if not self._shape:
            raise TypeError('iteration over a 0-d array')
        return (self[i] for i in range(self._shape[0]))

    def _scalar(self, kind):
        if self.size != 1:
            raise TypeError('only size-1 arrays can be converted to Python '
                            'scalars') if kind != 'bool' else ValueError(
                'The truth value of an array with more than one element is '
                'ambiguous. Use a.any() or a.all()')
        return self.get().reshape(()).item()

    def __bool__(self):
        if self.size == 0:
            raise ValueError('The truth value of an empty array is '
                             'ambiguous. Use a.size > 0 to check that it is '
                             'not empty.')
        return bool(self._scalar('bool'))

    def __int__(self):
        return int(self._scalar('int'))

    def __float__(self):
        return float(self._scalar('float'))

    def __complex__(self):
        return complex(self._scalar('complex'))

    def __index__(self):
        if self.dtype.kind not in 'iu' or self.ndim != 0:
            raise TypeError('only integer scalar arrays can be converted to '
                            'a scalar index')
        return int(self._scalar('int'))

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        from cupy._core import _transfer
        return (_transfer.from_host, (self.get(),))

    # ---------------------------------------------------------- indexing --

    def __getitem__(self, key):
        from cupy._core import _indexing
        return _indexing.getitem(self, key)

    def __setitem__(self, key, value):
        from cupy._core import _indexing
        _indexing.setitem(self, key, value)

    # methods implemented by the routines (cupy/_indexing, _manipulation)
    def take(self, indices, axis=None, out=None, mode='wrap'):
        import cupy
        return cupy.take(self, indices, axis, out, mode)

    def put(self, indices, values, mode='wrap'):
        import cupy
        return cupy.put(self, indices, values, mode)

    def repeat(self, repeats, axis=None):
        import cupy
        return cupy.repeat(self, repeats, axis)

    def nonzero(self):
        import cupy
        return cupy.nonzero(self)

    def compress(self, condition, axis=None, out=None):
        import cupy
        return cupy.compress(condition, self, axis, out)


cdef str _resolve_order(ndarray a, order):
    if order is None or order == 'K' or order == 'A':
        if a._f_contiguous and not a._c_contiguous:
            return 'F'
        return 'C'
    if order in ('C', 'c'):
        return 'C'
    if order in ('F', 'f'):
        return 'F'
    raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got {!r})"
                     .format(order))


cdef ndarray _as_device_array(value):
    if isinstance(value, ndarray):
        return value
    from cupy._core import _transfer
    return _transfer.from_host(numpy.asarray(value))


cpdef ndarray _broadcast_to(ndarray a, tuple shape):
    cdef Py_ssize_t nd = len(shape), pad = nd - a.ndim, i, d, ad
    cdef list strides = []
    if pad < 0:
        raise ValueError(
            'could not broadcast input array from shape {} into shape {}'
            .format(a._shape, shape))
    for i in range(nd):
        d = shape[i]
        if i < pad:
            strides.append(0)
            continue
        ad = a._shape[i - pad]
        if ad == d:
            strides.append(a._strides[i - pad])
        elif ad == 1:
            strides.append(0)
        else:
            raise ValueError(
                'could not broadcast input array from shape {} into shape {}'
                .format(a._shape, shape))
    if tuple(strides) == a._strides and shape == a._shape:
        return a
    return a._view(shape, tuple(strides), 0)


cdef tuple _byte_extent(ndarray a):
    """[lo, hi) of the bytes `a` touches, as absolute addresses."""
    cdef Py_ssize_t lo = a.data.ptr, hi = a.data.ptr, i, d, s
    for i in range(len(a._shape)):
        d = a._shape[i]
        s = a._strides[i]
        if s > 0:
            hi += s * (d - 1)
        else:
            lo += s * (d - 1)
    return lo, hi + a.dtype.itemsize


cpdef _copy_to(ndarray dst, ndarray src):
    if dst.size == 0:
        _broadcast_to(src, dst._shape)     # NumPy still checks the shapes
        return
    if src.data.device_id != dst.data.device_id:
        raise ValueError(
            'Cannot copy between arrays on different devices ({} and {}); '
            'copy with cupy.asarray() inside the destination device first'
            .format(src.data.device_id, dst.data.device_id))
    src = _broadcast_to(src, dst._shape)
    if src.data.mem is dst.data.mem:
        if (src.data.ptr == dst.data.ptr and src._strides == dst._strides
                and src.dtype == dst.dtype):
            return          # the same view: nothing to do
        slo, shi = _byte_extent(src)
        dlo, dhi = _byte_extent(dst)
        if slo < dhi and dlo < shi:
            # NumPy copies as if through a temporary when they overlap
            tmp = _empty(src._shape, src.dtype)
            _run('copy', (tmp._as_view(),), (src._as_view(),))
            src = tmp
    _run('copy', (dst._as_view(),), (src._as_view(),))


cpdef _fill(ndarray dst, value):
    if isinstance(value, ndarray):
        _copy_to(dst, value)
        return
    # NumPy's casting of the scalar (OverflowError for out-of-range Python
    # ints, truncation of floats into ints ...), done on the host.
    v = numpy.asarray(value, dtype=dst.dtype) if not isinstance(
        value, numpy.ndarray) else value.astype(dst.dtype)
    if v.ndim != 0:
        _copy_to(dst, _as_device_array(v))
        return
    if dst.size == 0:
        return
    _run('fill', (dst._as_view(),), (), {'value': v.item()})
