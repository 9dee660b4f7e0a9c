/*
 * CANN simulator: the tensor sanitizer every operator runs in phase 1,
 * and the conversion of operator arguments (aclTensor, aclScalar, arrays,
 * lists) into the sim_arg values a call carries to its kernel.
 *
 * Facts are from shared/reference/cann/aclnn.md (sections cited inline);
 * sim_nn.h gives the status used for memory faults.
 */
#include "sim_nn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The sanitizer.  Messages read "aclnnXxx: <argument>: <problem>".      */

const char *sim_fmt_dims(char *buf, size_t len, const int64_t *v, int n)
{
    size_t k = 0;
    k += (size_t)snprintf(buf, len, "(");
    for (int i = 0; i < n && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, i ? ", %lld" : "%lld", (long long)v[i]);
    if (k < len) snprintf(buf + k, len - k, n == 1 ? ",)" : ")");
    return buf;
}

/* Alignment, address and allocation of a descriptor's storage; fills
 * d->alloc_id.  numel: elements of the view. */
aclnnStatus sim_nn_check_memory(const char *pfx, const char *fn, const char *arg,
                                sim_tensor_desc *d, int64_t numel)
{
    d->alloc_id = 0;
    if (d->data != NULL && (uintptr_t)d->data % SIM_TENSOR_ALIGN != 0) {
        sim_sanitizer_error("%s%s: %s: tensorData %p is not %d-byte aligned; describe "
                            "slices with the view offset, not by moving the pointer",
                            pfx, fn, arg, d->data, SIM_TENSOR_ALIGN);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (numel == 0) return ACLNN_SUCCESS;   /* the kernel touches nothing */
    if (d->data == NULL) {
        sim_sanitizer_error("%s%s: %s: tensorData is NULL but the view has %lld elements",
                            pfx, fn, arg, (long long)numel);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    uint64_t bytes = sim_dtype_nbytes(d->dtype, (uint64_t)d->storage_elems);
    sim_alloc_t a;
    switch (sim_mem_find(d->data, (size_t)bytes, 0, &a)) {
    case SIM_MEM_OK: {
        int cur = sim_current_device();
        if (cur >= 0 && a.device != cur) {
            sim_sanitizer_error("%s%s: %s: tensorData %p is memory of device %d, but the "
                                "current device is %d", pfx, fn, arg, d->data, a.device, cur);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
        d->alloc_id = a.id;
        return ACLNN_SUCCESS;
    }
    case SIM_MEM_FREED:
        sim_sanitizer_error("%s%s: %s: use after free: tensorData %p lies in a device "
                            "allocation that was freed", pfx, fn, arg, d->data);
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    case SIM_MEM_OUT_OF_BOUNDS:
        sim_sanitizer_error("%s%s: %s: out of bounds (view needs %llu bytes, allocation "
                            "has %zu): storage of %lld %s elements at byte %llu of the "
                            "allocation", pfx, fn, arg,
                            (unsigned long long)((uintptr_t)d->data - a.base + bytes),
                            a.size, (long long)d->storage_elems, sim_dtype_name(d->dtype),
                            (unsigned long long)((uintptr_t)d->data - a.base));
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    default:
        if (sim_mem_find(d->data, 1, 1, &a) == SIM_MEM_OK)
            sim_sanitizer_error("%s%s: %s: tensorData %p is not device memory (it is "
                                "pinned host memory from aclrtMallocHost)",
                                pfx, fn, arg, d->data);
        else
            sim_sanitizer_error("%s%s: %s: tensorData %p is not device memory (not inside "
                                "any aclrtMalloc allocation)", pfx, fn, arg, d->data);
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
}

/* Dtype, rank, dims and strides of a tensor argument; its element count
 * in *numel. */
static aclnnStatus check_view_shape(const char *pfx, const char *fn, const char *arg,
                                    const aclTensor *t, int64_t *numel)
{
    char b1[256], b2[256];
    if (!sim_dtype_defined(t->dtype)) {
        sim_set_error("%s%s: %s: dtype %d is not a defined aclDataType", pfx, fn, arg,
                      (int)t->dtype);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (t->ndim > SIM_MAX_DIMS) {
        sim_set_error("%s%s: %s has %d dimensions; aclnn operators accept at most %d",
                      pfx, fn, arg, (int)t->ndim, SIM_MAX_DIMS);
        return ACLNN_ERR_PARAM_INVALID;
    }
    *numel = 1;
    for (int i = 0; i < t->ndim; i++) {
        if (t->dims[i] < 0) {
            sim_set_error("%s%s: %s: negative dimension in shape %s", pfx, fn, arg,
                          sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (__builtin_mul_overflow(*numel, t->dims[i], numel)) {
            sim_set_error("%s%s: %s: shape %s has too many elements", pfx, fn, arg,
                          sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    for (int i = 0; i < t->ndim; i++) {
        if (t->strides[i] < 0) {
            sim_sanitizer_error("%s%s: %s: negative strides are not accepted; flip or copy "
                                "first (shape %s, strides %s)", pfx, fn, arg,
                                sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim),
                                sim_fmt_dims(b2, sizeof b2, t->strides, t->ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACLNN_SUCCESS;
}

/* The real API's view check (aclnn.md 4.1), for a view with elements:
 * offset >= 0 and offset + sum(stride_i * (dim_i - 1)) + 1 <= storage. */
static aclnnStatus check_view_in_storage(const char *pfx, const char *fn, const char *arg,
                                         const aclTensor *t, int64_t storage)
{
    char b1[256], b2[256];
    if (t->offset < 0) {
        sim_set_error("%s%s: %s: negative view offset %lld", pfx, fn, arg,
                      (long long)t->offset);
        return ACLNN_ERR_PARAM_INVALID;
    }
    int64_t last = t->offset, term;
    int overflow = 0;
    for (int i = 0; i < t->ndim && !overflow; i++)
        overflow = __builtin_mul_overflow(t->strides[i], t->dims[i] - 1, &term) ||
                   __builtin_add_overflow(last, term, &last);
    if (!overflow && last < storage) return ACLNN_SUCCESS;
    char need[40];
    if (overflow) snprintf(need, sizeof need, "more than 2**63");
    else snprintf(need, sizeof need, "%lld", (long long)last + 1);
    sim_set_error("%s%s: %s: view (shape %s, strides %s, offset %lld) needs %s elements but "
                  "the storage holds %lld", pfx, fn, arg,
                  sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim),
                  sim_fmt_dims(b2, sizeof b2, t->strides, t->ndim), (long long)t->offset,
                  need, (long long)storage);
    return ACLNN_ERR_PARAM_INVALID;
}

/* Every check on one tensor argument; fills *d. */
static aclnnStatus sanitize_tensor(const char *pfx, const char *fn, const char *arg,
                                   const aclTensor *t, sim_tensor_desc *d)
{
    int64_t numel, storage = 1;
    aclnnStatus st = check_view_shape(pfx, fn, arg, t, &numel);
    if (st) return st;
    for (int i = 0; i < t->storage_ndim; i++) {
        if (t->storage_dims[i] < 0 ||
            __builtin_mul_overflow(storage, t->storage_dims[i], &storage)) {
            char b1[256];
            sim_set_error("%s%s: %s: invalid storage shape %s", pfx, fn, arg,
                          sim_fmt_dims(b1, sizeof b1, t->storage_dims, t->storage_ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    d->data = t->data;
    d->dtype = t->dtype;
    d->ndim = t->ndim;
    d->offset = t->offset;
    d->storage_elems = storage;
    d->source = t;
    d->source_serial = t->serial;
    memcpy(d->dims, t->dims, (size_t)t->ndim * sizeof(int64_t));
    memcpy(d->strides, t->strides, (size_t)t->ndim * sizeof(int64_t));
    if (numel > 0 && (st = check_view_in_storage(pfx, fn, arg, t, storage)))
        return st;
    return sim_nn_check_memory(pfx, fn, arg, d, numel);
}

int64_t sim_desc_numel(const sim_tensor_desc *d)
{
    int64_t n = 1;
    for (int i = 0; i < d->ndim; i++) n *= d->dims[i];
    return n;
}

aclnnStatus sim_arg_tensor(const char *op, const char *name, const aclTensor *t,
                           int role, int optional, sim_arg *out)
{
    out->role = role;
    if (t == NULL && optional) {
        out->kind = SIM_ARG_NONE;
        return ACLNN_SUCCESS;
    }
    out->kind = SIM_ARG_TENSOR;
    aclnnStatus st = sim_nn_obj_check("aclnn", op, name, t, MAGIC_TENSOR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    return sanitize_tensor("aclnn", op, name, t, &out->u.tensor);
}

aclnnStatus sim_arg_scalar(const char *op, const char *name, const aclScalar *s,
                           int optional, sim_arg *out)
{
    out->role = SIM_ROLE_NONE;
    if (s == NULL && optional) {
        out->kind = SIM_ARG_NONE;
        return ACLNN_SUCCESS;
    }
    out->kind = SIM_ARG_SCALAR;
    aclnnStatus st = sim_nn_obj_check("aclnn", op, name, s, MAGIC_SCALAR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    out->u.scalar.dtype = s->dtype;
    memcpy(out->u.scalar.bytes, s->bytes, sizeof s->bytes);
    return ACLNN_SUCCESS;
}

/* The three array kinds: check the object, then copy its values into a
 * buffer the call owns (int64 for ints and bools, double for floats). */
static aclnnStatus arg_array(const char *op, const char *name, const void *obj,
                             uint32_t magic, int kind, int optional, sim_arg *out)
{
    out->role = SIM_ROLE_NONE;
    out->kind = SIM_ARG_NONE;   /* nothing owned until the copy exists */
    if (obj == NULL && optional) return ACLNN_SUCCESS;
    aclnnStatus st = sim_nn_obj_check("aclnn", op, name, obj, magic,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    uint64_t n = magic == MAGIC_INT_ARRAY ? ((const aclIntArray *)obj)->n
               : magic == MAGIC_BOOL_ARRAY ? ((const aclBoolArray *)obj)->n
               : ((const aclFloatArray *)obj)->n;
    void *v = n ? malloc(n * 8) : NULL;
    if (n && v == NULL) {
        sim_set_error("aclnn%s: out of host memory", op);
        return ACLNN_ERR_INNER;
    }
    for (uint64_t i = 0; i < n; i++) {
        if (magic == MAGIC_INT_ARRAY) ((int64_t *)v)[i] = ((const aclIntArray *)obj)->v[i];
        else if (magic == MAGIC_BOOL_ARRAY) ((int64_t *)v)[i] = ((const aclBoolArray *)obj)->v[i];
        else ((double *)v)[i] = ((const aclFloatArray *)obj)->v[i];
    }
    out->kind = kind;
    if (kind == SIM_ARG_FLOAT_ARRAY) {
        out->u.farr.v = v;
        out->u.farr.n = n;
    } else {
        out->u.iarr.v = v;
        out->u.iarr.n = n;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus sim_arg_int_array(const char *op, const char *name, const aclIntArray *a,
                              int optional, sim_arg *out)
{
    return arg_array(op, name, a, MAGIC_INT_ARRAY, SIM_ARG_INT_ARRAY, optional, out);
}

aclnnStatus sim_arg_float_array(const char *op, const char *name, const aclFloatArray *a,
                                int optional, sim_arg *out)
{
    return arg_array(op, name, a, MAGIC_FLOAT_ARRAY, SIM_ARG_FLOAT_ARRAY, optional, out);
}

/* Bool arrays travel as int64 0/1 in iarr (sim_arg has no bool array
 * member); kind SIM_ARG_BOOL_ARRAY tells the runner to make bools. */
aclnnStatus sim_arg_bool_array(const char *op, const char *name, const aclBoolArray *a,
                               int optional, sim_arg *out)
{
    return arg_array(op, name, a, MAGIC_BOOL_ARRAY, SIM_ARG_BOOL_ARRAY, optional, out);
}

aclnnStatus sim_arg_tensor_list(const char *op, const char *name, const aclTensorList *l,
                                int role, int optional, sim_arg *out)
{
    out->role = role;
    if (l == NULL && optional) {
        out->kind = SIM_ARG_NONE;
        return ACLNN_SUCCESS;
    }
    out->kind = SIM_ARG_NONE;
    aclnnStatus st = sim_nn_obj_check("aclnn", op, name, l, MAGIC_TENSOR_LIST,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    sim_tensor_desc *v = l->n ? malloc(l->n * sizeof *v) : NULL;
    if (l->n && v == NULL) {
        sim_set_error("aclnn%s: out of host memory", op);
        return ACLNN_ERR_INNER;
    }
    char elem[96];
    for (uint64_t i = 0; i < l->n; i++) {
        snprintf(elem, sizeof elem, "%s[%llu]", name, (unsigned long long)i);
        st = sim_nn_obj_check("aclnn", op, elem, l->v[i], MAGIC_TENSOR,
                              ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
        if (st == 0) st = sanitize_tensor("aclnn", op, elem, l->v[i], &v[i]);
        if (st) {
            free(v);
            return st;
        }
    }
    out->kind = SIM_ARG_TENSOR_LIST;
    out->u.tlist.v = v;
    out->u.tlist.n = l->n;
    return ACLNN_SUCCESS;
}
