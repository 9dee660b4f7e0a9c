from cupy._core.core cimport ndarray


# Run elementwise operation `name` on NumPy loop `loop` through its route
# (native, cast, composed, host).  `ins`: ndarrays of the loop's input
# dtypes already broadcast to the outputs' shape, or NumPy scalars of those
# dtypes; `outs`: ndarrays of the loop's output dtypes, one shape, none
# overlapping an input unless it is the very same view.
cpdef run_loop(str name, str loop, list ins, list outs, dict attrs=*)
cdef run_route(object route, list ins, list outs, dict attrs)
# As run_loop on the route's device loop (native or cast routes only).
cdef run_native(str name, str dev_loop, dict attrs, list ins, list outs)
# The native loop of attrs on C-contiguous arrays of out's shape (and
# scalars), on the current device: the hot path of a ufunc call.
cdef run_native_contiguous(dict attrs, object ins, ndarray out)
# A new array of `shape` and `dtype`: run_loop of `ins` into it (one output).
cpdef ndarray run_new(str name, str loop, list ins, tuple shape, dtype)
# dst[...] = src where mask (mask: bool, both broadcast to dst's shape).
cpdef masked_copy(ndarray dst, ndarray src, ndarray mask)
# A new array holding `a` cast to `dtype` (same shape).
cpdef ndarray cast_array(ndarray a, dtype)
# `x` (an ndarray or NumPy scalar) as `dtype`; a broadcast array is cast
# before its broadcast dims are repeated.
cdef object cast_input(object x, dtype)
