/*
 * CANN simulator: the random operators (shared/reference/cann/ops.md
 * section 4, wave2_ops.md "Random numbers").  Rows of RANDOM_OPS with the
 * Atlas A2 dtype sets, SIM_PHASE1 pairs at the end; the kernels (one
 * generator keyed by seed, positioned by offset) are in
 * simulator/kernels/random.py.
 *
 * ops.md gives the selfRef dtypes of InplaceUniform, InplaceNormal and
 * InplaceRandom; the signature of aclnnRandperm is marked [check] in
 * wave2_ops.md (n, seed, offset, out): the simulator takes it as written
 * there, with an int64 out of n elements [inferred: torch's randperm
 * writes int64 by default].
 */
#include "sim_internal.h"
#include "sim_ops.h"

/* ops.md 4, "A2 dtypes" column. */
#define DS_UNIFORM (D_F32 | D_S32 | D_S64 | D_BF16 | D_F16 | D_S16 | D_S8 | D_U8 | D_F64)
#define DS_NORMAL (D_F32 | D_BF16 | D_F16 | D_F64)
#define DS_RANDOM (D_BF16 | D_F16 | D_F32 | D_F64 | D_S32 | D_S64 | D_S16 | D_S8 | D_U8 | D_B | \
                   D_C64 | D_C128)
#define DS_RANDPERM (D_S64 | D_S32)

#define P_FLOAT(nm) {nm, SIM_ARG_FLOAT, 0, 0, 0, 0, 0}
#define WS uint64_t *workspaceSize, aclOpExecutor **executor

static aclnnStatus check_uniform(const sim_op *op, const sim_call *call);
static aclnnStatus check_normal(const sim_op *op, const sim_call *call);
static aclnnStatus check_random(const sim_op *op, const sim_call *call);
static aclnnStatus check_randperm(const sim_op *op, const sim_call *call);

enum { RND_UNIFORM, RND_NORMAL, RND_RANDOM, RND_RANDPERM, RND_COUNT };

static const sim_op RANDOM_OPS[RND_COUNT] = {
    /* [from, to) */
    [RND_UNIFORM] = {"InplaceUniform", 5, {
        P_TENSOR_REF("selfRef", DS_UNIFORM, 0, 8),
        P_FLOAT("from"),
        P_FLOAT("to"),
        P_INT("seed"),
        P_INT("offset")},
        check_uniform, NULL},
    /* mean and std are float (ops.md 4: float mean, float std). */
    [RND_NORMAL] = {"InplaceNormal", 5, {
        P_TENSOR_REF("selfRef", DS_NORMAL, 0, 8),
        P_FLOAT("mean"),
        P_FLOAT("std"),
        P_INT("seed"),
        P_INT("offset")},
        check_normal, NULL},
    /* integers in [from, to - 1] */
    [RND_RANDOM] = {"InplaceRandom", 5, {
        P_TENSOR_REF("selfRef", DS_RANDOM, 0, 8),
        P_INT("from"),
        P_INT("to"),
        P_INT("seed"),
        P_INT("offset")},
        check_random, NULL},
    [RND_RANDPERM] = {"Randperm", 4, {
        P_INT("n"),
        P_INT("seed"),
        P_INT("offset"),
        P_TENSOR_OUT("out", DS_RANDPERM, 1, 1)},
        check_randperm, NULL},
};

/* The offset is a position in the stream: negative is no position
 * [simulator choice: Normal and Random take it as int64]. */
static aclnnStatus check_offset(const sim_op *op, int64_t offset)
{
    if (offset < 0) {
        sim_set_error("aclnn%s: offset = %lld is negative", op->name, (long long)offset);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_uniform(const sim_op *op, const sim_call *call)
{
    double from = call->args[1].u.f, to = call->args[2].u.f;
    if (!(from <= to)) {
        sim_set_error("aclnn%s: from = %g must not exceed to = %g", op->name, from, to);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_normal(const sim_op *op, const sim_call *call)
{
    if (!(call->args[2].u.f >= 0)) {
        sim_set_error("aclnn%s: std = %g is negative", op->name, call->args[2].u.f);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return check_offset(op, call->args[4].u.i);
}

static aclnnStatus check_random(const sim_op *op, const sim_call *call)
{
    if (call->args[1].u.i >= call->args[2].u.i) {
        sim_set_error("aclnn%s: from = %lld must be below to = %lld", op->name,
                      (long long)call->args[1].u.i, (long long)call->args[2].u.i);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return check_offset(op, call->args[4].u.i);
}

static aclnnStatus check_randperm(const sim_op *op, const sim_call *call)
{
    const sim_tensor_desc *out = &call->args[3].u.tensor;
    int64_t n = call->args[0].u.i;
    if (n < 0 || out->dims[0] != n) {
        sim_set_error("aclnn%s: n = %lld but out has %lld elements", op->name, (long long)n,
                      (long long)out->dims[0]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return check_offset(op, call->args[2].u.i);
}

SIM_PHASE1(InplaceUniform, &RANDOM_OPS[RND_UNIFORM],
           (aclTensor *selfRef, double from, double to, uint64_t seed, uint64_t offset, WS),
           {.p = selfRef}, {.f = from}, {.f = to}, {.i = (int64_t)seed}, {.i = (int64_t)offset})

SIM_PHASE1(InplaceNormal, &RANDOM_OPS[RND_NORMAL],
           (aclTensor *selfRef, float mean, float std, int64_t seed, int64_t offset, WS),
           {.p = selfRef}, {.f = mean}, {.f = std}, {.i = seed}, {.i = offset})

SIM_PHASE1(InplaceRandom, &RANDOM_OPS[RND_RANDOM],
           (aclTensor *selfRef, int64_t from, int64_t to, int64_t seed, int64_t offset, WS),
           {.p = selfRef}, {.i = from}, {.i = to}, {.i = seed}, {.i = offset})

SIM_PHASE1(Randperm, &RANDOM_OPS[RND_RANDPERM],
           (int64_t n, int64_t seed, int64_t offset, aclTensor *out, WS),
           {.i = n}, {.i = seed}, {.i = offset}, {.p = out})
