/*
 * CANN simulator: what the operator files share (private to csrc/).
 *
 * An operator is a sim_op (its parameters with their Atlas A2 dtype sets
 * and rank limits from shared/reference/cann/ops.md, optional extra checks
 * and a workspace rule) plus a pair of exported functions made with
 * SIM_PHASE1 (phase 1 validates through sim_op_prepare and builds the
 * executor; phase 2 is sim_executor_launch).  The engine is
 * sim_op_engine.c; each family keeps its own table in sim_ops_<family>.c
 * (data, elementwise, elementwise_math, reduce, linalg) and its kernels in
 * simulator/kernels/<family>.py.
 */
#ifndef CUPY_SIM_OPS_H
#define CUPY_SIM_OPS_H

#include "sim_internal.h"
/* The operator table of the library: its phase-1 prototypes are declared
 * here, so every SIM_PHASE1 definition below must match them (the compiler
 * rejects a conflicting type), and every operator the library calls must be
 * defined (tests/provider_tests/test_executor_cache.py). */
#include "../../include/cupy_aclnn_ops.h"

#define SIM_OPS_HIDDEN __attribute__((visibility("hidden")))

/* Dtype sets, bit (1 << aclDataType). */
#define DT(x) (UINT64_C(1) << (x))
#define D_F16 DT(ACL_FLOAT16)
#define D_F32 DT(ACL_FLOAT)
#define D_F64 DT(ACL_DOUBLE)
#define D_BF16 DT(ACL_BF16)
#define D_S8 DT(ACL_INT8)
#define D_S16 DT(ACL_INT16)
#define D_S32 DT(ACL_INT32)
#define D_S64 DT(ACL_INT64)
#define D_U8 DT(ACL_UINT8)
#define D_U16 DT(ACL_UINT16)
#define D_U32 DT(ACL_UINT32)
#define D_U64 DT(ACL_UINT64)
#define D_B DT(ACL_BOOL)
#define D_C64 DT(ACL_COMPLEX64)
#define D_C128 DT(ACL_COMPLEX128)
#define D_COMPLEX (D_C64 | D_C128)

/* The numeric types every A2 operator can see as a scalar argument. */
#define D_SCALAR (D_F16 | D_F32 | D_F64 | D_BF16 | D_S8 | D_S16 | D_S32 | D_S64 | \
                  D_U8 | D_U16 | D_U32 | D_U64 | D_B | D_C64 | D_C128)

typedef struct {
    const char *name;
    int8_t kind;        /* SIM_ARG_* */
    int8_t role;        /* SIM_ROLE_* (tensors and lists; NONE otherwise) */
    int8_t optional;    /* NULL allowed */
    int8_t min_rank, max_rank;
    uint64_t dtypes;    /* tensors, lists, scalars: allowed aclDataTypes */
} sim_param;

typedef struct sim_op sim_op;
struct sim_op {
    const char *name;   /* without the aclnn prefix */
    int nparams;
    sim_param params[SIM_MAX_ARGS];
    /* Checks beyond dtype and rank; 0 or a status with the text set. */
    aclnnStatus (*check)(const sim_op *op, const sim_call *call);
    /* Workspace bytes the plan needs; NULL: none. */
    uint64_t (*workspace)(const sim_call *call);
};

/* One value per parameter, in order. */
typedef union {
    const void *p;
    int64_t i;
    double f;
    int b;
} sim_value;

#define P_TENSOR(nm, ds, lo, hi) {nm, SIM_ARG_TENSOR, SIM_ROLE_IN, 0, lo, hi, ds}
#define P_TENSOR_OUT(nm, ds, lo, hi) {nm, SIM_ARG_TENSOR, SIM_ROLE_OUT, 0, lo, hi, ds}
/* In-place selfRef: written, but an input for the rebinding index. */
#define P_TENSOR_REF(nm, ds, lo, hi) {nm, SIM_ARG_TENSOR, SIM_ROLE_REF_IN, 0, lo, hi, ds}
/* In-place selfRef that the operator lists as input and output. */
#define P_TENSOR_REF_INOUT(nm, ds, lo, hi) \
    {nm, SIM_ARG_TENSOR, SIM_ROLE_REF_INOUT, 0, lo, hi, ds}
#define P_SCALAR(nm, ds) {nm, SIM_ARG_SCALAR, 0, 0, 0, 0, ds}
#define P_TENSOR_LIST(nm, ds, lo, hi) {nm, SIM_ARG_TENSOR_LIST, SIM_ROLE_IN, 0, lo, hi, ds}
#define P_INT_ARRAY(nm) {nm, SIM_ARG_INT_ARRAY, 0, 0, 0, 0, 0}
#define P_INT(nm) {nm, SIM_ARG_INT, 0, 0, 0, 0, 0}
#define P_BOOL(nm) {nm, SIM_ARG_BOOL, 0, 0, 0, 0, 0}
/* An aclDataType passed by value: checked against ds like a tensor's. */
#define P_DTYPE(nm, ds) {nm, SIM_ARG_INT, 0, 0, 0, 0, ds}


/* Validate the arguments against the table row and build the executor. */
SIM_OPS_HIDDEN aclnnStatus sim_op_prepare(const sim_op *op, const sim_value *values,
                                         uint64_t *workspaceSize, aclOpExecutor **executor);

/* Shape helpers for the operators' extra checks. */
/* C-contiguous, ignoring size-1 dims (IsContiguous, aclnn.md section 8). */
SIM_OPS_HIDDEN int sim_ops_is_contiguous(const sim_tensor_desc *d);
SIM_OPS_HIDDEN int sim_ops_is_complex(int32_t dtype);
/* NumPy broadcasting of `from` to `to`'s shape. */
SIM_OPS_HIDDEN int sim_ops_broadcasts_to(const sim_tensor_desc *from, const sim_tensor_desc *to);
SIM_OPS_HIDDEN int sim_ops_same_dims(const sim_tensor_desc *a, const sim_tensor_desc *b);
/* `out` has self's dims (and dtype when same_dtype). */
SIM_OPS_HIDDEN aclnnStatus sim_ops_check_out_like(const sim_op *op, const sim_tensor_desc *self,
                                                 const sim_tensor_desc *out, int same_dtype);
/* Distinct axes in [-ndim, ndim); their bit mask in *mask. */
SIM_OPS_HIDDEN aclnnStatus sim_ops_check_axes(const sim_op *op, const char *name,
                                             const sim_arg *arr, int ndim, uint32_t *mask);
/* sim_ops_check_axes, an empty list meaning every axis (all bits set). */
SIM_OPS_HIDDEN aclnnStatus sim_ops_check_reduce_axes(const sim_op *op, const char *name,
                                                    const sim_arg *arr, int ndim,
                                                    uint32_t *mask);
/* da == db, else "<a> has dtype .. but <b> is ..". */
SIM_OPS_HIDDEN aclnnStatus sim_ops_check_same_dtype(const sim_op *op, const char *a, int32_t da,
                                                   const char *b, int32_t db);
/* `out` has self's shape with the axes in mask reduced (kept as 1 when keep). */
/* out has dims[0:nd] (the shape `what` computed), else "out has shape ..
 * but <what> is ..". */
SIM_OPS_HIDDEN aclnnStatus sim_ops_check_out_dims(const sim_op *op, const sim_tensor_desc *out,
                                                 const int64_t *dims, int nd,
                                                 const char *what);
SIM_OPS_HIDDEN aclnnStatus sim_ops_check_reduced_out(const sim_op *op,
                                                    const sim_tensor_desc *self, uint32_t mask,
                                                    int keep, const sim_tensor_desc *out);

/* Exported operators: phase 2, and phase 1 from the table row `OP`. */
#define SIM_OP_RUN(Name)                                                          \
    SIM_EXPORT aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize,   \
                                       aclOpExecutor *executor, aclrtStream stream); \
    SIM_EXPORT aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize,   \
                                       aclOpExecutor *executor, aclrtStream stream)  \
    {                                                                             \
        static sim_fault_site *site;                                              \
        return sim_executor_launch(#Name, workspace, workspaceSize, executor, stream, \
                                   &site);                                        \
    }

/* The remaining operators: the parameters of ops.md, then workspaceSize
 * and executor. */
#define SIM_PHASE1(Name, OP, PARAMS, ...)                                          \
    SIM_EXPORT aclnnStatus aclnn##Name##GetWorkspaceSize PARAMS;                  \
    SIM_EXPORT aclnnStatus aclnn##Name##GetWorkspaceSize PARAMS                   \
    {                                                                             \
        static sim_fault_site *site;                                              \
        int fault = sim_fault_enter_op(&site, #Name, "GetWorkspaceSize", NULL);   \
        if (fault) return fault;                                                  \
        const sim_value v[] = {__VA_ARGS__};                                      \
        return sim_op_prepare(OP, v, workspaceSize, executor);                    \
    }                                                                             \
    SIM_OP_RUN(Name)

#endif
