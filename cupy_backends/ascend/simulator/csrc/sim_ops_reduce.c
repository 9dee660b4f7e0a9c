/*
 * CANN simulator: reductions and scans (shared/reference/cann/ops.md
 * section 5).  Each operator is a row of REDUCE_OPS (parameters with
 * their Atlas A2 dtype sets and rank limits, and an extra check) and a
 * SIM_PHASE1 pair at the end; the kernels are in
 * simulator/kernels/reduce.py.
 *
 * Where ops.md leaves a case open the simulator refuses it (stricter than
 * the hardware may be): an empty `dim` for aclnnMean, max/min/arg of an
 * empty reduced axis.
 */
#include "sim_internal.h"
#include "sim_ops.h"

#include <string.h>

/* ops.md 5, "A2 dtypes" column (bfloat16 included where listed). */
/* aclnnReduceSum: self, dtype and out. */
#define DS_REDUCE_SUM (D_F16 | D_F32 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B | D_F64 | \
                       D_C64 | D_C128 | D_BF16)
#define DS_NANSUM (D_F16 | D_F32 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B | D_BF16)
#define DS_PROD (D_F16 | D_F32 | D_F64 | D_S8 | D_U8 | D_S16 | D_S32 | D_S64 | D_B | \
                 D_C64 | D_C128 | D_BF16)
#define DS_MEAN (D_F32 | D_F16 | D_BF16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | \
                 D_C64 | D_C128)
#define DS_AMAX (D_F32 | D_F16 | D_F64 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B | D_BF16)
#define DS_MAX (D_F16 | D_F32 | D_F64 | D_U8 | D_S8 | D_S16 | D_S32 | D_S64 | D_B | D_BF16)
#define DS_ARG (D_F32 | D_F16 | D_BF16 | D_F64 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8)
#define DS_ARG_OUT (D_S32 | D_S64)
#define DS_ALL_ANY (D_B | D_U8 | D_S8 | D_S16 | D_S32 | D_S64 | D_F32 | D_F16 | D_BF16 | D_F64)
#define DS_VAR (D_F32 | D_F16 | D_BF16)
#define DS_CUMSUM (D_F32 | D_F16 | D_S32 | D_F64 | D_U8 | D_S8 | D_S16 | D_S64 | D_C64 | \
                   D_C128 | D_BF16)
#define DS_CUMPROD (D_F32 | D_F16 | D_BF16 | D_F64 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | \
                    D_U16 | D_U32 | D_U64)

/* An optional axis list (NULL allowed: "dim NULL or empty => all axes"). */
#define P_INT_ARRAY_OPT(nm) {nm, SIM_ARG_INT_ARRAY, 0, 1, 0, 0, 0}

static aclnnStatus check_reduce_sum(const sim_op *op, const sim_call *call);
static aclnnStatus check_dims_reduce(const sim_op *op, const sim_call *call);
static aclnnStatus check_prod(const sim_op *op, const sim_call *call);
static aclnnStatus check_prod_dim(const sim_op *op, const sim_call *call);
static aclnnStatus check_amax(const sim_op *op, const sim_call *call);
static aclnnStatus check_max(const sim_op *op, const sim_call *call);
static aclnnStatus check_arg(const sim_op *op, const sim_call *call);
static aclnnStatus check_all_any(const sim_op *op, const sim_call *call);
static aclnnStatus check_var(const sim_op *op, const sim_call *call);
static aclnnStatus check_cumsum(const sim_op *op, const sim_call *call);
static aclnnStatus check_cumprod(const sim_op *op, const sim_call *call);

enum {
    R_SUM, R_NANSUM, R_PROD, R_PROD_DIM, R_MEAN, R_AMAX, R_AMIN, R_MAX, R_MIN, R_ARGMAX, R_ARGMIN,
    R_ALL, R_ANY, R_VAR_CORRECTION, R_STD, R_CUMSUM, R_CUMPROD, R_COUNT
};

static const sim_op REDUCE_OPS[R_COUNT] = {
    [R_SUM] = {"ReduceSum", 5, {
        P_TENSOR("self", DS_REDUCE_SUM, 0, 8),
        P_INT_ARRAY("dims"),
        P_BOOL("keepDims"),
        P_DTYPE("dtype", DS_REDUCE_SUM),
        P_TENSOR_OUT("out", DS_REDUCE_SUM, 0, 8)},
        check_reduce_sum, NULL},
    [R_NANSUM] = {"ReduceNansum", 5, {
        P_TENSOR("self", DS_NANSUM, 0, 8),
        P_INT_ARRAY("dim"),
        P_BOOL("keepDim"),
        P_DTYPE("dtype", DS_NANSUM),
        P_TENSOR_OUT("out", DS_NANSUM, 0, 8)},
        check_dims_reduce, NULL},
    /* out: exactly one element; dtype equals out's. */
    [R_PROD] = {"Prod", 3, {
        P_TENSOR("self", DS_PROD, 0, 8),
        P_DTYPE("dtype", DS_PROD),
        P_TENSOR_OUT("out", DS_PROD, 0, 8)},
        check_prod, NULL},
    /* one axis only. */
    [R_PROD_DIM] = {"ProdDim", 5, {
        P_TENSOR("self", DS_PROD, 0, 8),
        P_INT("dim"),
        P_BOOL("keepDim"),
        P_DTYPE("dtype", DS_PROD),
        P_TENSOR_OUT("out", DS_PROD, 0, 8)},
        check_prod_dim, NULL},
    [R_MEAN] = {"Mean", 5, {
        P_TENSOR("self", DS_MEAN, 0, 8),
        P_INT_ARRAY("dim"),
        P_BOOL("keepDim"),
        P_DTYPE("dtype", DS_MEAN),
        P_TENSOR_OUT("out", DS_MEAN, 0, 8)},
        check_dims_reduce, NULL},
    /* out has self's dtype; empty dim = all axes. */
    [R_AMAX] = {"Amax", 4, {
        P_TENSOR("self", DS_AMAX, 0, 8),
        P_INT_ARRAY("dim"),
        P_BOOL("keepDim"),
        P_TENSOR_OUT("out", DS_AMAX, 0, 8)},
        check_amax, NULL},
    [R_AMIN] = {"Amin", 4, {
        P_TENSOR("self", DS_AMAX, 0, 8),
        P_INT_ARRAY("dim"),
        P_BOOL("keepDim"),
        P_TENSOR_OUT("out", DS_AMAX, 0, 8)},
        check_amax, NULL},
    /* every axis; out any one-element shape. */
    [R_MAX] = {"Max", 2, {
        P_TENSOR("self", DS_MAX, 0, 8),
        P_TENSOR_OUT("out", DS_MAX, 0, 8)},
        check_max, NULL},
    [R_MIN] = {"Min", 2, {
        P_TENSOR("self", DS_MAX, 0, 8),
        P_TENSOR_OUT("out", DS_MAX, 0, 8)},
        check_max, NULL},
    /* one axis; out s32 or s64. */
    [R_ARGMAX] = {"ArgMax", 4, {
        P_TENSOR("self", DS_ARG, 0, 8),
        P_INT("dim"),
        P_BOOL("keepdim"),
        P_TENSOR_OUT("out", DS_ARG_OUT, 0, 8)},
        check_arg, NULL},
    [R_ARGMIN] = {"ArgMin", 4, {
        P_TENSOR("self", DS_ARG, 0, 8),
        P_INT("dim"),
        P_BOOL("keepdim"),
        P_TENSOR_OUT("out", DS_ARG_OUT, 0, 8)},
        check_arg, NULL},
    /* All: out b or u8; Any: out b. */
    [R_ALL] = {"All", 4, {
        P_TENSOR("self", DS_ALL_ANY, 0, 8),
        P_INT_ARRAY("dim"),
        P_BOOL("keepdim"),
        P_TENSOR_OUT("out", D_B | D_U8, 0, 8)},
        check_all_any, NULL},
    [R_ANY] = {"Any", 4, {
        P_TENSOR("self", DS_ALL_ANY, 0, 8),
        P_INT_ARRAY("dim"),
        P_BOOL("keepdim"),
        P_TENSOR_OUT("out", D_B, 0, 8)},
        check_all_any, NULL},
    /* correction = ddof; dim NULL or empty = all axes. */
    [R_VAR_CORRECTION] = {"VarCorrection", 5, {
        P_TENSOR("self", DS_VAR, 0, 8),
        P_INT_ARRAY_OPT("dim"),
        P_INT("correction"),
        P_BOOL("keepdim"),
        P_TENSOR_OUT("out", DS_VAR, 0, 8)},
        check_var, NULL},
    [R_STD] = {"Std", 5, {
        P_TENSOR("self", DS_VAR, 0, 8),
        P_INT_ARRAY_OPT("dim"),
        P_INT("correction"),
        P_BOOL("keepdim"),
        P_TENSOR_OUT("out", DS_VAR, 0, 8)},
        check_var, NULL},
    /* dtype equals out's; self cast to it first. */
    [R_CUMSUM] = {"Cumsum", 4, {
        P_TENSOR("self", DS_CUMSUM, 0, 8),
        P_INT("dim"),
        P_DTYPE("dtype", DS_CUMSUM),
        P_TENSOR_OUT("out", DS_CUMSUM, 0, 8)},
        check_cumsum, NULL},
    /* dim is an aclScalar of type s32; dtype ACL_DT_UNDEFINED keeps self's. */
    [R_CUMPROD] = {"Cumprod", 4, {
        P_TENSOR("input", DS_CUMPROD, 0, 8),
        P_SCALAR("dim", D_S32),
        P_INT("dtype"),
        P_TENSOR_OUT("out", DS_CUMPROD, 0, 8)},
        check_cumprod, NULL},
};

/* ------------------------------------------------------------------ */
/* Shared rules                                                          */

/* One axis in [-ndim, ndim) (0 and -1 for a 0-d tensor), normalised. */
static aclnnStatus check_one_axis(const sim_op *op, const char *name, int64_t a, int ndim,
                                  int *axis)
{
    int64_t lo = ndim ? -ndim : -1, hi = ndim ? ndim : 1;
    if (a < lo || a >= hi) {
        sim_set_error("aclnn%s: %s = %lld is out of range for a tensor of %d dimensions",
                      op->name, name, (long long)a, ndim);
        return ACLNN_ERR_PARAM_INVALID;
    }
    *axis = (int)(a < 0 ? a + (ndim ? ndim : 1) : a);
    return ACLNN_SUCCESS;
}

/* No reduced axis of size 0 (max, min and arg* have no identity). */
static aclnnStatus check_nonempty_axes(const sim_op *op, const sim_tensor_desc *self,
                                       uint32_t mask)
{
    for (int i = 0; i < self->ndim; i++)
        if ((mask & (UINT32_C(1) << i)) && self->dims[i] == 0) {
            sim_set_error("aclnn%s: reduced axis %d of self has size 0; the reduction has "
                          "no identity", op->name, i);
            return ACLNN_ERR_PARAM_INVALID;
        }
    return ACLNN_SUCCESS;
}

/* out has exactly one element (Prod, Max, Min). */
static aclnnStatus check_one_element(const sim_op *op, const sim_tensor_desc *out)
{
    char b1[256];
    if (sim_desc_numel(out) == 1) return ACLNN_SUCCESS;
    sim_set_error("aclnn%s: out has shape %s; it must have exactly one element",
                  op->name, sim_fmt_dims(b1, sizeof b1, out->dims, out->ndim));
    return ACLNN_ERR_PARAM_INVALID;
}

/* (self, dim[], keepDim, dtype, out): ReduceNansum, Mean. */
/* aclnnReduceSum (ops.md 5): dims distinct, empty = all axes; out has the
 * reduced shape and dtype `dtype`; an empty self cannot sum to complex. */
static aclnnStatus check_reduce_sum(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[4].u.tensor;
    uint32_t mask;
    aclnnStatus st = sim_ops_check_reduce_axes(op, "dims", &call->args[1], self->ndim, &mask);
    if (st) return st;
    if ((st = sim_ops_check_same_dtype(op, "out", out->dtype, "dtype",
                                       (int32_t)call->args[3].u.i)))
        return st;
    if (sim_desc_numel(self) == 0 && sim_ops_is_complex(out->dtype)) {
        sim_set_error("aclnn%s: an empty self cannot be summed into a complex out", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return sim_ops_check_reduced_out(op, self, mask, call->args[2].u.b, out);
}

static aclnnStatus check_dims_reduce(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[4].u.tensor;
    uint32_t mask;
    aclnnStatus st = sim_ops_check_reduce_axes(op, "dim", &call->args[1], self->ndim, &mask);
    if (st) return st;
    if (call->args[1].u.iarr.n == 0 && strcmp(op->name, "Mean") == 0) {
        /* ops.md 5: the meaning of an empty dim is not stated */
        sim_set_error("aclnn%s: dim is empty; its meaning is not documented, pass every "
                      "axis explicitly", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if ((st = sim_ops_check_same_dtype(op, "out", out->dtype, "dtype",
                                       (int32_t)call->args[3].u.i)))
        return st;
    return sim_ops_check_reduced_out(op, self, mask, call->args[2].u.b, out);
}

static aclnnStatus check_prod(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *out = &call->args[2].u.tensor;
    aclnnStatus st = sim_ops_check_same_dtype(op, "out", out->dtype, "dtype",
                                              (int32_t)call->args[1].u.i);
    if (st) return st;
    return check_one_element(op, out);
}

static aclnnStatus check_prod_dim(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[4].u.tensor;
    int axis;
    aclnnStatus st = check_one_axis(op, "dim", call->args[1].u.i, self->ndim, &axis);
    if (st) return st;
    if ((st = sim_ops_check_same_dtype(op, "out", out->dtype, "dtype",
                                       (int32_t)call->args[3].u.i)))
        return st;
    return sim_ops_check_reduced_out(op, self, UINT32_C(1) << axis, call->args[2].u.b, out);
}

/* Amax, Amin: (self, dim[], keepDim, out), out of self's dtype. */
static aclnnStatus check_amax(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[3].u.tensor;
    uint32_t mask;
    aclnnStatus st = sim_ops_check_reduce_axes(op, "dim", &call->args[1], self->ndim, &mask);
    if (st) return st;
    if ((st = sim_ops_check_same_dtype(op, "out", out->dtype, "self", self->dtype))) return st;
    if ((st = check_nonempty_axes(op, self, mask))) return st;
    return sim_ops_check_reduced_out(op, self, mask, call->args[2].u.b, out);
}

static aclnnStatus check_max(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[1].u.tensor;
    aclnnStatus st = sim_ops_check_same_dtype(op, "out", out->dtype, "self", self->dtype);
    if (st) return st;
    if ((st = check_one_element(op, out))) return st;
    if (sim_desc_numel(self) == 0) {
        sim_set_error("aclnn%s: self is empty; the reduction has no identity", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* ArgMax, ArgMin: one axis, out s32/s64 of the reduced shape; the reduced
 * axis must not be empty (ops.md says so for ArgMin; the simulator refuses
 * it for both). */
static aclnnStatus check_arg(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[3].u.tensor;
    int axis;
    aclnnStatus st = check_one_axis(op, "dim", call->args[1].u.i, self->ndim, &axis);
    if (st) return st;
    if ((st = check_nonempty_axes(op, self, UINT32_C(1) << axis))) return st;
    return sim_ops_check_reduced_out(op, self, UINT32_C(1) << axis, call->args[2].u.b, out);
}

static aclnnStatus check_all_any(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[3].u.tensor;
    uint32_t mask;
    aclnnStatus st = sim_ops_check_reduce_axes(op, "dim", &call->args[1], self->ndim, &mask);
    if (st) return st;
    return sim_ops_check_reduced_out(op, self, mask, call->args[2].u.b, out);
}

/* VarCorrection, Std: (self, dim[] or NULL, correction, keepdim, out). */
static aclnnStatus check_var(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[4].u.tensor;
    uint32_t mask = ~UINT32_C(0);
    aclnnStatus st;
    if (call->args[1].kind == SIM_ARG_INT_ARRAY) {
        st = sim_ops_check_reduce_axes(op, "dim", &call->args[1], self->ndim, &mask);
        if (st) return st;
    }
    if (call->args[2].u.i < 0) {
        sim_set_error("aclnn%s: correction = %lld must not be negative", op->name,
                      (long long)call->args[2].u.i);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if ((st = sim_ops_check_same_dtype(op, "out", out->dtype, "self", self->dtype))) return st;
    return sim_ops_check_reduced_out(op, self, mask, call->args[3].u.b, out);
}

static aclnnStatus check_cumsum(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[3].u.tensor;
    int axis;
    aclnnStatus st = check_one_axis(op, "dim", call->args[1].u.i, self->ndim, &axis);
    if (st) return st;
    if ((st = sim_ops_check_same_dtype(op, "out", out->dtype, "dtype",
                                       (int32_t)call->args[2].u.i)))
        return st;
    return sim_ops_check_out_like(op, self, out, 0);
}

static aclnnStatus check_cumprod(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[3].u.tensor;
    int32_t dim;
    int axis;
    int64_t dtype = call->args[2].u.i;
    memcpy(&dim, call->args[1].u.scalar.bytes, sizeof dim);
    aclnnStatus st = check_one_axis(op, "dim", dim, self->ndim, &axis);
    if (st) return st;
    if (dtype == ACL_DT_UNDEFINED) dtype = self->dtype;
    if (dtype < 0 || dtype >= 64 || !(DS_CUMPROD & DT(dtype))) {
        sim_set_error("aclnn%s: dtype %s is not supported on Atlas A2", op->name,
                      sim_dtype_name((int32_t)dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if ((st = sim_ops_check_same_dtype(op, "out", out->dtype, "dtype", (int32_t)dtype))) return st;
    return sim_ops_check_out_like(op, self, out, 0);
}

/* ------------------------------------------------------------------ */
/* Exported operators (ops.md 5 parameter lists)                        */

SIM_PHASE1(ReduceSum, &REDUCE_OPS[R_SUM],
           (const aclTensor *self, const aclIntArray *dims, bool keepDims, aclDataType dtype,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dims}, {.b = keepDims}, {.i = dtype}, {.p = out})

SIM_PHASE1(ReduceNansum, &REDUCE_OPS[R_NANSUM],
           (const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dim}, {.b = keepDim}, {.i = dtype}, {.p = out})

SIM_PHASE1(Prod, &REDUCE_OPS[R_PROD],
           (const aclTensor *self, const aclDataType dtype, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = dtype}, {.p = out})

SIM_PHASE1(ProdDim, &REDUCE_OPS[R_PROD_DIM],
           (const aclTensor *self, int64_t dim, bool keepDim, const aclDataType dtype,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = dim}, {.b = keepDim}, {.i = dtype}, {.p = out})

SIM_PHASE1(Mean, &REDUCE_OPS[R_MEAN],
           (const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dim}, {.b = keepDim}, {.i = dtype}, {.p = out})

SIM_PHASE1(Amax, &REDUCE_OPS[R_AMAX],
           (const aclTensor *self, const aclIntArray *dim, bool keepDim, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dim}, {.b = keepDim}, {.p = out})

SIM_PHASE1(Amin, &REDUCE_OPS[R_AMIN],
           (const aclTensor *self, const aclIntArray *dim, bool keepDim, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dim}, {.b = keepDim}, {.p = out})

SIM_PHASE1(Max, &REDUCE_OPS[R_MAX],
           (const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = self}, {.p = out})

SIM_PHASE1(Min, &REDUCE_OPS[R_MIN],
           (const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = self}, {.p = out})

SIM_PHASE1(ArgMax, &REDUCE_OPS[R_ARGMAX],
           (const aclTensor *self, int64_t dim, bool keepdim, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = dim}, {.b = keepdim}, {.p = out})

SIM_PHASE1(ArgMin, &REDUCE_OPS[R_ARGMIN],
           (const aclTensor *self, int64_t dim, bool keepdim, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = dim}, {.b = keepdim}, {.p = out})

SIM_PHASE1(All, &REDUCE_OPS[R_ALL],
           (const aclTensor *self, const aclIntArray *dim, bool keepdim, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dim}, {.b = keepdim}, {.p = out})

SIM_PHASE1(Any, &REDUCE_OPS[R_ANY],
           (const aclTensor *self, const aclIntArray *dim, bool keepdim, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dim}, {.b = keepdim}, {.p = out})

SIM_PHASE1(VarCorrection, &REDUCE_OPS[R_VAR_CORRECTION],
           (const aclTensor *self, const aclIntArray *dim, int64_t correction, bool keepdim,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dim}, {.i = correction}, {.b = keepdim}, {.p = out})

SIM_PHASE1(Std, &REDUCE_OPS[R_STD],
           (const aclTensor *self, const aclIntArray *dim, const int64_t correction,
            bool keepdim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dim}, {.i = correction}, {.b = keepdim}, {.p = out})

SIM_PHASE1(Cumsum, &REDUCE_OPS[R_CUMSUM],
           (const aclTensor *self, int64_t dim, aclDataType dtype, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = dim}, {.i = dtype}, {.p = out})

SIM_PHASE1(Cumprod, &REDUCE_OPS[R_CUMPROD],
           (const aclTensor *input, const aclScalar *dim, const aclDataType dtype,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = input}, {.p = dim}, {.i = dtype}, {.p = out})
