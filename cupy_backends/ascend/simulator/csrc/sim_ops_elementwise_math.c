/*
 * CANN simulator: elementwise operators, part 2 -- exponential,
 * logarithmic, trigonometric, rounding and classification operators
 * (shared/reference/cann/ops.md sections 1-3, all `(cT self, T out)`
 * unless stated).  The shared checks are in sim_ops_elementwise.c; the
 * kernels in simulator/kernels/elementwise.py.
 */
#include "sim_internal.h"
#include "sim_ops.h"

#include <string.h>

/* Defined in sim_ops_elementwise.c. */
SIM_OPS_HIDDEN int32_t sim_ew_promote(int32_t a, int32_t b);
SIM_OPS_HIDDEN aclnnStatus sim_ew_check_bcast(const sim_op *op, const sim_tensor_desc *a,
                                              const sim_tensor_desc *b,
                                              const sim_tensor_desc *out);
SIM_OPS_HIDDEN aclnnStatus sim_ew_check_unary(const sim_op *op, const sim_call *call);
SIM_OPS_HIDDEN aclnnStatus sim_ew_check_unary_same(const sim_op *op, const sim_call *call);

/* ------------------------------------------------------------------ */
/* Dtype sets: the "A2 in -> out dtypes" column of ops.md section 2.    */

#define D_INTS (D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B)
#define D_FLOATS (D_F16 | D_F32 | D_F64 | D_BF16)

#define DS_EXP_IN (D_F32 | D_F16 | D_F64 | D_C64 | D_C128 | D_B | D_S64 | D_BF16)
#define DS_FC_OUT (D_FLOATS | D_COMPLEX)
#define DS_EXP2_IN (D_INTS | D_FLOATS)
#define DS_EXPM1_IN (D_S64 | D_B | D_F32 | D_F16 | D_BF16)
#define DS_LOG_IN (D_INTS | D_FLOATS | D_COMPLEX)
/* Log10: out f32 f16 bf16 c64 c128 (no f64). */
#define DS_LOG10_OUT (D_F32 | D_F16 | D_BF16 | D_COMPLEX)
#define DS_LOG1P_IN (D_INTS | D_FLOATS)
#define DS_SQRT_IN (D_COMPLEX | D_F32 | D_F16 | D_BF16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | \
                    D_U8 | D_B)
#define DS_TRIG_IN (D_INTS | D_FLOATS | D_COMPLEX)
/* Asin/Acos/Asinh/Atanh: no bf16, no complex; Atan adds bf16. */
#define DS_ASIN_IN (D_INTS | D_F32 | D_F16 | D_F64)
#define DS_ASIN_OUT (D_F32 | D_F16 | D_F64)
#define DS_ATAN_IN (DS_ASIN_IN | D_BF16)
#define DS_ATAN_OUT (DS_ASIN_OUT | D_BF16)
#define DS_SINH_IN (D_INTS | D_FLOATS | D_COMPLEX)
#define DS_COSH (D_F32 | D_F16 | D_F64)
#define DS_TANH_IN (D_F32 | D_F16 | D_B | D_U8 | D_S8 | D_S16 | D_S32 | D_S64 | D_BF16)
#define DS_TANH_OUT (D_F32 | D_F16 | D_BF16)
#define DS_FLOOR (D_F64 | D_F32 | D_F16 | D_S64 | D_S32 | D_S16 | D_S8 | D_U64 | D_U32 | D_U16 | \
                  D_U8 | D_BF16)
#define DS_CEIL D_FLOATS
#define DS_TRUNC (D_F32 | D_F16 | D_BF16)
#define DS_ROUND (D_BF16 | D_F16 | D_F32 | D_F64 | D_S32 | D_S64)
#define DS_NAN_TO_NUM (D_F16 | D_F32 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B | D_BF16)
#define DS_SIGNBIT_IN (D_F32 | D_F16 | D_BF16 | D_S32 | D_U32 | D_S64 | D_U64 | D_S16 | D_U16 | \
                       D_S8 | D_U8 | D_B | D_F64)
/* "bool (or any bool-castable)" */
#define DS_BOOLISH_OUT (D_B | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_U16 | D_U32 | D_U64 | \
                        D_FLOATS)
#define DS_ISINF_IN (D_F32 | D_F16 | D_F64 | D_BF16 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B)

#define P_FLOAT(nm) {nm, SIM_ARG_FLOAT, 0, 0, 0, 0, 0}

/* A float or complex self keeps its dtype in out [inferred: the docs
 * list matching in/out types]; an integer or bool self needs a float out. */
static aclnnStatus check_float_unary(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor;
    const sim_tensor_desc *out = &call->args[op->nparams - 1].u.tensor;
    int is_real = DT(self->dtype) & (D_FLOATS | D_COMPLEX);
    aclnnStatus st = sim_ops_check_out_like(op, self, out, is_real);
    if (st) return st;
    if (!is_real && (DT(out->dtype) & D_COMPLEX)) {
        sim_set_error("aclnn%s: an integer self needs a real floating out, not %s",
                      op->name, sim_dtype_name(out->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* Log10 (ops.md 2): an integer or bool self requires a float32 out;
 * otherwise out has self's dtype. */
static aclnnStatus check_log10(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor, *out = &call->args[1].u.tensor;
    if (DT(self->dtype) & D_INTS) {
        aclnnStatus st = sim_ew_check_unary(op, call);
        if (st) return st;
        if (out->dtype != ACL_FLOAT) {
            sim_set_error("aclnn%s: an integer or bool self requires a float32 out, not %s",
                          op->name, sim_dtype_name(out->dtype));
            return ACLNN_ERR_PARAM_INVALID;
        }
        return ACLNN_SUCCESS;
    }
    return sim_ew_check_unary_same(op, call);
}

/* Atan2: self (y) and other (x) broadcast to out and promote. */
static aclnnStatus check_atan2(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *a = &call->args[0].u.tensor, *b = &call->args[1].u.tensor;
    aclnnStatus st = sim_ew_check_bcast(op, a, b, &call->args[2].u.tensor);
    if (st) return st;
    if (sim_ew_promote(a->dtype, b->dtype) < 0) {
        sim_set_error("aclnn%s: self of dtype %s and other of dtype %s cannot be promoted",
                      op->name, sim_dtype_name(a->dtype), sim_dtype_name(b->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* IsInf (ops.md 3): out is not accepted strided (NC x). */
static aclnnStatus check_isinf(const sim_op *op, const sim_call *call)
{
    aclnnStatus st = sim_ew_check_unary(op, call);
    if (st) return st;
    if (!sim_ops_is_contiguous(&call->args[1].u.tensor)) {
        sim_set_error("aclnn%s: out must be contiguous", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* The table                                                             */

enum {
    M_EXP, M_EXP2, M_EXPM1, M_LOG, M_LOG2, M_LOG10, M_LOG1P, M_SQRT, M_SIN, M_COS, M_TAN,
    M_ASIN, M_ACOS, M_ATAN, M_ATAN2, M_SINH, M_COSH, M_TANH, M_ASINH, M_ACOSH, M_ATANH,
    M_FLOOR, M_CEIL, M_TRUNC, M_ROUND, M_NAN_TO_NUM, M_SIGNBIT, M_ISINF, M_ISFINITE,
    M_ISPOSINF, M_ISNEGINF, M_COUNT
};

#define UNARY(nm, in, ds, dso, lo, chk) {nm, 2, { \
        P_TENSOR(in, ds, lo, 8), P_TENSOR_OUT("out", dso, lo, 8)}, chk, NULL}
#define FLOAT_UN(nm, in, ds, dso) UNARY(nm, in, ds, dso, 0, check_float_unary)

static const sim_op MATH_OPS[M_COUNT] = {
    [M_EXP] = FLOAT_UN("Exp", "self", DS_EXP_IN, DS_FC_OUT),
    [M_EXP2] = FLOAT_UN("Exp2", "self", DS_EXP2_IN, D_FLOATS),
    [M_EXPM1] = FLOAT_UN("Expm1", "self", DS_EXPM1_IN, D_FLOATS),
    /* ops.md 2: rank 1-8 in Log's and Log2's tables. */
    [M_LOG] = UNARY("Log", "self", DS_LOG_IN, DS_FC_OUT, 1, check_float_unary),
    [M_LOG2] = UNARY("Log2", "self", DS_LOG_IN, DS_FC_OUT, 1, check_float_unary),
    [M_LOG10] = UNARY("Log10", "self", DS_LOG_IN, DS_LOG10_OUT, 0, check_log10),
    [M_LOG1P] = FLOAT_UN("Log1p", "self", DS_LOG1P_IN, D_FLOATS),
    [M_SQRT] = FLOAT_UN("Sqrt", "self", DS_SQRT_IN, DS_FC_OUT),
    [M_SIN] = FLOAT_UN("Sin", "self", DS_TRIG_IN, DS_FC_OUT),
    [M_COS] = FLOAT_UN("Cos", "input", DS_TRIG_IN, DS_FC_OUT),
    [M_TAN] = FLOAT_UN("Tan", "self", DS_TRIG_IN, DS_FC_OUT),
    [M_ASIN] = FLOAT_UN("Asin", "self", DS_ASIN_IN, DS_ASIN_OUT),
    [M_ACOS] = FLOAT_UN("Acos", "input", DS_ASIN_IN, DS_ASIN_OUT),
    [M_ATAN] = FLOAT_UN("Atan", "input", DS_ATAN_IN, DS_ATAN_OUT),
    [M_ATAN2] = {"Atan2", 3, {P_TENSOR("self", DS_EXP2_IN, 0, 8),
                              P_TENSOR("other", DS_EXP2_IN, 0, 8),
                              P_TENSOR_OUT("out", D_FLOATS, 0, 8)},
                 check_atan2, NULL},
    [M_SINH] = FLOAT_UN("Sinh", "self", DS_SINH_IN, DS_FC_OUT),
    [M_COSH] = FLOAT_UN("Cosh", "self", DS_COSH, DS_COSH),
    [M_TANH] = FLOAT_UN("Tanh", "self", DS_TANH_IN, DS_TANH_OUT),
    [M_ASINH] = FLOAT_UN("Asinh", "input", DS_ASIN_IN, DS_ASIN_OUT),
    [M_ACOSH] = FLOAT_UN("Acosh", "self", DS_COSH, DS_COSH),
    [M_ATANH] = FLOAT_UN("Atanh", "input", DS_ASIN_IN, DS_ASIN_OUT),
    /* out dtype = self dtype */
    [M_FLOOR] = UNARY("Floor", "self", DS_FLOOR, DS_FLOOR, 0, sim_ew_check_unary_same),
    [M_CEIL] = UNARY("Ceil", "self", DS_CEIL, DS_CEIL, 0, sim_ew_check_unary_same),
    [M_TRUNC] = UNARY("Trunc", "self", DS_TRUNC, DS_TRUNC, 0, sim_ew_check_unary_same),
    [M_ROUND] = UNARY("Round", "self", DS_ROUND, DS_ROUND, 0, sim_ew_check_unary_same),
    /* replacement values are float (ops.md 2) */
    [M_NAN_TO_NUM] = {"NanToNum", 5, {P_TENSOR("self", DS_NAN_TO_NUM, 0, 8), P_FLOAT("nan"),
                                      P_FLOAT("posinf"), P_FLOAT("neginf"),
                                      P_TENSOR_OUT("out", DS_NAN_TO_NUM, 0, 8)},
                      sim_ew_check_unary_same, NULL},
    [M_SIGNBIT] = UNARY("Signbit", "self", DS_SIGNBIT_IN, DS_BOOLISH_OUT, 0,
                        sim_ew_check_unary),
    [M_ISINF] = UNARY("IsInf", "x", DS_ISINF_IN, D_B, 0, check_isinf),
    [M_ISFINITE] = UNARY("IsFinite", "self", D_FLOATS, D_B, 0, sim_ew_check_unary),
    [M_ISPOSINF] = UNARY("IsPosInf", "self", D_FLOATS, D_B, 0, sim_ew_check_unary),
    [M_ISNEGINF] = UNARY("IsNegInf", "self", D_FLOATS, D_B, 0, sim_ew_check_unary),
};

/* ------------------------------------------------------------------ */
/* Exported operators                                                    */

#define WS uint64_t *workspaceSize, aclOpExecutor **executor
#define EXPORT_UN(Name, IDX) \
    SIM_PHASE1(Name, &MATH_OPS[IDX], (const aclTensor *self, aclTensor *out, WS), \
               {.p = self}, {.p = out})

EXPORT_UN(Exp, M_EXP)
EXPORT_UN(Exp2, M_EXP2)
EXPORT_UN(Expm1, M_EXPM1)
EXPORT_UN(Log, M_LOG)
SIM_PHASE1(Log2, &MATH_OPS[M_LOG2], (const aclTensor *self, const aclTensor *out, WS),
           {.p = self}, {.p = out})
EXPORT_UN(Log10, M_LOG10)
EXPORT_UN(Log1p, M_LOG1P)
EXPORT_UN(Sqrt, M_SQRT)
EXPORT_UN(Sin, M_SIN)
EXPORT_UN(Cos, M_COS)
EXPORT_UN(Tan, M_TAN)
EXPORT_UN(Asin, M_ASIN)
EXPORT_UN(Acos, M_ACOS)
EXPORT_UN(Atan, M_ATAN)
SIM_PHASE1(Atan2, &MATH_OPS[M_ATAN2],
           (const aclTensor *self, const aclTensor *other, aclTensor *out, WS),
           {.p = self}, {.p = other}, {.p = out})
EXPORT_UN(Sinh, M_SINH)
EXPORT_UN(Cosh, M_COSH)
EXPORT_UN(Tanh, M_TANH)
EXPORT_UN(Asinh, M_ASINH)
EXPORT_UN(Acosh, M_ACOSH)
EXPORT_UN(Atanh, M_ATANH)
EXPORT_UN(Floor, M_FLOOR)
EXPORT_UN(Ceil, M_CEIL)
EXPORT_UN(Trunc, M_TRUNC)
EXPORT_UN(Round, M_ROUND)
SIM_PHASE1(NanToNum, &MATH_OPS[M_NAN_TO_NUM],
           (const aclTensor *self, float nan, float posinf, float neginf, aclTensor *out, WS),
           {.p = self}, {.f = nan}, {.f = posinf}, {.f = neginf}, {.p = out})
EXPORT_UN(Signbit, M_SIGNBIT)
SIM_PHASE1(IsInf, &MATH_OPS[M_ISINF], (const aclTensor *x, const aclTensor *out, WS),
           {.p = x}, {.p = out})
EXPORT_UN(IsFinite, M_ISFINITE)
EXPORT_UN(IsPosInf, M_ISPOSINF)
EXPORT_UN(IsNegInf, M_ISNEGINF)
