/*
 * CANN simulator: the decompositions of the solver family
 * (shared/reference/cann/wave2_ops.md, "Linear algebra").  Rows of
 * SOLVER_OPS, SIM_PHASE1 at the end; kernels in simulator/kernels/solver.py.
 *
 * aclnnLinalgQr(self, mode, Q, R): f16 f32 f64 c64 c128 on A2, 2-8 dims
 * (batched over the leading ones); mode 0 reduced (Q m x k, R k x n,
 * k = min(m, n)), 1 complete (Q m x m, R m x n), 2 R only (R k x n, Q not
 * written nor checked) [wave2_ops.md]; Q and R of self's dtype.  Q and R
 * must be contiguous [simulator choice: the documentation is silent; the
 * library always passes new contiguous outputs].
 *
 * aclnnTriangularSolve(self = b, A, upper, transpose, unitriangular, xOut,
 * mOut): f32 f64 c64 c128, 2-8 dims; x = op(A)^-1 b with op(A) = A or A^T
 * (plain transpose); a zero on A's diagonal gives NaN, no error; mOut is
 * a copy of A [wave2_ops.md].  The documentation broadcasts the batch
 * axes; the simulator asks for equal ones [simulator choice: the library
 * passes them so] and for contiguous xOut and mOut.
 */
#include "sim_internal.h"
#include "sim_ops.h"

#define DS_QR (D_F16 | D_F32 | D_F64 | D_C64 | D_C128)
#define DS_TRSV (D_F32 | D_F64 | D_C64 | D_C128)

static aclnnStatus check_qr(const sim_op *op, const sim_call *call);
static aclnnStatus check_trsv(const sim_op *op, const sim_call *call);

enum { S_LINALG_QR, S_TRIANGULAR_SOLVE, S_COUNT };

static const sim_op SOLVER_OPS[S_COUNT] = {
    [S_LINALG_QR] = {"LinalgQr", 4, {
        P_TENSOR("self", DS_QR, 2, 8),
        P_INT("mode"),
        P_TENSOR_OUT("Q", DS_QR, 2, 8),
        P_TENSOR_OUT("R", DS_QR, 2, 8)},
        check_qr, NULL},
    [S_TRIANGULAR_SOLVE] = {"TriangularSolve", 7, {
        P_TENSOR("self", DS_TRSV, 2, 8),
        P_TENSOR("A", DS_TRSV, 2, 8),
        P_BOOL("upper"),
        P_BOOL("transpose"),
        P_BOOL("unitriangular"),
        P_TENSOR_OUT("xOut", DS_TRSV, 2, 8),
        P_TENSOR_OUT("mOut", DS_TRSV, 2, 8)},
        check_trsv, NULL},
};

static aclnnStatus check_factor(const sim_op *op, const sim_tensor_desc *a,
                                const sim_tensor_desc *out, int64_t rows, int64_t cols,
                                const char *what)
{
    int64_t dims[SIM_MAX_DIMS];
    int nd = a->ndim;
    for (int i = 0; i < nd - 2; i++) dims[i] = a->dims[i];
    dims[nd - 2] = rows;
    dims[nd - 1] = cols;
    if (out->dtype != a->dtype) {
        sim_set_error("aclnn%s: %s (%s) must have self's dtype (%s)", op->name, what,
                      sim_dtype_name(out->dtype), sim_dtype_name(a->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus st = sim_ops_check_out_dims(op, out, dims, nd, what);
    if (st) return st;
    if (!sim_ops_is_contiguous(out)) {
        sim_set_error("aclnn%s: %s must be contiguous", op->name, what);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_qr(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *a = &call->args[0].u.tensor;
    int64_t mode = call->args[1].u.i;
    const sim_tensor_desc *q = &call->args[2].u.tensor, *r = &call->args[3].u.tensor;
    int64_t m = a->dims[a->ndim - 2], n = a->dims[a->ndim - 1];
    int64_t k = m < n ? m : n;
    if (mode < 0 || mode > 2) {
        sim_set_error("aclnn%s: mode %lld is not 0 (reduced), 1 (complete) or 2 (r)",
                      op->name, (long long)mode);
        return ACLNN_ERR_PARAM_INVALID;
    }
    int64_t qcols = mode == 1 ? m : k, rrows = mode == 1 ? m : k;
    aclnnStatus st;
    if (mode != 2 && (st = check_factor(op, a, q, m, qcols, "Q"))) return st;
    return check_factor(op, a, r, rrows, n, "R");
}

static aclnnStatus check_trsv(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *b = &call->args[0].u.tensor, *a = &call->args[1].u.tensor;
    const sim_tensor_desc *x = &call->args[5].u.tensor, *m = &call->args[6].u.tensor;
    int nd = a->ndim;
    if (b->ndim != nd || a->dims[nd - 1] != a->dims[nd - 2] ||
        b->dims[nd - 2] != a->dims[nd - 1]) {
        sim_set_error("aclnn%s: A must be square stacks (..., n, n) and self (..., n, k) "
                      "of A's rank", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    for (int i = 0; i < nd - 2; i++) {
        if (a->dims[i] != b->dims[i]) {
            sim_set_error("aclnn%s: the batch dims of self and A differ", op->name);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (b->dtype != a->dtype) {
        sim_set_error("aclnn%s: self (%s) and A (%s) must have one dtype", op->name,
                      sim_dtype_name(b->dtype), sim_dtype_name(a->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus st = check_factor(op, a, x, b->dims[nd - 2], b->dims[nd - 1], "xOut");
    if (st) return st;
    return check_factor(op, a, m, a->dims[nd - 2], a->dims[nd - 1], "mOut");
}

/* ------------------------------------------------------------------ */
/* Exported operators                                                   */

SIM_PHASE1(LinalgQr, &SOLVER_OPS[S_LINALG_QR],
           (const aclTensor *self, int64_t mode, aclTensor *Q, aclTensor *R,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.i = mode}, {.p = Q}, {.p = R})

SIM_PHASE1(TriangularSolve, &SOLVER_OPS[S_TRIANGULAR_SOLVE],
           (const aclTensor *self, const aclTensor *A, bool upper, bool transpose,
            bool unitriangular, aclTensor *xOut, aclTensor *mOut,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = A}, {.b = upper}, {.b = transpose}, {.b = unitriangular},
           {.p = xOut}, {.p = mOut})
