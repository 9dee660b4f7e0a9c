/*
 * CANN simulator: the executors that carry a planned call from phase 1 to
 * the stream in phase 2 (aclnn.md sections 5 and 6): creation, repeatable
 * executors and their destruction, aclSetInputTensorAddr /
 * aclSetOutputTensorAddr, and the phase-2 launch every operator shares.
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

/* Workspace contents at kernel start: all-ones bytes read as NaN in every
 * floating format and -1 in every signed integer, so a kernel that relies
 * on the workspace being zero or left over from an earlier call fails. */
#define SIM_WORKSPACE_GARBAGE 0xFF

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

static void *dup_mem(const void *p, size_t n)
{
    if (n == 0) return NULL;
    void *q = malloc(n);
    if (q != NULL) memcpy(q, p, n);
    return q;
}

/* Deep copy: 0, or -1 (out of host memory; dst holds nothing). */
static int call_clone(sim_call *dst, const sim_call *src)
{
    memcpy(dst, src, sizeof *dst);
    for (int i = 0; i < src->nargs; i++) {
        sim_arg *a = &dst->args[i];
        void **slot = NULL;
        size_t n = 0;
        switch (a->kind) {
        case SIM_ARG_INT_ARRAY: case SIM_ARG_BOOL_ARRAY:
            slot = (void **)&a->u.iarr.v; n = a->u.iarr.n * sizeof(int64_t); break;
        case SIM_ARG_FLOAT_ARRAY:
            slot = (void **)&a->u.farr.v; n = a->u.farr.n * sizeof(double); break;
        case SIM_ARG_TENSOR_LIST:
            slot = (void **)&a->u.tlist.v; n = a->u.tlist.n * sizeof(sim_tensor_desc); break;
        default:
            continue;
        }
        *slot = dup_mem(*slot, n);
        if (n && *slot == NULL) {
            dst->nargs = i;   /* release what was copied so far */
            sim_call_release(dst);
            return -1;
        }
    }
    return 0;
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
    *out = ex;
    return ACLNN_SUCCESS;
oom:
    sim_set_error("aclnn%sGetWorkspaceSize: out of host memory", call->op);
    sim_call_release(call);
    return SIM_ACLNN_ERR_INNER_CREATE_EXECUTOR;
}

static void executor_free(aclOpExecutor *ex)
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
    executor_free(executor);
    return ACLNN_SUCCESS;
}

/* Rebind tensor #index among the executor's inputs (want_output 0) or
 * outputs (1); tensor-list elements count one by one (aclnn.md section 6).
 * The new address goes through the same memory checks as phase 1. */
static aclnnStatus set_tensor_addr(const char *fn, aclOpExecutor *ex, size_t index,
                                   aclTensor *tensor, void *addr, int want_output)
{
    aclnnStatus st = sim_nn_obj_check("", fn, "executor", ex, MAGIC_EXECUTOR,
                                      ACLNN_ERR_INNER_NULLPTR, ACLNN_ERR_INNER_NULLPTR);
    if (st) return st;
    sim_tensor_desc *d = NULL;
    size_t seen = 0;
    for (int i = 0; i < ex->call.nargs && d == NULL; i++) {
        sim_arg *a = &ex->call.args[i];
        if (a->is_output != want_output) continue;
        if (a->kind == SIM_ARG_TENSOR) {
            if (seen++ == index) d = &a->u.tensor;
        } else if (a->kind == SIM_ARG_TENSOR_LIST) {
            if (index - seen < a->u.tlist.n) d = &a->u.tlist.v[index - seen];
            seen += a->u.tlist.n;
        }
    }
    const char *what = want_output ? "output" : "input";
    if (d == NULL) {
        sim_set_error("%s: index %zu is out of range: the aclnn%s executor has %zu %s "
                      "tensors", fn, index, ex->call.op, seen, what);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (d->data == NULL) {
        sim_set_error("%s: %s tensor %zu of aclnn%s had a NULL address at phase 1 and "
                      "cannot be rebound", fn, what, index, ex->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    st = sim_nn_obj_check("", fn, "tensor", tensor, MAGIC_TENSOR,
                          ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID);
    if (st) return st;
    sim_tensor_desc nd = *d;
    nd.data = addr;
    char arg[64];
    snprintf(arg, sizeof arg, "%s tensor %zu (addr)", what, index);
    st = sim_nn_check_memory("", fn, arg, &nd, sim_desc_numel(&nd));
    if (st) return st;
    *d = nd;
    tensor->data = addr;   /* the real call writes the tensor too */
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index,
                                  aclTensor *tensor, void *addr)
{
    return set_tensor_addr("aclSetInputTensorAddr", executor, index, tensor, addr, 0);
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                   aclTensor *tensor, void *addr)
{
    return set_tensor_addr("aclSetOutputTensorAddr", executor, index, tensor, addr, 1);
}

/* ------------------------------------------------------------------ */
/* Phase 2                                                               */

/* One queued kernel.  A consumed executor travels with it and is freed
 * when the task is released; a repeatable one is snapshotted, so later
 * rebinding or destroying does not touch queued work. */
typedef struct {
    sim_call *call;
    aclOpExecutor *consumed;
    uint64_t ws_alloc_id;
    const char *names[SIM_MAX_ARGS];
    sim_call own;
} sim_launch;

static int launch_freed(const sim_launch *l, const char *name, long long elem)
{
    if (elem < 0)
        sim_sanitizer_error("aclnn%s: %s: use after free: its device memory was freed "
                            "before the queued kernel ran", l->call->op, name);
    else
        sim_sanitizer_error("aclnn%s: %s[%lld]: use after free: its device memory was "
                            "freed before the queued kernel ran", l->call->op, name, elem);
    return ACL_ERROR_RT_AICORE_EXCEPTION;
}

static int launch_run(void *arg)
{
    sim_launch *l = arg;
    sim_call *c = l->call;
    for (int i = 0; i < c->nargs; i++) {
        const sim_arg *a = &c->args[i];
        const char *name = l->names[i] ? l->names[i] : "argument";
        if (a->kind == SIM_ARG_TENSOR) {
            if (a->u.tensor.alloc_id && !sim_mem_alive(a->u.tensor.alloc_id))
                return launch_freed(l, name, -1);
        } else if (a->kind == SIM_ARG_TENSOR_LIST) {
            for (uint64_t k = 0; k < a->u.tlist.n; k++)
                if (a->u.tlist.v[k].alloc_id && !sim_mem_alive(a->u.tlist.v[k].alloc_id))
                    return launch_freed(l, name, (long long)k);
        }
    }
    if (c->workspace_size) {
        if (!sim_mem_alive(l->ws_alloc_id)) return launch_freed(l, "workspace", -1);
        memset(c->workspace, SIM_WORKSPACE_GARBAGE, (size_t)c->workspace_size);
    }
    sim_kernel_runner runner = sim_get_kernel_runner();
    if (runner == NULL) {
        sim_set_error("aclnn%s: no kernel runner is registered (the simulator's Python "
                      "module is not loaded, or the interpreter is exiting)", c->op);
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    char err[1024];
    err[0] = '\0';
    if (runner(c, err, sizeof err) != 0) {
        err[sizeof err - 1] = '\0';
        sim_set_error("aclnn%s: kernel failed: %s", c->op, err[0] ? err : "unknown error");
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    return 0;
}

static void launch_release(void *arg)
{
    sim_launch *l = arg;
    if (l->consumed != NULL)
        executor_free(l->consumed);
    else
        sim_call_release(&l->own);
    free(l);
}

/* A runtime call failed inside phase 2 (aclnn.md 7: 361001): keep the
 * runtime's text, under the operator's name. */
static void runtime_error(const char *op, int rc, const char *what)
{
    static const char san[] = "[simulator sanitizer] ";
    const char *m = aclGetRecentErrMsg();
    int sanitizer = m != NULL && strncmp(m, san, sizeof san - 1) == 0;
    if (sanitizer) m += sizeof san - 1;   /* the runtime already counted it */
    sim_set_error("%saclnn%s: %s (runtime error %d)", sanitizer ? san : "", op,
                  m ? m : what, rc);
}

static aclnnStatus sim_executor_launch_body(const char *op, void *workspace, uint64_t workspaceSize,
                                aclOpExecutor *executor, aclrtStream stream)
{
    if (executor == NULL) {
        sim_set_error("aclnn%s: executor is NULL", op);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (sim_nn_reg_lookup(executor) != MAGIC_EXECUTOR) {
        sim_sanitizer_error("aclnn%s: executor %p already consumed or destroyed (phase 2 "
                            "consumes an executor unless aclSetAclOpExecutorRepeatable "
                            "was called)", op, (void *)executor);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (strcmp(executor->call.op, op) != 0) {
        sim_sanitizer_error("aclnn%s: executor %p was made by aclnn%sGetWorkspaceSize",
                            op, (void *)executor, executor->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* A non-repeatable executor is used up by this call whatever happens
     * next, so a failed phase 2 does not leak it. */
    aclOpExecutor *consumed = NULL;
    if (!executor->repeatable) {
        if (!sim_nn_reg_remove(executor, MAGIC_EXECUTOR)) {
            sim_sanitizer_error("aclnn%s: executor %p already consumed or destroyed", op,
                                (void *)executor);
            return ACLNN_ERR_INNER_NULLPTR;
        }
        consumed = executor;
    }
    aclnnStatus st = ACLNN_SUCCESS;
    uint64_t need = executor->workspace_size;
    sim_alloc_t a = {0};
    if (workspaceSize < need) {
        sim_set_error("aclnn%s: workspaceSize %llu is smaller than the %llu bytes phase 1 "
                      "asked for", op, (unsigned long long)workspaceSize,
                      (unsigned long long)need);
        st = ACLNN_ERR_PARAM_INVALID;
        goto fail;
    }
    if (need > 0) {
        if (workspace == NULL) {
            sim_set_error("aclnn%s: workspace is NULL but %llu bytes are needed", op,
                          (unsigned long long)need);
            st = ACLNN_ERR_PARAM_NULLPTR;
            goto fail;
        }
        int r = sim_mem_find(workspace, (size_t)need, 0, &a);
        if (r != SIM_MEM_OK) {
            sim_sanitizer_error("aclnn%s: workspace %p (%llu bytes) is not a live device "
                                "allocation of that size (%s)", op, workspace,
                                (unsigned long long)need,
                                r == SIM_MEM_FREED ? "use after free"
                                : r == SIM_MEM_OUT_OF_BOUNDS ? "out of bounds"
                                : "not device memory");
            st = ACLNN_ERR_PARAM_INVALID;
            goto fail;
        }
        int cur = sim_current_device();
        if (cur >= 0 && a.device != cur) {
            sim_sanitizer_error("aclnn%s: workspace %p is memory of device %d, but the "
                                "current device is %d", op, workspace, a.device, cur);
            st = ACLNN_ERR_PARAM_INVALID;
            goto fail;
        }
    }
    if (sim_get_kernel_runner() == NULL) {
        sim_set_error("aclnn%s: no kernel runner is registered (import "
                      "cupy_backends.ascend.simulator._sim)", op);
        st = ACLNN_ERR_INNER;
        goto fail;
    }
    void *resolved = NULL;
    int rc = sim_stream_resolve(stream, &resolved);
    if (rc != 0) {
        runtime_error(op, rc, "invalid stream");
        st = ACLNN_ERR_RUNTIME_ERROR;
        goto fail;
    }
    sim_launch *l = malloc(sizeof *l);
    if (l == NULL) goto oom;
    if (consumed != NULL) {
        l->call = &consumed->call;
        l->consumed = consumed;
    } else {
        if (call_clone(&l->own, &executor->call) != 0) {
            free(l);
            goto oom;
        }
        l->call = &l->own;
        l->consumed = NULL;
    }
    memcpy(l->names, executor->names, sizeof l->names);
    l->ws_alloc_id = a.id;
    l->call->workspace = need ? workspace : NULL;
    l->call->workspace_size = need;
    /* From here the task owns l: on failure the stream has released it. */
    rc = sim_stream_enqueue(resolved, launch_run, l, launch_release);
    if (rc != 0) {
        runtime_error(op, rc, "enqueue failed");
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    SIM_COUNT(kernel_launches, 1);
    return ACLNN_SUCCESS;
oom:
    sim_set_error("aclnn%s: out of host memory", op);
    st = ACLNN_ERR_INNER;
fail:
    if (consumed != NULL) executor_free(consumed);
    return st;
}

/* Timed for the simulator's api_ns counter (host time in vendor calls). */
aclnnStatus sim_executor_launch(const char *op, void *workspace, uint64_t workspaceSize,
                                aclOpExecutor *executor, aclrtStream stream)
{
    int64_t t0 = sim_now_ns();
    aclnnStatus r = sim_executor_launch_body(op, workspace, workspaceSize, executor, stream);
    sim_count_api(t0);
    return r;
}
