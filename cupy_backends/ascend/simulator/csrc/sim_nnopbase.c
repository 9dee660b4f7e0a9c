/*
 * CANN simulator: the aclnn object API (the libnnopbase.so part of the ABI),
 * the tensor sanitizer every operator runs in phase 1, and the executors
 * that carry a planned call from phase 1 to the stream in phase 2.
 *
 * Facts are from shared/reference/cann/aclnn.md (sections cited inline).
 *
 * Every object starts with a magic tag and is entered into a registry of
 * live objects (a hash set keyed by address).  An argument is accepted only
 * if its address is registered with the expected kind, so a destroyed,
 * consumed or foreign pointer is reported instead of dereferenced.
 *
 * Status choice for memory faults: where real hardware would crash (a
 * kernel touching freed, unallocated, host or out-of-range memory) the
 * simulator reports ACL_ERROR_RT_AICORE_EXCEPTION (507015), the code the
 * 910B raises for an AI-core fault (runtime.md 9.2), through
 * sim_sanitizer_error.  Phase 1 returns it synchronously: the simulator is
 * stricter than the device, which only faults when the kernel runs.
 */
#include "sim_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Shapes are stored up to MAX_DIM_NUM = 25 dims like opdev/common_types.h
 * (aclnn.md section 8); operators reject more than SIM_MAX_DIMS. */
#define SIM_STORE_DIMS 25

/* aclnn.md section 7. */
#define SIM_ACLNN_ERR_INNER_CREATE_EXECUTOR 561101

/* Workspace contents at kernel start: all-ones bytes read as NaN in every
 * floating format and -1 in every signed integer, so a kernel that relies
 * on the workspace being zero or left over from an earlier call fails. */
#define SIM_WORKSPACE_GARBAGE 0xFF

enum {
    MAGIC_DEAD = 0xDEADDEADu,
    MAGIC_TENSOR = 0x41544E53u,
    MAGIC_SCALAR = 0x4153434Cu,
    MAGIC_INT_ARRAY = 0x41494E54u,
    MAGIC_FLOAT_ARRAY = 0x41464C54u,
    MAGIC_BOOL_ARRAY = 0x41424F4Cu,
    MAGIC_TENSOR_LIST = 0x41544C53u,
    MAGIC_SCALAR_LIST = 0x41534C53u,
    MAGIC_EXECUTOR = 0x41455845u,
};

struct aclTensor {
    uint32_t magic;
    int32_t dtype;
    int32_t format;
    int32_t ndim;
    int32_t storage_ndim;
    int32_t in_list;          /* owned by an aclTensorList (aclnn.md 4.2) */
    int64_t offset;
    void *data;
    int64_t dims[SIM_STORE_DIMS];
    int64_t strides[SIM_STORE_DIMS];
    int64_t storage_dims[SIM_STORE_DIMS];
};

struct aclScalar {
    uint32_t magic;
    int32_t dtype;
    int32_t in_list;
    unsigned char bytes[16];
};

struct aclIntArray { uint32_t magic; uint64_t n; int64_t *v; };
struct aclFloatArray { uint32_t magic; uint64_t n; float *v; };
struct aclBoolArray { uint32_t magic; uint64_t n; bool *v; };
struct aclTensorList { uint32_t magic; uint64_t n; aclTensor **v; };
struct aclScalarList { uint32_t magic; uint64_t n; aclScalar **v; };

struct aclOpExecutor {
    uint32_t magic;
    int repeatable;
    uint64_t workspace_size;
    const char *names[SIM_MAX_ARGS];  /* static strings from the op table */
    sim_call call;
};

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

static int reg_add(const void *p, uint32_t magic)
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

/* The kind p is registered with, or 0. */
static uint32_t reg_lookup(const void *p)
{
    pthread_mutex_lock(&reg_mu);
    long i = reg_find_locked(p);
    uint32_t m = i < 0 ? 0 : reg_tab[i].magic;
    pthread_mutex_unlock(&reg_mu);
    return m;
}

/* Unregister p if it is registered as `magic`; returns 1 if it was.  The
 * winner of two racing destroys is the one that removes it. */
static int reg_remove(const void *p, uint32_t magic)
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
static aclnnStatus obj_check(const char *pfx, const char *fn, const char *arg,
                             const void *p, uint32_t magic,
                             aclnnStatus null_st, aclnnStatus bad_st)
{
    if (p == NULL) {
        sim_set_error("%s%s: %s is NULL", pfx, fn, arg);
        return null_st;
    }
    uint32_t m = reg_lookup(p);
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

/* ------------------------------------------------------------------ */
/* Data types (runtime.md section 10).                                   */

int sim_dtype_bits(int32_t dtype)
{
    switch (dtype) {
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 8;
    case ACL_FLOAT16: case ACL_INT16: case ACL_UINT16: case ACL_BF16: return 16;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 32;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 64;
    case ACL_COMPLEX128: return 128;
    case ACL_STRING: return 8;   /* no element size; counted as bytes */
    case 29: return 4;           /* ACL_INT4, packed */
    case 30: return 1;           /* ACL_UINT1 */
    case 33: return 32;          /* ACL_COMPLEX32 */
    case 34: case 35: case 36: case 37: return 8;  /* hif8, fp8 e5m2/e4m3fn/e8m0 */
    case 38: case 39: return 8;  /* fp6: size not documented; one per byte */
    case 40: case 41: return 4;  /* fp4 */
    default: return 0;
    }
}

int sim_dtype_defined(int32_t dtype) { return sim_dtype_bits(dtype) != 0; }

const char *sim_dtype_name(int32_t dtype)
{
    switch (dtype) {
    case ACL_FLOAT: return "float32";
    case ACL_FLOAT16: return "float16";
    case ACL_INT8: return "int8";
    case ACL_INT32: return "int32";
    case ACL_UINT8: return "uint8";
    case ACL_INT16: return "int16";
    case ACL_UINT16: return "uint16";
    case ACL_UINT32: return "uint32";
    case ACL_INT64: return "int64";
    case ACL_UINT64: return "uint64";
    case ACL_DOUBLE: return "float64";
    case ACL_BOOL: return "bool";
    case ACL_STRING: return "string";
    case ACL_COMPLEX64: return "complex64";
    case ACL_COMPLEX128: return "complex128";
    case ACL_BF16: return "bfloat16";
    case 29: return "int4";
    case 30: return "uint1";
    case 33: return "complex32";
    case 34: return "hifloat8";
    case 35: return "float8_e5m2";
    case 36: return "float8_e4m3fn";
    case 37: return "float8_e8m0";
    case 38: return "float6_e3m2";
    case 39: return "float6_e2m3";
    case 40: return "float4_e2m1";
    case 41: return "float4_e1m2";
    default: return "undefined";
    }
}

/* Bytes of `elems` elements, sub-byte types packed; UINT64_MAX on overflow. */
uint64_t sim_dtype_nbytes(int32_t dtype, uint64_t elems)
{
    uint64_t bits = (uint64_t)sim_dtype_bits(dtype), total;
    if (__builtin_mul_overflow(elems, bits, &total)) return UINT64_MAX;
    return total / 8 + (total % 8 != 0);
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

const char *sim_fmt_dims(char *buf, size_t len, const int64_t *v, int n)
{
    size_t k = 0;
    k += (size_t)snprintf(buf, len, "(");
    for (int i = 0; i < n && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, i ? ", %lld" : "%lld", (long long)v[i]);
    if (k < len) snprintf(buf + k, len - k, n == 1 ? ",)" : ")");
    return buf;
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

aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum,
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
    t->magic = MAGIC_TENSOR;
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
    if (reg_add(t, MAGIC_TENSOR) != 0) {
        free(t);
        sim_set_error("aclCreateTensor: out of host memory");
        return NULL;
    }
    SIM_COUNT(live_tensors, 1);
    return t;
}

static void tensor_free(aclTensor *t)
{
    t->magic = MAGIC_DEAD;
    free(t);
    SIM_COUNT(live_tensors, -1);
}

aclnnStatus aclDestroyTensor(const aclTensor *tensor)
{
    if (tensor == NULL) return ACLNN_SUCCESS;
    aclnnStatus st = obj_check("", "aclDestroyTensor", "tensor", tensor, MAGIC_TENSOR,
                               ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    if (tensor->in_list) {
        sim_sanitizer_error("aclDestroyTensor: tensor %p belongs to an aclTensorList; "
                            "aclDestroyTensorList destroys it", (const void *)tensor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!reg_remove(tensor, MAGIC_TENSOR)) {
        sim_sanitizer_error("aclDestroyTensor: tensor %p destroyed twice", (const void *)tensor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    tensor_free((aclTensor *)tensor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset)
{
    aclnnStatus st = obj_check("", "aclGetViewOffset", "tensor", tensor, MAGIC_TENSOR,
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
    aclnnStatus st = obj_check("", "aclGetDataType", "tensor", tensor, MAGIC_TENSOR,
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
    aclnnStatus st = obj_check("", "aclSetRawTensorAddr", "tensor", tensor, MAGIC_TENSOR,
                               ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    /* Not validated here, like the real call; the sanitizer checks the
     * address when an operator uses the tensor. */
    tensor->data = addr;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr)
{
    aclnnStatus st = obj_check("", "aclGetRawTensorAddr", "tensor", tensor, MAGIC_TENSOR,
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
    if (reg_add(s, MAGIC_SCALAR) != 0) {
        free(s);
        sim_set_error("aclCreateScalar: out of host memory");
        return NULL;
    }
    SIM_COUNT(live_scalars, 1);
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
    aclnnStatus st = obj_check("", "aclDestroyScalar", "scalar", scalar, MAGIC_SCALAR,
                               ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    if (scalar->in_list) {
        sim_sanitizer_error("aclDestroyScalar: scalar %p belongs to an aclScalarList; "
                            "aclDestroyScalarList destroys it", (const void *)scalar);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!reg_remove(scalar, MAGIC_SCALAR)) {
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
        if (a == NULL || (size && v == NULL) || reg_add(a, MAGIC) != 0) {           \
            free(a);                                                                \
            free(v);                                                                \
            sim_set_error("aclCreate" #Name ": out of host memory");                \
            return NULL;                                                            \
        }                                                                           \
        if (size) memcpy(v, value, size * sizeof(E));                               \
        SIM_COUNT(COUNTER, 1);                                                      \
        return a;                                                                   \
    }                                                                               \
    aclnnStatus aclDestroy##Name(const acl##Name *array)                            \
    {                                                                               \
        if (array == NULL) return ACLNN_SUCCESS;                                    \
        aclnnStatus st = obj_check("", "aclDestroy" #Name, "array", array, MAGIC,   \
                                   ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID); \
        if (st) return st;                                                          \
        if (!reg_remove(array, MAGIC)) {                                            \
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
            if (obj_check("", fn, name, value[i], EMAGIC, 1, 1)) goto undo;         \
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
        if (l == NULL || (size && v == NULL) || reg_add(l, LMAGIC) != 0) {         \
            free(l);                                                                \
            free(v);                                                                \
            sim_set_error("%s: out of host memory", fn);                            \
            goto undo;                                                              \
        }                                                                           \
        if (size) memcpy(v, value, size * sizeof *v);                               \
        SIM_COUNT(COUNTER, 1);                                                      \
        return l;                                                                   \
    undo:                                                                           \
        while (i-- > 0) ((acl##Name *)value[i])->in_list = 0;                       \
        return NULL;                                                                \
    }                                                                               \
    aclnnStatus aclDestroy##Name##List(const acl##Name##List *array)                \
    {                                                                               \
        const char *fn = "aclDestroy" #Name "List";                                 \
        if (array == NULL) return ACLNN_SUCCESS;                                    \
        aclnnStatus st = obj_check("", fn, "array", array, LMAGIC,                  \
                                   ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID); \
        if (st) return st;                                                          \
        if (!reg_remove(array, LMAGIC)) {                                           \
            sim_sanitizer_error("%s: list %p destroyed twice", fn, (const void *)array); \
            return ACLNN_ERR_PARAM_INVALID;                                         \
        }                                                                           \
        acl##Name##List *l = (acl##Name##List *)array;                              \
        for (uint64_t i = 0; i < l->n; i++)                                         \
            if (reg_remove(l->v[i], EMAGIC)) elem_free(l->v[i]);                    \
        l->magic = MAGIC_DEAD;                                                      \
        free(l->v);                                                                 \
        free(l);                                                                    \
        SIM_COUNT(COUNTER, -1);                                                     \
        return ACLNN_SUCCESS;                                                       \
    }

SIM_LIST_API(Tensor, MAGIC_TENSOR_LIST, MAGIC_TENSOR, live_tensor_lists, tensor_free)
SIM_LIST_API(Scalar, MAGIC_SCALAR_LIST, MAGIC_SCALAR, live_scalar_lists, scalar_free)
#undef SIM_LIST_API

/* ------------------------------------------------------------------ */
/* The sanitizer.  Messages read "aclnnXxx: <argument>: <problem>".      */

/* Alignment, address and allocation of a descriptor's storage; fills
 * d->alloc_id.  numel: elements of the view. */
static aclnnStatus check_memory(const char *pfx, const char *fn, const char *arg,
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

/* Every check on one tensor argument; fills *d. */
static aclnnStatus sanitize_tensor(const char *pfx, const char *fn, const char *arg,
                                   const aclTensor *t, sim_tensor_desc *d)
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
    int64_t numel = 1;
    for (int i = 0; i < t->ndim; i++) {
        if (t->dims[i] < 0) {
            sim_set_error("%s%s: %s: negative dimension in shape %s", pfx, fn, arg,
                          sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (__builtin_mul_overflow(numel, t->dims[i], &numel)) {
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
    int64_t storage = 1;
    for (int i = 0; i < t->storage_ndim; i++) {
        if (t->storage_dims[i] < 0 ||
            __builtin_mul_overflow(storage, t->storage_dims[i], &storage)) {
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
    memcpy(d->dims, t->dims, (size_t)t->ndim * sizeof(int64_t));
    memcpy(d->strides, t->strides, (size_t)t->ndim * sizeof(int64_t));
    if (numel > 0) {
        /* The real API's view check (aclnn.md 4.1): offset >= 0 and
         * offset + sum(stride_i * (dim_i - 1)) + 1 <= prod(storageDims). */
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
        if (overflow || last >= storage) {
            char need[40];
            if (overflow) snprintf(need, sizeof need, "more than 2**63");
            else snprintf(need, sizeof need, "%lld", (long long)last + 1);
            sim_set_error("%s%s: %s: view (shape %s, strides %s, offset %lld) needs %s "
                          "elements but the storage holds %lld", pfx, fn, arg,
                          sim_fmt_dims(b1, sizeof b1, t->dims, t->ndim),
                          sim_fmt_dims(b2, sizeof b2, t->strides, t->ndim),
                          (long long)t->offset, need, (long long)storage);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return check_memory(pfx, fn, arg, d, numel);
}

int64_t sim_desc_numel(const sim_tensor_desc *d)
{
    int64_t n = 1;
    for (int i = 0; i < d->ndim; i++) n *= d->dims[i];
    return n;
}

aclnnStatus sim_arg_tensor(const char *op, const char *name, const aclTensor *t,
                           int is_output, int optional, sim_arg *out)
{
    out->is_output = is_output;
    if (t == NULL && optional) {
        out->kind = SIM_ARG_NONE;
        return ACLNN_SUCCESS;
    }
    out->kind = SIM_ARG_TENSOR;
    aclnnStatus st = obj_check("aclnn", op, name, t, MAGIC_TENSOR,
                               ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    return sanitize_tensor("aclnn", op, name, t, &out->u.tensor);
}

aclnnStatus sim_arg_scalar(const char *op, const char *name, const aclScalar *s,
                           int optional, sim_arg *out)
{
    out->is_output = 0;
    if (s == NULL && optional) {
        out->kind = SIM_ARG_NONE;
        return ACLNN_SUCCESS;
    }
    out->kind = SIM_ARG_SCALAR;
    aclnnStatus st = obj_check("aclnn", op, name, s, MAGIC_SCALAR,
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
    out->is_output = 0;
    out->kind = SIM_ARG_NONE;   /* nothing owned until the copy exists */
    if (obj == NULL && optional) return ACLNN_SUCCESS;
    aclnnStatus st = obj_check("aclnn", op, name, obj, magic,
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
                                int is_output, int optional, sim_arg *out)
{
    out->is_output = is_output;
    if (l == NULL && optional) {
        out->kind = SIM_ARG_NONE;
        return ACLNN_SUCCESS;
    }
    out->kind = SIM_ARG_NONE;
    aclnnStatus st = obj_check("aclnn", op, name, l, MAGIC_TENSOR_LIST,
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
        st = obj_check("aclnn", op, elem, l->v[i], MAGIC_TENSOR,
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

/* ------------------------------------------------------------------ */
/* Calls                                                                 */

void sim_call_release(sim_call *call)
{
    for (int i = 0; i < call->nargs; i++) {
        sim_arg *a = &call->args[i];
        switch (a->kind) {
        case SIM_ARG_INT_ARRAY: case SIM_ARG_BOOL_ARRAY:
            free(a->u.iarr.v);
            a->u.iarr.v = NULL;
            break;
        case SIM_ARG_FLOAT_ARRAY:
            free(a->u.farr.v);
            a->u.farr.v = NULL;
            break;
        case SIM_ARG_TENSOR_LIST:
            free(a->u.tlist.v);
            a->u.tlist.v = NULL;
            break;
        default:
            break;
        }
        a->kind = SIM_ARG_NONE;
    }
    call->nargs = 0;
}

static void *dup_mem(const void *p, size_t n)
{
    if (n == 0) return NULL;
    void *q = malloc(n);
    if (q != NULL) memcpy(q, p, n);
    return q;
}

/* Deep copy: 0, or -1 (out of host memory; dst holds nothing). */
static int call_clone(sim_call *dst, const sim_call *src)
{
    memcpy(dst, src, sizeof *dst);
    for (int i = 0; i < src->nargs; i++) {
        sim_arg *a = &dst->args[i];
        void **slot = NULL;
        size_t n = 0;
        switch (a->kind) {
        case SIM_ARG_INT_ARRAY: case SIM_ARG_BOOL_ARRAY:
            slot = (void **)&a->u.iarr.v; n = a->u.iarr.n * sizeof(int64_t); break;
        case SIM_ARG_FLOAT_ARRAY:
            slot = (void **)&a->u.farr.v; n = a->u.farr.n * sizeof(double); break;
        case SIM_ARG_TENSOR_LIST:
            slot = (void **)&a->u.tlist.v; n = a->u.tlist.n * sizeof(sim_tensor_desc); break;
        default:
            continue;
        }
        *slot = dup_mem(*slot, n);
        if (n && *slot == NULL) {
            dst->nargs = i;   /* release what was copied so far */
            sim_call_release(dst);
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Executors (aclnn.md sections 5 and 6)                                 */

aclnnStatus sim_executor_create(sim_call *call, const char *const *names,
                                uint64_t workspace_size, aclOpExecutor **out)
{
    aclOpExecutor *ex = malloc(sizeof *ex);
    if (ex == NULL) goto oom;
    ex->magic = MAGIC_EXECUTOR;
    ex->repeatable = 0;
    ex->workspace_size = workspace_size;
    for (int i = 0; i < SIM_MAX_ARGS; i++) ex->names[i] = i < call->nargs ? names[i] : NULL;
    memcpy(&ex->call, call, sizeof *call);   /* takes over the owned arrays */
    ex->call.workspace = NULL;
    ex->call.workspace_size = 0;
    if (reg_add(ex, MAGIC_EXECUTOR) != 0) {
        free(ex);
        goto oom;
    }
    call->nargs = 0;
    SIM_COUNT(live_executors, 1);
    *out = ex;
    return ACLNN_SUCCESS;
oom:
    sim_set_error("aclnn%sGetWorkspaceSize: out of host memory", call->op);
    sim_call_release(call);
    return SIM_ACLNN_ERR_INNER_CREATE_EXECUTOR;
}

static void executor_free(aclOpExecutor *ex)
{
    sim_call_release(&ex->call);
    ex->magic = MAGIC_DEAD;
    free(ex);
    SIM_COUNT(live_executors, -1);
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    aclnnStatus st = obj_check("", "aclSetAclOpExecutorRepeatable", "executor", executor,
                               MAGIC_EXECUTOR, ACLNN_ERR_INNER_NULLPTR, ACLNN_ERR_INNER_NULLPTR);
    if (st) return st;
    executor->repeatable = 1;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    aclnnStatus st = obj_check("", "aclDestroyAclOpExecutor", "executor", executor,
                               MAGIC_EXECUTOR, ACLNN_ERR_INNER_NULLPTR, ACLNN_ERR_INNER_NULLPTR);
    if (st) return st;
    if (!executor->repeatable) {
        sim_set_error("aclDestroyAclOpExecutor: executor %p of aclnn%s is not repeatable; "
                      "only executors passed to aclSetAclOpExecutorRepeatable may be "
                      "destroyed (phase 2 frees the others)", (void *)executor,
                      executor->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!reg_remove(executor, MAGIC_EXECUTOR)) {
        sim_sanitizer_error("aclDestroyAclOpExecutor: executor %p destroyed twice",
                            (void *)executor);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    /* Launches already queued run on their own snapshot of the call. */
    executor_free(executor);
    return ACLNN_SUCCESS;
}

/* Rebind tensor #index among the executor's inputs (want_output 0) or
 * outputs (1); tensor-list elements count one by one (aclnn.md section 6).
 * The new address goes through the same memory checks as phase 1. */
static aclnnStatus set_tensor_addr(const char *fn, aclOpExecutor *ex, size_t index,
                                   aclTensor *tensor, void *addr, int want_output)
{
    aclnnStatus st = obj_check("", fn, "executor", ex, MAGIC_EXECUTOR,
                               ACLNN_ERR_INNER_NULLPTR, ACLNN_ERR_INNER_NULLPTR);
    if (st) return st;
    sim_tensor_desc *d = NULL;
    size_t seen = 0;
    for (int i = 0; i < ex->call.nargs && d == NULL; i++) {
        sim_arg *a = &ex->call.args[i];
        if (a->is_output != want_output) continue;
        if (a->kind == SIM_ARG_TENSOR) {
            if (seen++ == index) d = &a->u.tensor;
        } else if (a->kind == SIM_ARG_TENSOR_LIST) {
            if (index - seen < a->u.tlist.n) d = &a->u.tlist.v[index - seen];
            seen += a->u.tlist.n;
        }
    }
    const char *what = want_output ? "output" : "input";
    if (d == NULL) {
        sim_set_error("%s: index %zu is out of range: the aclnn%s executor has %zu %s "
                      "tensors", fn, index, ex->call.op, seen, what);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (d->data == NULL) {
        sim_set_error("%s: %s tensor %zu of aclnn%s had a NULL address at phase 1 and "
                      "cannot be rebound", fn, what, index, ex->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    st = obj_check("", fn, "tensor", tensor, MAGIC_TENSOR,
                   ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    sim_tensor_desc nd = *d;
    nd.data = addr;
    char arg[64];
    snprintf(arg, sizeof arg, "%s tensor %zu (addr)", what, index);
    st = check_memory("", fn, arg, &nd, sim_desc_numel(&nd));
    if (st) return st;
    *d = nd;
    tensor->data = addr;   /* the real call writes the tensor too */
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index,
                                  aclTensor *tensor, void *addr)
{
    return set_tensor_addr("aclSetInputTensorAddr", executor, index, tensor, addr, 0);
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                   aclTensor *tensor, void *addr)
{
    return set_tensor_addr("aclSetOutputTensorAddr", executor, index, tensor, addr, 1);
}

/* ------------------------------------------------------------------ */
/* Phase 2                                                               */

/* One queued kernel.  A consumed executor travels with it and is freed
 * when the task is released; a repeatable one is snapshotted, so later
 * rebinding or destroying does not touch queued work. */
typedef struct {
    sim_call *call;
    aclOpExecutor *consumed;
    uint64_t ws_alloc_id;
    const char *names[SIM_MAX_ARGS];
    sim_call own;
} sim_launch;

static int launch_freed(const sim_launch *l, const char *name, long long elem)
{
    if (elem < 0)
        sim_sanitizer_error("aclnn%s: %s: use after free: its device memory was freed "
                            "before the queued kernel ran", l->call->op, name);
    else
        sim_sanitizer_error("aclnn%s: %s[%lld]: use after free: its device memory was "
                            "freed before the queued kernel ran", l->call->op, name, elem);
    return ACL_ERROR_RT_AICORE_EXCEPTION;
}

static int launch_run(void *arg)
{
    sim_launch *l = arg;
    sim_call *c = l->call;
    for (int i = 0; i < c->nargs; i++) {
        const sim_arg *a = &c->args[i];
        const char *name = l->names[i] ? l->names[i] : "argument";
        if (a->kind == SIM_ARG_TENSOR) {
            if (a->u.tensor.alloc_id && !sim_mem_alive(a->u.tensor.alloc_id))
                return launch_freed(l, name, -1);
        } else if (a->kind == SIM_ARG_TENSOR_LIST) {
            for (uint64_t k = 0; k < a->u.tlist.n; k++)
                if (a->u.tlist.v[k].alloc_id && !sim_mem_alive(a->u.tlist.v[k].alloc_id))
                    return launch_freed(l, name, (long long)k);
        }
    }
    if (c->workspace_size) {
        if (!sim_mem_alive(l->ws_alloc_id)) return launch_freed(l, "workspace", -1);
        memset(c->workspace, SIM_WORKSPACE_GARBAGE, (size_t)c->workspace_size);
    }
    sim_kernel_runner runner = sim_get_kernel_runner();
    if (runner == NULL) {
        sim_set_error("aclnn%s: no kernel runner is registered (the simulator's Python "
                      "module is not loaded, or the interpreter is exiting)", c->op);
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    char err[1024];
    err[0] = '\0';
    if (runner(c, err, sizeof err) != 0) {
        err[sizeof err - 1] = '\0';
        sim_set_error("aclnn%s: kernel failed: %s", c->op, err[0] ? err : "unknown error");
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    return 0;
}

static void launch_release(void *arg)
{
    sim_launch *l = arg;
    if (l->consumed != NULL)
        executor_free(l->consumed);
    else
        sim_call_release(&l->own);
    free(l);
}

/* A runtime call failed inside phase 2 (aclnn.md 7: 361001): keep the
 * runtime's text, under the operator's name. */
static void runtime_error(const char *op, int rc, const char *what)
{
    static const char san[] = "[simulator sanitizer] ";
    const char *m = aclGetRecentErrMsg();
    int sanitizer = m != NULL && strncmp(m, san, sizeof san - 1) == 0;
    if (sanitizer) m += sizeof san - 1;   /* the runtime already counted it */
    sim_set_error("%saclnn%s: %s (runtime error %d)", sanitizer ? san : "", op,
                  m ? m : what, rc);
}

aclnnStatus sim_executor_launch(const char *op, void *workspace, uint64_t workspaceSize,
                                aclOpExecutor *executor, aclrtStream stream)
{
    if (executor == NULL) {
        sim_set_error("aclnn%s: executor is NULL", op);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (reg_lookup(executor) != MAGIC_EXECUTOR) {
        sim_sanitizer_error("aclnn%s: executor %p already consumed or destroyed (phase 2 "
                            "consumes an executor unless aclSetAclOpExecutorRepeatable "
                            "was called)", op, (void *)executor);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (strcmp(executor->call.op, op) != 0) {
        sim_sanitizer_error("aclnn%s: executor %p was made by aclnn%sGetWorkspaceSize",
                            op, (void *)executor, executor->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* A non-repeatable executor is used up by this call whatever happens
     * next, so a failed phase 2 does not leak it. */
    aclOpExecutor *consumed = NULL;
    if (!executor->repeatable) {
        if (!reg_remove(executor, MAGIC_EXECUTOR)) {
            sim_sanitizer_error("aclnn%s: executor %p already consumed or destroyed", op,
                                (void *)executor);
            return ACLNN_ERR_INNER_NULLPTR;
        }
        consumed = executor;
    }
    aclnnStatus st = ACLNN_SUCCESS;
    uint64_t need = executor->workspace_size;
    sim_alloc_t a = {0};
    if (workspaceSize < need) {
        sim_set_error("aclnn%s: workspaceSize %llu is smaller than the %llu bytes phase 1 "
                      "asked for", op, (unsigned long long)workspaceSize,
                      (unsigned long long)need);
        st = ACLNN_ERR_PARAM_INVALID;
        goto fail;
    }
    if (need > 0) {
        if (workspace == NULL) {
            sim_set_error("aclnn%s: workspace is NULL but %llu bytes are needed", op,
                          (unsigned long long)need);
            st = ACLNN_ERR_PARAM_NULLPTR;
            goto fail;
        }
        int r = sim_mem_find(workspace, (size_t)need, 0, &a);
        if (r != SIM_MEM_OK) {
            sim_sanitizer_error("aclnn%s: workspace %p (%llu bytes) is not a live device "
                                "allocation of that size (%s)", op, workspace,
                                (unsigned long long)need,
                                r == SIM_MEM_FREED ? "use after free"
                                : r == SIM_MEM_OUT_OF_BOUNDS ? "out of bounds"
                                : "not device memory");
            st = ACLNN_ERR_PARAM_INVALID;
            goto fail;
        }
        int cur = sim_current_device();
        if (cur >= 0 && a.device != cur) {
            sim_sanitizer_error("aclnn%s: workspace %p is memory of device %d, but the "
                                "current device is %d", op, workspace, a.device, cur);
            st = ACLNN_ERR_PARAM_INVALID;
            goto fail;
        }
    }
    if (sim_get_kernel_runner() == NULL) {
        sim_set_error("aclnn%s: no kernel runner is registered (import "
                      "cupy_backends.ascend.simulator._sim)", op);
        st = ACLNN_ERR_INNER;
        goto fail;
    }
    void *resolved = NULL;
    int rc = sim_stream_resolve(stream, &resolved);
    if (rc != 0) {
        runtime_error(op, rc, "invalid stream");
        st = ACLNN_ERR_RUNTIME_ERROR;
        goto fail;
    }
    sim_launch *l = malloc(sizeof *l);
    if (l == NULL) goto oom;
    if (consumed != NULL) {
        l->call = &consumed->call;
        l->consumed = consumed;
    } else {
        if (call_clone(&l->own, &executor->call) != 0) {
            free(l);
            goto oom;
        }
        l->call = &l->own;
        l->consumed = NULL;
    }
    memcpy(l->names, executor->names, sizeof l->names);
    l->ws_alloc_id = a.id;
    l->call->workspace = need ? workspace : NULL;
    l->call->workspace_size = need;
    /* From here the task owns l: on failure the stream has released it. */
    rc = sim_stream_enqueue(resolved, launch_run, l, launch_release);
    if (rc != 0) {
        runtime_error(op, rc, "enqueue failed");
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    SIM_COUNT(kernel_launches, 1);
    return ACLNN_SUCCESS;
oom:
    sim_set_error("aclnn%s: out of host memory", op);
    st = ACLNN_ERR_INNER;
fail:
    if (consumed != NULL) executor_free(consumed);
    return st;
}
