# The ndarray (DESIGN.md layer 4): shape, strides and offsets of views into
# device memory.  It describes operations and hands them to the backend's
# provider (cupy_backends.backend.provider); it never runs a kernel itself.

import importlib
import operator

import numpy

from cpython.pyport cimport PY_SSIZE_T_MAX
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cupy.xpu.memory cimport MemoryPointer, BaseMemory
# a C call: the module attribute and a Python call cost about 0.1 us of
# every new array (issue 9's per-call cost)
from cupy.xpu.memory cimport alloc as _alloc
from cupy_backends.backend cimport api
from cupy_backends.backend.provider cimport View
from cupy._core cimport _dispatch
from cupy.xpu.stream cimport get_current_stream_ptr

from cupy.xpu.device import Device as _Device
from cupy._core import _dtype
from cupy._core.flags import Flags

cdef object _UINT8 = numpy.dtype(numpy.uint8)


# The core's Python modules that import this one are looked up when first
# used (they cannot be imported at the top); a function-level import
# statement costs a call of __import__ on every call of a method, a dict
# lookup here does not (issue 9's per-call cost).
cdef dict _core_modules = {}
cdef tuple _UNIT_STRIDE = (1,)


cdef object _core_module(str name):
    m = _core_modules.get(name)
    if m is None:
        m = importlib.import_module('cupy._core.' + name)
        _core_modules[name] = m
    return m


cpdef _run(str op, tuple outs, tuple ins, dict attrs=None):
    cdef View v
    for v in outs:
        _check_device(v.device_id)
    for v in ins:
        _check_device(v.device_id)
    return _dispatch.run(op, outs, ins, attrs or {},
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
    # filled in place (no list: every new array makes one, issue 9)
    cdef Py_ssize_t n = len(shape), acc = itemsize, i
    cdef tuple out = PyTuple_New(n)
    cdef object v
    for i in range(n - 1, -1, -1):
        v = acc
        Py_INCREF(v)
        PyTuple_SET_ITEM(out, i, v)
        acc *= max(<Py_ssize_t>shape[i], 1)
    return out


cdef tuple _f_strides(tuple shape, Py_ssize_t itemsize):
    cdef Py_ssize_t n = len(shape), acc = itemsize, i
    cdef tuple out = PyTuple_New(n)
    cdef object v
    for i in range(n):
        v = acc
        Py_INCREF(v)
        PyTuple_SET_ITEM(out, i, v)
        acc *= max(<Py_ssize_t>shape[i], 1)
    return out


def contiguous_strides(tuple shape, Py_ssize_t itemsize, str order='C'):
    """The strides of a C ('C') or Fortran ('F') contiguous array."""
    return (_f_strides(shape, itemsize) if order == 'F'
            else _c_strides(shape, itemsize))


cdef _check_own_strides(tuple shape, tuple strides, Py_ssize_t itemsize):
    # the array allocates its C-contiguous size: the strides must stay in it
    if _prod(shape) == 0:
        return
    cdef Py_ssize_t hi = itemsize, n, s
    for n, s in zip(shape, strides):
        if s < 0:
            raise ValueError(
                'ndarray() with strides {} and no memptr: negative strides '
                'need a memptr that points past the start'.format(strides))
        hi += (n - 1) * s
    if hi > _nbytes(shape, itemsize):
        raise ValueError(
            'ndarray() with strides {} reaches byte {} of an allocation of '
            '{} bytes (shape {}); pass a larger memptr'.format(
                strides, hi, _nbytes(shape, itemsize), shape))


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
    if not isinstance(x, (bool, numpy.bool_)):
        try:
            return operator.index(x)
        except TypeError:
            pass
    raise TypeError("'{}' object cannot be interpreted as an integer"
                    .format(type(x).__name__))


cdef Py_ssize_t _nbytes(tuple shape, Py_ssize_t itemsize) except -1:
    """The byte size of a new array; NumPy's error when it overflows (the
    product of every length; a zero length makes it 0)."""
    cdef Py_ssize_t n = itemsize, d
    cdef bint over = False
    for x in shape:
        if x == 0:
            return 0
    for x in shape:
        try:
            d = x
        except OverflowError:
            over = True
            break
        if n > PY_SSIZE_T_MAX // d:
            over = True
            break
        n *= d
    if over:
        raise ValueError('array is too big; `arr.size * arr.dtype.itemsize` '
                         'is larger than the maximum possible size.')
    return n


cpdef ndarray _empty(tuple shape, dtype, str order='C'):
    cdef ndarray a = ndarray.__new__(ndarray)
    cdef Py_ssize_t itemsize = dtype.itemsize
    a.dtype = dtype
    a.data = _alloc(_nbytes(shape, itemsize))
    a.base = None
    a._init_layout(shape, _f_strides(shape, itemsize) if order == 'F'
                   else _c_strides(shape, itemsize))
    return a


cdef object _scalar_power_ufunc(ndarray a, other):
    # NumPy's ** operator (fast_scalar_power) takes square for a Python int
    # 2, and for inexact arrays reciprocal for a Python int -1 and sqrt for
    # a Python float 0.5: they differ from power at complex infinities
    # (inf ** -1 is 0-0j, not nan).  CuPy keeps power's promotion for
    # bool ** 2 (int64 there, NumPy's int8).
    cdef str kind = a.dtype.kind
    if type(other) is int:
        if other == 2 and kind != 'b':
            return 'square'
        if other == -1 and (kind == 'f' or kind == 'c'):
            return 'reciprocal'
    elif type(other) is float and other == 0.5 and (kind == 'f' or
                                                    kind == 'c'):
        return 'sqrt'
    return None


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
            self.data = _alloc(_nbytes(shp, itemsize))
        else:
            self.data = memptr
        if strides is None:
            strd = (_f_strides(shp, itemsize) if order == 'F'
                    else _c_strides(shp, itemsize))
        else:
            strd = tuple(int(s) for s in strides)
            if len(strd) != len(shp):
                raise ValueError('strides and shape differ in length')
            if memptr is None:
                _check_own_strides(shp, strd, itemsize)
        self._init_layout(shp, strd)

    cdef _init_layout(self, tuple shape, tuple strides):
        cdef Py_ssize_t itemsize = self.dtype.itemsize, acc, d, i
        cdef bint c = True, f = True
        self._shape = shape
        self._strides = strides
        self._operand = None
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
        # an empty view touches no memory: keep it at the base (the offset
        # may point past a zero-size buffer)
        v.data = (self.data._offset_by(offset) if offset and _prod(shape)
                  else self.data)
        v.base = self if self.base is None else self.base
        v._init_layout(shape, strides)
        return v

    def _view_py(self, tuple shape, tuple strides, Py_ssize_t offset,
                 dtype=None):
        """A view of this array's memory (for the Python routines)."""
        return self._view(shape, strides, offset, dtype)

    cpdef View _as_view(self):
        """This array as a provider operand (made once: the layout, dtype
        and memory of an array never change but through _init_layout)."""
        if self._operand is not None:
            return self._operand
        cdef str kind = self.dtype.kind
        # _dtype.is_container, inline: a Python call per new array costs
        # about 0.1 us of every small operation (issue 9)
        if kind == 'M' or kind == 'm' or kind == 'V':
            raise TypeError(
                'cupy arrays of dtype {} only hold data (datetime, '
                'timedelta and structured dtypes are containers): view '
                'them as a numeric dtype (e.g. a.view(numpy.int64)) to '
                'compute or copy'.format(self.dtype))
        cdef BaseMemory mem = self.data.mem
        cdef Py_ssize_t itemsize = self.dtype.itemsize
        cdef Py_ssize_t off = self.data.ptr - mem.ptr, s
        cdef tuple strides
        cdef View v
        if len(self._strides) == 1 and self._strides[0] == itemsize:
            strides = _UNIT_STRIDE         # a new 1-d result: no list
        else:
            strides = self._element_strides(itemsize)
        if off % itemsize:
            raise ValueError(
                'the array starts at a byte offset that is not a multiple of '
                'its itemsize; make a copy first')
        v = View.__new__(View)
        v.base = mem.ptr
        v.nbytes = mem.size
        v.dtype = self.dtype
        v.shape = self._shape
        v.strides = strides
        v.offset = off // itemsize
        v.device_id = self.data.device_id
        self._operand = v
        return v

    cdef tuple _element_strides(self, Py_ssize_t itemsize):
        cdef list strides = []
        cdef Py_ssize_t s
        for s in self._strides:
            if s % itemsize:
                raise ValueError(
                    'the array has strides that are not a multiple of its '
                    'itemsize; make a copy first')
            strides.append(s // itemsize)
        return tuple(strides)

    # ------------------------------------------------------------ layout --

    @property
    def shape(self):
        return self._shape

    @shape.setter
    def shape(self, newshape):
        _shape = _core_module('_shape')
        strides = _shape.reshape_strides(self, newshape, 'C')
        if strides is None:
            raise AttributeError(
                'Incompatible shape for in-place modification. Use '
                '`.reshape()` to make a copy with the desired shape.')
        shp, strd = strides
        self._init_layout(shp, strd)

    @shape.deleter
    def shape(self):
        raise AttributeError('Cannot delete array shape')

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
    def _index_32_bits(self):
        """CuPy's test of whether 32-bit indices reach every element: at
        most 2**31 elements spanning at most 2**31 bytes (int32's range
        of non-negative offsets, one past the end included)."""
        cdef Py_ssize_t lo = 0, hi = self.dtype.itemsize, n, s
        if self.size > 2 ** 31:
            return False
        for n, s in zip(self._shape, self._strides):
            if s < 0:
                lo += (n - 1) * s
            else:
                hi += (n - 1) * s
        return self.size == 0 or hi - lo <= 2 ** 31

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
        if type(value) is complex:
            # the installed NumPy's conversion of a Python complex into a
            # real part (NumPy 2.5 raises TypeError into a real array,
            # older ones cast with a ComplexWarning)
            h = numpy.zeros((), self.dtype)
            h.real = value
            value = h.real[()]
        _copy_to(self.real, _as_device_array(value))

    @property
    def imag(self):
        if self.dtype.kind == 'c':
            return self._view(self._shape, self._strides,
                              self.itemsize // 2,
                              numpy.dtype('f{}'.format(self.itemsize // 2)))
        _layout = _core_module('_layout')
        out = _layout.empty_like(self, order='A')    # NumPy's layout
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
        _shape = _core_module('_shape')
        return _shape.view_as(self, _dtype.get_container_dtype(dtype))

    def reshape(self, *shape, order='C', copy=None):
        """A view with a new shape where possible, else a copy
        (``copy=True`` always copies, ``copy=False`` never does)."""
        cdef ndarray v
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        if copy is None and order == 'C' and type(shape) is tuple:
            v = self._reshape_c(<tuple>shape)
            if v is not None:
                return v
        _shape = _core_module('_shape')
        if copy is None:
            return _shape.reshape(self, shape, order)
        _routines_manipulation = _core_module('_routines_manipulation')
        return _routines_manipulation.reshape(self, shape, order, copy=copy)

    cdef ndarray _reshape_c(self, tuple shape):
        # The common case, without the Python path of _shape.reshape: a
        # tuple of ints (one may be -1) that is this shape, or any shape of
        # this size when the array is C-contiguous.  None: the general path
        # decides (and raises NumPy's errors).
        cdef Py_ssize_t known = 1, d, unknown = -1, i, n = len(shape)
        if n > 64:
            return None
        for i in range(n):
            x = shape[i]
            if type(x) is not int or not -1 <= x <= PY_SSIZE_T_MAX:
                return None
            d = x
            if d == -1 and unknown < 0:
                unknown = i
            elif d < 0 or (d and known > PY_SSIZE_T_MAX // d):
                return None
            else:
                known *= d
        if shape == self._shape:
            return self._view(self._shape, self._strides, 0)
        if not self._c_contiguous:
            return None
        if unknown >= 0:
            if known == 0 or self.size % known:
                return None
            shape = shape[:unknown] + (self.size // known,) + \
                shape[unknown + 1:]
        elif known != self.size:
            return None
        return self._view(shape, _c_strides(shape, self.dtype.itemsize), 0)

    def ravel(self, order='C'):
        """A 1-d view when the elements are contiguous in ``order``, else a
        copy (NumPy's rule)."""
        _shape = _core_module('_shape')
        return _shape.ravel(self, order)

    def flatten(self, order='C'):
        """A new 1-d array of the elements read in ``order``."""
        _shape = _core_module('_shape')
        return _shape.flatten(self, order)

    def transpose(self, *axes):
        _shape = _core_module('_shape')
        if len(axes) == 1 and (axes[0] is None or
                               isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        return _shape.transpose(self, axes if axes else None)

    def swapaxes(self, axis1, axis2):
        _shape = _core_module('_shape')
        return _shape.swapaxes(self, axis1, axis2)

    def squeeze(self, axis=None):
        _shape = _core_module('_shape')
        return _shape.squeeze(self, axis)

    def diagonal(self, offset=0, axis1=0, axis2=1):
        _shape = _core_module('_shape')
        return _shape.diagonal(self, offset, axis1, axis2)

    # ------------------------------------------------------------ copies --

    def copy(self, order='C'):
        """A copy on the device (order 'C', 'F', 'A' or 'K'; 'K' keeps the
        order of the strides, as NumPy)."""
        _layout = _core_module('_layout')
        out = _layout.empty(self._shape, self.dtype, _layout.layout_of(
            self, 'C' if order is None else order))
        _copy_to(out, self)
        return out

    def astype(self, dtype, order='K', casting='unsafe', subok=None,
               copy=True):
        """A copy cast to ``dtype`` on the device (NumPy's values)."""
        dt = _dtype.get_dtype(dtype)
        _dtype.check_casting(casting)
        if casting != 'unsafe' and not numpy.can_cast(self.dtype, dt,
                                                      casting):
            raise TypeError(
                'Cannot cast array data from {!r} to {!r} according to the '
                'rule {!r}'.format(self.dtype, dt, casting))
        _layout = _core_module('_layout')
        order = _layout.check_order(order, 'K')
        # NumPy: no copy when the dtype matches and the layout satisfies
        # the order ('K': any layout; 'A': C or F contiguous)
        if not copy and dt == self.dtype and (
                order == 'K' or
                (order == 'C' and self._c_contiguous) or
                (order == 'F' and self._f_contiguous) or
                (order == 'A' and (self._c_contiguous or
                                   self._f_contiguous))):
            return self
        out = _layout.empty(self._shape, dt, _layout.layout_of(self, order))
        _copy_to(out, self)
        return out

    def fill(self, value):
        """Set every element to ``value``."""
        _fill(self, value)

    # --------------------------------------------------------- transfers --

    def get(self, stream=None, order='C', out=None, blocking=True):
        """A NumPy copy on the host (waits for the device)."""
        _transfer = _core_module('_transfer')
        return _transfer.to_host(self, stream, order, out)

    def set(self, arr, stream=None):
        """Copy NumPy array ``arr`` (same shape) into this array."""
        _transfer = _core_module('_transfer')
        _transfer.set_from_host(self, arr, stream)

    def item(self, *args):
        """The element as a Python scalar (a synchronising read): no
        argument for a size-1 array, a flat index, or one index per axis."""
        if len(args) == 1 and isinstance(args[0], tuple):
            args = args[0]
        if not args:
            if self.size != 1:
                raise ValueError('can only convert an array of size 1 to a '
                                 'Python scalar')
            return self.get().item()
        if len(args) == 1:
            i = _index(args[0])
            if not -self.size <= i < self.size:
                raise IndexError('index {} is out of bounds for size {}'
                                 .format(i, self.size))
            args = numpy.unravel_index(i % self.size, self._shape)
        elif len(args) != self.ndim:
            raise ValueError('incorrect number of indices for array')
        return self[tuple(args)].get().item()

    def tolist(self):
        return self.get().tolist()

    def tobytes(self, order='C'):
        """The data as bytes in ``order`` (NumPy's ``tobytes``; copies to
        the host)."""
        return self.get().tobytes(order)

    def tofile(self, fid, sep='', format='%s'):
        """NumPy's ``tofile`` of the data (copies to the host)."""
        self.get().tofile(fid, sep, format)

    # NumPy's binary operators defer to an operand of higher priority
    # (CuPy's value)
    __array_priority__ = 100

    def __bytes__(self):
        return self.tobytes()

    @classmethod
    def __class_getitem__(cls, item):
        # ``cupy.ndarray[Any, numpy.dtype[T]]`` for annotations
        # (cupy.typing.NDArray), as numpy.ndarray
        import types
        return types.GenericAlias(cls, item)

    def byteswap(self, inplace=False):
        """The bytes of every element reversed (each part of a complex
        number on its own, as NumPy), on the device."""
        _byteswap = _core_module('_byteswap')
        return _byteswap.byteswap(self, inplace)

    def __array__(self, dtype=None, copy=None):
        raise TypeError(
            'Implicit conversion to a NumPy array is not allowed. Please use '
            '`.get()` or `cupy.asnumpy()` to construct a NumPy array '
            'explicitly.')

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

    def __contains__(self, value):
        # NumPy: (self == value).any(), one synchronisation for the answer
        return bool((self == value).any())

    def _scalar(self, kind):
        if kind == 'bool':
            if self.size != 1:
                raise ValueError(
                    'The truth value of an array with more than one element '
                    'is ambiguous. Use a.any() or a.all()')
        elif self.ndim != 0:
            # NumPy 2.4: only 0-d arrays convert to int/float/complex
            raise TypeError('only 0-dimensional arrays can be converted to '
                            'Python scalars')
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
        _transfer = _core_module('_transfer')
        return (_transfer.from_host, (self.get(),))

    # ------------------------------------------- interoperability (issue 20) --

    def dumps(self):
        """The pickle of this array (``pickle.loads`` makes a device array
        on the current device)."""
        import pickle
        return pickle.dumps(self, protocol=2)

    def dump(self, file):
        """Pickle this array into ``file`` (a path or a binary file)."""
        _routines_interop = _core_module('_routines_interop')
        _routines_interop.dump(self, file)

    def __array_function__(self, func, types, args, kwargs):
        _routines_interop = _core_module('_routines_interop')
        return _routines_interop.array_function(func, types, args,
                                                kwargs)

    def __array_namespace__(self, *, api_version=None):
        _routines_interop = _core_module('_routines_interop')
        return _routines_interop.namespace(api_version)

    def to_device(self, device, /, *, stream=None):
        _routines_interop = _core_module('_routines_interop')
        return _routines_interop.to_device(self, device, stream)

    @property
    def __cuda_array_interface__(self):
        # exported only where device memory is CUDA memory (issue 19);
        # elsewhere AttributeError, so hasattr() is False for consumers
        _array_interface = _core_module('_array_interface')
        return _array_interface.export(self)

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None,
                   copy=None):
        dlpack = _core_module('dlpack')
        return dlpack.export(self, stream, max_version, dl_device, copy)

    def __dlpack_device__(self):
        dlpack = _core_module('dlpack')
        return dlpack.dlpack_device(self.data.device_id)

    def toDlpack(self):
        """A legacy (unversioned) DLPack capsule of this array."""
        dlpack = _core_module('dlpack')
        return dlpack.export(self, None, None, None, None)

    # ---------------------------------------------------------- indexing --

    def __getitem__(self, key):
        _indexing = _core_module('_indexing')
        return _indexing.getitem(self, key)

    def __setitem__(self, key, value):
        _indexing = _core_module('_indexing')
        _indexing.setitem(self, key, value)

    # methods implemented by the core's routines (_routines_indexing.py,
    # _routines_manipulation.py, _routines_sorting.py)
    def take(self, indices, axis=None, out=None, mode='wrap'):
        _routines_indexing = _core_module('_routines_indexing')
        return _routines_indexing.take(self, indices, axis, out, mode)

    def put(self, indices, values, mode='wrap'):
        _routines_indexing = _core_module('_routines_indexing')
        return _routines_indexing.put(self, indices, values, mode)

    def repeat(self, repeats, axis=None):
        _routines_manipulation = _core_module('_routines_manipulation')
        return _routines_manipulation.repeat(self, repeats, axis)

    def searchsorted(self, v, side='left', sorter=None):
        _routines_sorting = _core_module('_routines_sorting')
        return _routines_sorting.searchsorted(self, v, side, sorter)

    def sort(self, axis=-1, kind=None, order=None, *, stable=None):
        _routines_sorting = _core_module('_routines_sorting')
        _routines_sorting.sort_inplace(self, axis, kind, order,
                                       stable=stable)

    def argsort(self, axis=-1, kind=None, order=None, *, stable=None):
        _routines_sorting = _core_module('_routines_sorting')
        return _routines_sorting.argsort(self, axis, kind, order,
                                         stable=stable)

    def partition(self, kth, axis=-1, kind='introselect', order=None):
        _routines_sorting = _core_module('_routines_sorting')
        _routines_sorting.partition_inplace(self, kth, axis, kind, order)

    def argpartition(self, kth, axis=-1, kind='introselect', order=None):
        _routines_sorting = _core_module('_routines_sorting')
        return _routines_sorting.argpartition(self, kth, axis, kind, order)

    def choose(self, choices, out=None, mode='raise'):
        _routines_indexing = _core_module('_routines_indexing')
        return _routines_indexing.choose(self, choices, out, mode)

    def nonzero(self):
        _routines_sorting = _core_module('_routines_sorting')
        return _routines_sorting.nonzero(self)

    def compress(self, condition, axis=None, out=None):
        _routines_indexing = _core_module('_routines_indexing')
        return _routines_indexing.compress(condition, self, axis, out)

    # ------------------------------------- reductions, statistics, products
    # (the core's _routines_math.py, _routines_statistics.py,
    # _routines_sorting.py, _routines_logic.py, _routines_product.py:
    # NumPy's ndarray methods of those names)

    def sum(self, axis=None, dtype=None, out=None, keepdims=False, **kw):
        _routines_math = _core_module('_routines_math')
        return _routines_math.sum(self, axis, dtype, out, keepdims, **kw)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False, **kw):
        _routines_math = _core_module('_routines_math')
        return _routines_math.prod(self, axis, dtype, out, keepdims, **kw)

    def cumsum(self, axis=None, dtype=None, out=None):
        _routines_math = _core_module('_routines_math')
        return _routines_math.cumsum(self, axis, dtype, out)

    def cumprod(self, axis=None, dtype=None, out=None):
        _routines_math = _core_module('_routines_math')
        return _routines_math.cumprod(self, axis, dtype, out)

    def max(self, axis=None, out=None, keepdims=False, **kw):
        _routines_statistics = _core_module('_routines_statistics')
        return _routines_statistics.amax(self, axis, out, keepdims, **kw)

    def min(self, axis=None, out=None, keepdims=False, **kw):
        _routines_statistics = _core_module('_routines_statistics')
        return _routines_statistics.amin(self, axis, out, keepdims, **kw)

    def ptp(self, axis=None, out=None, keepdims=False):
        _routines_statistics = _core_module('_routines_statistics')
        return _routines_statistics.ptp(self, axis, out, keepdims)

    def argmax(self, axis=None, out=None, *, keepdims=False, dtype=None):
        _routines_sorting = _core_module('_routines_sorting')
        return _routines_sorting.argmax(self, axis, out, keepdims=keepdims,
                                        dtype=dtype)

    def argmin(self, axis=None, out=None, *, keepdims=False, dtype=None):
        _routines_sorting = _core_module('_routines_sorting')
        return _routines_sorting.argmin(self, axis, out, keepdims=keepdims,
                                        dtype=dtype)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False, **kw):
        _routines_statistics = _core_module('_routines_statistics')
        return _routines_statistics.mean(self, axis, dtype, out, keepdims, **kw)

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False,
            **kw):
        _routines_statistics = _core_module('_routines_statistics')
        return _routines_statistics.var(self, axis, dtype, out, ddof, keepdims, **kw)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False,
            **kw):
        _routines_statistics = _core_module('_routines_statistics')
        return _routines_statistics.std(self, axis, dtype, out, ddof, keepdims, **kw)

    def all(self, axis=None, out=None, keepdims=False, **kw):
        _routines_logic = _core_module('_routines_logic')
        return _routines_logic.all(self, axis, out, keepdims, **kw)

    def any(self, axis=None, out=None, keepdims=False, **kw):
        _routines_logic = _core_module('_routines_logic')
        return _routines_logic.any(self, axis, out, keepdims, **kw)

    def trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
        _routines_product = _core_module('_routines_product')
        return _routines_product.trace(self, offset, axis1, axis2, dtype, out)

    def dot(self, b, out=None):
        _routines_product = _core_module('_routines_product')
        return _routines_product.dot(self, b, out)

    # scatter methods (cupyx.scatter_add/max/min on this array)
    def scatter_add(self, slices, value):
        """``a[slices] += value`` with repeated indices accumulating."""
        from cupyx import _scatter
        _scatter.scatter_add(self, slices, value)

    def scatter_max(self, slices, value):
        """``a[slices] = maximum(a[slices], value)``, repeated indices
        taking the largest value."""
        from cupyx import _scatter_extrema
        _scatter_extrema.scatter_max(self, slices, value)

    def scatter_min(self, slices, value):
        """``a[slices] = minimum(a[slices], value)``, repeated indices
        taking the smallest value."""
        from cupyx import _scatter_extrema
        _scatter_extrema.scatter_min(self, slices, value)

    # --------------------------------------------------------- operators --
    # Python's operators are the ufuncs (_routines_ufuncs.py); an operand
    # a ufunc does not take gives NotImplemented, so Python tries the
    # other operand and then raises its TypeError.  In-place forms write
    # into self (NumPy's same_kind casting).

    def __add__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().add(self, other)

    def __radd__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().add(other, self)

    def __iadd__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().add(self, other, out=self)

    def __sub__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().subtract(self, other)

    def __rsub__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().subtract(other, self)

    def __isub__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().subtract(self, other, out=self)

    def __mul__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().multiply(self, other)

    def __rmul__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().multiply(other, self)

    def __imul__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().multiply(self, other, out=self)

    def __truediv__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().divide(self, other)

    def __rtruediv__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().divide(other, self)

    def __itruediv__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().divide(self, other, out=self)

    def __floordiv__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().floor_divide(self, other)

    def __rfloordiv__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().floor_divide(other, self)

    def __ifloordiv__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().floor_divide(self, other, out=self)

    def __mod__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().remainder(self, other)

    def __rmod__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().remainder(other, self)

    def __imod__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().remainder(self, other, out=self)

    def __divmod__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().divmod(self, other)

    def __rdivmod__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().divmod(other, self)

    def __pow__(self, other, modulo=None):
        if modulo is not None:
            return NotImplemented
        if not _ufunc_operand(other):
            return NotImplemented
        name = _scalar_power_ufunc(self, other)
        if name is not None:
            return getattr(_ufuncs(), name)(self)
        return _ufuncs().power(self, other)

    def __rpow__(self, other, modulo=None):
        if modulo is not None:
            return NotImplemented
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().power(other, self)

    def __ipow__(self, other, modulo=None):
        if modulo is not None or not _ufunc_operand(other):
            return NotImplemented
        name = _scalar_power_ufunc(self, other)
        if name is not None:
            return getattr(_ufuncs(), name)(self, out=self)
        return _ufuncs().power(self, other, out=self)

    def __matmul__(self, other):
        # a scalar operand gets matmul's ValueError, as in NumPy
        if not isinstance(other, (ndarray, int, float, complex,
                                  numpy.generic)):
            return NotImplemented
        return _matmul()(self, other)

    def __rmatmul__(self, other):
        if not isinstance(other, (ndarray, int, float, complex,
                                  numpy.generic)):
            return NotImplemented
        return _matmul()(other, self)

    def __imatmul__(self, other):
        if not isinstance(other, ndarray):
            return NotImplemented
        return _matmul()(self, other, out=self)

    def __and__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_and(self, other)

    def __rand__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_and(other, self)

    def __iand__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_and(self, other, out=self)

    def __or__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_or(self, other)

    def __ror__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_or(other, self)

    def __ior__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_or(self, other, out=self)

    def __xor__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_xor(self, other)

    def __rxor__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_xor(other, self)

    def __ixor__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().bitwise_xor(self, other, out=self)

    def __lshift__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().left_shift(self, other)

    def __rlshift__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().left_shift(other, self)

    def __ilshift__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().left_shift(self, other, out=self)

    def __rshift__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().right_shift(self, other)

    def __rrshift__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().right_shift(other, self)

    def __irshift__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().right_shift(self, other, out=self)

    def __lt__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().less(self, other)

    def __le__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().less_equal(self, other)

    def __gt__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().greater(self, other)

    def __ge__(self, other):
        if not _ufunc_operand(other):
            return NotImplemented
        return _ufuncs().greater_equal(self, other)

    def __eq__(self, other):
        if not _ufunc_operand(other):
            return _object_comparison(self, other, True)
        return _ufuncs().equal(self, other)

    def __ne__(self, other):
        if not _ufunc_operand(other):
            return _object_comparison(self, other, False)
        return _ufuncs().not_equal(self, other)

    __hash__ = None

    def __neg__(self):
        return _ufuncs().negative(self)

    def __pos__(self):
        return _ufuncs().positive(self)

    def __abs__(self):
        return _ufuncs().absolute(self)

    def __invert__(self):
        return _ufuncs().invert(self)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """NumPy's ufuncs on cupy arrays run the cupy ufunc made from them
        (SciPy's too, once cupyx.scipy.special is imported), else the one
        of the same name (host arrays among the operands raise TypeError,
        as CuPy)."""
        from cupy._core.elementwise._ufunc import for_numpy_ufunc
        cu = for_numpy_ufunc(ufunc)
        if cu is None:
            cu = getattr(_ufuncs(), ufunc.__name__, None)
        if cu is None:
            # gufuncs (matmul, vecdot, matvec ...) are cupy functions
            _routines_interop = _core_module('_routines_interop')
            return _routines_interop.array_gufunc(ufunc, method, inputs,
                                                kwargs)
        # NumPy hands a NumPy scalar operand over as a 0-d array
        inputs = tuple([x[()] if isinstance(x, numpy.ndarray) and x.ndim == 0
                        else x for x in inputs])
        if method == '__call__':
            return cu(*inputs, **kwargs)
        return getattr(cu, method)(*inputs, **kwargs)

    # elementwise methods (_routines_math.py)
    def clip(self, min=None, max=None, out=None, **kwargs):
        _routines_math = _core_module('_routines_math')
        return _routines_math.clip(self, min, max, out=out, **kwargs)

    def round(self, decimals=0, out=None):
        _routines_math = _core_module('_routines_math')
        return _routines_math.around(self, decimals, out=out)

    def conj(self):
        if self.dtype.kind != 'c':
            return self
        return _ufuncs().conjugate(self)

    def conjugate(self):
        if self.dtype.kind != 'c':
            return self
        return _ufuncs().conjugate(self)


cdef object _ufuncs_module = None


cdef inline object _ufuncs():
    global _ufuncs_module
    if _ufuncs_module is None:
        _routines_ufuncs = _core_module('_routines_ufuncs')
        _ufuncs_module = _routines_ufuncs
    return _ufuncs_module


cdef tuple _UFUNC_OPERAND_TYPES = None


cdef inline bint _ufunc_operand(object x):
    global _UFUNC_OPERAND_TYPES
    if _UFUNC_OPERAND_TYPES is None:
        _UFUNC_OPERAND_TYPES = (ndarray, int, float, complex, numpy.generic)
    return isinstance(x, _UFUNC_OPERAND_TYPES)


cdef object _object_comparison(ndarray self, object other, bint eq):
    """``a == obj`` / ``a != obj`` for an object that is no ufunc operand.

    NumPy compares every element with the object in Python.  A number never
    equals a plain object (None, Ellipsis, object() ...), so the result is
    all False (all True for !=) without touching the data.  An object with
    its own comparison method gets Python's reflected call; one whose !=
    would be NumPy's negation of its elementwise __eq__ raises TypeError.
    Arrays and sequences keep Python's NotImplemented (no implicit copy).
    """
    cdef ndarray res
    t = type(other)
    if (isinstance(other, (numpy.ndarray, list, tuple)) or
            hasattr(other, '__array_priority__') or
            hasattr(other, '__array_ufunc__') or
            hasattr(other, '__cuda_array_interface__')):
        return NotImplemented
    if other is None or isinstance(other, (str, bytes)):
        # never equal to a number (NumPy's result); NoneType has its own
        # __eq__ since Python 3.12 (NotImplemented for anything but None)
        pass
    elif eq and t.__eq__ is not object.__eq__:
        return NotImplemented
    elif not eq:
        if t.__ne__ is not object.__ne__:
            return NotImplemented
        if t.__eq__ is not object.__eq__:
            raise TypeError(
                'cannot compare a cupy.ndarray with {!r} by !=: that object '
                'defines only __eq__'.format(t.__name__))
    res = _empty(self._shape, numpy.dtype(numpy.bool_))
    _fill(res, not eq)
    return res


cdef object _matmul():
    _routines_linalg = _core_module('_routines_linalg')
    return _routines_linalg.matmul


cdef ndarray _as_device_array(value):
    if isinstance(value, ndarray):
        return value
    _transfer = _core_module('_transfer')
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


cdef bint _aligned(ndarray a):
    """Offset and strides are whole elements (what a provider View needs)."""
    cdef Py_ssize_t itemsize = a.dtype.itemsize, s
    if (a.data.ptr - a.data.mem.ptr) % itemsize:
        return False
    for s in a._strides:
        if s % itemsize:
            return False
    return True


cdef ndarray _as_bytes(ndarray a):
    """`a` as uint8 with a trailing axis of its itemsize: always aligned."""
    return a._view(a._shape + (a.dtype.itemsize,), a._strides + (1,), 0,
                   _UINT8)


cdef ndarray _to_device(ndarray src, int device):
    """A contiguous copy of `src` on `device`.  The neutral API has no peer
    copies: MemoryPointer.copy_from_device stages the bytes through the
    host."""
    cdef int prev = api.xpuGetDevice()
    cdef ndarray c, out
    api.xpuSetDevice(src.data.device_id)
    try:
        c = src if src._c_contiguous and _aligned(src) else src.copy()
    finally:
        api.xpuSetDevice(prev)
    api.xpuSetDevice(device)
    try:
        out = _empty(c._shape, c.dtype)
        if out.size:
            out.data.copy_from_device(c.data, out.nbytes)
    finally:
        api.xpuSetDevice(prev)
    return out


cpdef _copy_to(ndarray dst, ndarray src):
    cdef ndarray tmp
    # NumPy's assignment drops leading size-1 axes of the value
    while src.ndim > dst.ndim and src._shape[0] == 1:
        src = src._view(src._shape[1:], src._strides[1:], 0)
    if dst.size == 0:
        _broadcast_to(src, dst._shape)     # NumPy still checks the shapes
        return
    if src.data.device_id != dst.data.device_id:
        src = _to_device(src, dst.data.device_id)
    if _dtype.is_container(dst.dtype) or _dtype.is_container(src.dtype):
        if dst.dtype != src.dtype:
            raise TypeError('cupy cannot cast between {} and {} (they are '
                            'container dtypes here)'.format(src.dtype,
                                                             dst.dtype))
        # a dtype that is only held: its bytes are copied
        _copy_to(_as_bytes(dst), _as_bytes(_broadcast_to(src, dst._shape)))
        return
    if not _aligned(src):
        # e.g. a byte-offset view(dtype): move its bytes into place first
        tmp = _empty(src._shape, src.dtype)
        _copy_to(_as_bytes(tmp), _as_bytes(src))
        src = tmp
    if not _aligned(dst):
        tmp = _empty(dst._shape, dst.dtype)
        _copy_to(tmp, src)
        _copy_to(_as_bytes(dst), _as_bytes(tmp))
        return
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


cdef dict _zero_items = {}     # dtype -> its zero as the provider takes it


cpdef _fill(ndarray dst, value):
    if isinstance(value, ndarray):
        _copy_to(dst, value)
        return
    if type(value) is int and value == 0 and dst._c_contiguous:
        # zeros(): NumPy's cast of 0 is 0 in every dtype (issue 9)
        z = _zero_items.get(dst.dtype)
        if z is None:
            z = numpy.zeros((), dst.dtype).item()
            _zero_items[dst.dtype] = z
        if dst.size and _aligned(dst):
            _run('fill', (dst._as_view(),), (), {'value': z})
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
    if not _aligned(dst):
        tmp = _empty(dst._shape, dst.dtype)
        _run('fill', (tmp._as_view(),), (), {'value': v.item()})
        _copy_to(dst, tmp)
        return
    _run('fill', (dst._as_view(),), (), {'value': v.item()})
