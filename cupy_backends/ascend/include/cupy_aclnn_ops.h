/*
 * The one declaration of every aclnn operator this package calls.
 *
 * Each operator is a row X(Name, REPEAT | ONCE, number of arguments,
 * (argument kinds)) of CUPY_ACLNN_OPS: the arguments of phase 1
 * (aclnn<Name>GetWorkspaceSize) before workspaceSize and executor, in the
 * order and with the C types of the operator's documentation
 * (shared/reference/cann/ops.md; a few take `const aclTensor *out`).
 * The rows expand
 *  - into the phase-1 prototypes, which the CANN simulator includes, so its
 *    definitions are checked by the compiler against this table;
 *  - into one trampoline per operator that calls phase 1 with the
 *    arguments taken from an array (cupy_aclnn_arg), so the binding has a
 *    single call function for every operator;
 *  - into cupy_aclnn_ops[], the table the binding reads (name, kinds,
 *    whether its executor may be made repeatable and cached).
 * Phase 2 has one signature for all operators (aclnnRunFunc).
 *
 * Kinds: T const aclTensor * (input); O aclTensor * (output), OC the same
 * documented as const aclTensor *; R aclTensor * selfRef of an in-place
 * operator, an input for executor rebinding (aclnnInplaceCopy declares
 * DFX_IN(selfRef, src), DFX_OUT()); RIO a selfRef that is both input and
 * output for rebinding (aclnnIndexPutImpl: DFX_IN(selfRef, ...),
 * DFX_OUT(selfRef)); S const aclScalar *; L const aclTensorList * (inputs);
 * A const aclIntArray *; I int64_t (IC const); D aclDataType (DC const);
 * B bool (BC const); F float; FD double; U uint64_t; M int8_t.
 *
 * ONCE: the executor is never made repeatable (aclnnNonzero: the output's
 * view shape is written at execution, aclnn.md 4.3; the random
 * operators: their seed and offset are plain attributes, and the offset
 * changes every call, so a cached executor would never be hit again and
 * each call would push a useful entry out of the cache).
 */
#ifndef CUPY_ACLNN_OPS_H
#define CUPY_ACLNN_OPS_H

#include "cupy_acl.h"

#define CUPY_ACLNN_OPS(X) \
    X(Abs, REPEAT, 2, (T, O)) \
    X(Acos, REPEAT, 2, (T, O)) \
    X(Acosh, REPEAT, 2, (T, O)) \
    X(Add, REPEAT, 4, (T, T, S, O)) \
    X(Adds, REPEAT, 4, (T, S, S, O)) \
    /* fused operators (csrc/sim_ops_fused.c cites their docs) */ \
    X(Addcdiv, REPEAT, 5, (T, T, T, S, OC)) \
    X(Addcmul, REPEAT, 5, (T, T, T, S, O)) \
    X(All, REPEAT, 4, (T, A, B, O)) \
    X(Amax, REPEAT, 4, (T, A, B, O)) \
    X(Amin, REPEAT, 4, (T, A, B, O)) \
    X(Any, REPEAT, 4, (T, A, B, O)) \
    X(Arange, REPEAT, 4, (S, S, S, O)) \
    X(ArgMax, REPEAT, 4, (T, I, B, O)) \
    X(ArgMin, REPEAT, 4, (T, I, B, O)) \
    X(Asin, REPEAT, 2, (T, O)) \
    X(Asinh, REPEAT, 2, (T, O)) \
    X(Atan, REPEAT, 2, (T, O)) \
    X(Atan2, REPEAT, 3, (T, T, O)) \
    X(Atanh, REPEAT, 2, (T, O)) \
    X(BatchMatMul, REPEAT, 4, (T, T, O, M)) \
    X(BitwiseAndScalar, REPEAT, 3, (T, S, O)) \
    X(BitwiseAndTensor, REPEAT, 3, (T, T, O)) \
    X(BitwiseNot, REPEAT, 2, (T, O)) \
    X(BitwiseOrScalar, REPEAT, 3, (T, S, O)) \
    X(BitwiseOrTensor, REPEAT, 3, (T, T, O)) \
    X(BitwiseXorScalar, REPEAT, 3, (T, S, O)) \
    X(BitwiseXorTensor, REPEAT, 3, (T, T, O)) \
    X(Cast, REPEAT, 3, (T, DC, O)) \
    X(Ceil, REPEAT, 2, (T, O)) \
    X(Clamp, REPEAT, 4, (T, S, S, O)) \
    X(ClampTensor, REPEAT, 4, (T, T, T, O)) \
    X(Cos, REPEAT, 2, (T, O)) \
    X(Cosh, REPEAT, 2, (T, O)) \
    X(Cumprod, REPEAT, 4, (T, S, DC, O)) \
    X(Cumsum, REPEAT, 4, (T, I, D, O)) \
    X(Div, REPEAT, 3, (T, T, O)) \
    X(Divs, REPEAT, 3, (T, S, O)) \
    X(Dot, REPEAT, 3, (T, T, O)) \
    X(EqScalar, REPEAT, 3, (T, S, O)) \
    X(EqTensor, REPEAT, 3, (T, T, O)) \
    X(Exp, REPEAT, 2, (T, O)) \
    X(Exp2, REPEAT, 2, (T, O)) \
    X(Expm1, REPEAT, 2, (T, O)) \
    X(Flip, REPEAT, 3, (T, A, O)) \
    X(Floor, REPEAT, 2, (T, O)) \
    X(FloorDivide, REPEAT, 3, (T, T, O)) \
    X(FloorDivides, REPEAT, 3, (T, S, O)) \
    X(FmodScalar, REPEAT, 3, (T, S, O)) \
    X(FmodTensor, REPEAT, 3, (T, T, O)) \
    X(GeScalar, REPEAT, 3, (T, S, O)) \
    X(GeTensor, REPEAT, 3, (T, T, O)) \
    X(GtScalar, REPEAT, 3, (T, S, O)) \
    X(GtTensor, REPEAT, 3, (T, T, O)) \
    X(Index, REPEAT, 3, (T, L, O)) \
    X(IndexPutImpl, REPEAT, 5, (RIO, L, T, BC, BC)) \
    X(InplaceCopy, REPEAT, 2, (R, T)) \
    X(InplaceFillScalar, REPEAT, 2, (R, S)) \
    X(InplaceNormal, ONCE, 5, (R, F, F, I, I)) \
    X(InplaceRandom, ONCE, 5, (R, I, I, I, I)) \
    X(InplaceRemainderTensorScalar, REPEAT, 2, (R, S)) \
    X(InplaceUniform, ONCE, 5, (R, FD, FD, U, U)) \
    X(InplaceZero, REPEAT, 1, (R)) \
    X(Inverse, REPEAT, 2, (T, O)) \
    X(IsFinite, REPEAT, 2, (T, O)) \
    X(IsInf, REPEAT, 2, (T, OC)) \
    X(IsNegInf, REPEAT, 2, (T, O)) \
    X(IsPosInf, REPEAT, 2, (T, O)) \
    X(Kthvalue, REPEAT, 6, (T, I, I, B, O, O)) \
    X(LeScalar, REPEAT, 3, (T, S, O)) \
    X(LeTensor, REPEAT, 3, (T, T, O)) \
    X(LeftShift, REPEAT, 3, (T, T, O)) \
    X(LeftShifts, REPEAT, 3, (T, S, O)) \
    X(LinalgCholesky, REPEAT, 3, (T, B, O)) \
    X(LinalgQr, REPEAT, 4, (T, I, O, O)) \
    X(Log, REPEAT, 2, (T, O)) \
    X(Log10, REPEAT, 2, (T, O)) \
    X(Log1p, REPEAT, 2, (T, O)) \
    X(Log2, REPEAT, 2, (T, OC)) \
    X(LogicalAnd, REPEAT, 3, (T, T, O)) \
    X(LogicalNot, REPEAT, 2, (T, O)) \
    X(LogicalOr, REPEAT, 3, (T, T, O)) \
    X(LogicalXor, REPEAT, 3, (T, T, O)) \
    X(LtScalar, REPEAT, 3, (T, S, O)) \
    X(LtTensor, REPEAT, 3, (T, T, O)) \
    X(Matmul, REPEAT, 4, (T, T, O, M)) \
    X(Max, REPEAT, 2, (T, O)) \
    X(Maximum, REPEAT, 3, (T, T, O)) \
    X(Mean, REPEAT, 5, (T, A, B, D, O)) \
    X(Min, REPEAT, 2, (T, O)) \
    X(Minimum, REPEAT, 3, (T, T, O)) \
    X(Mm, REPEAT, 4, (T, T, O, M)) \
    X(Mul, REPEAT, 3, (T, T, O)) \
    X(Muls, REPEAT, 3, (T, S, O)) \
    X(NanToNum, REPEAT, 5, (T, F, F, F, O)) \
    X(NeScalar, REPEAT, 3, (T, S, O)) \
    X(NeTensor, REPEAT, 3, (T, T, O)) \
    X(Neg, REPEAT, 2, (T, O)) \
    X(Nonzero, ONCE, 2, (T, O)) \
    X(PowScalarTensor, REPEAT, 3, (S, T, OC)) \
    X(PowTensorScalar, REPEAT, 3, (T, S, OC)) \
    X(PowTensorTensor, REPEAT, 3, (T, T, O)) \
    X(Prod, REPEAT, 3, (T, DC, O)) \
    X(Randperm, ONCE, 4, (I, I, I, O)) \
    X(ProdDim, REPEAT, 5, (T, I, B, DC, O)) \
    X(ReduceNansum, REPEAT, 5, (T, A, B, D, O)) \
    X(ReduceSum, REPEAT, 5, (T, A, B, D, O)) \
    X(RemainderScalarTensor, REPEAT, 3, (S, T, O)) \
    X(RemainderTensorScalar, REPEAT, 3, (T, S, O)) \
    X(RemainderTensorTensor, REPEAT, 3, (T, T, O)) \
    X(RightShift, REPEAT, 3, (T, T, O)) \
    X(Round, REPEAT, 2, (T, O)) \
    X(Rsubs, REPEAT, 4, (T, S, S, O)) \
    X(SWhere, REPEAT, 4, (T, T, T, O)) \
    X(Sign, REPEAT, 2, (T, O)) \
    X(Signbit, REPEAT, 2, (T, O)) \
    X(Sin, REPEAT, 2, (T, O)) \
    X(Sinh, REPEAT, 2, (T, O)) \
    X(Slogdet, REPEAT, 3, (T, O, O)) \
    X(Sort, REPEAT, 6, (T, B, I, B, O, O)) \
    X(Sqrt, REPEAT, 2, (T, O)) \
    X(Std, REPEAT, 5, (T, A, IC, B, O)) \
    X(Sub, REPEAT, 4, (T, T, S, O)) \
    X(Subs, REPEAT, 4, (T, S, S, O)) \
    X(Svd, REPEAT, 6, (T, BC, BC, O, O, O)) \
    X(Tan, REPEAT, 2, (T, O)) \
    X(Tanh, REPEAT, 2, (T, O)) \
    X(TriangularSolve, REPEAT, 7, (T, T, B, B, B, O, O)) \
    X(Tril, REPEAT, 3, (T, I, O)) \
    X(Triu, REPEAT, 3, (T, I, O)) \
    X(Trunc, REPEAT, 2, (T, O)) \
    X(VarCorrection, REPEAT, 5, (T, A, I, B, O))

/* ---- argument kinds: C type, value from a cupy_aclnn_arg, kind letter ---- */
typedef union {
    const void *p;
    int64_t i;
    double f;
} cupy_aclnn_arg;

#define CUPY_ACLNN_T_T const aclTensor *
#define CUPY_ACLNN_T_O aclTensor *
#define CUPY_ACLNN_T_OC const aclTensor *
#define CUPY_ACLNN_T_R aclTensor *
#define CUPY_ACLNN_T_RIO aclTensor *
#define CUPY_ACLNN_T_S const aclScalar *
#define CUPY_ACLNN_T_L const aclTensorList *
#define CUPY_ACLNN_T_A const aclIntArray *
#define CUPY_ACLNN_T_I int64_t
#define CUPY_ACLNN_T_IC const int64_t
#define CUPY_ACLNN_T_D aclDataType
#define CUPY_ACLNN_T_DC const aclDataType
#define CUPY_ACLNN_T_B bool
#define CUPY_ACLNN_T_BC const bool
#define CUPY_ACLNN_T_F float
#define CUPY_ACLNN_T_FD double
#define CUPY_ACLNN_T_U uint64_t
#define CUPY_ACLNN_T_M int8_t

#define CUPY_ACLNN_V_T(n) (const aclTensor *)a[n].p
#define CUPY_ACLNN_V_O(n) (aclTensor *)a[n].p
#define CUPY_ACLNN_V_OC(n) (const aclTensor *)a[n].p
#define CUPY_ACLNN_V_R(n) (aclTensor *)a[n].p
#define CUPY_ACLNN_V_RIO(n) (aclTensor *)a[n].p
#define CUPY_ACLNN_V_S(n) (const aclScalar *)a[n].p
#define CUPY_ACLNN_V_L(n) (const aclTensorList *)a[n].p
#define CUPY_ACLNN_V_A(n) (const aclIntArray *)a[n].p
#define CUPY_ACLNN_V_I(n) (int64_t)a[n].i
#define CUPY_ACLNN_V_IC(n) (int64_t)a[n].i
#define CUPY_ACLNN_V_D(n) (aclDataType)a[n].i
#define CUPY_ACLNN_V_DC(n) (aclDataType)a[n].i
#define CUPY_ACLNN_V_B(n) (bool)(a[n].i != 0)
#define CUPY_ACLNN_V_BC(n) (bool)(a[n].i != 0)
#define CUPY_ACLNN_V_F(n) (float)a[n].f
#define CUPY_ACLNN_V_FD(n) a[n].f
#define CUPY_ACLNN_V_U(n) (uint64_t)a[n].i
#define CUPY_ACLNN_V_M(n) (int8_t)a[n].i

/* The binding checks its arguments against these letters. */
#define CUPY_ACLNN_K_T "t"
#define CUPY_ACLNN_K_O "o"
#define CUPY_ACLNN_K_OC "o"
#define CUPY_ACLNN_K_R "r"
#define CUPY_ACLNN_K_RIO "x"
#define CUPY_ACLNN_K_S "s"
#define CUPY_ACLNN_K_L "l"
#define CUPY_ACLNN_K_A "a"
#define CUPY_ACLNN_K_I "i"
#define CUPY_ACLNN_K_IC "i"
#define CUPY_ACLNN_K_D "i"
#define CUPY_ACLNN_K_DC "i"
#define CUPY_ACLNN_K_B "b"
#define CUPY_ACLNN_K_BC "b"
#define CUPY_ACLNN_K_F "f"
#define CUPY_ACLNN_K_FD "f"
#define CUPY_ACLNN_K_U "i"
#define CUPY_ACLNN_K_M "i"

#define CUPY_ACLNN_TYPES_1(k0) CUPY_ACLNN_T_##k0
#define CUPY_ACLNN_TYPES_2(k0, k1) CUPY_ACLNN_T_##k0, CUPY_ACLNN_T_##k1
#define CUPY_ACLNN_TYPES_3(k0, k1, k2) CUPY_ACLNN_T_##k0, CUPY_ACLNN_T_##k1, CUPY_ACLNN_T_##k2
#define CUPY_ACLNN_TYPES_4(k0, k1, k2, k3) CUPY_ACLNN_T_##k0, CUPY_ACLNN_T_##k1, CUPY_ACLNN_T_##k2, CUPY_ACLNN_T_##k3
#define CUPY_ACLNN_TYPES_5(k0, k1, k2, k3, k4) CUPY_ACLNN_T_##k0, CUPY_ACLNN_T_##k1, CUPY_ACLNN_T_##k2, CUPY_ACLNN_T_##k3, CUPY_ACLNN_T_##k4
#define CUPY_ACLNN_TYPES_6(k0, k1, k2, k3, k4, k5) CUPY_ACLNN_T_##k0, CUPY_ACLNN_T_##k1, CUPY_ACLNN_T_##k2, CUPY_ACLNN_T_##k3, CUPY_ACLNN_T_##k4, CUPY_ACLNN_T_##k5
#define CUPY_ACLNN_TYPES_7(k0, k1, k2, k3, k4, k5, k6) CUPY_ACLNN_T_##k0, CUPY_ACLNN_T_##k1, CUPY_ACLNN_T_##k2, CUPY_ACLNN_T_##k3, CUPY_ACLNN_T_##k4, CUPY_ACLNN_T_##k5, CUPY_ACLNN_T_##k6
#define CUPY_ACLNN_TYPES_8(k0, k1, k2, k3, k4, k5, k6, k7) CUPY_ACLNN_T_##k0, CUPY_ACLNN_T_##k1, CUPY_ACLNN_T_##k2, CUPY_ACLNN_T_##k3, CUPY_ACLNN_T_##k4, CUPY_ACLNN_T_##k5, CUPY_ACLNN_T_##k6, CUPY_ACLNN_T_##k7
#define CUPY_ACLNN_VALUES_1(k0) CUPY_ACLNN_V_##k0(0)
#define CUPY_ACLNN_VALUES_2(k0, k1) CUPY_ACLNN_V_##k0(0), CUPY_ACLNN_V_##k1(1)
#define CUPY_ACLNN_VALUES_3(k0, k1, k2) CUPY_ACLNN_V_##k0(0), CUPY_ACLNN_V_##k1(1), CUPY_ACLNN_V_##k2(2)
#define CUPY_ACLNN_VALUES_4(k0, k1, k2, k3) CUPY_ACLNN_V_##k0(0), CUPY_ACLNN_V_##k1(1), CUPY_ACLNN_V_##k2(2), CUPY_ACLNN_V_##k3(3)
#define CUPY_ACLNN_VALUES_5(k0, k1, k2, k3, k4) CUPY_ACLNN_V_##k0(0), CUPY_ACLNN_V_##k1(1), CUPY_ACLNN_V_##k2(2), CUPY_ACLNN_V_##k3(3), CUPY_ACLNN_V_##k4(4)
#define CUPY_ACLNN_VALUES_6(k0, k1, k2, k3, k4, k5) CUPY_ACLNN_V_##k0(0), CUPY_ACLNN_V_##k1(1), CUPY_ACLNN_V_##k2(2), CUPY_ACLNN_V_##k3(3), CUPY_ACLNN_V_##k4(4), CUPY_ACLNN_V_##k5(5)
#define CUPY_ACLNN_VALUES_7(k0, k1, k2, k3, k4, k5, k6) CUPY_ACLNN_V_##k0(0), CUPY_ACLNN_V_##k1(1), CUPY_ACLNN_V_##k2(2), CUPY_ACLNN_V_##k3(3), CUPY_ACLNN_V_##k4(4), CUPY_ACLNN_V_##k5(5), CUPY_ACLNN_V_##k6(6)
#define CUPY_ACLNN_VALUES_8(k0, k1, k2, k3, k4, k5, k6, k7) CUPY_ACLNN_V_##k0(0), CUPY_ACLNN_V_##k1(1), CUPY_ACLNN_V_##k2(2), CUPY_ACLNN_V_##k3(3), CUPY_ACLNN_V_##k4(4), CUPY_ACLNN_V_##k5(5), CUPY_ACLNN_V_##k6(6), CUPY_ACLNN_V_##k7(7)
#define CUPY_ACLNN_KINDS_1(k0) CUPY_ACLNN_K_##k0
#define CUPY_ACLNN_KINDS_2(k0, k1) CUPY_ACLNN_K_##k0 CUPY_ACLNN_K_##k1
#define CUPY_ACLNN_KINDS_3(k0, k1, k2) CUPY_ACLNN_K_##k0 CUPY_ACLNN_K_##k1 CUPY_ACLNN_K_##k2
#define CUPY_ACLNN_KINDS_4(k0, k1, k2, k3) CUPY_ACLNN_K_##k0 CUPY_ACLNN_K_##k1 CUPY_ACLNN_K_##k2 CUPY_ACLNN_K_##k3
#define CUPY_ACLNN_KINDS_5(k0, k1, k2, k3, k4) CUPY_ACLNN_K_##k0 CUPY_ACLNN_K_##k1 CUPY_ACLNN_K_##k2 CUPY_ACLNN_K_##k3 CUPY_ACLNN_K_##k4
#define CUPY_ACLNN_KINDS_6(k0, k1, k2, k3, k4, k5) CUPY_ACLNN_K_##k0 CUPY_ACLNN_K_##k1 CUPY_ACLNN_K_##k2 CUPY_ACLNN_K_##k3 CUPY_ACLNN_K_##k4 CUPY_ACLNN_K_##k5
#define CUPY_ACLNN_KINDS_7(k0, k1, k2, k3, k4, k5, k6) CUPY_ACLNN_K_##k0 CUPY_ACLNN_K_##k1 CUPY_ACLNN_K_##k2 CUPY_ACLNN_K_##k3 CUPY_ACLNN_K_##k4 CUPY_ACLNN_K_##k5 CUPY_ACLNN_K_##k6
#define CUPY_ACLNN_KINDS_8(k0, k1, k2, k3, k4, k5, k6, k7) CUPY_ACLNN_K_##k0 CUPY_ACLNN_K_##k1 CUPY_ACLNN_K_##k2 CUPY_ACLNN_K_##k3 CUPY_ACLNN_K_##k4 CUPY_ACLNN_K_##k5 CUPY_ACLNN_K_##k6 CUPY_ACLNN_K_##k7

#ifdef __cplusplus
extern "C" {
#endif

/* ---- phase-1 prototypes ---- */
#define CUPY_ACLNN_PROTO(Name, flag, n, kinds) \
    aclnnStatus aclnn##Name##GetWorkspaceSize(CUPY_ACLNN_TYPES_##n kinds, \
                                              uint64_t *workspaceSize, \
                                              aclOpExecutor **executor);
#ifndef CUPY_ACL_NO_PROTOTYPES
CUPY_ACLNN_OPS(CUPY_ACLNN_PROTO)
#endif

/* ---- the binding's table (CUPY_ACLNN_TABLE defined by its one user) ---- */
#ifdef CUPY_ACLNN_TABLE
typedef aclnnStatus (*cupy_aclnn_phase1)(void *fn, const cupy_aclnn_arg *a,
                                         uint64_t *workspaceSize,
                                         aclOpExecutor **executor);
typedef struct {
    const char *name;         /* without the aclnn prefix */
    int repeatable;           /* REPEAT: 1, ONCE: 0 */
    int nargs;
    const char *kinds;        /* one letter per argument (above) */
    cupy_aclnn_phase1 phase1;
} cupy_aclnn_op_info;

#define CUPY_ACLNN_REPEAT 1
#define CUPY_ACLNN_ONCE 0

#define CUPY_ACLNN_TRAMPOLINE(Name, flag, n, kinds) \
    static aclnnStatus cupy_aclnn_phase1_##Name(void *fn, const cupy_aclnn_arg *a, \
                                                uint64_t *workspaceSize, \
                                                aclOpExecutor **executor) \
    { \
        typedef aclnnStatus (*fn_t)(CUPY_ACLNN_TYPES_##n kinds, uint64_t *, \
                                    aclOpExecutor **); \
        return ((fn_t)fn)(CUPY_ACLNN_VALUES_##n kinds, workspaceSize, executor); \
    }
CUPY_ACLNN_OPS(CUPY_ACLNN_TRAMPOLINE)

#define CUPY_ACLNN_ID(Name, flag, n, kinds) CUPY_ACLNN_OP_##Name,
enum { CUPY_ACLNN_OPS(CUPY_ACLNN_ID) CUPY_ACLNN_NOPS };

#define CUPY_ACLNN_ROW(Name, flag, n, kinds) \
    {#Name, CUPY_ACLNN_##flag, n, CUPY_ACLNN_KINDS_##n kinds, cupy_aclnn_phase1_##Name},
static const cupy_aclnn_op_info cupy_aclnn_ops[] = {CUPY_ACLNN_OPS(CUPY_ACLNN_ROW)};
#endif

#ifdef __cplusplus
}
#endif
#endif /* CUPY_ACLNN_OPS_H */
