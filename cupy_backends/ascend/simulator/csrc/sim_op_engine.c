/*
 * CANN simulator: the phase-1 engine every operator file uses.
 *
 * An operator is a row of its family's table (sim_ops.h: parameters with
 * their Atlas A2 dtype sets and rank limits from
 * shared/reference/cann/ops.md, an extra check and a workspace rule).
 * sim_op_prepare turns the arguments of a phase-1 call into a sim_call
 * through the sanitizer (sim_sanitizer.c), checks them against the row,
 * runs the row's extra check and hands the call to a new executor
 * (sim_executor.c).  The shape and axis helpers below are the checks that
 * several families share.
 */
#include "sim_internal.h"
#include "sim_ops.h"

#include <stdio.h>
#include <string.h>

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
        st = sim_arg_tensor(op->name, p->name, v->p, p->role, p->optional, a);
        if (st == 0 && a->kind == SIM_ARG_TENSOR)
            st = check_tensor_spec(op, p->name, p, &a->u.tensor);
        return st;
    case SIM_ARG_TENSOR_LIST:
        st = sim_arg_tensor_list(op->name, p->name, v->p, p->role, p->optional, a);
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
        a->role = SIM_ROLE_NONE;
        a->u.i = v->i;
        if (p->dtypes != 0)   /* an aclDataType argument */
            return check_dtype(op, p->name, p, v->i < INT32_MIN || v->i > INT32_MAX
                                                   ? ACL_DT_UNDEFINED : (int32_t)v->i);
        return ACLNN_SUCCESS;
    case SIM_ARG_FLOAT:
        a->kind = SIM_ARG_FLOAT;
        a->role = SIM_ROLE_NONE;
        a->u.f = v->f;
        return ACLNN_SUCCESS;
    case SIM_ARG_BOOL:
        a->kind = SIM_ARG_BOOL;
        a->role = SIM_ROLE_NONE;
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
/* Checks several families share                                        */

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
    for (int i = 0; i < self->ndim; i++) {
        if (mask & (UINT32_C(1) << i)) {
            if (keep) res[nd++] = 1;
        } else {
            res[nd++] = self->dims[i];
        }
    }
    return sim_ops_check_out_dims(op, out, res, nd, "the reduced shape");
}

aclnnStatus sim_ops_check_out_dims(const sim_op *op, const sim_tensor_desc *out,
                                   const int64_t *dims, int nd, const char *what)
{
    char b1[256], b2[256];
    if (nd == out->ndim && memcmp(dims, out->dims, sizeof(int64_t) * (size_t)nd) == 0)
        return ACLNN_SUCCESS;
    sim_set_error("aclnn%s: out has shape %s but %s is %s", op->name,
                  sim_fmt_dims(b1, sizeof b1, out->dims, out->ndim), what,
                  sim_fmt_dims(b2, sizeof b2, dims, nd));
    return ACLNN_ERR_PARAM_INVALID;
}

/* Timed for the simulator's api_ns counter (host time in vendor calls). */
aclnnStatus sim_op_prepare(const sim_op *op, const sim_value *values,
                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    int64_t t0 = sim_now_ns();
    SIM_COUNT(phase1_calls, 1);
    aclnnStatus r = sim_op_prepare_body(op, values, workspaceSize, executor);
    sim_count_api(t0);
    return r;
}

