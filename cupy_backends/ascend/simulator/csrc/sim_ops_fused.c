/*
 * CANN simulator: the fused elementwise operators aclnnAddcmul
 * (out = self + value * tensor1 * tensor2) and aclnnAddcdiv (out = self +
 * value * tensor1 / tensor2), and the one-pass loops that the kernels of
 * these and of aclnnAdd/aclnnSub with alpha != 1 use for float32/float64
 * (simulator/kernels/fused.py).
 *
 * Sources (shared/reference/cann/ops.md is silent on both operators):
 * hicann/ops-math math/addcmul/docs/aclnnAddcmul&aclnnInplaceAddcmul.md and
 * math/addcdiv/docs/aclnnAddcdiv&aclnnInplaceAddcdiv.md (parameters, the
 * Atlas A2 dtype column, errors 161001/161002), and their op_api sources
 * (aclnn_addcmul.cpp ASCEND910B_DTYPE_SUPPORT_LIST, PROMOTE_UN_SUPPORT_LIST;
 * aclnn_addcdiv.cpp DTYPE_SUPPORT_LIST_910B): every input must be of the
 * list; self, tensor1 and tensor2 promote (aclnn.md section 9) to a
 * compute dtype that Addcmul refuses when it is int16, bool or complex;
 * the compute dtype must cast to out; value must cast to the compute
 * dtype; the three inputs broadcast to exactly out's shape (at most 8
 * dims).
 */
#include "sim_internal.h"
#include "sim_ops.h"
#include "sim_fused.h"

#include <string.h>

/* aclnn_addcmul.cpp ASCEND910B_DTYPE_SUPPORT_LIST (bf16 has no NumPy
 * dtype: accepted here as the doc lists it, never produced by the
 * package). */
#define DS_ADDCMUL (D_F32 | D_S32 | D_S64 | D_F16 | D_S8 | D_U8 | D_F64 | D_BF16)
/* aclnn_addcdiv.cpp DTYPE_SUPPORT_LIST_910B */
#define DS_ADDCDIV (D_F32 | D_S64 | D_F16 | D_F64 | D_BF16)
/* aclnn_addcmul.cpp PROMOTE_UN_SUPPORT_LIST */
#define DS_ADDCMUL_NO_COMPUTE (D_S16 | D_B | D_C64 | D_C128)

/* sim_ops_elementwise.c */
SIM_OPS_HIDDEN int32_t sim_ew_promote(int32_t a, int32_t b);
SIM_OPS_HIDDEN int sim_ew_category(int32_t t);
SIM_OPS_HIDDEN int sim_ew_scalar_casts(int32_t st, int32_t ct);

/* The three inputs broadcast together to exactly out's dims. */
static aclnnStatus check_bcast3(const sim_op *op, const sim_tensor_desc *const in[3],
                                const sim_tensor_desc *out)
{
    int64_t res[SIM_MAX_DIMS];
    int nd = 0;
    char b1[256], b2[256];
    for (int k = 0; k < 3; k++)
        if (in[k]->ndim > nd) nd = in[k]->ndim;
    for (int i = 1; i <= nd; i++) {
        int64_t d = 1;
        for (int k = 0; k < 3; k++) {
            int64_t x = i <= in[k]->ndim ? in[k]->dims[in[k]->ndim - i] : 1;
            if (x == 1) continue;
            if (d != 1 && d != x) {
                sim_set_error("aclnn%s: the inputs of shapes %s and %s do not broadcast",
                              op->name,
                              sim_fmt_dims(b1, sizeof b1, in[0]->dims, in[0]->ndim),
                              sim_fmt_dims(b2, sizeof b2, in[k]->dims, in[k]->ndim));
                return ACLNN_ERR_PARAM_INVALID;
            }
            d = x;
        }
        res[nd - i] = d;
    }
    return sim_ops_check_out_dims(op, out, res, nd, "the broadcast shape of the inputs");
}

/* self, tensor1, tensor2, value, out: promotion, casts, broadcasting. */
static aclnnStatus check_fused(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *in[3] = {&call->args[0].u.tensor, &call->args[1].u.tensor,
                                    &call->args[2].u.tensor};
    const sim_tensor_desc *out = &call->args[4].u.tensor;
    int32_t ct = sim_ew_promote(in[1]->dtype, in[2]->dtype);
    if (ct >= 0) ct = sim_ew_promote(in[0]->dtype, ct);
    if (ct < 0) {
        sim_set_error("aclnn%s: self, tensor1 and tensor2 of dtypes %s, %s and %s cannot be "
                      "promoted to a common dtype (aclnn.md section 9)", op->name,
                      sim_dtype_name(in[0]->dtype), sim_dtype_name(in[1]->dtype),
                      sim_dtype_name(in[2]->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (strcmp(op->name, "Addcmul") == 0 && (DT(ct) & DS_ADDCMUL_NO_COMPUTE)) {
        sim_set_error("aclnn%s: the promoted dtype %s is not supported", op->name,
                      sim_dtype_name(ct));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (sim_ew_category(out->dtype) < sim_ew_category(ct)) {
        sim_set_error("aclnn%s: the promoted dtype %s cannot be cast to out's dtype %s",
                      op->name, sim_dtype_name(ct), sim_dtype_name(out->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    int32_t vt = call->args[3].u.scalar.dtype;
    if (!sim_ew_scalar_casts(vt, ct)) {
        sim_set_error("aclnn%s: value of dtype %s cannot be cast to the compute dtype %s",
                      op->name, sim_dtype_name(vt), sim_dtype_name(ct));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return check_bcast3(op, in, out);
}

#define FUSED(nm, ds) {nm, 5, { \
        P_TENSOR("self", ds, 0, 8), P_TENSOR("tensor1", ds, 0, 8), \
        P_TENSOR("tensor2", ds, 0, 8), P_SCALAR("value", ds), \
        P_TENSOR_OUT("out", ds, 0, 8)}, check_fused, NULL}

static const sim_op FUSED_OPS[2] = {
    FUSED("Addcmul", DS_ADDCMUL),
    FUSED("Addcdiv", DS_ADDCDIV),
};

#define WS uint64_t *workspaceSize, aclOpExecutor **executor
SIM_PHASE1(Addcmul, &FUSED_OPS[0],
           (const aclTensor *self, const aclTensor *tensor1, const aclTensor *tensor2,
            const aclScalar *value, aclTensor *out, WS),
           {.p = self}, {.p = tensor1}, {.p = tensor2}, {.p = value}, {.p = out})
SIM_PHASE1(Addcdiv, &FUSED_OPS[1],
           (const aclTensor *self, const aclTensor *tensor1, const aclTensor *tensor2,
            const aclScalar *value, const aclTensor *out, WS),
           {.p = self}, {.p = tensor1}, {.p = tensor2}, {.p = value}, {.p = out})

/* ------------------------------------------------------------------ */
/* One-pass loops: out[i] = x[i] + (p[i] OP q[i]) * value, each operation */
/* rounded to the type (no contraction into an fma, fp-contract=off: the  */
/* device's vector unit runs Mul, Muls and Add as separate instructions,  */
/* Hayden727/cann-ops src/math/addcmul/docs/Addcmul.md: "implemented with */
/* the Ascend C APIs Mul and Add").  x has stride 1 or 0 (one element);   */
/* p and q stride 1 take the loops the compiler vectorises (O3), others   */
/* the strided loop.  Each loop is one pass over memory, as a fused       */
/* device kernel makes; NumPy would make three.                           */

#define FUSED_PASS(EXPR)                                                   \
    do {                                                                   \
        if (sx) { for (int64_t i = 0; i < n; i++) out[i] = x[i] + (EXPR); } \
        else { for (int64_t i = 0; i < n; i++) out[i] = x0 + (EXPR); }    \
    } while (0)

/* NumPy's own loops use AVX2 where the CPU has it (runtime dispatch): so do
 * these, or a fused pass over cached data would be slower than NumPy's two
 * (AVX2 has no fma instruction; contraction is off anyway). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define FUSED_TARGETS __attribute__((target_clones("avx2", "default")))
#else
#define FUSED_TARGETS
#endif

#define FUSED_LOOP(T, NAME)                                                         \
    FUSED_TARGETS __attribute__((optimize("O3", "fp-contract=off")))                \
    void NAME(int op, int64_t n, T *out, const T *x, int64_t sx, const T *p,        \
              int64_t sp, const T *q, int64_t sq, T value)                          \
    {                                                                               \
        const T x0 = x[0];                                                          \
        int one = value == (T)1;                                                    \
        if (sp == 1 && (op == SIM_FUSED_NONE || sq == 1)) {                         \
            if (op == SIM_FUSED_NONE) FUSED_PASS(p[i] * value);                     \
            else if (op == SIM_FUSED_MUL && one) FUSED_PASS(p[i] * q[i]);           \
            else if (op == SIM_FUSED_MUL) FUSED_PASS((p[i] * q[i]) * value);        \
            else if (one) FUSED_PASS(p[i] / q[i]);                                  \
            else FUSED_PASS((p[i] / q[i]) * value);                                 \
            return;                                                                 \
        }                                                                           \
        for (int64_t i = 0; i < n; i++) {                                           \
            T r = p[i * sp];                                                        \
            if (op == SIM_FUSED_MUL) r = r * q[i * sq];                             \
            else if (op == SIM_FUSED_DIV) r = r / q[i * sq];                        \
            if (op == SIM_FUSED_NONE || !one) r = r * value;                        \
            out[i] = x[i * sx] + r;                                                 \
        }                                                                           \
    }

FUSED_LOOP(double, cupy_sim_fused_f64)
FUSED_LOOP(float, cupy_sim_fused_f32)
