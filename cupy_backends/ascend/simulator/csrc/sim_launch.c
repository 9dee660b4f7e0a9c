/*
 * CANN simulator: phase 2 of every operator (aclnn.md section 5): check
 * the executor, its operands and the workspace, then enqueue the kernel on
 * the stream.  A non-repeatable executor is consumed by the call.
 *
 * At enqueue, as at run time, every tensor's device allocation must still
 * be live (aclrtFree does not wait for the stream; a kernel on freed
 * memory faults): a sanitizer error with the status phase 1 uses for
 * freed memory (ACL_ERROR_RT_AICORE_EXCEPTION, sim_nn.h).  A repeatable
 * executor whose aclTensor descriptors were destroyed is a host use after
 * free (aclnn.md 6: the executor keeps them): a sanitizer error, 161002.
 *
 * Facts are from shared/reference/cann/aclnn.md (sections cited inline).
 */
#include "sim_nn.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Workspace contents at kernel start: all-ones bytes read as NaN in every
 * floating format and -1 in every signed integer, so a kernel that relies
 * on the workspace being zero or left over from an earlier call fails. */
#define SIM_WORKSPACE_GARBAGE 0xFF

/* One queued kernel.  A consumed executor travels with it and is freed
 * when the task is released; a repeatable one is snapshotted (own). */
typedef struct {
    sim_call *call;
    aclOpExecutor *consumed;
    uint64_t ws_alloc_id;
    int device_fault;         /* an injected device-side fault: its status */
    const char *names[SIM_MAX_ARGS];
    sim_call own;
} sim_launch;

/* ------------------------------------------------------------------ */
/* The queued task                                                       */

static void *dup_mem(const void *p, size_t n)
{
    if (n == 0) return NULL;
    void *q = malloc(n);
    if (q != NULL) memcpy(q, p, n);
    return q;
}

/* Deep copy: 0, or -1 (out of host memory; dst holds nothing).  Only the
 * call's nargs arguments are copied (nothing reads past them): the whole
 * struct is 16 arguments of about 200 bytes, and the spare tasks a queue
 * of a few hundred launches cycles through are cold in the cache, so a
 * full copy cost about 0.5 us per launch (perf, benchmarks/call.py). */
static int call_clone(sim_call *dst, const sim_call *src)
{
    memcpy(dst->op, src->op, sizeof dst->op);
    dst->nargs = src->nargs;
    memcpy(dst->args, src->args, (size_t)src->nargs * sizeof dst->args[0]);
    dst->workspace = src->workspace;
    dst->workspace_size = src->workspace_size;
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

/* The first tensor of the call whose device memory was freed: its
 * argument index (and element, -1 for a plain tensor), or -1. */
static int first_freed_tensor(sim_call *call, long long *elem)
{
    for (int i = 0; i < call->nargs; i++) {
        uint64_t n;
        const sim_tensor_desc *v = sim_nn_arg_tensors(&call->args[i], &n);
        for (uint64_t k = 0; k < n; k++)
            if (v[k].alloc_id && !sim_mem_alive(v[k].alloc_id)) {
                *elem = call->args[i].kind == SIM_ARG_TENSOR_LIST ? (long long)k : -1;
                return i;
            }
    }
    return -1;
}

/* "selfRef" or "indices[1]", for messages. */
static const char *operand_name(char *buf, size_t len, const char *name, long long elem)
{
    if (elem < 0) snprintf(buf, len, "%s", name ? name : "argument");
    else snprintf(buf, len, "%s[%lld]", name ? name : "argument", elem);
    return buf;
}

static int launch_run(void *arg)
{
    sim_launch *task = arg;
    sim_call *call = task->call;
    char name[96];
    long long elem;
    if (task->device_fault) {
        sim_fault_device_error(call->op, task->device_fault);
        return task->device_fault;
    }
    int i = first_freed_tensor(call, &elem);
    if (i >= 0 || (call->workspace_size && !sim_mem_alive(task->ws_alloc_id))) {
        sim_sanitizer_error("aclnn%s: %s: use after free: its device memory was freed "
                            "before the queued kernel ran", call->op,
                            i >= 0 ? operand_name(name, sizeof name, task->names[i], elem)
                                   : "workspace");
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    if (call->workspace_size)
        memset(call->workspace, SIM_WORKSPACE_GARBAGE, (size_t)call->workspace_size);
    sim_kernel_runner runner = sim_get_kernel_runner();
    if (runner == NULL) {
        sim_set_error("aclnn%s: no kernel runner is registered (the simulator's Python "
                      "module is not loaded, or the interpreter is exiting)", call->op);
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    char err[1024];
    err[0] = '\0';
    if (runner(call, err, sizeof err) != 0) {
        err[sizeof err - 1] = '\0';
        sim_set_error("aclnn%s: kernel failed: %s", call->op, err[0] ? err : "unknown error");
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    return 0;
}

/* Released tasks are kept for reuse, up to SIM_SPARE_TASKS of them (about
 * 3.5 KB each): a task per launch from malloc made a queue of a few
 * thousand launches cost a page fault per launch once glibc had given the
 * last batch's pages back, which no device runtime pays (measured with
 * benchmarks/call.py: a + b into out= went from 2.4 to 4.2 us per call as
 * the queue grew from 100 to 1600 launches). */
#define SIM_SPARE_TASKS 4096

static pthread_mutex_t g_spare_mu = PTHREAD_MUTEX_INITIALIZER;
static sim_launch *g_spare[SIM_SPARE_TASKS];
static int g_nspare;

static sim_launch *task_alloc(void)
{
    sim_launch *task = NULL;
    pthread_mutex_lock(&g_spare_mu);
    if (g_nspare > 0) task = g_spare[--g_nspare];
    pthread_mutex_unlock(&g_spare_mu);
    return task != NULL ? task : malloc(sizeof *task);
}

static void task_free(sim_launch *task)
{
    pthread_mutex_lock(&g_spare_mu);
    if (g_nspare < SIM_SPARE_TASKS) {
        g_spare[g_nspare++] = task;
        task = NULL;
    }
    pthread_mutex_unlock(&g_spare_mu);
    free(task);
}

static void launch_release(void *arg)
{
    sim_launch *task = arg;
    if (task->consumed != NULL)
        sim_nn_executor_free(task->consumed);
    else
        sim_call_release(&task->own);
    task_free(task);
}

/* ------------------------------------------------------------------ */
/* Phase 2                                                               */

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

/* The executor handed to phase 2 of op: live, made by op, not in another
 * thread's hands (claimed here).  A non-repeatable one is then consumed:
 * out of the registry, in *consumed, used up whatever happens next so
 * that a failed phase 2 does not leak it. */
static aclnnStatus take_executor(const char *op, aclOpExecutor *ex, aclOpExecutor **consumed)
{
    *consumed = NULL;
    if (ex == NULL) {
        sim_set_error("aclnn%s: executor is NULL", op);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (sim_nn_reg_lookup(ex) != MAGIC_EXECUTOR) {
        sim_sanitizer_error("aclnn%s: executor %p already consumed or destroyed (phase 2 "
                            "consumes an executor unless aclSetAclOpExecutorRepeatable "
                            "was called)", op, (void *)ex);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (strcmp(ex->call.op, op) != 0) {
        sim_sanitizer_error("aclnn%s: executor %p was made by aclnn%sGetWorkspaceSize",
                            op, (void *)ex, ex->call.op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* The plan belongs to the context of phase 1 (aclnn.md 5: phase 2 runs
     * on a stream of that context) [inferred for repeatable executors]. */
    int cur = sim_current_device();
    if (cur >= 0 && ex->device >= 0 && cur != ex->device) {
        sim_sanitizer_error("aclnn%s: executor %p was planned on device %d but is "
                            "launched with device %d current", op, (void *)ex,
                            ex->device, cur);
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus st = sim_nn_executor_claim("aclnn", op, ex, NULL);
    if (st) return st;
    if (!ex->repeatable) {
        if (!sim_nn_reg_remove(ex, MAGIC_EXECUTOR)) {
            sim_nn_executor_release(ex);
            sim_sanitizer_error("aclnn%s: executor %p already consumed or destroyed", op,
                                (void *)ex);
            return ACLNN_ERR_INNER_NULLPTR;
        }
        *consumed = ex;
    }
    return ACLNN_SUCCESS;
}

/* Every operand still exists: the aclTensor descriptors a repeatable
 * executor keeps (aclnn.md 6), and every tensor's device memory. */
static aclnnStatus check_operands(const char *op, aclOpExecutor *ex)
{
    char name[96];
    for (int i = 0; ex->repeatable && i < ex->call.nargs; i++) {
        uint64_t n;
        const sim_tensor_desc *v = sim_nn_arg_tensors(&ex->call.args[i], &n);
        for (uint64_t k = 0; k < n; k++) {
            if (sim_nn_tensor_alive(v[k].source, v[k].source_serial)) continue;
            long long elem = ex->call.args[i].kind == SIM_ARG_TENSOR_LIST ? (long long)k : -1;
            sim_sanitizer_error("aclnn%s: %s: use after free on the host: its aclTensor %p "
                                "was destroyed while the repeatable executor %p still uses "
                                "it; keep the descriptors alive until "
                                "aclDestroyAclOpExecutor", op,
                                operand_name(name, sizeof name, ex->names[i], elem),
                                (const void *)v[k].source, (void *)ex);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    long long elem;
    int i = first_freed_tensor(&ex->call, &elem);
    if (i < 0) return ACLNN_SUCCESS;
    sim_sanitizer_error("aclnn%s: %s: use after free: its device memory was freed before "
                        "phase 2", op, operand_name(name, sizeof name, ex->names[i], elem));
    return ACL_ERROR_RT_AICORE_EXCEPTION;
}

/* The workspace: at least what phase 1 asked for, in one live device
 * allocation of the current device (its id in *alloc_id). */
static aclnnStatus check_workspace(const char *op, const aclOpExecutor *ex, void *workspace,
                                   uint64_t size, uint64_t *alloc_id)
{
    uint64_t need = ex->workspace_size;
    sim_alloc_t a = {0};
    *alloc_id = 0;
    if (size < need) {
        sim_set_error("aclnn%s: workspaceSize %llu is smaller than the %llu bytes phase 1 "
                      "asked for", op, (unsigned long long)size, (unsigned long long)need);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (need == 0) return ACLNN_SUCCESS;
    if (workspace == NULL) {
        sim_set_error("aclnn%s: workspace is NULL but %llu bytes are needed", op,
                      (unsigned long long)need);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    int r = sim_mem_find(workspace, (size_t)need, 0, &a);
    if (r != SIM_MEM_OK) {
        sim_sanitizer_error("aclnn%s: workspace %p (%llu bytes) is not a live device "
                            "allocation of that size (%s)", op, workspace,
                            (unsigned long long)need,
                            r == SIM_MEM_FREED ? "use after free"
                            : r == SIM_MEM_OUT_OF_BOUNDS ? "out of bounds"
                            : "not device memory");
        return ACLNN_ERR_PARAM_INVALID;
    }
    int cur = sim_current_device();
    if (cur >= 0 && a.device != cur) {
        sim_sanitizer_error("aclnn%s: workspace %p is memory of device %d, but the current "
                            "device is %d", op, workspace, a.device, cur);
        return ACLNN_ERR_PARAM_INVALID;
    }
    *alloc_id = a.id;
    return ACLNN_SUCCESS;
}

/* The task for one launch.  A repeatable executor is snapshotted: the
 * real runtime copies the kernel arguments at launch [inferred from
 * torch_npu's aclnn cache, which rebinds addresses and relaunches without
 * synchronising], so relaunching while an earlier launch is still queued
 * on the same stream is fine, and rebinding or destroying the executor
 * later does not touch queued work. */
static aclnnStatus new_task(const char *op, aclOpExecutor *ex, aclOpExecutor *consumed,
                            void *workspace, uint64_t ws_alloc_id, sim_launch **out)
{
    sim_launch *task = task_alloc();
    if (task != NULL && consumed == NULL && call_clone(&task->own, &ex->call) != 0) {
        task_free(task);
        task = NULL;
    }
    if (task == NULL) {
        sim_set_error("aclnn%s: out of host memory", op);
        return ACLNN_ERR_INNER;
    }
    task->call = consumed != NULL ? &consumed->call : &task->own;
    task->consumed = consumed;
    memcpy(task->names, ex->names, (size_t)ex->call.nargs * sizeof task->names[0]);
    task->ws_alloc_id = ws_alloc_id;
    task->device_fault = 0;
    task->call->workspace = ex->workspace_size ? workspace : NULL;
    task->call->workspace_size = ex->workspace_size;
    *out = task;
    return ACLNN_SUCCESS;
}

/* Checks, then the task, built while this thread holds the executor. */
static aclnnStatus prepare_task(const char *op, aclOpExecutor *ex, aclOpExecutor *consumed,
                                void *workspace, uint64_t workspaceSize, aclrtStream stream,
                                void **resolved, sim_launch **task)
{
    uint64_t ws_alloc_id;
    aclnnStatus st = check_operands(op, ex);
    if (st == 0) st = check_workspace(op, ex, workspace, workspaceSize, &ws_alloc_id);
    if (st) return st;
    if (sim_get_kernel_runner() == NULL) {
        sim_set_error("aclnn%s: no kernel runner is registered (import "
                      "cupy_backends.ascend.simulator._sim)", op);
        return ACLNN_ERR_INNER;
    }
    int rc = sim_stream_resolve(stream, resolved);
    if (rc != 0) {
        runtime_error(op, rc, "invalid stream");
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    return new_task(op, ex, consumed, workspace, ws_alloc_id, task);
}

static aclnnStatus launch_body(const char *op, void *workspace, uint64_t workspaceSize,
                               aclOpExecutor *executor, aclrtStream stream,
                               sim_fault_site **site)
{
    int device = 0;
    int fault = sim_fault_enter_op(site, op, "", &device);
    aclOpExecutor *consumed;
    aclnnStatus st = take_executor(op, executor, &consumed);
    if (st) return st;
    void *resolved = NULL;
    sim_launch *task = NULL;
    if (fault && !device) {
        /* A failed phase 2 still uses up a non-repeatable executor. */
        st = fault;
    } else {
        st = prepare_task(op, executor, consumed, workspace, workspaceSize, stream,
                          &resolved, &task);
        if (st == 0) task->device_fault = fault;
    }
    /* Before the enqueue: a consumed executor belongs to its task then. */
    sim_nn_executor_release(executor);
    if (st) {
        if (consumed != NULL) sim_nn_executor_free(consumed);
        return st;
    }
    /* From here the task owns the launch: on failure the stream released it. */
    int rc = sim_stream_enqueue(resolved, launch_run, task, launch_release);
    if (rc != 0) {
        runtime_error(op, rc, "enqueue failed");
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    SIM_COUNT(kernel_launches, 1);
    return ACLNN_SUCCESS;
}

/* Timed for the simulator's api_ns counter (host time in vendor calls). */
aclnnStatus sim_executor_launch(const char *op, void *workspace, uint64_t workspaceSize,
                                aclOpExecutor *executor, aclrtStream stream,
                                sim_fault_site **site)
{
    int64_t t0 = sim_now_ns();
    aclnnStatus r = launch_body(op, workspace, workspaceSize, executor, stream, site);
    sim_count_api(t0);
    return r;
}
