/*
 * CANN simulator: elementwise operators, part 1 -- arithmetic, extrema,
 * selection, comparison, logical and bitwise operators
 * (shared/reference/cann/ops.md sections 1 and 3).  The exponential,
 * logarithmic, trigonometric, rounding and classification operators are in
 * sim_ops_elementwise_math.c, which shares the checks defined here.
 *
 * Each operator is a row of EW_OPS (its parameters with the Atlas A2 dtype
 * sets of ops.md) plus a SIM_PHASE1 pair at the end.  The checks add what
 * the operators' docs state beyond the dtype sets: NumPy broadcasting of
 * the inputs to `out` (ops.md conventions), the dtype promotion of
 * aclnn.md section 9 (tensor-tensor table: a pair marked x is refused with
 * 161002; tensor-scalar: by category), operator-specific rules.  The
 * kernels (device semantics, ops.md) are in simulator/kernels/elementwise.py.
 */
#include "sim_internal.h"
#include "sim_ops.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Dtype sets: the "A2 dtypes" column of ops.md sections 1 and 3.       */

#define DS_ADD (D_F32 | D_F16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | D_B | D_C128 | \
                D_C64 | D_BF16)
/* Rsub: as add without bool. */
#define DS_RSUB (D_S8 | D_U8 | D_S16 | D_S32 | D_S64 | D_F16 | D_F32 | D_F64 | D_C64 | D_C128 | \
                 D_BF16)
/* FloorDivide: in f32 f16 f64 s32 s64 s16 s8 u8 b +bf16; out also c64 c128. */
#define DS_FLOORDIV (D_F32 | D_F16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | D_B | D_BF16)
/* Remainder: the promoted compute dtype must be one of DS_REM_COMPUTE; the
 * inputs are the types that can promote into it. */
#define DS_REM_COMPUTE (D_S32 | D_S64 | D_F16 | D_F32 | D_F64 | D_BF16)
#define DS_REM_IN (DS_REM_COMPUTE | D_S8 | D_S16 | D_U8 | D_B)
#define DS_REM_OUT (D_U8 | D_S8 | D_S16 | D_S32 | D_S64 | D_F16 | D_F32 | D_F64 | D_C64 | \
                    D_C128 | D_BF16)
#define DS_FMOD (D_F64 | D_BF16 | D_F16 | D_F32 | D_S32 | D_S64 | D_S8 | D_U8)
/* Pow: out additionally u16 u32 u64. */
#define DS_POW (D_F32 | D_F16 | D_F64 | D_S8 | D_S16 | D_S32 | D_S64 | D_B | D_U8 | D_C64 | \
                D_C128 | D_BF16)
#define DS_POW_OUT (DS_POW | D_U16 | D_U32 | D_U64)
#define DS_NEG (D_S8 | D_S32 | D_S64 | D_F16 | D_BF16 | D_F32 | D_F64 | D_C64 | D_C128)
#define DS_ABS_IN (D_F32 | D_F16 | D_F64 | D_BF16 | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_B | \
                   D_C64)
#define DS_ABS_OUT (DS_ABS_IN & ~D_C64)
#define DS_SIGN (D_F64 | D_F32 | D_F16 | D_S32 | D_S64 | D_C64 | D_C128 | D_B | D_BF16)
#define DS_CLAMP (D_F16 | D_F32 | D_F64 | D_S8 | D_U8 | D_S16 | D_S32 | D_S64 | D_BF16)
#define DS_MAXIMUM (D_F32 | D_F16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | D_B | D_BF16)
/* Comparisons: out "may be any bool-castable dtype"; A2 forbids out
 * u16/u32/u64 for Eq/Ne. */
#define DS_EQ (D_F64 | D_F16 | D_F32 | D_BF16 | D_S64 | D_S32 | D_S8 | D_U8 | D_B | D_S16 | \
               D_C64 | D_C128)
#define DS_EQ_OUT (D_F64 | D_F16 | D_F32 | D_BF16 | D_S64 | D_S32 | D_S8 | D_U8 | D_B | D_S16 | \
                   D_C64 | D_C128)
#define DS_ORDER (D_F32 | D_F16 | D_BF16 | D_S32 | D_U32 | D_S64 | D_U64 | D_S16 | D_U16 | D_S8 | \
                  D_U8 | D_F64 | D_B)
#define DS_LE (D_S8 | D_U8 | D_S16 | D_S32 | D_S64 | D_F16 | D_U16 | D_BF16 | D_F32 | D_F64 | D_B)
#define DS_ORDER_OUT (DS_ORDER | D_C64 | D_C128)
#define DS_LOGICAL (D_F32 | D_F16 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | D_B | D_C64 | \
                    D_C128 | D_BF16)
#define DS_LOGICAL_OUT (DS_LOGICAL | D_U16 | D_U32 | D_U64)
#define DS_LOGICAL_OR_OUT DS_LOGICAL
#define DS_LOGICAL_NOT (D_B | D_U8 | D_S8 | D_S16 | D_S32 | D_S64 | D_F32 | D_F16 | D_F64 | D_BF16)
#define DS_AND (D_B | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_U16)
#define DS_AND_OUT (DS_AND | D_U32 | D_U64)
#define DS_AND_S_OUT (DS_AND_OUT | D_F16 | D_F32 | D_F64 | D_BF16)
#define DS_OR (D_B | D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_U16 | D_U32 | D_U64)
#define DS_OR_S (D_B | D_S8 | D_S16 | D_U16 | D_S32 | D_S64 | D_U8)
#define DS_XOR (D_B | D_S8 | D_S16 | D_S32 | D_S64 | D_U8)
#define DS_NOT (D_S16 | D_S32 | D_S64 | D_S8 | D_U8 | D_B)
#define DS_SHIFT (D_S8 | D_S16 | D_S32 | D_S64 | D_U8 | D_U16 | D_U32 | D_U64)
/* SWhere: condition u8 or bool; self/other/out. */
#define DS_WHERE (D_F32 | D_S32 | D_U64 | D_S64 | D_U32 | D_F16 | D_U16 | D_S16 | D_S8 | D_U8 | \
                  D_F64 | D_B | D_C64 | D_C128 | D_BF16)

#define P_SCALAR_OPT(nm, ds) {nm, SIM_ARG_SCALAR, 0, 1, 0, 0, ds}
#define P_TENSOR_OPT(nm, ds, lo, hi) {nm, SIM_ARG_TENSOR, SIM_ROLE_IN, 1, lo, hi, ds}

/* ------------------------------------------------------------------ */
/* Promotion (aclnn.md section 9)                                        */

/* 0 bool, 1 integer, 2 floating, 3 complex. */
SIM_OPS_HIDDEN int sim_ew_category(int32_t t);
int sim_ew_category(int32_t t)
{
    switch (t) {
    case ACL_BOOL: return 0;
    case ACL_INT8: case ACL_UINT8: case ACL_INT16: case ACL_UINT16: case ACL_INT32:
    case ACL_UINT32: case ACL_INT64: case ACL_UINT64: return 1;
    case ACL_FLOAT16: case ACL_BF16: case ACL_FLOAT: case ACL_DOUBLE: return 2;
    default: return 3;
    }
}

static int is_wide_unsigned(int32_t t)
{
    return t == ACL_UINT16 || t == ACL_UINT32 || t == ACL_UINT64;
}

static int int_rank(int32_t t)
{
    switch (t) {
    case ACL_INT8: case ACL_UINT8: return 1;
    case ACL_INT16: return 2;
    case ACL_INT32: return 3;
    default: return 4;   /* ACL_INT64 */
    }
}

/* The compute dtype of a tensor-tensor pair, or -1 for the x cells. */
SIM_OPS_HIDDEN int32_t sim_ew_promote(int32_t a, int32_t b);
int32_t sim_ew_promote(int32_t a, int32_t b)
{
    if (a == b) return a;
    /* u16/u32/u64 only with themselves */
    if (is_wide_unsigned(a) || is_wide_unsigned(b)) return -1;
    int ca = sim_ew_category(a), cb = sim_ew_category(b);
    if (ca == 3 || cb == 3) {
        if (a == ACL_COMPLEX128 || b == ACL_COMPLEX128 || a == ACL_DOUBLE || b == ACL_DOUBLE)
            return ACL_COMPLEX128;
        return ACL_COMPLEX64;
    }
    if (ca == 2 || cb == 2) {
        if (a == ACL_DOUBLE || b == ACL_DOUBLE) return ACL_DOUBLE;
        if (a == ACL_FLOAT || b == ACL_FLOAT) return ACL_FLOAT;
        if (ca == 2 && cb == 2) return ACL_FLOAT;   /* f16 with bf16 */
        return ca == 2 ? a : b;                     /* a float with an integer or bool */
    }
    if (ca == 0) return b;
    if (cb == 0) return a;
    /* two different integers */
    if ((a == ACL_INT8 && b == ACL_UINT8) || (a == ACL_UINT8 && b == ACL_INT8)) return ACL_INT16;
    return int_rank(a) >= int_rank(b) ? a : b;
}

/* The compute dtype of a tensor with a scalar, by category (table 2 of
 * the same doc), or -1. */
SIM_OPS_HIDDEN int32_t sim_ew_promote_scalar(int32_t tensor, int32_t scalar);
int32_t sim_ew_promote_scalar(int32_t tensor, int32_t scalar)
{
    int ct = sim_ew_category(tensor), cs = sim_ew_category(scalar);
    if (cs <= ct) return tensor;
    if (cs == 1) {   /* an integer scalar with a bool tensor */
        return is_wide_unsigned(scalar) ? -1 : scalar;
    }
    if (cs == 2) {   /* a float scalar with an integer or bool tensor */
        return is_wide_unsigned(tensor) ? -1 : ACL_FLOAT;
    }
    /* a complex scalar with a real tensor (complex32 for float16 is not on A2) */
    if (tensor == ACL_DOUBLE) return ACL_COMPLEX128;
    if (tensor == ACL_FLOAT16 || tensor == ACL_BF16 || is_wide_unsigned(tensor)) return -1;
    return ACL_COMPLEX64;
}

/* ------------------------------------------------------------------ */
/* Shared checks                                                         */

static int bcast_dims(const sim_tensor_desc *a, const sim_tensor_desc *b, int64_t *res,
                      int *nd)
{
    int n = a->ndim > b->ndim ? a->ndim : b->ndim;
    for (int i = 1; i <= n; i++) {
        int64_t x = i <= a->ndim ? a->dims[a->ndim - i] : 1;
        int64_t y = i <= b->ndim ? b->dims[b->ndim - i] : 1;
        if (x != y && x != 1 && y != 1) return 0;
        res[n - i] = x == 1 ? y : x;
    }
    *nd = n;
    return 1;
}

/* Inputs a, b (NULL: absent) broadcast together, to exactly out's shape. */
SIM_OPS_HIDDEN aclnnStatus sim_ew_check_bcast(const sim_op *op, const sim_tensor_desc *a,
                                              const sim_tensor_desc *b,
                                              const sim_tensor_desc *out);
aclnnStatus sim_ew_check_bcast(const sim_op *op, const sim_tensor_desc *a,
                               const sim_tensor_desc *b, const sim_tensor_desc *out)
{
    int64_t res[SIM_MAX_DIMS];
    int nd;
    char b1[256], b2[256];
    if (b == NULL) b = a;
    if (!bcast_dims(a, b, res, &nd)) {
        sim_set_error("aclnn%s: the inputs of shapes %s and %s do not broadcast", op->name,
                      sim_fmt_dims(b1, sizeof b1, a->dims, a->ndim),
                      sim_fmt_dims(b2, sizeof b2, b->dims, b->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return sim_ops_check_out_dims(op, out, res, nd, "the broadcast shape of the inputs");
}

static aclnnStatus bad_promotion(const sim_op *op, int32_t a, int32_t b, const char *what)
{
    sim_set_error("aclnn%s: %s of dtypes %s and %s cannot be promoted to a common dtype "
                  "(aclnn.md section 9)", op->name, what, sim_dtype_name(a), sim_dtype_name(b));
    return ACLNN_ERR_PARAM_INVALID;
}

/* Promotion check of two tensors; *ct the compute dtype. */
static aclnnStatus promote_tt(const sim_op *op, const sim_tensor_desc *a,
                              const sim_tensor_desc *b, int32_t *ct)
{
    *ct = sim_ew_promote(a->dtype, b->dtype);
    return *ct < 0 ? bad_promotion(op, a->dtype, b->dtype, "tensors") : ACLNN_SUCCESS;
}

static aclnnStatus promote_ts(const sim_op *op, const sim_tensor_desc *a, const sim_arg *s,
                              int32_t *ct)
{
    *ct = sim_ew_promote_scalar(a->dtype, s->u.scalar.dtype);
    return *ct < 0 ? bad_promotion(op, a->dtype, s->u.scalar.dtype, "a tensor and a scalar")
                   : ACLNN_SUCCESS;
}

/* Generic binary rule: tensor-tensor (args 0, 1) or tensor-scalar, or
 * scalar-tensor; out is the last tensor argument given by index. */
static aclnnStatus check_binary_at(const sim_op *op, const sim_call *call, int iout,
                                   int32_t *ct)
{
    const sim_arg *x = &call->args[0], *y = &call->args[1];
    const sim_tensor_desc *out = &call->args[iout].u.tensor;
    aclnnStatus st;
    if (x->kind == SIM_ARG_TENSOR && y->kind == SIM_ARG_TENSOR) {
        if ((st = sim_ew_check_bcast(op, &x->u.tensor, &y->u.tensor, out))) return st;
        return promote_tt(op, &x->u.tensor, &y->u.tensor, ct);
    }
    const sim_arg *t = x->kind == SIM_ARG_TENSOR ? x : y;
    const sim_arg *s = x->kind == SIM_ARG_TENSOR ? y : x;
    if ((st = sim_ew_check_bcast(op, &t->u.tensor, NULL, out))) return st;
    return promote_ts(op, &t->u.tensor, s, ct);
}

static aclnnStatus check_binary(const sim_op *op, const sim_call *call)
{
    int32_t ct;
    return check_binary_at(op, call, op->nparams - 1, &ct);
}

/* Whether a scalar attribute of dtype st (alpha, Addcmul's value) casts
 * to the compute dtype ct: not from a higher category, except an integer
 * into bool (torch's rule, aclnn_add.cpp). */
SIM_OPS_HIDDEN int sim_ew_scalar_casts(int32_t st, int32_t ct);
int sim_ew_scalar_casts(int32_t st, int32_t ct)
{
    int cs = sim_ew_category(st), cc = sim_ew_category(ct);
    return cs <= cc || (cc == 0 && cs == 1);
}

/* Add/Sub/Rsub (+s): out is argument 3 (after alpha). */
static aclnnStatus check_alpha(const sim_op *op, const sim_call *call)
{
    int32_t ct;
    aclnnStatus st = check_binary_at(op, call, 3, &ct);
    if (st) return st;
    /* alpha must be castable to the compute dtype */
    int32_t at = call->args[2].u.scalar.dtype;
    if (!sim_ew_scalar_casts(at, ct)) {
        sim_set_error("aclnn%s: alpha of dtype %s cannot be cast to the compute dtype %s",
                      op->name, sim_dtype_name(at), sim_dtype_name(ct));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_remainder(const sim_op *op, const sim_call *call)
{
    int32_t ct;
    aclnnStatus st = check_binary_at(op, call, 2, &ct);
    if (st) return st;
    if (!(DT(ct) & DS_REM_COMPUTE)) {
        sim_set_error("aclnn%s: the promoted dtype %s is not supported (the compute dtype "
                      "must be int32, int64, float16, float32, float64 or bfloat16)",
                      op->name, sim_dtype_name(ct));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* Pow: both inputs bool is refused; a tensor-scalar pair of integral
 * compute dtype needs a non-negative exponent (ops.md 1). */
static aclnnStatus check_pow(const sim_op *op, const sim_call *call)
{
    int32_t ct;
    const sim_arg *x = &call->args[0], *y = &call->args[1];
    aclnnStatus st = check_binary_at(op, call, 2, &ct);
    if (st) return st;
    int32_t dx = x->kind == SIM_ARG_TENSOR ? x->u.tensor.dtype : x->u.scalar.dtype;
    int32_t dy = y->kind == SIM_ARG_TENSOR ? y->u.tensor.dtype : y->u.scalar.dtype;
    if (dx == ACL_BOOL && dy == ACL_BOOL) {
        sim_set_error("aclnn%s: self and exponent cannot both be bool", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (x->kind == SIM_ARG_TENSOR && y->kind == SIM_ARG_SCALAR && sim_ew_category(ct) <= 1) {
        const unsigned char *b = y->u.scalar.bytes;
        int neg = 0;
        switch (dy) {
        case ACL_INT8: neg = (int8_t)b[0] < 0; break;
        case ACL_INT16: { int16_t v; memcpy(&v, b, 2); neg = v < 0; break; }
        case ACL_INT32: { int32_t v; memcpy(&v, b, 4); neg = v < 0; break; }
        case ACL_INT64: { int64_t v; memcpy(&v, b, 8); neg = v < 0; break; }
        case ACL_FLOAT: { float v; memcpy(&v, b, 4); neg = v < 0; break; }
        case ACL_DOUBLE: { double v; memcpy(&v, b, 8); neg = v < 0; break; }
        default: break;
        }
        if (neg) {
            sim_set_error("aclnn%s: an integral self needs a non-negative exponent", op->name);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACLNN_SUCCESS;
}

/* Unary: out has self's shape. */
SIM_OPS_HIDDEN aclnnStatus sim_ew_check_unary(const sim_op *op, const sim_call *call);
aclnnStatus sim_ew_check_unary(const sim_op *op, const sim_call *call)
{
    return sim_ops_check_out_like(op, &call->args[0].u.tensor,
                                  &call->args[op->nparams - 1].u.tensor, 0);
}

/* Unary with out of self's dtype. */
SIM_OPS_HIDDEN aclnnStatus sim_ew_check_unary_same(const sim_op *op, const sim_call *call);
aclnnStatus sim_ew_check_unary_same(const sim_op *op, const sim_call *call)
{
    return sim_ops_check_out_like(op, &call->args[0].u.tensor,
                                  &call->args[op->nparams - 1].u.tensor, 1);
}

/* Abs: a complex self needs a real out. */
static aclnnStatus check_abs(const sim_op *op, const sim_call *call)
{
    if (!sim_ops_is_complex(call->args[0].u.tensor.dtype))
        return sim_ew_check_unary_same(op, call);
    return sim_ew_check_unary(op, call);
}

/* SWhere: condition, self and other broadcast together to out; self and
 * other promote; out must be of the promoted dtype. */
static aclnnStatus check_where(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *c = &call->args[0].u.tensor, *s = &call->args[1].u.tensor,
                          *o = &call->args[2].u.tensor, *out = &call->args[3].u.tensor;
    int64_t r1[SIM_MAX_DIMS];
    sim_tensor_desc tmp;
    int nd;
    char b1[256], b2[256];
    if (!bcast_dims(c, s, r1, &nd)) {
        sim_set_error("aclnn%s: condition of shape %s and self of shape %s do not broadcast",
                      op->name, sim_fmt_dims(b1, sizeof b1, c->dims, c->ndim),
                      sim_fmt_dims(b2, sizeof b2, s->dims, s->ndim));
        return ACLNN_ERR_PARAM_INVALID;
    }
    tmp.ndim = nd;
    memcpy(tmp.dims, r1, sizeof(int64_t) * (size_t)nd);
    aclnnStatus st = sim_ew_check_bcast(op, &tmp, o, out);
    if (st) return st;
    int32_t ct;
    if ((st = promote_tt(op, s, o, &ct))) return st;
    if (out->dtype != ct) {
        sim_set_error("aclnn%s: out has dtype %s but self and other promote to %s",
                      op->name, sim_dtype_name(out->dtype), sim_dtype_name(ct));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* Clamp (scalars): not both bounds NULL; out like self (ops.md 1). */
static aclnnStatus check_clamp(const sim_op *op, const sim_call *call)
{
    if (call->args[1].kind == SIM_ARG_NONE && call->args[2].kind == SIM_ARG_NONE) {
        sim_set_error("aclnn%s: clipValueMin and clipValueMax cannot both be NULL", op->name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return sim_ew_check_unary_same(op, call);
}

/* ClampTensor: the bounds broadcast to self's shape, and promote with it. */
static aclnnStatus check_clamp_tensor(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *self = &call->args[0].u.tensor;
    aclnnStatus st = check_clamp(op, call);
    if (st) return st;
    for (int k = 1; k <= 2; k++) {
        if (call->args[k].kind == SIM_ARG_NONE) continue;
        const sim_tensor_desc *b = &call->args[k].u.tensor;
        if (!sim_ops_broadcasts_to(b, self)) {
            char b1[256], b2[256];
            sim_set_error("aclnn%s: a bound of shape %s does not broadcast to self's shape %s",
                          op->name, sim_fmt_dims(b1, sizeof b1, b->dims, b->ndim),
                          sim_fmt_dims(b2, sizeof b2, self->dims, self->ndim));
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (b->dtype != self->dtype && sim_ew_promote(b->dtype, self->dtype) < 0)
            return bad_promotion(op, self->dtype, b->dtype, "self and a bound");
    }
    return ACLNN_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* The table                                                             */

enum {
    E_ADD, E_ADDS, E_SUB, E_SUBS, E_RSUBS, E_MUL, E_MULS, E_DIV, E_DIVS, E_FLOORDIV,
    E_FLOORDIVS, E_REM_TT, E_REM_TS, E_REM_ST, E_FMOD_T, E_FMOD_S, E_POW_TT, E_POW_TS,
    E_POW_ST, E_NEG, E_ABS, E_SIGN, E_CLAMP, E_CLAMP_T, E_MAXIMUM, E_MINIMUM, E_SWHERE,
    E_EQ_T, E_EQ_S, E_NE_T, E_NE_S, E_LT_T, E_LT_S, E_LE_T, E_LE_S, E_GT_T, E_GT_S, E_GE_T,
    E_GE_S, E_LAND, E_LOR, E_LXOR, E_LNOT, E_AND_T, E_AND_S, E_OR_T, E_OR_S, E_XOR_T,
    E_XOR_S, E_NOT, E_LSHIFT, E_LSHIFTS, E_RSHIFT, E_COUNT
};

#define BIN(nm, ds, dso, chk) {nm, 3, { \
        P_TENSOR("self", ds, 0, 8), P_TENSOR("other", ds, 0, 8), \
        P_TENSOR_OUT("out", dso, 0, 8)}, chk, NULL}
#define BIN_S(nm, ds, dss, dso, chk) {nm, 3, { \
        P_TENSOR("self", ds, 0, 8), P_SCALAR("other", dss), \
        P_TENSOR_OUT("out", dso, 0, 8)}, chk, NULL}
#define UN(nm, ds, dso, chk) {nm, 2, { \
        P_TENSOR("self", ds, 0, 8), P_TENSOR_OUT("out", dso, 0, 8)}, chk, NULL}

static const sim_op EW_OPS[E_COUNT] = {
    /* ops.md 1: out = self + alpha * other. */
    [E_ADD] = {"Add", 4, {P_TENSOR("self", DS_ADD, 0, 8), P_TENSOR("other", DS_ADD, 0, 8),
                          P_SCALAR("alpha", D_SCALAR), P_TENSOR_OUT("out", DS_ADD, 0, 8)},
               check_alpha, NULL},
    [E_ADDS] = {"Adds", 4, {P_TENSOR("self", DS_ADD, 0, 8), P_SCALAR("other", D_SCALAR),
                            P_SCALAR("alpha", D_SCALAR), P_TENSOR_OUT("out", DS_ADD, 0, 8)},
                check_alpha, NULL},
    [E_SUB] = {"Sub", 4, {P_TENSOR("self", DS_ADD, 0, 8), P_TENSOR("other", DS_ADD, 0, 8),
                          P_SCALAR("alpha", D_SCALAR), P_TENSOR_OUT("out", DS_ADD, 0, 8)},
               check_alpha, NULL},
    [E_SUBS] = {"Subs", 4, {P_TENSOR("self", DS_ADD, 0, 8), P_SCALAR("other", D_SCALAR),
                            P_SCALAR("alpha", D_SCALAR), P_TENSOR_OUT("out", DS_ADD, 0, 8)},
                check_alpha, NULL},
    /* out = other - self * alpha */
    [E_RSUBS] = {"Rsubs", 4, {P_TENSOR("self", DS_RSUB, 0, 8), P_SCALAR("other", D_SCALAR),
                              P_SCALAR("alpha", D_SCALAR), P_TENSOR_OUT("out", DS_RSUB, 0, 8)},
                 check_alpha, NULL},
    [E_MUL] = BIN("Mul", DS_ADD, DS_ADD, check_binary),
    [E_MULS] = BIN_S("Muls", DS_ADD, D_SCALAR, DS_ADD, check_binary),
    [E_DIV] = BIN("Div", DS_ADD, DS_ADD, check_binary),
    [E_DIVS] = BIN_S("Divs", DS_ADD, D_SCALAR, DS_ADD, check_binary),
    [E_FLOORDIV] = BIN("FloorDivide", DS_FLOORDIV, DS_FLOORDIV | D_COMPLEX, check_binary),
    [E_FLOORDIVS] = BIN_S("FloorDivides", DS_FLOORDIV, D_SCALAR, DS_FLOORDIV | D_COMPLEX,
                          check_binary),
    [E_REM_TT] = BIN("RemainderTensorTensor", DS_REM_IN, DS_REM_OUT, check_remainder),
    [E_REM_TS] = BIN_S("RemainderTensorScalar", DS_REM_IN, DS_REM_IN, DS_REM_OUT,
                       check_remainder),
    [E_REM_ST] = {"RemainderScalarTensor", 3, {P_SCALAR("self", DS_REM_IN),
                                               P_TENSOR("other", DS_REM_IN, 0, 8),
                                               P_TENSOR_OUT("out", DS_REM_OUT, 0, 8)},
                  check_remainder, NULL},
    [E_FMOD_T] = BIN("FmodTensor", DS_FMOD, DS_FMOD, check_binary),
    [E_FMOD_S] = BIN_S("FmodScalar", DS_FMOD, D_SCALAR, DS_FMOD, check_binary),
    [E_POW_TT] = {"PowTensorTensor", 3, {P_TENSOR("self", DS_POW, 0, 8),
                                         P_TENSOR("exponent", DS_POW, 0, 8),
                                         P_TENSOR_OUT("out", DS_POW_OUT, 0, 8)},
                  check_pow, NULL},
    [E_POW_TS] = {"PowTensorScalar", 3, {P_TENSOR("self", DS_POW, 0, 8),
                                         P_SCALAR("exponent", DS_POW),
                                         P_TENSOR_OUT("out", DS_POW_OUT, 0, 8)},
                  check_pow, NULL},
    [E_POW_ST] = {"PowScalarTensor", 3, {P_SCALAR("self", DS_POW),
                                         P_TENSOR("exponent", DS_POW, 0, 8),
                                         P_TENSOR_OUT("out", DS_POW_OUT, 0, 8)},
                  check_pow, NULL},
    [E_NEG] = UN("Neg", DS_NEG, DS_NEG, sim_ew_check_unary_same),
    [E_ABS] = UN("Abs", DS_ABS_IN, DS_ABS_OUT, check_abs),
    [E_SIGN] = UN("Sign", DS_SIGN, DS_SIGN, sim_ew_check_unary_same),
    /* ops.md 1: self rank 1-8; either bound may be NULL, not both. */
    [E_CLAMP] = {"Clamp", 4, {P_TENSOR("self", DS_CLAMP, 1, 8),
                              P_SCALAR_OPT("clipValueMin", D_SCALAR),
                              P_SCALAR_OPT("clipValueMax", D_SCALAR),
                              P_TENSOR_OUT("out", DS_CLAMP, 1, 8)},
                 check_clamp, NULL},
    [E_CLAMP_T] = {"ClampTensor", 4, {P_TENSOR("self", DS_CLAMP, 1, 8),
                                      P_TENSOR_OPT("clipValueMin", DS_CLAMP, 0, 8),
                                      P_TENSOR_OPT("clipValueMax", DS_CLAMP, 0, 8),
                                      P_TENSOR_OUT("out", DS_CLAMP, 1, 8)},
                   check_clamp_tensor, NULL},
    [E_MAXIMUM] = BIN("Maximum", DS_MAXIMUM, DS_MAXIMUM, check_binary),
    [E_MINIMUM] = BIN("Minimum", DS_MAXIMUM, DS_MAXIMUM, check_binary),
    [E_SWHERE] = {"SWhere", 4, {P_TENSOR("condition", D_U8 | D_B, 0, 8),
                                P_TENSOR("self", DS_WHERE, 0, 8),
                                P_TENSOR("other", DS_WHERE, 0, 8),
                                P_TENSOR_OUT("out", DS_WHERE, 0, 8)},
                  check_where, NULL},
    [E_EQ_T] = BIN("EqTensor", DS_EQ, DS_EQ_OUT, check_binary),
    [E_EQ_S] = BIN_S("EqScalar", DS_EQ, D_SCALAR, DS_EQ_OUT, check_binary),
    [E_NE_T] = BIN("NeTensor", DS_EQ, DS_EQ_OUT, check_binary),
    [E_NE_S] = BIN_S("NeScalar", DS_EQ, D_SCALAR, DS_EQ_OUT, check_binary),
    [E_LT_T] = BIN("LtTensor", DS_ORDER, DS_ORDER_OUT, check_binary),
    [E_LT_S] = BIN_S("LtScalar", DS_ORDER, D_SCALAR, DS_ORDER_OUT, check_binary),
    [E_LE_T] = BIN("LeTensor", DS_LE, DS_ORDER_OUT, check_binary),
    [E_LE_S] = BIN_S("LeScalar", DS_LE, D_SCALAR, DS_ORDER_OUT, check_binary),
    [E_GT_T] = BIN("GtTensor", DS_ORDER, DS_ORDER_OUT, check_binary),
    [E_GT_S] = BIN_S("GtScalar", DS_ORDER, D_SCALAR, DS_ORDER_OUT, check_binary),
    [E_GE_T] = BIN("GeTensor", DS_ORDER, DS_ORDER_OUT, check_binary),
    [E_GE_S] = BIN_S("GeScalar", DS_ORDER, D_SCALAR, DS_ORDER_OUT, check_binary),
    [E_LAND] = BIN("LogicalAnd", DS_LOGICAL, DS_LOGICAL_OUT, check_binary),
    [E_LOR] = BIN("LogicalOr", DS_LOGICAL, DS_LOGICAL_OR_OUT, check_binary),
    [E_LXOR] = BIN("LogicalXor", DS_LOGICAL, DS_LOGICAL_OUT, check_binary),
    [E_LNOT] = UN("LogicalNot", DS_LOGICAL_NOT, DS_LOGICAL_NOT, sim_ew_check_unary),
    [E_AND_T] = BIN("BitwiseAndTensor", DS_AND, DS_AND_OUT, check_binary),
    [E_AND_S] = BIN_S("BitwiseAndScalar", DS_AND, D_SCALAR, DS_AND_S_OUT, check_binary),
    [E_OR_T] = BIN("BitwiseOrTensor", DS_OR, DS_OR, check_binary),
    [E_OR_S] = BIN_S("BitwiseOrScalar", DS_OR_S, D_SCALAR, DS_OR_S, check_binary),
    [E_XOR_T] = BIN("BitwiseXorTensor", DS_XOR, DS_XOR, check_binary),
    [E_XOR_S] = BIN_S("BitwiseXorScalar", DS_XOR, D_SCALAR, DS_XOR, check_binary),
    [E_NOT] = UN("BitwiseNot", DS_NOT, DS_NOT, sim_ew_check_unary_same),
    [E_LSHIFT] = {"LeftShift", 3, {P_TENSOR("self", DS_SHIFT, 0, 8),
                                   P_TENSOR("shiftBits", DS_SHIFT, 0, 8),
                                   P_TENSOR_OUT("out", DS_SHIFT, 0, 8)},
                  check_binary, NULL},
    [E_LSHIFTS] = {"LeftShifts", 3, {P_TENSOR("self", DS_SHIFT, 0, 8),
                                     P_SCALAR("shiftBits", D_SCALAR),
                                     P_TENSOR_OUT("out", DS_SHIFT, 0, 8)},
                   check_binary, NULL},
    [E_RSHIFT] = {"RightShift", 3, {P_TENSOR("input", DS_SHIFT, 0, 8),
                                    P_TENSOR("shiftBits", DS_SHIFT, 0, 8),
                                    P_TENSOR_OUT("out", DS_SHIFT, 0, 8)},
                  check_binary, NULL},
};

/* ------------------------------------------------------------------ */
/* Exported operators (ops.md sections 1 and 3: the parameters as        */
/* declared there).                                                      */

#define WS uint64_t *workspaceSize, aclOpExecutor **executor
#define EXPORT_BIN(Name, IDX) \
    SIM_PHASE1(Name, &EW_OPS[IDX], (const aclTensor *self, const aclTensor *other, \
                                    aclTensor *out, WS), \
               {.p = self}, {.p = other}, {.p = out})
#define EXPORT_BIN_S(Name, IDX) \
    SIM_PHASE1(Name, &EW_OPS[IDX], (const aclTensor *self, const aclScalar *other, \
                                    aclTensor *out, WS), \
               {.p = self}, {.p = other}, {.p = out})
#define EXPORT_UN(Name, IDX) \
    SIM_PHASE1(Name, &EW_OPS[IDX], (const aclTensor *self, aclTensor *out, WS), \
               {.p = self}, {.p = out})

SIM_PHASE1(Add, &EW_OPS[E_ADD], (const aclTensor *self, const aclTensor *other,
                                 const aclScalar *alpha, aclTensor *out, WS),
           {.p = self}, {.p = other}, {.p = alpha}, {.p = out})
SIM_PHASE1(Adds, &EW_OPS[E_ADDS], (const aclTensor *self, const aclScalar *other,
                                   const aclScalar *alpha, aclTensor *out, WS),
           {.p = self}, {.p = other}, {.p = alpha}, {.p = out})
SIM_PHASE1(Sub, &EW_OPS[E_SUB], (const aclTensor *self, const aclTensor *other,
                                 const aclScalar *alpha, aclTensor *out, WS),
           {.p = self}, {.p = other}, {.p = alpha}, {.p = out})
SIM_PHASE1(Subs, &EW_OPS[E_SUBS], (const aclTensor *self, const aclScalar *other,
                                   const aclScalar *alpha, aclTensor *out, WS),
           {.p = self}, {.p = other}, {.p = alpha}, {.p = out})
SIM_PHASE1(Rsubs, &EW_OPS[E_RSUBS], (const aclTensor *self, const aclScalar *other,
                                     const aclScalar *alpha, aclTensor *out, WS),
           {.p = self}, {.p = other}, {.p = alpha}, {.p = out})
EXPORT_BIN(Mul, E_MUL)
EXPORT_BIN_S(Muls, E_MULS)
EXPORT_BIN(Div, E_DIV)
EXPORT_BIN_S(Divs, E_DIVS)
EXPORT_BIN(FloorDivide, E_FLOORDIV)
EXPORT_BIN_S(FloorDivides, E_FLOORDIVS)
EXPORT_BIN(RemainderTensorTensor, E_REM_TT)
EXPORT_BIN_S(RemainderTensorScalar, E_REM_TS)
SIM_PHASE1(RemainderScalarTensor, &EW_OPS[E_REM_ST],
           (const aclScalar *self, const aclTensor *other, aclTensor *out, WS),
           {.p = self}, {.p = other}, {.p = out})
EXPORT_BIN(FmodTensor, E_FMOD_T)
EXPORT_BIN_S(FmodScalar, E_FMOD_S)
SIM_PHASE1(PowTensorTensor, &EW_OPS[E_POW_TT],
           (const aclTensor *self, const aclTensor *exponent, aclTensor *out, WS),
           {.p = self}, {.p = exponent}, {.p = out})
SIM_PHASE1(PowTensorScalar, &EW_OPS[E_POW_TS],
           (const aclTensor *self, const aclScalar *exponent, const aclTensor *out, WS),
           {.p = self}, {.p = exponent}, {.p = out})
SIM_PHASE1(PowScalarTensor, &EW_OPS[E_POW_ST],
           (const aclScalar *self, const aclTensor *exponent, const aclTensor *out, WS),
           {.p = self}, {.p = exponent}, {.p = out})
EXPORT_UN(Neg, E_NEG)
EXPORT_UN(Abs, E_ABS)
SIM_PHASE1(Sign, &EW_OPS[E_SIGN], (const aclTensor *self, aclTensor *result, WS),
           {.p = self}, {.p = result})
SIM_PHASE1(Clamp, &EW_OPS[E_CLAMP],
           (const aclTensor *self, const aclScalar *clipValueMin,
            const aclScalar *clipValueMax, aclTensor *out, WS),
           {.p = self}, {.p = clipValueMin}, {.p = clipValueMax}, {.p = out})
SIM_PHASE1(ClampTensor, &EW_OPS[E_CLAMP_T],
           (const aclTensor *self, const aclTensor *clipValueMin,
            const aclTensor *clipValueMax, aclTensor *out, WS),
           {.p = self}, {.p = clipValueMin}, {.p = clipValueMax}, {.p = out})
EXPORT_BIN(Maximum, E_MAXIMUM)
EXPORT_BIN(Minimum, E_MINIMUM)
SIM_PHASE1(SWhere, &EW_OPS[E_SWHERE],
           (const aclTensor *condition, const aclTensor *self, const aclTensor *other,
            aclTensor *out, WS),
           {.p = condition}, {.p = self}, {.p = other}, {.p = out})
EXPORT_BIN(EqTensor, E_EQ_T)
EXPORT_BIN_S(EqScalar, E_EQ_S)
EXPORT_BIN(NeTensor, E_NE_T)
EXPORT_BIN_S(NeScalar, E_NE_S)
EXPORT_BIN(LtTensor, E_LT_T)
EXPORT_BIN_S(LtScalar, E_LT_S)
EXPORT_BIN(LeTensor, E_LE_T)
EXPORT_BIN_S(LeScalar, E_LE_S)
EXPORT_BIN(GtTensor, E_GT_T)
EXPORT_BIN_S(GtScalar, E_GT_S)
EXPORT_BIN(GeTensor, E_GE_T)
EXPORT_BIN_S(GeScalar, E_GE_S)
EXPORT_BIN(LogicalAnd, E_LAND)
EXPORT_BIN(LogicalOr, E_LOR)
EXPORT_BIN(LogicalXor, E_LXOR)
EXPORT_UN(LogicalNot, E_LNOT)
EXPORT_BIN(BitwiseAndTensor, E_AND_T)
EXPORT_BIN_S(BitwiseAndScalar, E_AND_S)
EXPORT_BIN(BitwiseOrTensor, E_OR_T)
EXPORT_BIN_S(BitwiseOrScalar, E_OR_S)
EXPORT_BIN(BitwiseXorTensor, E_XOR_T)
EXPORT_BIN_S(BitwiseXorScalar, E_XOR_S)
EXPORT_UN(BitwiseNot, E_NOT)
SIM_PHASE1(LeftShift, &EW_OPS[E_LSHIFT],
           (const aclTensor *self, const aclTensor *shiftBits, aclTensor *out, WS),
           {.p = self}, {.p = shiftBits}, {.p = out})
SIM_PHASE1(LeftShifts, &EW_OPS[E_LSHIFTS],
           (const aclTensor *self, const aclScalar *shiftBits, aclTensor *out, WS),
           {.p = self}, {.p = shiftBits}, {.p = out})
SIM_PHASE1(RightShift, &EW_OPS[E_RSHIFT],
           (const aclTensor *input, const aclTensor *shiftBits, aclTensor *out, WS),
           {.p = input}, {.p = shiftBits}, {.p = out})
