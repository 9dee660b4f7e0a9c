/*
 * CANN simulator: the executors that carry a planned call from phase 1 to
 * phase 2 (aclnn.md sections 5 and 6): creation, repeatable executors and
 * their destruction, and address rebinding (aclSetInputTensorAddr,
 * aclSetOutputTensorAddr, aclSetTensorAddr).  The phase-2 launch is in
 * sim_launch.c.
 *
 * Executor reuse is modelled strictly.  Where the real API returns a
 * status the simulator returns the same one; where a misuse would make
 * the hardware fault or the host corrupt memory it is reported through
 * the sanitizer (counted in sanitizer_errors):
 *   - an index outside the executor's inputs/outputs, or a tensor that had
 *     a NULL address at phase 1: 161002 (aclnn.md 6);
 *   - a consumed or destroyed executor: sanitizer, 561103;
 *   - the aclTensor at that index was destroyed while the executor still
 *     uses it (aclSetInputTensorAddr writes the new address into the
 *     aclTensor itself, aclnn.md 6: use after free on the host):
 *     sanitizer, 161002;
 *   - `tensor` is not the aclTensor at that index: 161002;
 *   - two host threads using one executor at once: sanitizer, 161002;
 *   - the new address fails phase 1's memory checks: as in phase 1.
 *
 * Facts are from shared/reference/cann/aclnn.md (sections cited inline);
 * sim_nn.h gives the status used for memory faults.
 */
#include "sim_nn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* aclnn.md section 7. */
#define SIM_ACLNN_ERR_INNER_CREATE_EXECUTOR 561101

/* ------------------------------------------------------------------ */
/* Calls                                                                 */

void sim_call_release(sim_call *call)
{
    for (int i = 0; i < call->nargs; i++) {
        sim_arg *a = &call->args[i];
        switch (a->kind) {
        case SIM_ARG_INT_ARRAY: case SIM_ARG_BOOL_ARRAY:
            free(a->u.iarr.v);
            a->u.iarr.v = NULL;
            break;
        case SIM_ARG_FLOAT_ARRAY:
            free(a->u.farr.v);
            a->u.farr.v = NULL;
            break;
        case SIM_ARG_TENSOR_LIST:
            free(a->u.tlist.v);
            a->u.tlist.v = NULL;
            break;
        default:
            break;
        }
        a->kind = SIM_ARG_NONE;
    }
    call->nargs = 0;
}

/* ------------------------------------------------------------------ */
/* Executors (aclnn.md sections 5 and 6)                                 */

aclnnStatus sim_executor_create(sim_call *call, const char *const *names,
                                uint64_t workspace_size, aclOpExecutor **out)
{
    aclOpExecutor *ex = malloc(sizeof *ex);
    if (ex == NULL) goto oom;
    ex->magic = MAGIC_EXECUTOR;
    ex->repeatable = 0;
    ex->workspace_size = workspace_size;
    ex->owner_thread = 0;
    ex->device = sim_current_device();
    for (int i = 0; i < SIM_MAX_ARGS; i++) ex->names[i] = i < call->nargs ? names[i] : NULL;
    memcpy(&ex->call, call, sizeof *call);   /* takes over the owned arrays */
    ex->call.workspace = NULL;
    ex->call.workspace_size = 0;
    if (sim_nn_reg_add(ex, MAGIC_EXECUTOR) != 0) {
        free(ex);
        goto oom;
    }
    call->nargs = 0;
    SIM_COUNT(live_executors, 1);
    SIM_COUNT(executor_creations, 1);
    *out = ex;
    return ACLNN_SUCCESS;
oom:
    sim_set_error("aclnn%sGetWorkspaceSize: out of host memory", call->op);
    sim_call_release(call);
    return SIM_ACLNN_ERR_INNER_CREATE_EXECUTOR;
}

void sim_nn_executor_free(aclOpExecutor *ex)
{
    sim_call_release(&ex->call);
    ex->magic = MAGIC_DEAD;
    free(ex);
    SIM_COUNT(live_executors, -1);
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    aclnnStatus st = sim_nn_obj_check("", "aclSetAclOpExecutorRepeatable", "executor", executor,
                                      MAGIC_EXECUTOR, ACLNN_ERR_INNER_NULLPTR,
                                      ACLNN_ERR_INNER_NULLPTR);
    if (st) return st;
    executor->repeatable = 1;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    aclnnStatus st = sim_nn_obj_check("", "aclDestroyAclOpExecutor", "executor", executor,
                                      MAGIC_EXECUTOR, ACLNN_ERR_INNER_NULLPTR,
                                      ACLNN_ERR_INNER_NULLPTR);
    if (st) return st;
    if (!executor->repeatable) {
        sim_set_error("aclDestroyAclOpExecutor: executor %p of aclnn%s is not repeatable; "
                      "only executors passed to aclSetAclOpExecutorRepeatable may be "
                      "destroyed (phase 2 frees the others)", (void *)executor,
                      executor->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!sim_nn_reg_remove(executor, MAGIC_EXECUTOR)) {
        sim_sanitizer_error("aclDestroyAclOpExecutor: executor %p destroyed twice",
                            (void *)executor);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    /* Launches already queued run on their own snapshot of the call. */
    sim_nn_executor_free(executor);
    return ACLNN_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* Host threads                                                          */

uint64_t sim_nn_thread_id(void)
{
    static uint64_t next_id;   /* atomic */
    static __thread uint64_t id;
    if (id == 0) id = __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
    return id;
}

/* An executor's call is plain memory: a thread that rebinds it while
 * another has rebound it and not launched yet races with it (on the
 * device: a kernel with a mix of both threads' addresses). */
aclnnStatus sim_nn_executor_claim(const char *pfx, const char *fn, aclOpExecutor *ex,
                                  int *fresh)
{
    uint64_t me = sim_nn_thread_id(), owner = 0;
    int taken = __atomic_compare_exchange_n(&ex->owner_thread, &owner, me, 0, __ATOMIC_ACQ_REL,
                                            __ATOMIC_ACQUIRE);
    if (fresh != NULL) *fresh = taken;
    if (taken || owner == me) return ACLNN_SUCCESS;
    sim_sanitizer_error("%s%s: executor %p of aclnn%s used by two host threads at once: "
                        "another thread rebound its addresses and has not launched it "
                        "(phase 2) yet; give each thread its own executor", pfx, fn,
                        (void *)ex, ex->call.op);
    return ACLNN_ERR_PARAM_INVALID;
}

void sim_nn_executor_release(aclOpExecutor *ex)
{
    uint64_t me = sim_nn_thread_id();
    __atomic_compare_exchange_n(&ex->owner_thread, &me, 0, 0, __ATOMIC_ACQ_REL,
                                __ATOMIC_ACQUIRE);
}

/* ------------------------------------------------------------------ */
/* Address rebinding (aclnn.md section 6)                                */

enum { SIDE_INPUTS, SIDE_OUTPUTS, SIDE_BOTH };

/* Tensor #index among the executor's inputs or outputs, in argument order
 * (the operator's DFX_IN / DFX_OUT lists, sim_internal.h); list elements
 * count one by one; optional tensors passed as NULL do not count.  NULL
 * when out of range; *count: the tensors on that side. */
static sim_tensor_desc *side_tensor(sim_call *c, int outputs, size_t index, size_t *count)
{
    sim_tensor_desc *found = NULL;
    size_t seen = 0;
    for (int i = 0; i < c->nargs; i++) {
        sim_arg *a = &c->args[i];
        if (!(outputs ? sim_role_is_output(a->role) : sim_role_is_input(a->role))) continue;
        uint64_t n;
        sim_tensor_desc *v = sim_nn_arg_tensors(a, &n);
        if (found == NULL && index >= seen && index - seen < n) found = &v[index - seen];
        seen += n;
    }
    *count = seen;
    return found;
}

/* The tensor `side` names by index (SIDE_BOTH: inputs, then outputs), or
 * NULL with the error set; *is_output and *k say where it sits (formatted
 * into a label only for an error message: rebinding is the hot path). */
static sim_tensor_desc *rebind_target(const char *fn, aclOpExecutor *ex, size_t index,
                                      int side, int *is_output, size_t *k)
{
    size_t n_in = 0, n_out = 0;
    sim_tensor_desc *d = NULL;
    *is_output = 0;
    *k = index;
    if (side != SIDE_OUTPUTS)
        d = side_tensor(&ex->call, 0, index, &n_in);
    if (side == SIDE_OUTPUTS || (side == SIDE_BOTH && d == NULL)) {
        *k = side == SIDE_BOTH ? index - n_in : index;   /* index >= n_in here */
        *is_output = 1;
        d = side_tensor(&ex->call, 1, *k, &n_out);
    }
    if (d != NULL) return d;
    if (side == SIDE_BOTH)
        sim_set_error("%s: index %zu is out of range: the aclnn%s executor has %zu input "
                      "and %zu output tensors", fn, index, ex->call.op, n_in, n_out);
    else
        sim_set_error("%s: index %zu is out of range: the aclnn%s executor has %zu %s "
                      "tensors", fn, index, ex->call.op, side ? n_out : n_in,
                      side ? "output" : "input");
    return NULL;
}

/* "input 1" / "output 0": formatted only for an error message (rebinding
 * is on the hot path of every cached call). */
static const char *rebind_label(char *buf, size_t len, int is_output, size_t k)
{
    snprintf(buf, len, "%s %zu", is_output ? "output" : "input", k);
    return buf;
}

/* The checks on what sits at the index and on the caller's `tensor`. */
static aclnnStatus check_rebind_tensor(const char *fn, const aclOpExecutor *ex,
                                       int is_output, size_t k, const sim_tensor_desc *d,
                                       const aclTensor *tensor)
{
    char label[48];
    if (d->data == NULL) {
        sim_set_error("%s: %s of aclnn%s had a NULL address at phase 1 and cannot be "
                      "rebound", fn, rebind_label(label, sizeof label, is_output, k),
                      ex->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!sim_nn_tensor_alive(d->source, d->source_serial)) {
        sim_sanitizer_error("%s: use after free on the host: the aclTensor %p at %s of the "
                            "aclnn%s executor was destroyed, but the executor writes the "
                            "new address into it; keep the descriptors alive until "
                            "aclDestroyAclOpExecutor", fn, (const void *)d->source,
                            rebind_label(label, sizeof label, is_output, k), ex->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus st = sim_nn_obj_check("", fn, "tensor", tensor, MAGIC_TENSOR,
                                      ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    if (tensor != d->source) {
        sim_set_error("%s: tensor %p is not %s of the aclnn%s executor (that is aclTensor "
                      "%p); pass the descriptor given to phase 1", fn, (const void *)tensor,
                      rebind_label(label, sizeof label, is_output, k), ex->call.op,
                      (const void *)d->source);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* Rebind one tensor of the executor to addr.  The new address goes
 * through the same memory checks as phase 1. */
static aclnnStatus rebind(const char *fn, aclOpExecutor *ex, size_t index, aclTensor *tensor,
                          void *addr, int side)
{
    aclnnStatus st = sim_nn_obj_check("", fn, "executor", ex, MAGIC_EXECUTOR,
                                      ACLNN_ERR_INNER_NULLPTR, ACLNN_ERR_INNER_NULLPTR);
    if (st) return st;
    int fresh;
    if ((st = sim_nn_executor_claim("", fn, ex, &fresh))) return st;
    int is_output;
    size_t k;
    sim_tensor_desc nd, *d = rebind_target(fn, ex, index, side, &is_output, &k);
    st = d == NULL ? ACLNN_ERR_PARAM_INVALID
                   : check_rebind_tensor(fn, ex, is_output, k, d, tensor);
    if (st == 0) {
        nd = *d;
        nd.data = addr;
        st = sim_nn_check_memory("", fn, is_output ? "the new output address"
                                                   : "the new input address",
                                 &nd, sim_desc_numel(&nd));
    }
    if (st) {
        /* a failed first rebind leaves the executor as it was: unowned */
        if (fresh) sim_nn_executor_release(ex);
        return st;
    }
    *d = nd;
    tensor->data = addr;   /* the real call writes the tensor too */
    SIM_COUNT(address_rebinds, 1);
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index,
                                  aclTensor *tensor, void *addr)
{
    return rebind("aclSetInputTensorAddr", executor, index, tensor, addr, SIDE_INPUTS);
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                   aclTensor *tensor, void *addr)
{
    return rebind("aclSetOutputTensorAddr", executor, index, tensor, addr, SIDE_OUTPUTS);
}

/* Not in cupy_acl.h (the library does not call it): the index runs over
 * the inputs, then the outputs (aclnn.md 6). */
SIM_EXPORT aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index,
                                        aclTensor *tensor, void *addr);
SIM_EXPORT aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index,
                                        aclTensor *tensor, void *addr)
{
    return rebind("aclSetTensorAddr", executor, index, tensor, addr, SIDE_BOTH);
}
