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
 * of each row of order-preserving unsigned keys, writing the permutation.
 * It stands in for the device's sort in timings, so it is C (NumPy's own
 * sorts with an index payload are 2-4x slower than its value sort).
 * 11-bit digits: 3 passes for 32-bit keys, 6 for 64-bit; a pass whose
 * digit is the same for the whole row is skipped.  Returns -1 when out of
 * memory. */

#define RADIX_BITS 11
#define RADIX_SIZE (1 << RADIX_BITS)

static void radix_row(const void *keys, int wide, int64_t n, int64_t *perm, uint64_t *ka,
                     uint64_t *kb, int64_t *pb)
{
    int64_t count[RADIX_SIZE];
    uint64_t *src = ka, *dst = kb;
    int64_t *ps = perm, *pd = pb;
    int bits = wide ? 64 : 32;
    for (int64_t i = 0; i < n; i++) {
        ka[i] = wide ? ((const uint64_t *)keys)[i] : ((const uint32_t *)keys)[i];
        perm[i] = i;
    }
    for (int shift = 0; shift < bits; shift += RADIX_BITS) {
        int64_t sum = 0;
        memset(count, 0, sizeof count);
        for (int64_t i = 0; i < n; i++) count[(src[i] >> shift) & (RADIX_SIZE - 1)]++;
        if (n && count[(src[0] >> shift) & (RADIX_SIZE - 1)] == n) continue;
        for (int d = 0; d < RADIX_SIZE; d++) {
            int64_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (int64_t i = 0; i < n; i++) {
            int64_t at = count[(src[i] >> shift) & (RADIX_SIZE - 1)]++;
            dst[at] = src[i];
            pd[at] = ps[i];
        }
        uint64_t *tk = src; src = dst; dst = tk;
        int64_t *tp = ps; ps = pd; pd = tp;
    }
    if (ps != perm) memcpy(perm, ps, (size_t)n * sizeof *perm);
}

SIM_OPS_HIDDEN int sim_sort_radix(const void *keys, int wide, int64_t rows, int64_t n,
                                  int64_t *perm)
{
    uint64_t *ka, *kb;
    int64_t *pb;
    if (n <= 0) return 0;
    ka = malloc((size_t)n * sizeof *ka);
    kb = malloc((size_t)n * sizeof *kb);
    pb = malloc((size_t)n * sizeof *pb);
    if (!ka || !kb || !pb) {
        free(ka); free(kb); free(pb);
        return -1;
    }
    for (int64_t r = 0; r < rows; r++)
        radix_row((const char *)keys + r * n * (wide ? 8 : 4), wide, n, perm + r * n, ka, kb,
                  pb);
    free(ka); free(kb); free(pb);
    return 0;
}
