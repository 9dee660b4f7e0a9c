/*
 * CANN simulator: sorting (shared/reference/cann/ops.md section 6).  The
 * operator is a row of SORT_OPS and a SIM_PHASE1 pair at the end; the
 * kernel is in simulator/kernels/sort.py.
 *
 * aclnnSort(self, stable, dim, descending, valuesOut, indicesOut):
 * Atlas A2 dtypes bf16 f16 f32 s8 s16 s32 s64 u8 b (no f64, no u16 and
 * wider unsigned); indices s64; up to 8 dims, non-contiguous accepted.
 * Non-float dtypes run on the AI CPU, with element limits (s64 <= 1.5e8,
 * s8/u8/s16/s32 <= 7.25e8; past them the device times out): the simulator
 * refuses larger tensors at phase 1 instead of hanging.  bf16 may not sort
 * an axis of length 1 (ops.md 6).  NaN placement is [unconfirmed] in
 * ops.md: the kernel puts NaN last (torch's documented order).
 *
 * aclnnKthvalue(self, k, dim, keepdim, valuesOut, indicesOut) (hicann
 * ops-math math/kthvalue docs; not in ops.md): the k-th smallest (1-based,
 * torch) along dim; A2 dtypes bf16 f16 f32 s8 s16 s32 s64 u8, indices
 * s64, 1-8 dims.  The doc gives k in [0, size(dim)]; k = 0 names no
 * element, so the simulator refuses it (stricter).  NaN order as Sort.
 */
#include "sim_internal.h"
#include "sim_ops.h"
#include "sim_sort.h"

#include <stdlib.h>
#include <string.h>

#define DS_SORT (D_BF16 | D_F16 | D_F32 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B)
#define DS_KTH (D_BF16 | D_F16 | D_F32 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8)

/* ops.md 6, aclnnSort notes: AI CPU element limits. */
#define SORT_AICPU_MAX_S64 150000000LL
#define SORT_AICPU_MAX_SMALL 725000000LL

static aclnnStatus check_sort(const sim_op *op, const sim_call *call);
static aclnnStatus check_kthvalue(const sim_op *op, const sim_call *call);

enum { S_SORT, S_KTHVALUE, S_COUNT };

static const sim_op SORT_OPS[S_COUNT] = {
    [S_SORT] = {"Sort", 6, {
        P_TENSOR("self", DS_SORT, 0, 8),
        P_BOOL("stable"),
        P_INT("dim"),
        P_BOOL("descending"),
        P_TENSOR_OUT("valuesOut", DS_SORT, 0, 8),
        P_TENSOR_OUT("indicesOut", D_S64, 0, 8)},
        check_sort, NULL},
    [S_KTHVALUE] = {"Kthvalue", 6, {
        P_TENSOR("self", DS_KTH, 1, 8),
        P_INT("k"),
        P_INT("dim"),
        P_BOOL("keepdim"),
        P_TENSOR_OUT("valuesOut", DS_KTH, 0, 8),
        P_TENSOR_OUT("indicesOut", D_S64, 0, 8)},
        check_kthvalue, NULL},
};

static aclnnStatus check_sort(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor;
    const sim_tensor_desc *values = &call->args[4].u.tensor;
    const sim_tensor_desc *indices = &call->args[5].u.tensor;
    int64_t dim = call->args[2].u.i, n = sim_desc_numel(self);
    int nd = self->ndim ? self->ndim : 1;
    aclnnStatus st;
    if (dim < -nd || dim >= nd) {
        sim_set_error("aclnn%s: dim = %lld is out of range for a tensor of %d dimensions",
                      op->name, (long long)dim, self->ndim);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if ((st = sim_ops_check_out_like(op, self, values, 1))) return st;
    if ((st = sim_ops_check_out_like(op, self, indices, 0))) return st;
    if (self->dtype == ACL_BF16 && self->ndim && self->dims[dim < 0 ? dim + nd : dim] == 1) {
        sim_set_error("aclnn%s: a bfloat16 tensor cannot be sorted along an axis of length 1",
                      op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if ((self->dtype == ACL_INT64 && n > SORT_AICPU_MAX_S64) ||
        (self->dtype != ACL_FLOAT && self->dtype != ACL_FLOAT16 && self->dtype != ACL_BF16 &&
         n > SORT_AICPU_MAX_SMALL)) {
        sim_set_error("aclnn%s: %lld elements of %s exceed the AI CPU sort's limit (the "
                      "device would time out)", op->name, (long long)n,
                      sim_dtype_name(self->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_kthvalue(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor;
    const sim_tensor_desc *values = &call->args[4].u.tensor;
    const sim_tensor_desc *indices = &call->args[5].u.tensor;
    int64_t k = call->args[1].u.i, dim = call->args[2].u.i;
    int nd = self->ndim, axis;
    aclnnStatus st;
    if (dim < -nd || dim >= nd) {
        sim_set_error("aclnn%s: dim = %lld is out of range for a tensor of %d dimensions",
                      op->name, (long long)dim, nd);
        return ACLNN_ERR_PARAM_INVALID;
    }
    axis = (int)(dim < 0 ? dim + nd : dim);
    if (k < 1 || k > self->dims[axis]) {
        sim_set_error("aclnn%s: k = %lld is outside [1, %lld]", op->name, (long long)k,
                      (long long)self->dims[axis]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if ((st = sim_ops_check_same_dtype(op, "valuesOut", values->dtype, "self", self->dtype)))
        return st;
    if ((st = sim_ops_check_reduced_out(op, self, UINT32_C(1) << axis, call->args[3].u.b,
                                        values)))
        return st;
    return sim_ops_check_reduced_out(op, self, UINT32_C(1) << axis, call->args[3].u.b, indices);
}

SIM_PHASE1(Kthvalue, &SORT_OPS[S_KTHVALUE],
           (const aclTensor *self, int64_t k, int64_t dim, bool keepdim, aclTensor *valuesOut,
            aclTensor *indicesOut, uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = k}, {.i = dim}, {.b = keepdim}, {.p = valuesOut},
           {.p = indicesOut})

SIM_PHASE1(Sort, &SORT_OPS[S_SORT],
           (const aclTensor *self, bool stable, int64_t dim, bool descending,
            aclTensor *valuesOut, aclTensor *indicesOut, uint64_t *workspaceSize,
            aclOpExecutor **executor),
           {.p = self}, {.b = stable}, {.i = dim}, {.b = descending}, {.p = valuesOut},
           {.p = indicesOut})

/* ------------------------------------------------------------------ */
/* The kernels' sort (simulator/kernels/sort.py): a stable LSD radix sort
 * of each row on order-preserving unsigned keys, writing the sorted values
 * and the int64 permutation.  It stands in for the device's sort in
 * timings, so it is C and keeps its passes few and narrow: keys of up to
 * 32 bits travel packed with their 32-bit index in one uint64 (the key in
 * the high half, so the packed words' order is the stable order), every
 * digit histogram is counted in one read, and a pass whose digit is the
 * same across the row is skipped.  Digits are at most 11 bits (a 2048
 * entry count table stays in L1): 8-bit keys take 1 pass, 16-bit 2,
 * 32-bit 3, 64-bit 6.  Rows of at most SMALL_ROW elements are sorted by
 * insertion. */

#define RADIX_MAX_BITS 11
#define RADIX_MAX_PASSES 6
#define SMALL_ROW 48

static inline uint32_t float_key16(uint16_t b, uint16_t expo, uint16_t mant)
{
    if ((b & expo) == expo && (b & mant)) return 0xFFFFu;   /* NaN last */
    if (!(b & 0x7FFFu)) return 0x8000u;                     /* -0.0 == 0.0 */
    return (b & 0x8000u) ? (uint16_t)~b : (uint32_t)(b | 0x8000u);
}

static inline uint32_t float_key32(uint32_t b)
{
    if ((b & 0x7F800000u) == 0x7F800000u && (b & 0x007FFFFFu)) return 0xFFFFFFFFu;
    if (!(b & 0x7FFFFFFFu)) return 0x80000000u;
    return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}

static const struct {
    int size, bits;
} SORT_KIND_INFO[SK_COUNT] = {
    [SK_U8] = {1, 8}, [SK_S8] = {1, 8}, [SK_S16] = {2, 16}, [SK_F16] = {2, 16},
    [SK_BF16] = {2, 16}, [SK_U32] = {4, 32}, [SK_S32] = {4, 32}, [SK_F32] = {4, 32},
    [SK_U64] = {8, 64}, [SK_S64] = {8, 64},
};

static inline uint64_t sort_key(int kind, const void *p, int64_t i)
{
    switch (kind) {
    case SK_U8: return ((const uint8_t *)p)[i];
    case SK_S8: return (uint8_t)(((const uint8_t *)p)[i] ^ 0x80u);
    case SK_S16: return (uint16_t)(((const uint16_t *)p)[i] ^ 0x8000u);
    case SK_F16: return float_key16(((const uint16_t *)p)[i], 0x7C00u, 0x03FFu);
    case SK_BF16: return float_key16(((const uint16_t *)p)[i], 0x7F80u, 0x007Fu);
    case SK_U32: return ((const uint32_t *)p)[i];
    case SK_S32: return ((const uint32_t *)p)[i] ^ 0x80000000u;
    case SK_F32: return float_key32(((const uint32_t *)p)[i]);
    case SK_U64: return ((const uint64_t *)p)[i];
    default: return ((const uint64_t *)p)[i] ^ UINT64_C(0x8000000000000000);
    }
}

/* Digit widths for `bits` of key: as few passes as 11-bit digits allow. */
static int radix_plan(int bits, int *width)
{
    int passes = (bits + RADIX_MAX_BITS - 1) / RADIX_MAX_BITS;
    *width = (bits + passes - 1) / passes;
    return passes;
}

/* Histograms of every digit of `key(j)` for j < n in one read; returns a
 * mask of the passes whose digit varies. */
#define COUNT_DIGITS(KEYEXPR)                                                        \
    do {                                                                             \
        memset(count, 0, sizeof(int64_t) * (size_t)passes * RADIX_SIZE_MAX);        \
        for (int64_t j = 0; j < n; j++) {                                            \
            uint64_t k_ = (KEYEXPR);                                                 \
            for (int p_ = 0; p_ < passes; p_++)                                      \
                count[p_ * RADIX_SIZE_MAX + ((k_ >> (base + p_ * width)) & dmask)]++; \
        }                                                                            \
    } while (0)

#define RADIX_SIZE_MAX (1 << RADIX_MAX_BITS)

static int needed_pass(int64_t *c, int64_t n)
{
    int64_t sum = 0;
    for (int d = 0; d < RADIX_SIZE_MAX; d++) {
        int64_t v = c[d];
        if (v == n) return 0;
        c[d] = sum;
        sum += v;
    }
    return 1;
}

/* One row of a key of at most 32 bits: returns the sorted packed words
 * (key << 32 | index), in a or b. */
static uint64_t *sort_row_packed(int kind, const void *row, int64_t n, uint64_t *a, uint64_t *b,
                                 int64_t *count)
{
    int width, passes = radix_plan(SORT_KIND_INFO[kind].bits, &width), base = 32;
    uint64_t dmask = (UINT64_C(1) << width) - 1;
    for (int64_t j = 0; j < n; j++) a[j] = (sort_key(kind, row, j) << 32) | (uint64_t)j;
    if (n <= SMALL_ROW) {
        for (int64_t j = 1; j < n; j++) {
            uint64_t v = a[j];
            int64_t k = j;
            for (; k > 0 && a[k - 1] > v; k--) a[k] = a[k - 1];
            a[k] = v;
        }
        return a;
    }
    COUNT_DIGITS(a[j] >> 32 << 32);
    for (int p = 0; p < passes; p++) {
        int64_t *c = count + p * RADIX_SIZE_MAX;
        int shift = base + p * width;
        if (!needed_pass(c, n)) continue;
        for (int64_t j = 0; j < n; j++) b[c[(a[j] >> shift) & dmask]++] = a[j];
        uint64_t *t = a; a = b; b = t;
    }
    return a;
}

/* One row of a 64-bit key: keys and 32-bit indices in separate arrays;
 * returns the sorted indices (ia or ib), the sorted keys in *keys. */
static uint32_t *sort_row_wide(int kind, const void *row, int64_t n, uint64_t *ka, uint64_t *kb,
                               uint32_t *ia, uint32_t *ib, int64_t *count,
                               const uint64_t **keys)
{
    int width, passes = radix_plan(64, &width), base = 0;
    uint64_t dmask = (UINT64_C(1) << width) - 1;
    for (int64_t j = 0; j < n; j++) {
        ka[j] = sort_key(kind, row, j);
        ia[j] = (uint32_t)j;
    }
    if (n <= SMALL_ROW) {
        for (int64_t j = 1; j < n; j++) {
            uint64_t v = ka[j];
            uint32_t w = ia[j];
            int64_t k = j;
            for (; k > 0 && ka[k - 1] > v; k--) {
                ka[k] = ka[k - 1];
                ia[k] = ia[k - 1];
            }
            ka[k] = v;
            ia[k] = w;
        }
        *keys = ka;
        return ia;
    }
    COUNT_DIGITS(ka[j]);
    for (int p = 0; p < passes; p++) {
        int64_t *c = count + p * RADIX_SIZE_MAX;
        int shift = base + p * width;
        if (!needed_pass(c, n)) continue;
        for (int64_t j = 0; j < n; j++) {
            int64_t at = c[(ka[j] >> shift) & dmask]++;
            kb[at] = ka[j];
            ib[at] = ia[j];
        }
        uint64_t *t = ka; ka = kb; kb = t;
        uint32_t *u = ia; ia = ib; ib = u;
    }
    *keys = ka;
    return ia;
}

static inline void put_value(int size, void *vals, int64_t at, const void *row, int64_t i)
{
    switch (size) {
    case 1: ((uint8_t *)vals)[at] = ((const uint8_t *)row)[i]; break;
    case 2: ((uint16_t *)vals)[at] = ((const uint16_t *)row)[i]; break;
    case 4: ((uint32_t *)vals)[at] = ((const uint32_t *)row)[i]; break;
    default: ((uint64_t *)vals)[at] = ((const uint64_t *)row)[i]; break;
    }
}

SIM_OPS_HIDDEN int sim_sort_rows(const void *src, int kind, int64_t rows, int64_t n,
                                 int descending, void *vals, int64_t *perm)
{
    int size, wide;
    uint64_t *ka, *kb;
    uint32_t *ia = NULL, *ib = NULL;
    int64_t *count;
    if (kind < 0 || kind >= SK_COUNT || n > (int64_t)UINT32_MAX) return -2;
    if (n <= 0 || rows <= 0) return 0;
    size = SORT_KIND_INFO[kind].size;
    wide = SORT_KIND_INFO[kind].bits > 32;
    ka = malloc((size_t)n * sizeof *ka);
    kb = malloc((size_t)n * sizeof *kb);
    count = malloc(sizeof *count * RADIX_MAX_PASSES * RADIX_SIZE_MAX);
    if (wide) {
        ia = malloc((size_t)n * sizeof *ia);
        ib = malloc((size_t)n * sizeof *ib);
    }
    if (!ka || !kb || !count || (wide && (!ia || !ib))) {
        free(ka); free(kb); free(count); free(ia); free(ib);
        return -1;
    }
    for (int64_t r = 0; r < rows; r++) {
        const char *row = (const char *)src + r * n * size;
        char *vrow = vals ? (char *)vals + r * n * size : NULL;
        int64_t *prow = perm + r * n;
        if (wide) {
            /* 64-bit keys are the values themselves (s64 with the sign bit
             * flipped, a bijection): the sorted values come from the sorted
             * keys in order rather than gathered from the row at random
             * (a sixth of an int64 sort of 2^24 elements) */
            const uint64_t *keys;
            const uint32_t *ix = sort_row_wide(kind, row, n, ka, kb, ia, ib, count, &keys);
            uint64_t flip = kind == SK_S64 ? UINT64_C(0x8000000000000000) : 0;
            for (int64_t j = 0; j < n; j++) {
                int64_t at = descending ? n - 1 - j : j;
                prow[at] = ix[j];
                if (vrow) ((uint64_t *)vrow)[at] = keys[j] ^ flip;
            }
        } else {
            const uint64_t *w = sort_row_packed(kind, row, n, ka, kb, count);
            for (int64_t j = 0; j < n; j++) {
                int64_t at = descending ? n - 1 - j : j, i = (int64_t)(w[j] & UINT32_MAX);
                prow[at] = i;
                if (vrow) put_value(size, vrow, at, row, i);
            }
        }
    }
    free(ka); free(kb); free(count); free(ia); free(ib);
    return 0;
}
