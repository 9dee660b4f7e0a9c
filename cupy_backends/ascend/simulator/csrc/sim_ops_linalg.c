/*
 * CANN simulator: the matmul family and dot (shared/reference/cann/ops.md
 * section 7, blas_fft.md section 2).  Rows of LINALG_OPS, SIM_PHASE1 pairs
 * at the end; kernels in simulator/kernels/linalg.py.
 *
 * aclnnMatmul/Mm/BatchMatMul: bf16, f16, f32 on A2, both operands of one
 * dtype (no bf16 mixing; the simulator asks for equal dtypes, as the
 * library always passes), out of that dtype and contiguous (NC x);
 * cubeMathType 0..4 (blas_fft.md 2; other values 161002).
 */
#include "sim_internal.h"
#include "sim_ops.h"

#include <string.h>

#define DS_MATMUL (D_BF16 | D_F16 | D_F32)
#define DS_DOT (D_BF16 | D_F16 | D_F32 | D_S8 | D_S32 | D_U8)

static aclnnStatus check_matmul(const sim_op *op, const sim_call *call);
static aclnnStatus check_dot(const sim_op *op, const sim_call *call);

/* The cube operators plan with a workspace on a 910B (tiling scratch);
 * its size is not documented, so the simulator asks for a fixed 4 KiB
 * [simulator choice]: enough for the launch to check that the workspace
 * is live device memory of that size and to fill it with garbage, so the
 * library's workspace path (and its executor cache's kept workspaces)
 * runs in every test. */
#define SIM_MATMUL_WORKSPACE 4096
static uint64_t matmul_workspace(const sim_call *call)
{
    (void)call;
    return SIM_MATMUL_WORKSPACE;
}

enum { L_MATMUL, L_MM, L_BATCH_MATMUL, L_DOT, L_COUNT };

static const sim_op LINALG_OPS[L_COUNT] = {
    /* 1-6 dims, NumPy matmul rules (1-D promotion, batch broadcast). */
    [L_MATMUL] = {"Matmul", 4, {
        P_TENSOR("self", DS_MATMUL, 1, 6),
        P_TENSOR("mat2", DS_MATMUL, 1, 6),
        P_TENSOR_OUT("out", DS_MATMUL, 0, 6),
        P_INT("cubeMathType")},
        check_matmul, matmul_workspace},
    /* exactly 2-D. */
    [L_MM] = {"Mm", 4, {
        P_TENSOR("self", DS_MATMUL, 2, 2),
        P_TENSOR("mat2", DS_MATMUL, 2, 2),
        P_TENSOR_OUT("out", DS_MATMUL, 2, 2),
        P_INT("cubeMathType")},
        check_matmul, matmul_workspace},
    /* exactly 3-D; batch equal, or 1 on one side. */
    [L_BATCH_MATMUL] = {"BatchMatMul", 4, {
        P_TENSOR("self", DS_MATMUL, 3, 3),
        P_TENSOR("mat2", DS_MATMUL, 3, 3),
        P_TENSOR_OUT("out", DS_MATMUL, 3, 3),
        P_INT("cubeMathType")},
        check_matmul, matmul_workspace},
    /* 1-D . 1-D -> 0-d, all three of one dtype. */
    [L_DOT] = {"Dot", 3, {
        P_TENSOR("self", DS_DOT, 1, 1),
        P_TENSOR("tensor", DS_DOT, 1, 1),
        P_TENSOR_OUT("out", DS_DOT, 0, 0)},
        check_dot, NULL},
};

/* The NumPy matmul shape of self @ mat2 into res; -1 when they do not
 * fit (message set). */
static int matmul_shape(const sim_op *op, const sim_tensor_desc *a, const sim_tensor_desc *b,
                        int64_t *res)
{
    char b1[256], b2[256];
    int64_t ka = a->dims[a->ndim - 1];
    int64_t kb = b->ndim == 1 ? b->dims[0] : b->dims[b->ndim - 2];
    if (ka != kb) {
        sim_set_error("aclnn%s: self of shape %s and mat2 of shape %s do not fit (%lld != "
                      "%lld)", op->name, sim_fmt_dims(b1, sizeof b1, a->dims, a->ndim),
                      sim_fmt_dims(b2, sizeof b2, b->dims, b->ndim), (long long)ka,
                      (long long)kb);
        return -1;
    }
    int na = a->ndim >= 2 ? a->ndim - 2 : 0, nb = b->ndim >= 2 ? b->ndim - 2 : 0;
    int nbatch = na > nb ? na : nb, nd = 0;
    for (int i = nbatch; i >= 1; i--) {
        int64_t x = i <= na ? a->dims[na - i] : 1, y = i <= nb ? b->dims[nb - i] : 1;
        if (x != y && x != 1 && y != 1) {
            sim_set_error("aclnn%s: the batch dims of self %s and mat2 %s do not broadcast",
                          op->name, sim_fmt_dims(b1, sizeof b1, a->dims, a->ndim),
                          sim_fmt_dims(b2, sizeof b2, b->dims, b->ndim));
            return -1;
        }
        res[nd++] = x == 1 ? y : x;
    }
    if (a->ndim >= 2) res[nd++] = a->dims[a->ndim - 2];
    if (b->ndim >= 2) res[nd++] = b->dims[b->ndim - 1];
    return nd;
}

static aclnnStatus check_matmul(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *a = &call->args[0].u.tensor, *b = &call->args[1].u.tensor;
    const sim_tensor_desc *out = &call->args[2].u.tensor;
    int64_t cube = call->args[3].u.i;
    int64_t res[SIM_MAX_DIMS + 2];
    if (a->dtype != b->dtype || out->dtype != a->dtype) {
        sim_set_error("aclnn%s: self (%s), mat2 (%s) and out (%s) must have one dtype",
                      op->name, sim_dtype_name(a->dtype), sim_dtype_name(b->dtype),
                      sim_dtype_name(out->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (cube < 0 || cube > 4) {
        sim_set_error("aclnn%s: cubeMathType %lld is not one of 0 to 4", op->name,
                      (long long)cube);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (op == &LINALG_OPS[L_BATCH_MATMUL] && a->dims[0] != b->dims[0] && a->dims[0] != 1 &&
        b->dims[0] != 1) {
        sim_set_error("aclnn%s: batch sizes %lld and %lld differ (one may be 1)", op->name,
                      (long long)a->dims[0], (long long)b->dims[0]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    int nd = matmul_shape(op, a, b, res);
    if (nd < 0) return ACLNN_ERR_PARAM_INVALID;
    aclnnStatus st = sim_ops_check_out_dims(op, out, res, nd, "the product's shape");
    if (st) return st;
    if (!sim_ops_is_contiguous(out)) {
        sim_set_error("aclnn%s: out must be contiguous", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_dot(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *a = &call->args[0].u.tensor, *b = &call->args[1].u.tensor;
    const sim_tensor_desc *out = &call->args[2].u.tensor;
    if (a->dtype != b->dtype || out->dtype != a->dtype) {
        sim_set_error("aclnn%s: self (%s), tensor (%s) and out (%s) must have one dtype",
                      op->name, sim_dtype_name(a->dtype), sim_dtype_name(b->dtype),
                      sim_dtype_name(out->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (a->dims[0] != b->dims[0]) {
        sim_set_error("aclnn%s: self has %lld elements and tensor %lld; they must be equal",
                      op->name, (long long)a->dims[0], (long long)b->dims[0]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* Exported operators (out comes before cubeMathType: ops.md 7)          */

SIM_PHASE1(Matmul, &LINALG_OPS[L_MATMUL],
           (const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = mat2}, {.p = out}, {.i = cubeMathType})

SIM_PHASE1(Mm, &LINALG_OPS[L_MM],
           (const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = mat2}, {.p = out}, {.i = cubeMathType})

SIM_PHASE1(BatchMatMul, &LINALG_OPS[L_BATCH_MATMUL],
           (const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = mat2}, {.p = out}, {.i = cubeMathType})

SIM_PHASE1(Dot, &LINALG_OPS[L_DOT],
           (const aclTensor *self, const aclTensor *tensor, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = tensor}, {.p = out})
