"""ElementwiseKernel and ReductionKernel on the CUDA backend: the bound
kernel (parameters, types, shapes: cupy/_core/_kernel_params.py) becomes
CUDA C, compiled with NVRTC (ops/_compiler.pyx, cached in memory and on
disk) and launched on the current stream.

Code generation follows CuPy's model (its documented kernel names: ``i``,
``_ind``, ``_raw_<name>``, ``CIndexer``/``CArray`` from
ops/_userkernel_header.py), written for this package:

- elementwise: a grid-stride loop over the loop shape; each non-raw
  operand is bound as a reference ``x`` to its element
  (``_raw_x[_ind.get()]``); dims that every non-raw operand traverses
  contiguously are merged first (``reduce_dims``), so contiguous operands
  take a one-dimensional index; 32-bit index arithmetic where every
  offset fits.
- reduction: the input indexer runs over (reduced dims, kept dims) so
  consecutive threads read consecutive kept elements where the reduced
  axes are outer and consecutive reduced elements where they are inner;
  a block holds ``_block_stride`` outputs times ``BLOCK / _block_stride``
  lanes per output, each lane folds its elements with ``REDUCE`` after
  ``map_expr``, then a shared-memory tree combines the lanes and
  ``POST_MAP`` writes the output.  Few outputs over many elements split
  the reduced range over several blocks (partial values in a scratch
  buffer) and a second launch of the same kernel combines them, so a
  whole-array reduction fills the GPU.
"""

import math
import struct

import numpy

from cupy_backends.cuda.ops import _compiler
from cupy_backends.cuda.ops import _launch
from cupy_backends.cuda.ops._compiler import ArgPack
from cupy_backends.cuda.ops._userkernel_header import CTYPES, HEADER, ctype

# threads per block: CuPy's ElementwiseKernel default block size (128)
# and a reduction block that holds 256 lanes (a power of two, for the
# tree)
ELEMENTWISE_THREADS = 128
BLOCK = 256
_INT32 = 2 ** 31 - 1
# blocks per multiprocessor a split reduction aims at (enough resident
# blocks to keep the memory system busy; 2048 threads per SM on sm_70..
# sm_90, CUDA C Programming Guide, "Compute Capabilities")
_SPLIT_BLOCKS_PER_SM = 8
# a lane of a split reduction folds at least this many elements (below
# that the second launch costs more than it saves)
_MIN_PER_LANE = 16

_functions = {}


def _current_stream():
    # the core's current stream (layer 3 keeps it per thread and device)
    from cupy.xpu import stream
    return stream.get_current_stream_ptr()


def _is_array(a):
    return hasattr(a, 'data') and hasattr(a, 'strides') and \
        not isinstance(a, numpy.generic)


def merge_dims(shape, strides_list):
    """(shape, [strides]) with size-1 dims dropped and adjacent dims
    merged where every operand steps through them as one (C order)."""
    osh = []
    ost = [[] for _ in strides_list]
    for d in range(len(shape) - 1, -1, -1):
        n = shape[d]
        if n == 1:
            continue
        if osh and all(st[d] == o[-1] * osh[-1]
                       for st, o in zip(strides_list, ost)):
            osh[-1] *= n
            continue
        osh.append(n)
        for st, o in zip(strides_list, ost):
            o.append(st[d])
    osh.reverse()
    for o in ost:
        o.reverse()
    return tuple(osh), [tuple(o) for o in ost]


def _fits32(shape, strides_list, extra=()):
    n = 1
    for s in shape:
        n *= s
    if n > _INT32:
        return False
    for st in strides_list:
        if sum(abs(s) * (d - 1) for s, d in zip(st, shape)) > _INT32:
            return False
    return all(x <= _INT32 for x in extra)


def _raw_span(a):
    return sum(abs(s) * (d - 1) for s, d in zip(a.strides, a.shape)) + \
        a.dtype.itemsize


def _contiguous(shape, strides, itemsize):
    want = itemsize
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != want:
            return False
        want *= n
    return True


def pack_array(args, ptr, size, shape, strides):
    """A CArray by value: data, size, shape[nd], strides[nd] (at least
    one entry each, as the header declares)."""
    nd = len(shape)
    if nd == 0:
        args.add_bytes(struct.pack('<Qqqq', ptr, size, 0, 0))
        return
    args.add_bytes(struct.pack('<Qq%dq%dq' % (nd, nd), ptr, size, *shape,
                               *strides))


def pack_indexer(args, shape):
    nd = len(shape)
    if nd == 0:
        args.add_bytes(struct.pack('<qqq', 1, 0, 0))
        return
    args.add_bytes(struct.pack('<q%dq%dx' % (nd, 8 * nd), math.prod(shape),
                               *shape))


def pack_scalar(args, value, dtype):
    if isinstance(value, numpy.generic) and value.dtype == dtype:
        args.add_bytes(value.tobytes())
    else:
        args.add_bytes(numpy.asarray(value).astype(dtype).tobytes())


def _param_ctype(p, dtype):
    """The type name a binding line uses: the placeholder letter (typedef'd)
    or the C type of a fixed type."""
    return p.ctype if p.dtype is None else ctype(p.dtype)


def _typedefs(type_map):
    return ''.join('typedef {} {};\n'.format(ctype(numpy.dtype(t)), k)
                   for k, t in sorted(type_map.items()))


def _carray(dtype, nd, contiguous, idx32):
    return 'CArray<{}, {}, {}, {}>'.format(
        ctype(dtype), nd, 'true' if contiguous else 'false',
        'true' if idx32 else 'false')


def _function(source, name, options):
    key = (source, name, options)
    fn = _functions.get(key)
    if fn is None:
        from cupy_backends.cuda.ops import _rawkernel
        fn = _rawkernel.compile_module(source, options).get_function(name)
        _functions[key] = fn
    return fn


def _options(kernel):
    # the kernel's options; C's separate roundings of `x * y + z` unless
    # the options choose (NVRTC contracts into fma by default, which
    # rounds once: an ElementwiseKernel's C would give other results than
    # the same C compiled for the host)
    opts = getattr(kernel, 'options', None)
    if opts is None:
        opts = kernel.kwargs.get('options', ())
    opts = tuple(opts or ())
    if not any('fmad' in o or 'use_fast_math' in o for o in opts):
        opts += ('--fmad=false',)
    return opts


# ----------------------------------------------------------- elementwise --

def _kernel_cache(kernel):
    """The compiled functions of one user kernel, by signature (the
    source is generated only the first time a signature is seen)."""
    try:
        return kernel._cuda_functions
    except AttributeError:
        kernel._cuda_functions = {}
        return kernel._cuda_functions


def run_elementwise(kernel, in_args, out_args, in_types, out_types,
                    type_map, shape):
    params = kernel.params
    args = list(in_args) + list(out_args)
    types = [numpy.dtype(t) for t in tuple(in_types) + tuple(out_types)]
    arrays = [_is_array(a) for a in args]
    loop = [k for k, p in enumerate(params) if arrays[k] and not p.raw]
    if kernel.reduce_dims:
        lshape, lstrides = merge_dims(shape, [args[k].strides for k in loop])
    else:
        lshape = tuple(shape)
        lstrides = [tuple(args[k].strides) for k in loop]
    nd = len(lshape)
    raws = [k for k, p in enumerate(params) if arrays[k] and p.raw]
    idx32 = _fits32(lshape, lstrides, [_raw_span(args[k]) for k in raws])
    strides_of = dict(zip(loop, lstrides))
    contig = tuple(
        _contiguous(args[k].shape, args[k].strides, types[k].itemsize)
        if params[k].raw else
        _contiguous(lshape, strides_of[k], types[k].itemsize)
        if arrays[k] else None for k in range(len(args)))
    sig = (tuple(t.char for t in types), tuple(arrays), nd, contig, idx32,
           tuple(args[k].ndim for k in raws))
    cache = _kernel_cache(kernel)
    fn = cache.get(sig)
    if fn is None:
        fn = _elementwise_function(kernel, args, params, types, type_map,
                                   nd, contig, idx32)
        cache[sig] = fn
    n = math.prod(lshape)
    packed = ArgPack()
    for k, a in enumerate(args):
        if not arrays[k]:
            pack_scalar(packed, a, types[k])
        elif params[k].raw:
            pack_array(packed, a.data.ptr, a.size, a.shape, a.strides)
        else:
            pack_array(packed, a.data.ptr, n, lshape, strides_of[k])
    pack_indexer(packed, lshape)
    grid = min((n + ELEMENTWISE_THREADS - 1) // ELEMENTWISE_THREADS, _INT32)
    _launch.launch(fn.ptr, max(grid, 1), ELEMENTWISE_THREADS, packed, 0,
                   _current_stream())
    return out_args


def _elementwise_function(kernel, args, params, types, type_map, nd,
                          contig, idx32):
    decl = []
    bind = []
    for k, (a, p) in enumerate(zip(args, params)):
        const = 'const ' if p.is_const else ''
        if contig[k] is None:
            decl.append('{}{} {}'.format(const, ctype(types[k]), p.name))
        elif p.raw:
            decl.append('{} {}'.format(_carray(
                types[k], a.ndim, contig[k], idx32), p.name))
        else:
            decl.append('{} _raw_{}'.format(_carray(
                types[k], nd, contig[k], idx32), p.name))
            bind.append('{}{} &{} = _raw_{}[_ind.get()];'.format(
                const, _param_ctype(p, types[k]), p.name, p.name))
    decl.append('CIndexer<{}, {}> _ind'.format(nd, 'true' if idx32
                                               else 'false'))
    idx = 'int' if idx32 else 'long long'
    src = ''.join([
        HEADER, _typedefs(type_map), kernel.preamble, '\n',
        'extern "C" __global__ void {}({}) {{\n'.format(
            kernel.name, ', '.join(decl)),
        kernel.kwargs.get('loop_prep', '') or '', ';\n',
        'for ({0} i = ({0})blockIdx.x * blockDim.x + threadIdx.x; '
        'i < ({0})_ind.size(); i += ({0})blockDim.x * gridDim.x) {{\n'
        .format(idx),
        '_ind.set(i);\n', '\n'.join(bind), '\n', kernel.operation,
        ';\n}\n', kernel.kwargs.get('after_loop', '') or '', ';\n}\n'])
    return _function(src, kernel.name, _options(kernel))


# ------------------------------------------------------------- reduction --

_REDUCE_BODY = r'''
typedef {rtype} _type_reduce;
#define REDUCE(a, b) ({reduce_expr})
#define POST_MAP(a) ({post_map_expr})
extern "C" __global__ void {name}({params}, CIndexer<{in_nd}> _in_ind,
    CIndexer<{out_nd}> _out_ind, ptrdiff_t _red_size, int _block_stride,
    int _nsplit, int _phase, _type_reduce* _partial) {{
  __shared__ __align__(16) char _smem[{block} * sizeof(_type_reduce)];
  _type_reduce* _sdata = reinterpret_cast<_type_reduce*>(_smem);
  const unsigned int _tid = threadIdx.x;
  const unsigned int _lanes = {block} / _block_stride;
  const ptrdiff_t _out_size = _out_ind.size();
  const ptrdiff_t _out_blocks = (_out_size + _block_stride - 1) /
                                _block_stride;
  const ptrdiff_t _split = blockIdx.x / _out_blocks;
  const ptrdiff_t _i = (blockIdx.x - _split * _out_blocks) * _block_stride
                       + _tid % _block_stride;
  const ptrdiff_t _chunk = (_red_size + _nsplit - 1) / _nsplit;
  const ptrdiff_t _J0 = _split * _chunk;
  const ptrdiff_t _J1 = _J0 + _chunk < _red_size ? _J0 + _chunk : _red_size;
  _type_reduce _s = _type_reduce({identity});
  const ptrdiff_t _Jfirst = _J0 + _tid / _block_stride;
  if (_i < _out_size && _phase == 2) {{
    for (ptrdiff_t _J = _Jfirst; _J < _J1; _J += _lanes) {{
      _type_reduce _a = _partial[_J * _out_size + _i];
      _s = REDUCE(_s, _a);
    }}
  }} else if (_i < _out_size) {{
    {kept_offsets}
    #pragma unroll 4
    for (ptrdiff_t _J = _Jfirst; _J < _J1; _J += _lanes) {{
      {bind_in}
      _type_reduce _a = static_cast<_type_reduce>({map_expr});
      _s = REDUCE(_s, _a);
    }}
  }}
  _sdata[_tid] = _s;
  __syncthreads();
  for (unsigned int _w = {block} / 2; _w >= (unsigned int)_block_stride;
       _w >>= 1) {{
    if (_tid < _w) {{
      _type_reduce _a = _sdata[_tid], _b = _sdata[_tid + _w];
      _sdata[_tid] = REDUCE(_a, _b);
    }}
    __syncthreads();
  }}
  if (_tid < (unsigned int)_block_stride && _i < _out_size) {{
    _s = _sdata[_tid];
    if (_phase == 1) {{
      _partial[_split * _out_size + _i] = _s;
    }} else {{
      _out_ind.set(_i);
      {bind_out}
      POST_MAP(_s);
    }}
  }}
}}
'''

_DTYPE_NAMES = {numpy.dtype(c).name: numpy.dtype(c) for c in CTYPES}
_C_NAMES = {v: numpy.dtype(k) for k, v in CTYPES.items() if k not in 'qQ'}


def _reduce_type(name, type_map):
    """(C type, NumPy dtype or None) of the reduction's `reduce_type`: a
    placeholder, a dtype name ('float64') or a C type ('double', or a
    type of the preamble, whose size is then unknown)."""
    if name in type_map:
        return name, numpy.dtype(type_map[name])
    if name in _DTYPE_NAMES and name != 'bool':
        dt = _DTYPE_NAMES[name]
        return ctype(dt), dt
    return name, _C_NAMES.get(name)


def _block_stride(red_size, out_size=1, outputs_inner=False):
    """Outputs per block: enough that the block's lanes have elements to
    fold, and at least a warp of consecutive outputs where the kept dims
    are the inputs' inner ones (so a warp's loads are contiguous)."""
    bs = 1
    while bs < BLOCK and bs * 2 * max(red_size, 1) <= BLOCK:
        bs *= 2
    if outputs_inner:
        while bs < 32 and bs < out_size:
            bs *= 2
    return bs


def run_reduction(kernel, in_args, out_args, in_types, out_types, type_map,
                  shape, axes, keepdims):
    in_params = kernel.in_params
    arrays = [_is_array(a) for a in in_args]
    key = (tuple(t.char for t in in_types), tuple(out_types),
           tuple((a.shape, a.strides, p.raw) if arrays[k] else None
                 for k, (a, p) in enumerate(zip(in_args, in_params))),
           tuple(o.strides for o in out_args), tuple(shape), axes, keepdims)
    plans = _kernel_cache(kernel)
    plan = plans.get(key)
    if plan is None:
        plan = _reduction_plan(kernel, in_args, out_args, in_types, out_types,
                               type_map, shape, axes, keepdims, arrays)
        plans[key] = plan
    (fn, in_shape, in_strides, kshape, out_strides, red_size, out_size,
     launches, scratch_size) = plan
    stream = _current_stream()
    scratch = _scratch(scratch_size, stream) if scratch_size else 0
    for phase, bstride, nsplit, nred, blocks in launches:
        packed = ArgPack()
        j = 0
        for k, (a, p) in enumerate(zip(in_args, in_params)):
            if not arrays[k]:
                pack_scalar(packed, a, in_types[k])
            elif p.raw:
                pack_array(packed, a.data.ptr, a.size, a.shape, a.strides)
            else:
                pack_array(packed, a.data.ptr, red_size * out_size, in_shape,
                           in_strides[j])
                j += 1
        for k, o in enumerate(out_args):
            pack_array(packed, o.data.ptr, out_size, kshape, out_strides[k])
        pack_indexer(packed, in_shape)
        pack_indexer(packed, kshape)
        packed.add_bytes(struct.pack('<q', nred))
        packed.add_bytes(struct.pack('<i', bstride))
        packed.add_bytes(struct.pack('<i', nsplit))
        packed.add_bytes(struct.pack('<i', phase))
        packed.add_bytes(struct.pack('<Q', scratch))
        _launch.launch(fn.ptr, blocks, BLOCK, packed, 0, stream)
    return out_args


_scratches = {}


def _scratch(nbytes, stream):
    """A device buffer of at least `nbytes` for the partial values of a
    split reduction, kept per (device, stream): kernels of one stream run
    in order, so the next reduction on it may reuse the buffer."""
    from cupy._core import core
    from cupy_backends.backend import api
    key = (api.xpuGetDevice(), stream)
    buf = _scratches.get(key)
    if buf is None or buf.nbytes < nbytes:
        buf = core._empty((max(nbytes, 1 << 16),), numpy.dtype(numpy.uint8))
        _scratches[key] = buf
    return buf.data.ptr


def _reduction_plan(kernel, in_args, out_args, in_types, out_types,
                    type_map, shape, axes, keepdims, arrays):
    """The function and launch geometry of one call signature: the
    inputs run over (reduced dims, kept dims), each group merged."""
    ndim = len(shape)
    axes = tuple(sorted(axes))
    kept = [d for d in range(ndim) if d not in axes]
    in_params = kernel.in_params
    in_types = [numpy.dtype(t) for t in in_types]
    out_types = [numpy.dtype(t) for t in out_types]
    ins = [k for k, p in enumerate(in_params) if arrays[k] and not p.raw]
    out_strides = []
    for o in out_args:
        st = o.strides
        if keepdims:
            st = tuple(v for d, v in enumerate(st) if d not in axes)
        out_strides.append(st)
    kshape, kstrides = merge_dims(
        [shape[d] for d in kept],
        [tuple(in_args[k].strides[d] for d in kept) for k in ins] +
        out_strides)
    rshape, rstrides = merge_dims(
        [shape[d] for d in axes],
        [tuple(in_args[k].strides[d] for d in axes) for k in ins])
    in_shape = rshape + kshape
    red_size = math.prod(rshape)
    out_size = math.prod(kshape)
    rtype, rdtype = _reduce_type(kernel.reduce_type, type_map)
    fn = _reduction_function(
        kernel, in_args, in_types, out_types, type_map, rtype, len(rshape),
        len(kshape), red_size <= _INT32, out_size <= _INT32)
    inner = any(st and st[-1] == in_types[k].itemsize
                for k, st in zip(ins, kstrides))
    bstride = _block_stride(red_size, out_size, inner)
    out_blocks = (out_size + bstride - 1) // bstride
    nsplit = _splits(red_size, out_blocks, bstride, rdtype)
    if nsplit == 1:
        launches = ((0, bstride, 1, red_size, out_blocks),)
        scratch = 0
    else:
        # phase 1: `nsplit` partial values per output; phase 2 folds them
        b2 = _block_stride(nsplit)
        launches = ((1, bstride, nsplit, red_size, out_blocks * nsplit),
                    (2, b2, 1, nsplit, (out_size + b2 - 1) // b2))
        scratch = nsplit * out_size * rdtype.itemsize
    in_strides = [r + k for r, k in zip(rstrides, kstrides)]
    return (fn, in_shape, in_strides, kshape, kstrides[len(ins):],
            red_size, out_size, launches, scratch)


def _reduction_function(kernel, in_args, in_types, out_types, type_map,
                        rtype, rnd, knd, red32, out32):
    decl, kept, bind_in, bind_out = [], [], [], []
    for k, (a, p) in enumerate(zip(in_args, kernel.in_params)):
        const = 'const ' if p.is_const else ''
        t = _param_ctype(p, in_types[k])
        if not _is_array(a):
            decl.append('{}{} {}'.format(const, ctype(in_types[k]), p.name))
        elif p.raw:
            decl.append('{} {}'.format(
                _carray(in_types[k], a.ndim, False, False), p.name))
        else:
            decl.append('{} _raw_{}'.format(
                _carray(in_types[k], rnd + knd, False, False), p.name))
            # the kept part of the offset once per thread, the reduced
            # part per element (no division when one reduced dim)
            kept.append('const char* _p_{0} = (const char*)_raw_{0}.data() '
                        '+ _cupy_offset<{1}, {2}, {3}>(_raw_{0}, _i);'.format(
                            p.name, rnd, knd, 'true' if out32 else 'false'))
            bind_in.append(
                'const {0} {1} = *(const {0}*)(_p_{1} + _cupy_offset<0, {2}, '
                '{3}>(_raw_{1}, _J));'.format(t, p.name, rnd,
                                               'true' if red32 else 'false'))
    for k, p in enumerate(kernel.out_params):
        decl.append('{} _raw_{}'.format(
            _carray(out_types[k], knd, False, False), p.name))
        bind_out.append('{} &{} = _raw_{}[_out_ind.get()];'.format(
            _param_ctype(p, out_types[k]), p.name, p.name))
    src = HEADER + _typedefs(type_map) + kernel.preamble + '\n' + \
        _REDUCE_BODY.format(
            rtype=rtype, reduce_expr=kernel.reduce_expr,
            post_map_expr=kernel.post_map_expr, name=kernel.name,
            params=', '.join(decl), in_nd=rnd + knd, out_nd=knd,
            block=BLOCK, identity=kernel.identity,
            kept_offsets=' '.join(kept), bind_in=' '.join(bind_in),
            map_expr=kernel.map_expr, bind_out=' '.join(bind_out))
    return _function(src, kernel.name, _options(kernel))


def _splits(red_size, out_blocks, bstride, rdtype):
    """How many blocks share one output group's reduced range."""
    if rdtype is None:
        return 1
    target = _compiler.multiprocessor_count() * _SPLIT_BLOCKS_PER_SM
    if out_blocks >= target:
        return 1
    lanes = BLOCK // bstride
    n = min(target // out_blocks, red_size // (lanes * _MIN_PER_LANE))
    return max(int(n), 1)
