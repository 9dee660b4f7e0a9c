/*
 * CANN simulator: the aclnn operators.
 *
 * Each operator is a row of OPS (its parameters, with the Atlas A2 dtype
 * sets and rank limits of shared/reference/cann/ops.md, plus optional
 * extra checks and a workspace rule) and a thin pair of exported functions:
 * phase 1 hands its arguments to op_prepare, which validates them and
 * builds the executor; phase 2 is sim_executor_launch.  The kernels run in
 * Python (cupy_backends/ascend/simulator/kernels.py) through the runner.
 *
 * To add an operator: a row in OPS, the pair of functions at the end.
 */
#include "sim_internal.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Dtype sets, bit (1 << aclDataType).                                   */

#define DT(x) (UINT64_C(1) << (x))
#define D_F16 DT(ACL_FLOAT16)
#define D_F32 DT(ACL_FLOAT)
#define D_F64 DT(ACL_DOUBLE)
#define D_BF16 DT(ACL_BF16)
#define D_S8 DT(ACL_INT8)
#define D_S16 DT(ACL_INT16)
#define D_S32 DT(ACL_INT32)
#define D_S64 DT(ACL_INT64)
#define D_U8 DT(ACL_UINT8)
#define D_U16 DT(ACL_UINT16)
#define D_U32 DT(ACL_UINT32)
#define D_U64 DT(ACL_UINT64)
#define D_B DT(ACL_BOOL)
#define D_C64 DT(ACL_COMPLEX64)
#define D_C128 DT(ACL_COMPLEX128)
#define D_COMPLEX (D_C64 | D_C128)

/* The numeric types every A2 operator can see as a scalar argument. */
#define D_SCALAR (D_F16 | D_F32 | D_F64 | D_BF16 | D_S8 | D_S16 | D_S32 | D_S64 | \
                  D_U8 | D_U16 | D_U32 | D_U64 | D_B | D_C64 | D_C128)

/* ops.md section 4, "A2 dtypes" column. */
#define DS_INPLACE_COPY (D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_F16 | D_F32 | D_B | \
                         D_F64 | D_C64 | D_C128 | D_U16 | D_U32 | D_U64 | D_BF16)
#define DS_FILL_SCALAR (D_F32 | D_F16 | D_U8 | D_S8 | D_S16 | D_S32 | D_S64 | D_F64 | \
                        D_C64 | D_C128 | D_B | D_BF16 | D_U16 | D_U32 | D_U64)
#define DS_ZERO (D_S8 | D_S32 | D_S64 | D_U8 | D_F16 | D_F32 | D_B | D_F64 | D_S16 | \
                 D_U16 | D_C128 | D_C64 | D_BF16)

/* ------------------------------------------------------------------ */
/* The table                                                             */

typedef struct {
    const char *name;
    int8_t kind;        /* SIM_ARG_* */
    int8_t is_output;   /* the op writes it (selfRef of in-place ops too) */
    int8_t optional;    /* NULL allowed */
    int8_t min_rank, max_rank;
    uint64_t dtypes;    /* tensors, lists, scalars: allowed aclDataTypes */
} sim_param;

typedef struct sim_op sim_op;
struct sim_op {
    const char *name;   /* without the aclnn prefix */
    int nparams;
    sim_param params[SIM_MAX_ARGS];
    /* Checks beyond dtype and rank; 0 or a status with the text set. */
    aclnnStatus (*check)(const sim_op *op, const sim_call *call);
    /* Workspace bytes the plan needs; NULL: none. */
    uint64_t (*workspace)(const sim_call *call);
};

/* One value per parameter, in order. */
typedef union {
    const void *p;
    int64_t i;
    double f;
    int b;
} sim_value;

#define P_TENSOR(nm, ds, lo, hi) {nm, SIM_ARG_TENSOR, 0, 0, lo, hi, ds}
#define P_TENSOR_REF(nm, ds, lo, hi) {nm, SIM_ARG_TENSOR, 1, 0, lo, hi, ds}
#define P_SCALAR(nm, ds) {nm, SIM_ARG_SCALAR, 0, 0, 0, 0, ds}

static aclnnStatus check_inplace_copy(const sim_op *op, const sim_call *call);
static uint64_t workspace_inplace_copy(const sim_call *call);

enum { OP_INPLACE_COPY, OP_INPLACE_FILL_SCALAR, OP_INPLACE_ZERO, OP_COUNT };

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

static aclnnStatus op_prepare(const sim_op *op, const sim_value *values,
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
static int is_contiguous(const sim_tensor_desc *d)
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

static int is_complex(int32_t dtype)
{
    return dtype == ACL_COMPLEX64 || dtype == ACL_COMPLEX128;
}

/* NumPy broadcasting of `from` to exactly the shape of `to`. */
static int broadcasts_to(const sim_tensor_desc *from, const sim_tensor_desc *to)
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
    if (!broadcasts_to(src, self)) {
        sim_set_error("aclnn%s: src of shape %s cannot be broadcast to selfRef of shape %s",
                      op->name, sim_fmt_dims(b1, sizeof b1, src->dims, src->ndim), sim_fmt_dims(b2, sizeof b2, self->dims, self->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (is_complex(self->dtype) && is_complex(src->dtype) && !is_contiguous(self)) {
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
    if (is_contiguous(src)) return 0;
    return sim_dtype_nbytes(src->dtype, (uint64_t)sim_desc_numel(src));
}

/* ------------------------------------------------------------------ */
/* Exported operators: phase 1 and phase 2 (ops.md conventions).         */

#define SIM_OP_RUN(Name)                                                          \
    SIM_EXPORT aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize,   \
                                       aclOpExecutor *executor, aclrtStream stream); \
    SIM_EXPORT aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize,   \
                                       aclOpExecutor *executor, aclrtStream stream)  \
    {                                                                             \
        return sim_executor_launch(#Name, workspace, workspaceSize, executor, stream); \
    }

SIM_EXPORT aclnnStatus aclnnInplaceCopyGetWorkspaceSize(
    aclTensor *selfRef, const aclTensor *src, uint64_t *workspaceSize,
    aclOpExecutor **executor);
SIM_EXPORT aclnnStatus aclnnInplaceCopyGetWorkspaceSize(
    aclTensor *selfRef, const aclTensor *src, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const sim_value v[] = {{.p = selfRef}, {.p = src}};
    return op_prepare(&OPS[OP_INPLACE_COPY], v, workspaceSize, executor);
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
    return op_prepare(&OPS[OP_INPLACE_FILL_SCALAR], v, workspaceSize, executor);
}
SIM_OP_RUN(InplaceFillScalar)

SIM_EXPORT aclnnStatus aclnnInplaceZeroGetWorkspaceSize(
    aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor);
SIM_EXPORT aclnnStatus aclnnInplaceZeroGetWorkspaceSize(
    aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const sim_value v[] = {{.p = selfRef}};
    return op_prepare(&OPS[OP_INPLACE_ZERO], v, workspaceSize, executor);
}
SIM_OP_RUN(InplaceZero)
