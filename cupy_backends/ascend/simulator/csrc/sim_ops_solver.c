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
 *
 * The rows below carry a [check] in wave2_ops.md: the simulator implements
 * them exactly as the reference states them, and what it leaves open is
 * marked [inferred] or [simulator choice].
 * aclnnSvd(input, fullMatrices, computeUV, sigma, u, v): f32 f64 c64 c128
 * [check], 2-8 dims, batched; sigma (..., k) of the real dtype, u (..., m,
 * m or k), v (..., n, n or k) = V, not V^H [wave2_ops.md]; without computeUV
 * u and v are not written nor checked [inferred from torch.svd].
 * aclnnSlogdet(self, signOut, logOut): square stacks; dtypes not in the
 * reference: f32 f64 c64 c128 [inferred from torch.linalg.slogdet]; sign
 * of self's dtype (0 for a singular matrix), log|det| of the real dtype
 * (-inf for a singular matrix).
 * aclnnInverse(self, out): no f64 on A2 [wave2_ops.md]; f16 f32 [inferred];
 * a singular matrix gives a NaN-filled inverse [simulator choice: the
 * reference is silent; the library reads slogdet's sign to raise].
 * aclnnLinalgCholesky(self, upper, out): f32 bf16 only [wave2_ops.md,
 * check]; lower (or upper) factor; a matrix that is not positive definite
 * gives a NaN-filled factor [simulator choice: the reference is silent].
 */
#include "sim_internal.h"
#include "sim_ops.h"

#define DS_QR (D_F16 | D_F32 | D_F64 | D_C64 | D_C128)
#define DS_TRSV (D_F32 | D_F64 | D_C64 | D_C128)
#define DS_SVD (D_F32 | D_F64 | D_C64 | D_C128)
#define DS_REAL (D_F32 | D_F64)
#define DS_INV (D_F16 | D_F32)
#define DS_CHOL (D_F32 | D_BF16)

static aclnnStatus check_qr(const sim_op *op, const sim_call *call);
static aclnnStatus check_trsv(const sim_op *op, const sim_call *call);
static aclnnStatus check_svd(const sim_op *op, const sim_call *call);
static aclnnStatus check_slogdet(const sim_op *op, const sim_call *call);
static aclnnStatus check_square_out(const sim_op *op, const sim_call *call);

enum { S_LINALG_QR, S_TRIANGULAR_SOLVE, S_SVD, S_SLOGDET, S_INVERSE, S_CHOLESKY,
       S_COUNT };

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
    [S_SVD] = {"Svd", 6, {
        P_TENSOR("input", DS_SVD, 2, 8),
        P_BOOL("fullMatrices"),
        P_BOOL("computeUV"),
        P_TENSOR_OUT("sigma", DS_REAL, 1, 7),
        P_TENSOR_OUT("u", DS_SVD, 2, 8),
        P_TENSOR_OUT("v", DS_SVD, 2, 8)},
        check_svd, NULL},
    [S_SLOGDET] = {"Slogdet", 3, {
        P_TENSOR("self", DS_SVD, 2, 8),
        P_TENSOR_OUT("signOut", DS_SVD, 0, 6),
        P_TENSOR_OUT("logOut", DS_REAL, 0, 6)},
        check_slogdet, NULL},
    [S_INVERSE] = {"Inverse", 2, {
        P_TENSOR("self", DS_INV, 2, 8),
        P_TENSOR_OUT("out", DS_INV, 2, 8)},
        check_square_out, NULL},
    [S_CHOLESKY] = {"LinalgCholesky", 3, {
        P_TENSOR("self", DS_CHOL, 2, 8),
        P_BOOL("upper"),
        P_TENSOR_OUT("out", DS_CHOL, 2, 8)},
        check_square_out, NULL},
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

/* the real dtype of a (complex) dtype */
static aclDataType real_of(aclDataType dt)
{
    return dt == ACL_COMPLEX64 ? ACL_FLOAT : dt == ACL_COMPLEX128 ? ACL_DOUBLE : dt;
}

/* out: a contiguous tensor of dtype dt and dims a's batch dims + tail */
static aclnnStatus check_batched(const sim_op *op, const sim_tensor_desc *a,
                                 const sim_tensor_desc *out, aclDataType dt,
                                 const int64_t *tail, int ntail, const char *what)
{
    int64_t dims[SIM_MAX_DIMS];
    int nb = a->ndim - 2;
    for (int i = 0; i < nb; i++) dims[i] = a->dims[i];
    for (int i = 0; i < ntail; i++) dims[nb + i] = tail[i];
    if (out->dtype != dt) {
        sim_set_error("aclnn%s: %s is %s, expected %s", op->name, what,
                      sim_dtype_name(out->dtype), sim_dtype_name(dt));
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus st = sim_ops_check_out_dims(op, out, dims, nb + ntail, what);
    if (st) return st;
    if (!sim_ops_is_contiguous(out)) {
        sim_set_error("aclnn%s: %s must be contiguous", op->name, what);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_square(const sim_op *op, const sim_tensor_desc *a)
{
    if (a->dims[a->ndim - 1] != a->dims[a->ndim - 2]) {
        sim_set_error("aclnn%s: self must be square stacks (..., n, n)", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_svd(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *a = &call->args[0].u.tensor;
    bool full = call->args[1].u.b, uv = call->args[2].u.b;
    int64_t m = a->dims[a->ndim - 2], n = a->dims[a->ndim - 1];
    int64_t k = m < n ? m : n;
    aclnnStatus st = check_batched(op, a, &call->args[3].u.tensor, real_of(a->dtype),
                                   &k, 1, "sigma");
    if (st || !uv) return st;
    int64_t ud[2] = {m, full ? m : k}, vd[2] = {n, full ? n : k};
    if ((st = check_batched(op, a, &call->args[4].u.tensor, a->dtype, ud, 2, "u")))
        return st;
    return check_batched(op, a, &call->args[5].u.tensor, a->dtype, vd, 2, "v");
}

static aclnnStatus check_slogdet(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *a = &call->args[0].u.tensor;
    aclnnStatus st = check_square(op, a);
    if (st) return st;
    if ((st = check_batched(op, a, &call->args[1].u.tensor, a->dtype, NULL, 0,
                            "signOut")))
        return st;
    return check_batched(op, a, &call->args[2].u.tensor, real_of(a->dtype), NULL, 0,
                         "logOut");
}

/* Inverse and LinalgCholesky: out of self's dtype and shape */
static aclnnStatus check_square_out(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *a = &call->args[0].u.tensor;
    const sim_tensor_desc *out = &call->args[call->nargs - 1].u.tensor;
    aclnnStatus st = check_square(op, a);
    if (st) return st;
    return check_batched(op, a, out, a->dtype, &a->dims[a->ndim - 2], 2, "out");
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

SIM_PHASE1(Svd, &SOLVER_OPS[S_SVD],
           (const aclTensor *input, const bool fullMatrices, const bool computeUV,
            aclTensor *sigma, aclTensor *u, aclTensor *vOut,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = input}, {.b = fullMatrices}, {.b = computeUV}, {.p = sigma}, {.p = u},
           {.p = vOut})

SIM_PHASE1(Slogdet, &SOLVER_OPS[S_SLOGDET],
           (const aclTensor *self, aclTensor *signOut, aclTensor *logOut,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = signOut}, {.p = logOut})

SIM_PHASE1(Inverse, &SOLVER_OPS[S_INVERSE],
           (const aclTensor *self, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.p = out})

SIM_PHASE1(LinalgCholesky, &SOLVER_OPS[S_CHOLESKY],
           (const aclTensor *self, bool upper, aclTensor *out,
            uint64_t *workspaceSize, aclOpExecutor **executor),
           {.p = self}, {.b = upper}, {.p = out})
