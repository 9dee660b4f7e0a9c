/*
 * CANN simulator: the data operators -- copy and cast, fill and zero,
 * arange, flip, tril/triu, indexing (aclnnIndex, aclnnIndexPutImpl) and
 * nonzero (shared/reference/cann/ops.md sections 4, 6 and 8).
 *
 * Each operator is a row of DATA_OPS (its parameters, with the Atlas A2
 * dtype sets and rank limits of ops.md, plus optional extra checks and a
 * workspace rule) and a SIM_PHASE1 pair at the end: phase 1 goes through
 * sim_op_prepare (sim_op_engine.c), phase 2 is sim_executor_launch.  The
 * kernels are in simulator/kernels/data.py.
 */
#include "sim_internal.h"
#include "sim_ops.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Dtype sets, bit (1 << aclDataType).                                   */

/* ops.md section 4, "A2 dtypes" column. */
#define DS_INPLACE_COPY (D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_F16 | D_F32 | D_B | \
                         D_F64 | D_C64 | D_C128 | D_U16 | D_U32 | D_U64 | D_BF16)
#define DS_FILL_SCALAR (D_F32 | D_F16 | D_U8 | D_S8 | D_S16 | D_S32 | D_S64 | D_F64 | \
                        D_C64 | D_C128 | D_B | D_BF16 | D_U16 | D_U32 | D_U64)
#define DS_ZERO (D_S8 | D_S32 | D_S64 | D_U8 | D_F16 | D_F32 | D_B | D_F64 | D_S16 | \
                 D_U16 | D_C128 | D_C64 | D_BF16)
/* aclnnCast: every listed type on both sides. */
#define DS_CAST (D_F16 | D_F32 | D_F64 | D_S8 | D_U8 | D_S16 | D_U16 | D_S32 | D_U32 | \
                 D_S64 | D_U64 | D_B | D_C64 | D_C128 | D_BF16)
/* aclnnArange: the scalars, and out. */
#define DS_ARANGE_SCALAR (D_F16 | D_F32 | D_F64 | D_U8 | D_S8 | D_S16 | D_S32 | D_S64 | \
                          D_B | D_BF16)
#define DS_ARANGE_OUT (D_F16 | D_F32 | D_F64 | D_S32 | D_S64 | D_BF16)

/* ops.md section 6 (aclnnNonzero self; out is s64). */
#define DS_NONZERO (D_F32 | D_F16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | D_B | D_BF16)

/* ops.md section 8. */
#define DS_INDEX (D_F32 | D_F16 | D_BF16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | D_B)
#define DS_INDEX_IDX (D_S32 | D_S64 | D_B)
#define DS_INDEX_PUT (D_F32 | D_F16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | D_B | D_BF16)
#define DS_FLIP (D_F16 | D_F32 | D_S32 | D_S16 | D_S64 | D_B | D_S8 | D_U8 | D_F64 | D_C64 | \
                 D_C128 | D_BF16)
/* "(c64 listed)": the docs list complex64 too; complex128 is absent. */
#define DS_TRIL (D_F64 | D_F32 | D_F16 | D_S16 | D_S32 | D_S64 | D_S8 | D_U16 | D_U32 | \
                 D_U64 | D_U8 | D_B | D_BF16 | D_C64)

/* ------------------------------------------------------------------ */
/* The table                                                             */

static aclnnStatus check_inplace_copy(const sim_op *op, const sim_call *call);
static uint64_t workspace_inplace_copy(const sim_call *call);
static aclnnStatus check_cast(const sim_op *op, const sim_call *call);
static aclnnStatus check_flip(const sim_op *op, const sim_call *call);
static aclnnStatus check_arange(const sim_op *op, const sim_call *call);
static aclnnStatus check_tril(const sim_op *op, const sim_call *call);
static aclnnStatus check_index(const sim_op *op, const sim_call *call);
static aclnnStatus check_index_put(const sim_op *op, const sim_call *call);
static aclnnStatus check_nonzero(const sim_op *op, const sim_call *call);
static uint64_t workspace_nonzero(const sim_call *call);

enum {
    OP_INPLACE_COPY, OP_INPLACE_FILL_SCALAR, OP_INPLACE_ZERO, OP_CAST, OP_FLIP, OP_ARANGE,
    OP_TRIL, OP_TRIU, OP_INDEX, OP_INDEX_PUT_IMPL, OP_NONZERO,
    OP_INPLACE_REMAINDER_TS, OP_COUNT
};

static const sim_op DATA_OPS[OP_COUNT] = {
    /* ops.md 4: rank 1-8 for both (a 0-d tensor is rejected). */
    [OP_INPLACE_COPY] = {"InplaceCopy", 2, {
        P_TENSOR_REF("selfRef", DS_INPLACE_COPY, 1, 8),
        P_TENSOR("src", DS_INPLACE_COPY, 1, 8)},
        check_inplace_copy, workspace_inplace_copy},
    [OP_INPLACE_FILL_SCALAR] = {"InplaceFillScalar", 2, {
        P_TENSOR_REF("selfRef", DS_FILL_SCALAR, 0, 8),
        P_SCALAR("value", D_SCALAR)},
        NULL, NULL},
    [OP_INPLACE_ZERO] = {"InplaceZero", 1, {
        P_TENSOR_REF("selfRef", DS_ZERO, 0, 8)},
        NULL, NULL},
    /* ops.md 4: rank not stated (the common limit 8). */
    [OP_CAST] = {"Cast", 3, {
        P_TENSOR("self", DS_CAST, 0, 8),
        P_DTYPE("dtype", DS_CAST),
        P_TENSOR_OUT("out", DS_CAST, 0, 8)},
        check_cast, NULL},
    /* ops.md 8: rank 1-8. */
    [OP_FLIP] = {"Flip", 3, {
        P_TENSOR("self", DS_FLIP, 1, 8),
        P_INT_ARRAY("dims"),
        P_TENSOR_OUT("out", DS_FLIP, 1, 8)},
        check_flip, NULL},
    /* ops.md 4: out is the caller's 1-D buffer of the right length. */
    [OP_ARANGE] = {"Arange", 4, {
        P_SCALAR("start", DS_ARANGE_SCALAR),
        P_SCALAR("end", DS_ARANGE_SCALAR),
        P_SCALAR("step", DS_ARANGE_SCALAR),
        P_TENSOR_OUT("out", DS_ARANGE_OUT, 1, 1)},
        check_arange, NULL},
    /* ops.md 8: Tril rank 2-8; Triu rank 0 or 2-8 (rank 1 in check_tril). */
    [OP_TRIL] = {"Tril", 3, {
        P_TENSOR("self", DS_TRIL, 2, 8),
        P_INT("diagonal"),
        P_TENSOR_OUT("out", DS_TRIL, 2, 8)},
        check_tril, NULL},
    [OP_TRIU] = {"Triu", 3, {
        P_TENSOR("self", DS_TRIL, 0, 8),
        P_INT("diagonal"),
        P_TENSOR_OUT("out", DS_TRIL, 0, 8)},
        check_tril, NULL},
    /* ops.md 8: index tensors s32/s64/bool. */
    [OP_INDEX] = {"Index", 3, {
        P_TENSOR("self", DS_INDEX, 1, 8),
        P_TENSOR_LIST("indices", DS_INDEX_IDX, 0, 8),
        P_TENSOR_OUT("out", DS_INDEX, 0, 8)},
        check_index, NULL},
    [OP_INDEX_PUT_IMPL] = {"IndexPutImpl", 5, {
        P_TENSOR_REF_INOUT("selfRef", DS_INDEX_PUT, 1, 8),
        P_TENSOR_LIST("indices", DS_INDEX_IDX, 0, 8),
        P_TENSOR("values", DS_INDEX_PUT, 0, 8),
        P_BOOL("accumulate"),
        P_BOOL("unsafe")},
        check_index_put, NULL},
    /* ops.md 6: out s64 2-D [numel, ndim], contiguous (NC x). */
    [OP_NONZERO] = {"Nonzero", 2, {
        P_TENSOR("self", DS_NONZERO, 0, 8),
        P_TENSOR_OUT("out", D_S64, 2, 2)},
        check_nonzero, workspace_nonzero},
    /* ops.md 1 (remainder): the promoted compute dtype must be s32 s64 f16
     * f32 f64 bf16; Python's sign convention. */
    [OP_INPLACE_REMAINDER_TS] = {"InplaceRemainderTensorScalar", 2, {
        P_TENSOR_REF("selfRef", D_S32 | D_S64 | D_F16 | D_F32 | D_F64 | D_BF16, 0, 8),
        P_SCALAR("other", D_S32 | D_S64 | D_F16 | D_F32 | D_F64 | D_BF16)},
        NULL, NULL},
};

/* ------------------------------------------------------------------ */
/* Operator rules                                                        */

/* aclnnInplaceCopy (ops.md 4; doc conversion/view_copy/docs/aclnnInplaceCopy.md):
 * src broadcasts to selfRef; a complex-to-complex copy needs a contiguous
 * selfRef. */
static aclnnStatus check_inplace_copy(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *src = &call->args[1].u.tensor;
    char b1[256], b2[256];
    if (!sim_ops_broadcasts_to(src, self)) {
        sim_set_error("aclnn%s: src of shape %s cannot be broadcast to selfRef of shape %s",
                      op->name, sim_fmt_dims(b1, sizeof b1, src->dims, src->ndim),
                      sim_fmt_dims(b2, sizeof b2, self->dims, self->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (sim_ops_is_complex(self->dtype) && sim_ops_is_complex(src->dtype) &&
        !sim_ops_is_contiguous(self)) {
        sim_set_error("aclnn%s: a complex-to-complex copy needs a contiguous selfRef "
                      "(selfRef of shape %s is strided); copy into a contiguous buffer first",
                      op->name, sim_fmt_dims(b1, sizeof b1, self->dims, self->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* A real plan makes a strided src contiguous first: that copy lives in
 * the workspace. */
static uint64_t workspace_inplace_copy(const sim_call *call)
{
    const sim_tensor_desc *src = &call->args[1].u.tensor;
    if (sim_ops_is_contiguous(src)) return 0;
    return sim_dtype_nbytes(src->dtype, (uint64_t)sim_desc_numel(src));
}

/* aclnnCast (ops.md 4): out has self's shape and the requested dtype; a
 * bool or complex input must be contiguous. */
static aclnnStatus check_cast(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[2].u.tensor;
    int64_t dtype = call->args[1].u.i;
    aclnnStatus st = sim_ops_check_out_like(op, self, out, 0);
    if (st) return st;
    if ((st = sim_ops_check_same_dtype(op, "out", out->dtype, "dtype", (int32_t)dtype)))
        return st;
    if ((self->dtype == ACL_BOOL || sim_ops_is_complex(self->dtype)) &&
        !sim_ops_is_contiguous(self)) {
        sim_set_error("aclnn%s: a %s self must be contiguous", op->name,
                      sim_dtype_name(self->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* aclnnFlip (ops.md 8): out like self; dims distinct and in range. */
static aclnnStatus check_flip(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[2].u.tensor;
    uint32_t mask;
    aclnnStatus st = sim_ops_check_out_like(op, self, out, 1);
    if (st) return st;
    return sim_ops_check_axes(op, "dims", &call->args[1], self->ndim, &mask);
}

/* An aclScalar's value; *is_int tells whether it is an integer or bool. */
static double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return (h & 0x8000) ? -v : v;
}

static void scalar_value(const sim_arg *a, double *f, int64_t *i, int *is_int)
{
    const unsigned char *b = a->u.scalar.bytes;
    *is_int = 1;
    *i = 0;
    switch (a->u.scalar.dtype) {
    case ACL_BOOL: *i = b[0] != 0; break;
    case ACL_INT8: { int8_t x; memcpy(&x, b, 1); *i = x; break; }
    case ACL_UINT8: *i = b[0]; break;
    case ACL_INT16: { int16_t x; memcpy(&x, b, 2); *i = x; break; }
    case ACL_INT32: { int32_t x; memcpy(&x, b, 4); *i = x; break; }
    case ACL_INT64: memcpy(i, b, 8); break;
    default: {
        *is_int = 0;
        uint16_t h; float x32; uint32_t u;
        switch (a->u.scalar.dtype) {
        case ACL_FLOAT16: memcpy(&h, b, 2); *f = half_to_double(h); break;
        case ACL_BF16:
            memcpy(&h, b, 2);
            u = (uint32_t)h << 16;
            memcpy(&x32, &u, 4);
            *f = x32;
            break;
        case ACL_FLOAT: memcpy(&x32, b, 4); *f = x32; break;
        default: memcpy(f, b, 8); break;   /* ACL_DOUBLE: the only other type the op takes */
        }
        return;
    }
    }
    *f = (double)*i;
}

/* aclnnArange (ops.md 4): [start, end) by step; step != 0 with the sign
 * of end - start; out holds exactly ceil((end - start) / step) elements
 * (computed exactly when all three are integers). */
static aclnnStatus check_arange(const sim_op *op, const sim_call *call)
{
    double f[3];
    int64_t iv[3];
    int is_int[3];
    for (int k = 0; k < 3; k++) scalar_value(&call->args[k], &f[k], &iv[k], &is_int[k]);
    const sim_tensor_desc *out = &call->args[3].u.tensor;
    int64_t size;
    if (is_int[0] && is_int[1] && is_int[2]) {
        if (iv[2] == 0) goto zero_step;
        __int128 span = (__int128)iv[1] - iv[0], q = span / iv[2];
        if (span % iv[2] != 0 && ((span < 0) == (iv[2] < 0))) q += 1;
        if (q < 0) goto bad_sign;
        size = q > INT64_MAX ? INT64_MAX : (int64_t)q;
    } else {
        if (!isfinite(f[0]) || !isfinite(f[1]) || !isfinite(f[2])) {
            sim_set_error("aclnn%s: start, end and step must be finite (got %g, %g, %g)",
                          op->name, f[0], f[1], f[2]);
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (f[2] == 0) goto zero_step;
        double q = ceil((f[1] - f[0]) / f[2]);
        if (q < 0) goto bad_sign;
        size = q >= 9.2e18 ? INT64_MAX : (int64_t)q;
    }
    if (size != out->dims[0]) {
        sim_set_error("aclnn%s: out has %lld elements but [start, end) by step has %lld",
                      op->name, (long long)out->dims[0], (long long)size);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
zero_step:
    sim_set_error("aclnn%s: step must not be zero", op->name);
    return ACLNN_ERR_PARAM_INVALID;
bad_sign:
    sim_set_error("aclnn%s: upper bound and lower bound are inconsistent with the sign "
                  "of step (start %g, end %g, step %g)", op->name, f[0], f[1], f[2]);
    return ACLNN_ERR_PARAM_INVALID;
}

/* aclnnTril / aclnnTriu (ops.md 8): out like self; Triu takes 0-d or 2-8. */
static aclnnStatus check_tril(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[2].u.tensor;
    if (self->ndim == 1) {
        sim_set_error("aclnn%s: self has 1 dimension; aclnn%s accepts 0 or 2 to 8",
                      op->name, op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return sim_ops_check_out_like(op, self, out, 1);
}

/* Indexing with a tensor list (aclnnIndex, aclnnIndexPutImpl; ops.md 8,
 * torch semantics): the index tensors take the leading dims of self in
 * order, an integer tensor one dim, a bool mask as many dims as it has
 * (and exactly their sizes).  The integer tensors broadcast together.
 * Without masks the indexed result has shape broadcast(indices) +
 * self.shape[k:], written to res (*res_ndim dims); with a mask the shape
 * depends on the data and *res_ndim is -1. */
/* A bool mask indices[k] covers self's dims from `first` with their sizes. */
static aclnnStatus check_index_mask(const sim_op *op, uint64_t k, const sim_tensor_desc *mask,
                                    const sim_tensor_desc *self, int first)
{
    char b1[256], b2[256];
    for (int i = 0; i < mask->ndim; i++)
        if (mask->dims[i] != self->dims[first + i]) {
            sim_set_error("aclnn%s: indices[%llu]: the bool mask of shape %s does not match "
                          "self's dims %d.. of shape %s", op->name, (unsigned long long)k,
                          sim_fmt_dims(b1, sizeof b1, mask->dims, mask->ndim), first,
                          sim_fmt_dims(b2, sizeof b2, self->dims, self->ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
    return ACLNN_SUCCESS;
}

/* NumPy broadcasting of the integer index indices[k] into the shape
 * (bshape, *bnd) of the integer indices before it. */
static aclnnStatus broadcast_index(const sim_op *op, uint64_t k, const sim_tensor_desc *t,
                                   int64_t *bshape, int *bnd)
{
    char b1[256], b2[256];
    int nd = t->ndim > *bnd ? t->ndim : *bnd;
    int64_t merged[SIM_MAX_DIMS];
    for (int i = 1; i <= nd; i++) {
        int64_t x = i <= *bnd ? bshape[*bnd - i] : 1;
        int64_t y = i <= t->ndim ? t->dims[t->ndim - i] : 1;
        if (x != y && x != 1 && y != 1) {
            sim_set_error("aclnn%s: indices[%llu] of shape %s does not broadcast with the "
                          "other indices (shape %s)", op->name, (unsigned long long)k,
                          sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim),
                          sim_fmt_dims(b2, sizeof b2, bshape, *bnd));
            return ACLNN_ERR_PARAM_INVALID;
        }
        merged[nd - i] = x == 1 ? y : x;
    }
    memcpy(bshape, merged, sizeof(int64_t) * (size_t)nd);
    *bnd = nd;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_index_list(const sim_op *op, const sim_tensor_desc *self,
                                    const sim_arg *list, int64_t *res, int *res_ndim)
{
    char b1[256];
    int64_t bshape[SIM_MAX_DIMS];
    int bnd = 0, consumed = 0, has_mask = 0;
    if (list->u.tlist.n == 0) {
        sim_set_error("aclnn%s: indices is empty", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    for (uint64_t k = 0; k < list->u.tlist.n; k++) {
        const sim_tensor_desc *t = &list->u.tlist.v[k];
        int need = t->dtype == ACL_BOOL ? t->ndim : 1;
        if (t->dtype == ACL_BOOL && t->ndim == 0) {
            /* torch gives a 0-d mask a meaning of its own (a new axis);
             * the simulator does not model it */
            sim_set_error("aclnn%s: indices[%llu]: a 0-d bool index is not supported",
                          op->name, (unsigned long long)k);
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (consumed + need > self->ndim) {
            sim_set_error("aclnn%s: too many indices for self of shape %s", op->name,
                          sim_fmt_dims(b1, sizeof b1, self->dims, self->ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
        aclnnStatus st = t->dtype == ACL_BOOL ? check_index_mask(op, k, t, self, consumed)
                                              : broadcast_index(op, k, t, bshape, &bnd);
        if (st) return st;
        has_mask |= t->dtype == ACL_BOOL;
        consumed += need;
    }
    if (has_mask) {
        *res_ndim = -1;
        return ACLNN_SUCCESS;
    }
    int nd = bnd + self->ndim - consumed;
    if (nd > SIM_MAX_DIMS) {
        sim_set_error("aclnn%s: the result would have %d dimensions; at most %d", op->name,
                      nd, SIM_MAX_DIMS);
        return ACLNN_ERR_PARAM_INVALID;
    }
    memcpy(res, bshape, sizeof(int64_t) * (size_t)bnd);
    memcpy(res + bnd, self->dims + consumed, sizeof(int64_t) * (size_t)(self->ndim - consumed));
    *res_ndim = nd;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_index(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[2].u.tensor;
    int64_t res[SIM_MAX_DIMS];
    int nd;
    if (out->dtype != self->dtype) {
        sim_set_error("aclnn%s: out has dtype %s but self has dtype %s; they must be equal",
                      op->name, sim_dtype_name(out->dtype), sim_dtype_name(self->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus st = check_index_list(op, self, &call->args[1], res, &nd);
    if (st || nd < 0) return st;
    return sim_ops_check_out_dims(op, out, res, nd, "the result's shape");
}

static aclnnStatus check_index_put(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *values = &call->args[2].u.tensor;
    int64_t res[SIM_MAX_DIMS];
    int nd;
    char b1[256], b2[256];
    if (values->dtype != self->dtype) {
        sim_set_error("aclnn%s: values has dtype %s but selfRef has dtype %s; they must be "
                      "equal", op->name, sim_dtype_name(values->dtype),
                      sim_dtype_name(self->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus st = check_index_list(op, self, &call->args[1], res, &nd);
    if (st || nd < 0) return st;
    sim_tensor_desc target = *values;
    target.ndim = nd;
    memcpy(target.dims, res, sizeof(int64_t) * (size_t)nd);
    if (!sim_ops_broadcasts_to(values, &target)) {
        sim_set_error("aclnn%s: values of shape %s cannot be broadcast to the indexed shape "
                      "%s", op->name, sim_fmt_dims(b1, sizeof b1, values->dims, values->ndim),
                      sim_fmt_dims(b2, sizeof b2, res, nd));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* aclnnNonzero (ops.md 6): out s64 [>= numel, ndim], contiguous; every
 * dim of self fits in int32. */
static aclnnStatus check_nonzero(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[1].u.tensor;
    char b1[256], b2[256];
    for (int i = 0; i < self->ndim; i++)
        if (self->dims[i] > INT32_MAX) {
            sim_set_error("aclnn%s: dim %d of self (%lld) does not fit in int32", op->name,
                          i, (long long)self->dims[i]);
            return ACLNN_ERR_PARAM_INVALID;
        }
    if (out->dims[1] != self->ndim || out->dims[0] < sim_desc_numel(self)) {
        sim_set_error("aclnn%s: out has shape %s; for self of shape %s it needs (%lld, %d), "
                      "the worst case", op->name,
                      sim_fmt_dims(b1, sizeof b1, out->dims, out->ndim),
                      sim_fmt_dims(b2, sizeof b2, self->dims, self->ndim),
                      (long long)sim_desc_numel(self), (int)self->ndim);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!sim_ops_is_contiguous(out)) {
        sim_set_error("aclnn%s: out must be contiguous", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* "Large workspace" (ops.md 6); modelled as one int64 per element of
 * self [inferred]. */
static uint64_t workspace_nonzero(const sim_call *call)
{
    return sim_dtype_nbytes(ACL_INT64, (uint64_t)sim_desc_numel(&call->args[0].u.tensor));
}

/* ------------------------------------------------------------------ */
/* Exported operators: phase 1 and phase 2 (ops.md conventions).         */

SIM_PHASE1(InplaceCopy, &DATA_OPS[OP_INPLACE_COPY],
           (aclTensor *selfRef, const aclTensor *src, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = selfRef}, {.p = src})

SIM_PHASE1(InplaceFillScalar, &DATA_OPS[OP_INPLACE_FILL_SCALAR],
           (aclTensor *selfRef, const aclScalar *value, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = selfRef}, {.p = value})

SIM_PHASE1(InplaceZero, &DATA_OPS[OP_INPLACE_ZERO],
           (aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = selfRef})

SIM_PHASE1(Cast, &DATA_OPS[OP_CAST],
           (const aclTensor *self, const aclDataType dtype, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = dtype}, {.p = out})

SIM_PHASE1(Flip, &DATA_OPS[OP_FLIP],
           (const aclTensor *self, const aclIntArray *dims, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dims}, {.p = out})

SIM_PHASE1(Arange, &DATA_OPS[OP_ARANGE],
           (const aclScalar *start, const aclScalar *end, const aclScalar *step,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = start}, {.p = end}, {.p = step}, {.p = out})

SIM_PHASE1(Tril, &DATA_OPS[OP_TRIL],
           (const aclTensor *self, int64_t diagonal, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = diagonal}, {.p = out})

SIM_PHASE1(Triu, &DATA_OPS[OP_TRIU],
           (const aclTensor *self, int64_t diagonal, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = diagonal}, {.p = out})

SIM_PHASE1(Index, &DATA_OPS[OP_INDEX],
           (const aclTensor *self, const aclTensorList *indices, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = indices}, {.p = out})

SIM_PHASE1(IndexPutImpl, &DATA_OPS[OP_INDEX_PUT_IMPL],
           (aclTensor *selfRef, const aclTensorList *indices, const aclTensor *values,
            const bool accumulate, const bool unsafe, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = selfRef}, {.p = indices}, {.p = values}, {.b = accumulate}, {.b = unsafe})

SIM_PHASE1(Nonzero, &DATA_OPS[OP_NONZERO],
           (const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = self}, {.p = out})

SIM_PHASE1(InplaceRemainderTensorScalar, &DATA_OPS[OP_INPLACE_REMAINDER_TS],
           (aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = selfRef}, {.p = other})
