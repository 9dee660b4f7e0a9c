/*
 * CANN simulator: the aclnn objects of the libnnopbase.so ABI (aclTensor,
 * aclScalar, the arrays and the lists: create, destroy, getters, setters)
 * and the registry of live objects that every aclnn entry point checks its
 * arguments against (sim_nn.h says why).
 *
 * Facts are from shared/reference/cann/aclnn.md (sections cited inline).
 */
#include "sim_nn.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Registry of live objects: open addressing, linear probing, deletion  */
/* by backward shift (no tombstones).                                   */

typedef struct { uintptr_t key; uint32_t magic; } reg_slot;

static pthread_mutex_t reg_mu = PTHREAD_MUTEX_INITIALIZER;
static reg_slot *reg_tab;
static size_t reg_cap;   /* power of two, or 0 */
static size_t reg_len;

static size_t reg_hash(uintptr_t k)
{
    uint64_t x = (uint64_t)k;
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    return (size_t)x;
}

static int reg_grow_locked(void)
{
    size_t ncap = reg_cap ? reg_cap * 2 : 256;
    reg_slot *nt = calloc(ncap, sizeof(reg_slot));
    if (nt == NULL) return -1;
    for (size_t i = 0; i < reg_cap; i++) {
        if (reg_tab[i].key == 0) continue;
        size_t j = reg_hash(reg_tab[i].key) & (ncap - 1);
        while (nt[j].key != 0) j = (j + 1) & (ncap - 1);
        nt[j] = reg_tab[i];
    }
    free(reg_tab);
    reg_tab = nt;
    reg_cap = ncap;
    return 0;
}

int sim_nn_reg_add(const void *p, uint32_t magic)
{
    int rc = 0;
    pthread_mutex_lock(&reg_mu);
    if ((reg_len + 1) * 2 > reg_cap && reg_grow_locked() != 0) {
        rc = -1;
    } else {
        size_t mask = reg_cap - 1, i = reg_hash((uintptr_t)p) & mask;
        while (reg_tab[i].key != 0) i = (i + 1) & mask;
        reg_tab[i].key = (uintptr_t)p;
        reg_tab[i].magic = magic;
        reg_len++;
    }
    pthread_mutex_unlock(&reg_mu);
    return rc;
}

/* Slot index of p, or -1.  Caller holds reg_mu. */
static long reg_find_locked(const void *p)
{
    if (reg_cap == 0) return -1;
    size_t mask = reg_cap - 1, i = reg_hash((uintptr_t)p) & mask;
    while (reg_tab[i].key != 0) {
        if (reg_tab[i].key == (uintptr_t)p) return (long)i;
        i = (i + 1) & mask;
    }
    return -1;
}

int sim_nn_tensor_alive(const aclTensor *t, uint64_t serial)
{
    pthread_mutex_lock(&reg_mu);
    long i = reg_find_locked(t);
    /* Registered, so not freed: reading the serial is safe under reg_mu,
     * which aclDestroyTensor must take before it frees. */
    int alive = i >= 0 && reg_tab[i].magic == MAGIC_TENSOR && t->serial == serial;
    pthread_mutex_unlock(&reg_mu);
    return alive;
}

/* The kind p is registered with, or 0. */
uint32_t sim_nn_reg_lookup(const void *p)
{
    pthread_mutex_lock(&reg_mu);
    long i = reg_find_locked(p);
    uint32_t m = i < 0 ? 0 : reg_tab[i].magic;
    pthread_mutex_unlock(&reg_mu);
    return m;
}

/* Unregister p if it is registered as `magic`; returns 1 if it was.  The
 * winner of two racing destroys is the one that removes it. */
int sim_nn_reg_remove(const void *p, uint32_t magic)
{
    int removed = 0;
    pthread_mutex_lock(&reg_mu);
    long found = reg_find_locked(p);
    if (found >= 0 && reg_tab[found].magic == magic) {
        size_t mask = reg_cap - 1, i = (size_t)found, j = i;
        reg_tab[i].key = 0;
        for (;;) {
            j = (j + 1) & mask;
            if (reg_tab[j].key == 0) break;
            size_t k = reg_hash(reg_tab[j].key) & mask;
            /* Move j back to the hole unless its home k lies in (i, j]. */
            int stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
            if (!stays) {
                reg_tab[i] = reg_tab[j];
                reg_tab[j].key = 0;
                i = j;
            }
        }
        reg_len--;
        removed = 1;
    }
    pthread_mutex_unlock(&reg_mu);
    return removed;
}

static const char *kind_name(uint32_t magic)
{
    switch (magic) {
    case MAGIC_TENSOR: return "aclTensor";
    case MAGIC_SCALAR: return "aclScalar";
    case MAGIC_INT_ARRAY: return "aclIntArray";
    case MAGIC_FLOAT_ARRAY: return "aclFloatArray";
    case MAGIC_BOOL_ARRAY: return "aclBoolArray";
    case MAGIC_TENSOR_LIST: return "aclTensorList";
    case MAGIC_SCALAR_LIST: return "aclScalarList";
    case MAGIC_EXECUTOR: return "aclOpExecutor";
    default: return "object";
    }
}

/* 0 if p is a live object of kind `magic`.  Otherwise reports it (pfx fn:
 * name the caller and arg the argument) and returns null_st for NULL,
 * bad_st for a dead or foreign pointer. */
aclnnStatus sim_nn_obj_check(const char *pfx, const char *fn, const char *arg,
                             const void *p, uint32_t magic,
                             aclnnStatus null_st, aclnnStatus bad_st)
{
    if (p == NULL) {
        sim_set_error("%s%s: %s is NULL", pfx, fn, arg);
        return null_st;
    }
    uint32_t m = sim_nn_reg_lookup(p);
    if (m == magic && *(const uint32_t *)p == magic) return ACLNN_SUCCESS;
    if (m == 0)
        sim_sanitizer_error("%s%s: %s (%p) is not a live %s: it was already "
                            "destroyed, or was not created by this library",
                            pfx, fn, arg, p, kind_name(magic));
    else
        sim_sanitizer_error("%s%s: %s (%p) is an %s, not an %s",
                            pfx, fn, arg, p, kind_name(m), kind_name(magic));
    return bad_st;
}

/* aclCreateScalar's accepted types (aclnn.md 4.2): value size in bytes,
 * 0 for the rest.  fp8/fp6/fp4/hif8 values are one raw byte. */
static int scalar_size(int32_t dtype)
{
    switch (dtype) {
    case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16:
    case ACL_INT8: case ACL_INT16: case ACL_INT32: case ACL_INT64:
    case ACL_UINT8: case ACL_UINT16: case ACL_UINT32: case ACL_UINT64:
    case ACL_BOOL: case ACL_DOUBLE: case ACL_COMPLEX64: case ACL_COMPLEX128:
        return sim_dtype_bits(dtype) / 8;
    case 34: case 35: case 36: case 37: case 38: case 39: case 40: case 41:
        return 1;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Initialization                                                        */

aclnnStatus aclnnInit(const char *configPath)
{
    /* Nothing to load: the operators are built in.  Calling it again, or
     * together with aclInit, is not an error (aclnn.md section 3). */
    (void)configPath;
    return ACLNN_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* aclTensor (aclnn.md 4.1)                                              */

static aclTensor *aclCreateTensor_body(const int64_t *viewDims, uint64_t viewDimsNum,
                           aclDataType dataType, const int64_t *stride,
                           int64_t offset, aclFormat format,
                           const int64_t *storageDims, uint64_t storageDimsNum,
                           void *tensorData)
{
    if (viewDims == NULL && viewDimsNum > 0) {
        sim_set_error("aclCreateTensor: viewDims is NULL but viewDimsNum is %llu",
                      (unsigned long long)viewDimsNum);
        return NULL;
    }
    if (storageDims == NULL && storageDimsNum > 0) {
        sim_set_error("aclCreateTensor: storageDims is NULL but storageDimsNum is %llu",
                      (unsigned long long)storageDimsNum);
        return NULL;
    }
    if (viewDimsNum > SIM_STORE_DIMS || storageDimsNum > SIM_STORE_DIMS) {
        sim_set_error("aclCreateTensor: %llu view dims / %llu storage dims; at most %d "
                      "are representable", (unsigned long long)viewDimsNum,
                      (unsigned long long)storageDimsNum, SIM_STORE_DIMS);
        return NULL;
    }
    aclTensor *t = malloc(sizeof *t);
    if (t == NULL) {
        sim_set_error("aclCreateTensor: out of host memory");
        return NULL;
    }
    static uint64_t next_serial;   /* atomic */
    t->magic = MAGIC_TENSOR;
    t->serial = __atomic_add_fetch(&next_serial, 1, __ATOMIC_RELAXED);
    t->dtype = dataType;
    t->format = format;
    t->ndim = (int32_t)viewDimsNum;
    t->storage_ndim = (int32_t)storageDimsNum;
    t->in_list = 0;
    t->offset = offset;
    t->data = tensorData;
    if (viewDimsNum) memcpy(t->dims, viewDims, viewDimsNum * sizeof(int64_t));
    if (storageDimsNum) memcpy(t->storage_dims, storageDims, storageDimsNum * sizeof(int64_t));
    if (stride != NULL) {
        if (viewDimsNum) memcpy(t->strides, stride, viewDimsNum * sizeof(int64_t));
    } else {
        /* NULL stride: C-contiguous strides from the view (aclnn.md 4.1). */
        int64_t s = 1;
        for (int i = t->ndim - 1; i >= 0; i--) {
            t->strides[i] = s;
            s *= t->dims[i] > 1 ? t->dims[i] : 1;
        }
    }
    if (sim_nn_reg_add(t, MAGIC_TENSOR) != 0) {
        free(t);
        sim_set_error("aclCreateTensor: out of host memory");
        return NULL;
    }
    SIM_COUNT(live_tensors, 1);
    SIM_COUNT(tensor_creations, 1);
    return t;
}

static void tensor_free(aclTensor *t)
{
    t->magic = MAGIC_DEAD;
    free(t);
    SIM_COUNT(live_tensors, -1);
}

static aclnnStatus aclDestroyTensor_body(const aclTensor *tensor)
{
    if (tensor == NULL) return ACLNN_SUCCESS;
    aclnnStatus st = sim_nn_obj_check("", "aclDestroyTensor", "tensor", tensor, MAGIC_TENSOR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    if (tensor->in_list) {
        sim_sanitizer_error("aclDestroyTensor: tensor %p belongs to an aclTensorList; "
                            "aclDestroyTensorList destroys it", (const void *)tensor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!sim_nn_reg_remove(tensor, MAGIC_TENSOR)) {
        sim_sanitizer_error("aclDestroyTensor: tensor %p destroyed twice", (const void *)tensor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    tensor_free((aclTensor *)tensor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset)
{
    aclnnStatus st = sim_nn_obj_check("", "aclGetViewOffset", "tensor", tensor, MAGIC_TENSOR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    if (offset == NULL) {
        sim_set_error("aclGetViewOffset: offset is NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *offset = tensor->offset;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType)
{
    aclnnStatus st = sim_nn_obj_check("", "aclGetDataType", "tensor", tensor, MAGIC_TENSOR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    if (dataType == NULL) {
        sim_set_error("aclGetDataType: dataType is NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *dataType = tensor->dtype;
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr)
{
    aclnnStatus st = sim_nn_obj_check("", "aclSetRawTensorAddr", "tensor", tensor, MAGIC_TENSOR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    /* Not validated here, like the real call; the sanitizer checks the
     * address when an operator uses the tensor. */
    tensor->data = addr;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr)
{
    aclnnStatus st = sim_nn_obj_check("", "aclGetRawTensorAddr", "tensor", tensor, MAGIC_TENSOR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    if (addr == NULL) {
        sim_set_error("aclGetRawTensorAddr: addr is NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *addr = tensor->data;
    return ACLNN_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* aclScalar and the arrays (aclnn.md 4.2): creation copies the values.  */

aclScalar *aclCreateScalar(void *value, aclDataType dataType)
{
    if (value == NULL) {
        sim_set_error("aclCreateScalar: value is NULL");
        return NULL;
    }
    int size = scalar_size(dataType);
    if (size == 0) {
        sim_set_error("aclCreateScalar: dtype %s (%d) is not accepted for a scalar",
                      sim_dtype_name(dataType), (int)dataType);
        return NULL;
    }
    aclScalar *s = calloc(1, sizeof *s);
    if (s == NULL) {
        sim_set_error("aclCreateScalar: out of host memory");
        return NULL;
    }
    s->magic = MAGIC_SCALAR;
    s->dtype = dataType;
    memcpy(s->bytes, value, (size_t)size);
    if (sim_nn_reg_add(s, MAGIC_SCALAR) != 0) {
        free(s);
        sim_set_error("aclCreateScalar: out of host memory");
        return NULL;
    }
    SIM_COUNT(live_scalars, 1);
    SIM_COUNT(scalar_creations, 1);
    return s;
}

static void scalar_free(aclScalar *s)
{
    s->magic = MAGIC_DEAD;
    free(s);
    SIM_COUNT(live_scalars, -1);
}

aclnnStatus aclDestroyScalar(const aclScalar *scalar)
{
    if (scalar == NULL) return ACLNN_SUCCESS;
    aclnnStatus st = sim_nn_obj_check("", "aclDestroyScalar", "scalar", scalar, MAGIC_SCALAR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    if (scalar->in_list) {
        sim_sanitizer_error("aclDestroyScalar: scalar %p belongs to an aclScalarList; "
                            "aclDestroyScalarList destroys it", (const void *)scalar);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!sim_nn_reg_remove(scalar, MAGIC_SCALAR)) {
        sim_sanitizer_error("aclDestroyScalar: scalar %p destroyed twice", (const void *)scalar);
        return ACLNN_ERR_PARAM_INVALID;
    }
    scalar_free((aclScalar *)scalar);
    return ACLNN_SUCCESS;
}

/* One body for the three array kinds: acl<Name> holds E values. */
#define SIM_ARRAY_API(Name, E, MAGIC, COUNTER)                                      \
    acl##Name *aclCreate##Name(const E *value, uint64_t size)                       \
    {                                                                               \
        if (value == NULL && size > 0) {                                            \
            sim_set_error("aclCreate" #Name ": value is NULL but size is %llu",     \
                          (unsigned long long)size);                                \
            return NULL;                                                            \
        }                                                                           \
        acl##Name *a = malloc(sizeof *a);                                           \
        E *v = size ? malloc(size * sizeof(E)) : NULL;                              \
        if (a != NULL) {                                                            \
            a->magic = MAGIC;                                                       \
            a->n = size;                                                            \
            a->v = v;                                                               \
        }                                                                           \
        if (a == NULL || (size && v == NULL) || sim_nn_reg_add(a, MAGIC) != 0) {    \
            free(a);                                                                \
            free(v);                                                                \
            sim_set_error("aclCreate" #Name ": out of host memory");                \
            return NULL;                                                            \
        }                                                                           \
        if (size) memcpy(v, value, size * sizeof(E));                               \
        SIM_COUNT(COUNTER, 1);                                                      \
        SIM_COUNT(array_creations, 1);                                              \
        return a;                                                                   \
    }                                                                               \
    aclnnStatus aclDestroy##Name(const acl##Name *array)                            \
    {                                                                               \
        if (array == NULL) return ACLNN_SUCCESS;                                    \
        aclnnStatus st = sim_nn_obj_check("", "aclDestroy" #Name, "array", array,   \
                                          MAGIC, ACLNN_ERR_PARAM_NULLPTR,           \
                                          ACLNN_ERR_PARAM_INVALID);                 \
        if (st) return st;                                                          \
        if (!sim_nn_reg_remove(array, MAGIC)) {                                     \
            sim_sanitizer_error("aclDestroy" #Name ": array %p destroyed twice",    \
                                (const void *)array);                               \
            return ACLNN_ERR_PARAM_INVALID;                                         \
        }                                                                           \
        acl##Name *a = (acl##Name *)array;                                          \
        a->magic = MAGIC_DEAD;                                                      \
        free(a->v);                                                                 \
        free(a);                                                                    \
        SIM_COUNT(COUNTER, -1);                                                     \
        return ACLNN_SUCCESS;                                                       \
    }

SIM_ARRAY_API(IntArray, int64_t, MAGIC_INT_ARRAY, live_int_arrays)
SIM_ARRAY_API(FloatArray, float, MAGIC_FLOAT_ARRAY, live_float_arrays)
SIM_ARRAY_API(BoolArray, bool, MAGIC_BOOL_ARRAY, live_bool_arrays)
#undef SIM_ARRAY_API

/* ------------------------------------------------------------------ */
/* Lists: copy the pointer array and take ownership of the elements      */
/* (aclnn.md 4.2).  An element can belong to one list only.              */

/* One body for both list kinds: acl<Name>List holds acl<Name> elements,
 * freed with elem_free. */
#define SIM_LIST_API(Name, LMAGIC, EMAGIC, COUNTER, elem_free)                      \
    acl##Name##List *aclCreate##Name##List(const acl##Name *const *value,           \
                                           uint64_t size)                           \
    {                                                                               \
        const char *fn = "aclCreate" #Name "List";                                  \
        if (value == NULL && size > 0) {                                            \
            sim_set_error("%s: value is NULL but size is %llu", fn,                 \
                          (unsigned long long)size);                                \
            return NULL;                                                            \
        }                                                                           \
        char name[48];                                                              \
        uint64_t i;                                                                 \
        for (i = 0; i < size; i++) {                                                \
            snprintf(name, sizeof name, "value[%llu]", (unsigned long long)i);      \
            if (sim_nn_obj_check("", fn, name, value[i], EMAGIC, 1, 1)) goto undo;  \
            if (value[i]->in_list) {                                                \
                sim_sanitizer_error("%s: %s (%p) already belongs to an acl" #Name   \
                                    "List", fn, name, (const void *)value[i]);      \
                goto undo;                                                          \
            }                                                                       \
            ((acl##Name *)value[i])->in_list = 1;                                   \
        }                                                                           \
        acl##Name##List *l = malloc(sizeof *l);                                     \
        acl##Name **v = size ? malloc(size * sizeof *v) : NULL;                     \
        if (l != NULL) {                                                            \
            l->magic = LMAGIC;                                                      \
            l->n = size;                                                            \
            l->v = v;                                                               \
        }                                                                           \
        if (l == NULL || (size && v == NULL) || sim_nn_reg_add(l, LMAGIC) != 0) {   \
            free(l);                                                                \
            free(v);                                                                \
            sim_set_error("%s: out of host memory", fn);                            \
            goto undo;                                                              \
        }                                                                           \
        if (size) memcpy(v, value, size * sizeof *v);                               \
        SIM_COUNT(COUNTER, 1);                                                      \
        SIM_COUNT(array_creations, 1);                                              \
        return l;                                                                   \
    undo:                                                                           \
        while (i-- > 0) ((acl##Name *)value[i])->in_list = 0;                       \
        return NULL;                                                                \
    }                                                                               \
    aclnnStatus aclDestroy##Name##List(const acl##Name##List *array)                \
    {                                                                               \
        const char *fn = "aclDestroy" #Name "List";                                 \
        if (array == NULL) return ACLNN_SUCCESS;                                    \
        aclnnStatus st = sim_nn_obj_check("", fn, "array", array, LMAGIC,           \
                                          ACLNN_ERR_PARAM_NULLPTR,                  \
                                          ACLNN_ERR_PARAM_INVALID);                 \
        if (st) return st;                                                          \
        if (!sim_nn_reg_remove(array, LMAGIC)) {                                    \
            sim_sanitizer_error("%s: list %p destroyed twice", fn, (const void *)array); \
            return ACLNN_ERR_PARAM_INVALID;                                         \
        }                                                                           \
        acl##Name##List *l = (acl##Name##List *)array;                              \
        for (uint64_t i = 0; i < l->n; i++)                                         \
            if (sim_nn_reg_remove(l->v[i], EMAGIC)) elem_free(l->v[i]);             \
        l->magic = MAGIC_DEAD;                                                      \
        free(l->v);                                                                 \
        free(l);                                                                    \
        SIM_COUNT(COUNTER, -1);                                                     \
        return ACLNN_SUCCESS;                                                       \
    }

SIM_LIST_API(Tensor, MAGIC_TENSOR_LIST, MAGIC_TENSOR, live_tensor_lists, tensor_free)
SIM_LIST_API(Scalar, MAGIC_SCALAR_LIST, MAGIC_SCALAR, live_scalar_lists, scalar_free)
#undef SIM_LIST_API

/* Timed for the simulator's api_ns counter (host time in vendor calls). */
SIM_EXPORT aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum,
                           aclDataType dataType, const int64_t *stride, int64_t offset,
                           aclFormat format, const int64_t *storageDims,
                           uint64_t storageDimsNum, void *tensorData)
{
    int64_t t0 = sim_now_ns();
    aclTensor *r = aclCreateTensor_body(viewDims, viewDimsNum, dataType, stride, offset, format,
                                        storageDims, storageDimsNum, tensorData);
    sim_count_api(t0);
    return r;
}

/* Timed for the simulator's api_ns counter (host time in vendor calls). */
SIM_EXPORT aclnnStatus aclDestroyTensor(const aclTensor *tensor)
{
    int64_t t0 = sim_now_ns();
    aclnnStatus r = aclDestroyTensor_body(tensor);
    sim_count_api(t0);
    return r;
}
