/*
 * CANN simulator: the aclnn operators.
 *
 * Each operator is a row of OPS (its parameters, with the Atlas A2 dtype
 * sets and rank limits of shared/reference/cann/ops.md, plus optional
 * extra checks and a workspace rule) and a thin pair of exported functions:
 * phase 1 hands its arguments to sim_op_prepare, which validates them and
 * builds the executor; phase 2 is sim_executor_launch.  The kernels run in
 * Python (cupy_backends/ascend/simulator/kernels.py) through the runner.
 *
 * To add an operator: a row in OPS, the pair of functions at the end.
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

/* ops.md section 5 (aclnnReduceSum: self, dtype and out). */
#define DS_REDUCE_SUM (D_F16 | D_F32 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B | D_F64 | \
                       D_C64 | D_C128 | D_BF16)
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
static aclnnStatus check_reduce_sum(const sim_op *op, const sim_call *call);

enum {
    OP_INPLACE_COPY, OP_INPLACE_FILL_SCALAR, OP_INPLACE_ZERO, OP_CAST, OP_FLIP, OP_ARANGE,
    OP_TRIL, OP_TRIU, OP_INDEX, OP_INDEX_PUT_IMPL, OP_NONZERO, OP_REDUCE_SUM,
    OP_INPLACE_REMAINDER_TS, OP_COUNT
};

static const sim_op OPS[OP_COUNT] = {
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
        P_TENSOR_REF("out", DS_CAST, 0, 8)},
        check_cast, NULL},
    /* ops.md 8: rank 1-8. */
    [OP_FLIP] = {"Flip", 3, {
        P_TENSOR("self", DS_FLIP, 1, 8),
        P_INT_ARRAY("dims"),
        P_TENSOR_REF("out", DS_FLIP, 1, 8)},
        check_flip, NULL},
    /* ops.md 4: out is the caller's 1-D buffer of the right length. */
    [OP_ARANGE] = {"Arange", 4, {
        P_SCALAR("start", DS_ARANGE_SCALAR),
        P_SCALAR("end", DS_ARANGE_SCALAR),
        P_SCALAR("step", DS_ARANGE_SCALAR),
        P_TENSOR_REF("out", DS_ARANGE_OUT, 1, 1)},
        check_arange, NULL},
    /* ops.md 8: Tril rank 2-8; Triu rank 0 or 2-8 (rank 1 in check_tril). */
    [OP_TRIL] = {"Tril", 3, {
        P_TENSOR("self", DS_TRIL, 2, 8),
        P_INT("diagonal"),
        P_TENSOR_REF("out", DS_TRIL, 2, 8)},
        check_tril, NULL},
    [OP_TRIU] = {"Triu", 3, {
        P_TENSOR("self", DS_TRIL, 0, 8),
        P_INT("diagonal"),
        P_TENSOR_REF("out", DS_TRIL, 0, 8)},
        check_tril, NULL},
    /* ops.md 8: index tensors s32/s64/bool. */
    [OP_INDEX] = {"Index", 3, {
        P_TENSOR("self", DS_INDEX, 1, 8),
        P_TENSOR_LIST("indices", DS_INDEX_IDX, 0, 8),
        P_TENSOR_REF("out", DS_INDEX, 0, 8)},
        check_index, NULL},
    [OP_INDEX_PUT_IMPL] = {"IndexPutImpl", 5, {
        P_TENSOR_REF("selfRef", DS_INDEX_PUT, 1, 8),
        P_TENSOR_LIST("indices", DS_INDEX_IDX, 0, 8),
        P_TENSOR("values", DS_INDEX_PUT, 0, 8),
        P_BOOL("accumulate"),
        P_BOOL("unsafe")},
        check_index_put, NULL},
    /* ops.md 6: out s64 2-D [numel, ndim], contiguous (NC x). */
    [OP_NONZERO] = {"Nonzero", 2, {
        P_TENSOR("self", DS_NONZERO, 0, 8),
        P_TENSOR_REF("out", D_S64, 2, 2)},
        check_nonzero, workspace_nonzero},
    /* ops.md 5. */
    [OP_REDUCE_SUM] = {"ReduceSum", 5, {
        P_TENSOR("self", DS_REDUCE_SUM, 0, 8),
        P_INT_ARRAY("dims"),
        P_BOOL("keepDims"),
        P_DTYPE("dtype", DS_REDUCE_SUM),
        P_TENSOR_REF("out", DS_REDUCE_SUM, 0, 8)},
        check_reduce_sum, NULL},
    /* ops.md 1 (remainder): the promoted compute dtype must be s32 s64 f16
     * f32 f64 bf16; Python's sign convention. */
    [OP_INPLACE_REMAINDER_TS] = {"InplaceRemainderTensorScalar", 2, {
        P_TENSOR_REF("selfRef", D_S32 | D_S64 | D_F16 | D_F32 | D_F64 | D_BF16, 0, 8),
        P_SCALAR("other", D_S32 | D_S64 | D_F16 | D_F32 | D_F64 | D_BF16)},
        NULL, NULL},
};

/* ------------------------------------------------------------------ */
/* Generic phase 1                                                       */

static const char *fmt_dtypes(char *buf, size_t len, uint64_t set)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int d = 0; d < 64 && k < len; d++)
        if (set & DT(d))
            k += (size_t)snprintf(buf + k, len - k, k ? " %s" : "%s", sim_dtype_name(d));
    return buf;
}

static aclnnStatus check_dtype(const sim_op *op, const char *name, const sim_param *p,
                               int32_t dtype)
{
    if (dtype >= 0 && dtype < 64 && (p->dtypes & DT(dtype))) return ACLNN_SUCCESS;
    char buf[512];
    sim_set_error("aclnn%s: %s has dtype %s, which aclnn%s does not support on Atlas A2 "
                  "(supported: %s)", op->name, name, sim_dtype_name(dtype), op->name,
                  fmt_dtypes(buf, sizeof buf, p->dtypes));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_tensor_spec(const sim_op *op, const char *name, const sim_param *p,
                                     const sim_tensor_desc *d)
{
    aclnnStatus st = check_dtype(op, name, p, d->dtype);
    if (st) return st;
    if (d->ndim < p->min_rank || d->ndim > p->max_rank) {
        sim_set_error("aclnn%s: %s has %d dimensions; aclnn%s accepts %d to %d",
                      op->name, name, (int)d->ndim, op->name, p->min_rank, p->max_rank);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_arg(const sim_op *op, const sim_param *p, const sim_value *v,
                             sim_arg *a)
{
    aclnnStatus st;
    a->kind = SIM_ARG_NONE;
    switch (p->kind) {
    case SIM_ARG_TENSOR:
        st = sim_arg_tensor(op->name, p->name, v->p, p->is_output, p->optional, a);
        if (st == 0 && a->kind == SIM_ARG_TENSOR)
            st = check_tensor_spec(op, p->name, p, &a->u.tensor);
        return st;
    case SIM_ARG_TENSOR_LIST:
        st = sim_arg_tensor_list(op->name, p->name, v->p, p->is_output, p->optional, a);
        for (uint64_t k = 0; st == 0 && a->kind == SIM_ARG_TENSOR_LIST && k < a->u.tlist.n; k++) {
            char elem[96];
            snprintf(elem, sizeof elem, "%s[%llu]", p->name, (unsigned long long)k);
            st = check_tensor_spec(op, elem, p, &a->u.tlist.v[k]);
        }
        return st;
    case SIM_ARG_SCALAR:
        st = sim_arg_scalar(op->name, p->name, v->p, p->optional, a);
        if (st == 0 && a->kind == SIM_ARG_SCALAR)
            st = check_dtype(op, p->name, p, a->u.scalar.dtype);
        return st;
    case SIM_ARG_INT_ARRAY:
        return sim_arg_int_array(op->name, p->name, v->p, p->optional, a);
    case SIM_ARG_FLOAT_ARRAY:
        return sim_arg_float_array(op->name, p->name, v->p, p->optional, a);
    case SIM_ARG_BOOL_ARRAY:
        return sim_arg_bool_array(op->name, p->name, v->p, p->optional, a);
    case SIM_ARG_INT:
        a->kind = SIM_ARG_INT;
        a->is_output = 0;
        a->u.i = v->i;
        if (p->dtypes != 0)   /* an aclDataType argument */
            return check_dtype(op, p->name, p, v->i < INT32_MIN || v->i > INT32_MAX
                                                   ? ACL_DT_UNDEFINED : (int32_t)v->i);
        return ACLNN_SUCCESS;
    case SIM_ARG_FLOAT:
        a->kind = SIM_ARG_FLOAT;
        a->is_output = 0;
        a->u.f = v->f;
        return ACLNN_SUCCESS;
    case SIM_ARG_BOOL:
        a->kind = SIM_ARG_BOOL;
        a->is_output = 0;
        a->u.b = v->b;
        return ACLNN_SUCCESS;
    default:
        sim_set_error("aclnn%s: internal error: parameter %s has kind %d", op->name,
                      p->name, (int)p->kind);
        return ACLNN_ERR_INNER;
    }
}

static aclnnStatus sim_op_prepare_body(const sim_op *op, const sim_value *values,
                              uint64_t *workspaceSize, aclOpExecutor **executor)
{
    if (workspaceSize == NULL || executor == NULL) {
        sim_set_error("aclnn%sGetWorkspaceSize: workspaceSize and executor must not be NULL",
                      op->name);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *executor = NULL;
    sim_call call;
    const char *names[SIM_MAX_ARGS];
    snprintf(call.op, sizeof call.op, "%s", op->name);
    call.nargs = 0;
    call.workspace = NULL;
    call.workspace_size = 0;
    aclnnStatus st = ACLNN_SUCCESS;
    for (int i = 0; i < op->nparams; i++) {
        names[i] = op->params[i].name;
        st = check_arg(op, &op->params[i], &values[i], &call.args[i]);
        call.nargs = i + 1;   /* a failed argument owns nothing: safe to release */
        if (st) goto fail;
    }
    if (op->check && (st = op->check(op, &call)) != 0) goto fail;
    uint64_t ws = op->workspace ? op->workspace(&call) : 0;
    st = sim_executor_create(&call, names, ws, executor);
    if (st) return st;
    *workspaceSize = ws;
    return ACLNN_SUCCESS;
fail:
    sim_call_release(&call);
    return st;
}

/* ------------------------------------------------------------------ */
/* Shape helpers                                                         */

/* C-contiguous, ignoring size-1 dims (IsContiguous, aclnn.md section 8). */
int sim_ops_is_contiguous(const sim_tensor_desc *d)
{
    if (sim_desc_numel(d) == 0) return 1;
    int64_t expect = 1;
    for (int i = d->ndim - 1; i >= 0; i--) {
        if (d->dims[i] == 1) continue;
        if (d->strides[i] != expect) return 0;
        expect *= d->dims[i];
    }
    return 1;
}

int sim_ops_is_complex(int32_t dtype)
{
    return dtype == ACL_COMPLEX64 || dtype == ACL_COMPLEX128;
}

/* NumPy broadcasting of `from` to exactly the shape of `to`. */
int sim_ops_broadcasts_to(const sim_tensor_desc *from, const sim_tensor_desc *to)
{
    if (from->ndim > to->ndim) return 0;
    for (int i = 1; i <= from->ndim; i++) {
        int64_t f = from->dims[from->ndim - i], t = to->dims[to->ndim - i];
        if (f != t && f != 1) return 0;
    }
    return 1;
}

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
                      op->name, sim_fmt_dims(b1, sizeof b1, src->dims, src->ndim), sim_fmt_dims(b2, sizeof b2, self->dims, self->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (sim_ops_is_complex(self->dtype) && sim_ops_is_complex(src->dtype) && !sim_ops_is_contiguous(self)) {
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

/* ---- shared rules of the operators below ---- */

int sim_ops_same_dims(const sim_tensor_desc *a, const sim_tensor_desc *b)
{
    if (a->ndim != b->ndim) return 0;
    for (int i = 0; i < a->ndim; i++)
        if (a->dims[i] != b->dims[i]) return 0;
    return 1;
}

/* out must have self's shape (and dtype, when same_dtype). */
aclnnStatus sim_ops_check_out_like(const sim_op *op, const sim_tensor_desc *self,
                                  const sim_tensor_desc *out, int same_dtype)
{
    char b1[256], b2[256];
    if (same_dtype && out->dtype != self->dtype) {
        sim_set_error("aclnn%s: out has dtype %s but self has dtype %s; they must be equal",
                      op->name, sim_dtype_name(out->dtype), sim_dtype_name(self->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!sim_ops_same_dims(self, out)) {
        sim_set_error("aclnn%s: out has shape %s but self has shape %s; they must be equal",
                      op->name, sim_fmt_dims(b1, sizeof b1, out->dims, out->ndim),
                      sim_fmt_dims(b2, sizeof b2, self->dims, self->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* An axis list: each in [-ndim, ndim), no axis twice.  Sets bit a of
 * *mask for each (normalised) axis. */
aclnnStatus sim_ops_check_axes(const sim_op *op, const char *name, const sim_arg *arr,
                              int ndim, uint32_t *mask)
{
    *mask = 0;
    for (uint64_t k = 0; k < arr->u.iarr.n; k++) {
        int64_t a = arr->u.iarr.v[k];
        int64_t lo = ndim ? -ndim : -1, hi = ndim ? ndim : 1;   /* a 0-d tensor takes 0/-1 */
        if (a < lo || a >= hi) {
            sim_set_error("aclnn%s: %s[%llu] = %lld is out of range for a tensor of %d "
                          "dimensions", op->name, name, (unsigned long long)k, (long long)a,
                          ndim);
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (a < 0) a += ndim ? ndim : 1;
        if (*mask & (UINT32_C(1) << a)) {
            sim_set_error("aclnn%s: %s names axis %lld twice", op->name, name, (long long)a);
            return ACLNN_ERR_PARAM_INVALID;
        }
        *mask |= UINT32_C(1) << a;
    }
    return ACLNN_SUCCESS;
}

/* sim_ops_check_axes, where an empty list means every axis. */
aclnnStatus sim_ops_check_reduce_axes(const sim_op *op, const char *name, const sim_arg *arr,
                                     int ndim, uint32_t *mask)
{
    aclnnStatus st = sim_ops_check_axes(op, name, arr, ndim, mask);
    if (st) return st;
    if (arr->u.iarr.n == 0) *mask = ~UINT32_C(0);
    return ACLNN_SUCCESS;
}

aclnnStatus sim_ops_check_same_dtype(const sim_op *op, const char *a, int32_t da,
                                    const char *b, int32_t db)
{
    if (da == db) return ACLNN_SUCCESS;
    sim_set_error("aclnn%s: %s has dtype %s but %s is %s; they must be equal", op->name,
                  a, sim_dtype_name(da), b, sim_dtype_name(db));
    return ACLNN_ERR_PARAM_INVALID;
}

/* out has self's shape with the axes of mask reduced (to 1 when keep). */
aclnnStatus sim_ops_check_reduced_out(const sim_op *op, const sim_tensor_desc *self,
                                      uint32_t mask, int keep, const sim_tensor_desc *out)
{
    int64_t res[SIM_MAX_DIMS];
    int nd = 0;
    char b1[256], b2[256];
    for (int i = 0; i < self->ndim; i++) {
        if (mask & (UINT32_C(1) << i)) {
            if (keep) res[nd++] = 1;
        } else {
            res[nd++] = self->dims[i];
        }
    }
    if (nd != out->ndim || memcmp(res, out->dims, sizeof(int64_t) * (size_t)nd) != 0) {
        sim_set_error("aclnn%s: out has shape %s but the reduced shape is %s", op->name,
                      sim_fmt_dims(b1, sizeof b1, out->dims, out->ndim),
                      sim_fmt_dims(b2, sizeof b2, res, nd));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
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
    if ((self->dtype == ACL_BOOL || sim_ops_is_complex(self->dtype)) && !sim_ops_is_contiguous(self)) {
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
static aclnnStatus check_index_list(const sim_op *op, const sim_tensor_desc *self,
                                    const sim_arg *list, int64_t *res, int *res_ndim)
{
    char b1[256], b2[256];
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
        if (t->dtype == ACL_BOOL) {
            for (int i = 0; i < t->ndim; i++)
                if (t->dims[i] != self->dims[consumed + i]) {
                    sim_set_error("aclnn%s: indices[%llu]: the bool mask of shape %s does "
                                  "not match self's dims %d.. of shape %s", op->name,
                                  (unsigned long long)k,
                                  sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim), consumed,
                                  sim_fmt_dims(b2, sizeof b2, self->dims, self->ndim));
                    return ACLNN_ERR_PARAM_INVALID;
                }
            has_mask = 1;
        } else {
            /* NumPy broadcasting of t into bshape. */
            int nd = t->ndim > bnd ? t->ndim : bnd;
            int64_t merged[SIM_MAX_DIMS];
            for (int i = 1; i <= nd; i++) {
                int64_t x = i <= bnd ? bshape[bnd - i] : 1;
                int64_t y = i <= t->ndim ? t->dims[t->ndim - i] : 1;
                if (x != y && x != 1 && y != 1) {
                    sim_set_error("aclnn%s: indices[%llu] of shape %s does not broadcast "
                                  "with the other indices (shape %s)", op->name,
                                  (unsigned long long)k,
                                  sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim),
                                  sim_fmt_dims(b2, sizeof b2, bshape, bnd));
                    return ACLNN_ERR_PARAM_INVALID;
                }
                merged[nd - i] = x == 1 ? y : x;
            }
            memcpy(bshape, merged, sizeof(int64_t) * (size_t)nd);
            bnd = nd;
        }
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
    char b1[256], b2[256];
    if (out->dtype != self->dtype) {
        sim_set_error("aclnn%s: out has dtype %s but self has dtype %s; they must be equal",
                      op->name, sim_dtype_name(out->dtype), sim_dtype_name(self->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus st = check_index_list(op, self, &call->args[1], res, &nd);
    if (st || nd < 0) return st;
    if (nd != out->ndim || memcmp(res, out->dims, sizeof(int64_t) * (size_t)nd) != 0) {
        sim_set_error("aclnn%s: out has shape %s but the result has shape %s", op->name,
                      sim_fmt_dims(b1, sizeof b1, out->dims, out->ndim),
                      sim_fmt_dims(b2, sizeof b2, res, nd));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
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

/* ------------------------------------------------------------------ */
/* Exported operators: phase 1 and phase 2 (ops.md conventions).         */

SIM_EXPORT aclnnStatus aclnnInplaceCopyGetWorkspaceSize(
    aclTensor *selfRef, const aclTensor *src, uint64_t *workspaceSize,
    aclOpExecutor **executor);
SIM_EXPORT aclnnStatus aclnnInplaceCopyGetWorkspaceSize(
    aclTensor *selfRef, const aclTensor *src, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const sim_value v[] = {{.p = selfRef}, {.p = src}};
    return sim_op_prepare(&OPS[OP_INPLACE_COPY], v, workspaceSize, executor);
}
SIM_OP_RUN(InplaceCopy)

SIM_EXPORT aclnnStatus aclnnInplaceFillScalarGetWorkspaceSize(
    aclTensor *selfRef, const aclScalar *value, uint64_t *workspaceSize,
    aclOpExecutor **executor);
SIM_EXPORT aclnnStatus aclnnInplaceFillScalarGetWorkspaceSize(
    aclTensor *selfRef, const aclScalar *value, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const sim_value v[] = {{.p = selfRef}, {.p = value}};
    return sim_op_prepare(&OPS[OP_INPLACE_FILL_SCALAR], v, workspaceSize, executor);
}
SIM_OP_RUN(InplaceFillScalar)

SIM_EXPORT aclnnStatus aclnnInplaceZeroGetWorkspaceSize(
    aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor);
SIM_EXPORT aclnnStatus aclnnInplaceZeroGetWorkspaceSize(
    aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const sim_value v[] = {{.p = selfRef}};
    return sim_op_prepare(&OPS[OP_INPLACE_ZERO], v, workspaceSize, executor);
}
SIM_OP_RUN(InplaceZero)

SIM_PHASE1(Cast, &OPS[OP_CAST],
           (const aclTensor *self, const aclDataType dtype, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = dtype}, {.p = out})

SIM_PHASE1(Flip, &OPS[OP_FLIP],
           (const aclTensor *self, const aclIntArray *dims, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dims}, {.p = out})

SIM_PHASE1(Arange, &OPS[OP_ARANGE],
           (const aclScalar *start, const aclScalar *end, const aclScalar *step,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = start}, {.p = end}, {.p = step}, {.p = out})

SIM_PHASE1(Tril, &OPS[OP_TRIL],
           (const aclTensor *self, int64_t diagonal, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = diagonal}, {.p = out})

SIM_PHASE1(Triu, &OPS[OP_TRIU],
           (const aclTensor *self, int64_t diagonal, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = diagonal}, {.p = out})

SIM_PHASE1(Index, &OPS[OP_INDEX],
           (const aclTensor *self, const aclTensorList *indices, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = indices}, {.p = out})

SIM_PHASE1(IndexPutImpl, &OPS[OP_INDEX_PUT_IMPL],
           (aclTensor *selfRef, const aclTensorList *indices, const aclTensor *values,
            const bool accumulate, const bool unsafe, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = selfRef}, {.p = indices}, {.p = values}, {.b = accumulate}, {.b = unsafe})

SIM_PHASE1(Nonzero, &OPS[OP_NONZERO],
           (const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = self}, {.p = out})

SIM_PHASE1(ReduceSum, &OPS[OP_REDUCE_SUM],
           (const aclTensor *self, const aclIntArray *dims, bool keepDims, aclDataType dtype,
            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = dims}, {.b = keepDims}, {.i = dtype}, {.p = out})

SIM_PHASE1(InplaceRemainderTensorScalar, &OPS[OP_INPLACE_REMAINDER_TS],
           (aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = selfRef}, {.p = other})

/* Timed for the simulator's api_ns counter (host time in vendor calls). */
aclnnStatus sim_op_prepare(const sim_op *op, const sim_value *values,
                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    int64_t t0 = sim_now_ns();
    aclnnStatus r = sim_op_prepare_body(op, values, workspaceSize, executor);
    sim_count_api(t0);
    return r;
}
