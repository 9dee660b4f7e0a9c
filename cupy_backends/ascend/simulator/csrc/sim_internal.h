/*
 * CANN simulator: what its C files share.
 *
 * The simulator is a shared object that exports the CANN C ABI declared in
 * include/cupy_acl.h (aclInit, aclrtMalloc, aclCreateTensor, aclnnXxx ...)
 * on host memory.  The binding loads it with dlopen/dlsym exactly like the
 * real libascendcl.so / libnnopbase.so / libopapi.so, so the code path that
 * CI runs is the one a 910B runs.
 *
 * Files, each depending only on those listed after it:
 *   sim_ops_*.c     the operator families (tables and phase-1 entry
 *                   points); the kernels themselves run in Python/NumPy
 *                   (simulator/kernels/) through the kernel runner hook.
 *   sim_op_engine.c phase 1 of every operator: validation against the
 *                   family's table, shared shape checks (sim_ops.h).
 *   sim_launch.c    phase 2 of every operator: checks, the queued kernel.
 *   sim_executor.c  executors, repeatable executors, address rebinding.
 *   sim_sanitizer.c the sanitizer checks on tensors; operator arguments.
 *   sim_objects.c   aclTensor/aclScalar/arrays/lists and the registry of
 *                   live objects.  (These four share sim_nn.h.)
 *   sim_dtype.c     the aclDataType table.
 *   sim_runtime.c   aclInit, devices, aclrtSynchronizeDevice, controls;
 *   sim_memory.c    memory (device + pinned host), copies, memset;
 *   sim_stream.c    streams (one worker thread each), events;
 *   sim_state.c     init state, errors, counters, configuration values
 *                   (the runtime files share sim_rt.h).
 */
#ifndef CUPY_SIM_INTERNAL_H
#define CUPY_SIM_INTERNAL_H

/* Every function of cupy_acl.h's lists is defined under the symbol
 * sim_real_<name>; sim_faults.c exports the real names, counting calls and
 * injecting faults before it calls the definition.  Calls inside the
 * simulator go straight to the definitions. */
#ifndef SIM_FAULTS_WRAPPERS
#define CUPY_ACL_PROTO_ASM(name) "sim_real_" #name
#endif
#include "../../include/cupy_acl.h"
#include <stdint.h>
#include <stddef.h>

#define SIM_EXPORT __attribute__((visibility("default")))

/* 910B allocation rules (runtime.md 7.1): start 64-byte aligned, reserved
 * size ALIGN_UP(size, 32) + 32. */
#define SIM_MALLOC_ALIGN 64
#define SIM_DATA_ALIGN 32
#define SIM_DATA_PAD 32
/* aclnn tensors: at most 8 dims (aclnn.md section 8); tensorData 32-byte aligned (4.1). */
#define SIM_MAX_DIMS 8
#define SIM_TENSOR_ALIGN 32

/* ------------------------------------------------------------------ */
/* Counters: all updated with __atomic builtins; read with             */
/* cupy_sim_get_counters().  Field order is ABI with _sim.pyx.         */
typedef struct {
    int64_t live_device_allocs;
    int64_t live_device_bytes;     /* requested bytes */
    int64_t live_host_allocs;      /* aclrtMallocHost */
    int64_t live_host_bytes;
    int64_t live_streams;          /* created streams, not the default ones */
    int64_t live_events;
    int64_t live_tensors;
    int64_t live_scalars;
    int64_t live_int_arrays;
    int64_t live_float_arrays;
    int64_t live_bool_arrays;
    int64_t live_tensor_lists;
    int64_t live_scalar_lists;
    int64_t live_executors;
    int64_t h2d_bytes;             /* host->device bytes, sync + async */
    int64_t d2h_bytes;
    int64_t d2d_bytes;
    int64_t h2d_copies;
    int64_t d2h_copies;
    int64_t d2d_copies;
    int64_t kernel_launches;       /* operator phase-2 calls that enqueued work */
    int64_t sanitizer_errors;      /* every check that fired */
    int64_t api_ns;                /* host time in timed aclnn entry points */
    int64_t api_calls;             /* (phase 1, phase 2, tensor create/destroy) */
    /* Calls, for tests that prove an operation reused what it cached. */
    int64_t phase1_calls;          /* aclnn*GetWorkspaceSize, successful or not */
    int64_t executor_creations;    /* executors phase 1 made */
    int64_t address_rebinds;       /* successful aclSet{Input,Output,}TensorAddr */
    int64_t synchronizations;      /* aclrtSynchronize{Stream,Device,Event} calls */
    int64_t tensor_creations;      /* aclCreateTensor results */
    int64_t scalar_creations;      /* aclCreateScalar results */
    int64_t array_creations;       /* int/float/bool arrays, tensor/scalar lists */
} sim_counters_t;

extern sim_counters_t sim_counters;
#define SIM_COUNT(field, n) __atomic_fetch_add(&sim_counters.field, (int64_t)(n), __ATOMIC_RELAXED)

#include <time.h>
static inline int64_t sim_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
/* Count one timed entry point that started at t0 (benchmarks split the
 * host cost of an operation into library and simulated-vendor time). */
static inline void sim_count_api(int64_t t0)
{
    SIM_COUNT(api_ns, sim_now_ns() - t0);
    SIM_COUNT(api_calls, 1);
}

/* ------------------------------------------------------------------ */
/* Errors: aclGetRecentErrMsg text, per thread.                         */
void sim_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Same, and counts a sanitizer error; message is prefixed "[simulator sanitizer] ". */
void sim_sanitizer_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ------------------------------------------------------------------ */
/* State and configuration                                              */
int sim_is_initialized(void);
/* Device bound to the calling thread by aclrtSetDevice, or -1. */
int sim_current_device(void);
int sim_device_count(void);

/* ------------------------------------------------------------------ */
/* Memory registry                                                      */
typedef struct {
    uintptr_t base;
    size_t size;       /* requested size */
    size_t reserved;   /* ALIGN_UP(size, 32) + 32 */
    uint64_t id;       /* unique per allocation, never reused */
    int device;        /* -1 for pinned host memory */
    int is_host;       /* 1: aclrtMallocHost */
} sim_alloc_t;

enum {
    SIM_MEM_OK = 0,
    SIM_MEM_UNKNOWN = 1,        /* not inside any allocation we made */
    SIM_MEM_FREED = 2,          /* inside an allocation that was freed */
    SIM_MEM_OUT_OF_BOUNDS = 3,  /* starts inside a live allocation, runs past its end */
};

/* Find the live allocation that holds [p, p + nbytes).  want_host: 1 pinned
 * host, 0 device.  Returns a SIM_MEM_* value; fills *out on OK and
 * OUT_OF_BOUNDS.  Thread safe. */
int sim_mem_find(const void *p, size_t nbytes, int want_host, sim_alloc_t *out);
/* 1 while the allocation with this id is live. */
int sim_mem_alive(uint64_t id);

/* ------------------------------------------------------------------ */
/* Streams: FIFO of tasks, one worker thread per stream.                */
typedef struct sim_task sim_task;
/* Runs on the stream's worker thread.  Returns 0, or an aclError that
 * becomes the stream's sticky fault, reported (and cleared) by the next
 * synchronize of that stream/device/event, like an asynchronous device
 * fault on real hardware.  The task sets sim_set_error() text first. */
typedef int (*sim_task_fn)(void *arg);
/* Called once after run (or if the task is dropped); frees arg. */
typedef void (*sim_release_fn)(void *arg);

/* Resolve the stream handle (NULL = default stream of the calling thread's
 * device), check it belongs to the current device.  0 or an aclError. */
int sim_stream_resolve(aclrtStream stream, void **resolved);
/* Enqueue on a resolved stream. 0 or an aclError. */
int sim_stream_enqueue(void *resolved, sim_task_fn run, void *arg, sim_release_fn release);

/* ------------------------------------------------------------------ */
/* Kernels: the Python side registers one runner.                       */
enum {
    SIM_ARG_NONE = 0,      /* an optional argument passed as NULL */
    SIM_ARG_TENSOR = 1,
    SIM_ARG_SCALAR = 2,
    SIM_ARG_INT = 3,
    SIM_ARG_FLOAT = 4,
    SIM_ARG_BOOL = 5,
    SIM_ARG_INT_ARRAY = 6,
    SIM_ARG_TENSOR_LIST = 7,
    SIM_ARG_FLOAT_ARRAY = 8,
    SIM_ARG_BOOL_ARRAY = 9,
};

/* What a tensor argument is to its operator.  The rebinding index of
 * aclSetInputTensorAddr / aclSetOutputTensorAddr follows each operator's
 * L2_DFX_PHASE_1 DFX_IN / DFX_OUT lists (hicann opbase, ops-math): an
 * in-place selfRef is an input (aclnnInplaceCopy: DFX_IN(selfRef, src)
 * DFX_OUT()), except where the operator lists it on both sides
 * (aclnnIndexPutImpl: DFX_IN(selfRef, indices, values, ...) DFX_OUT(selfRef)).
 * Which tensors the kernel writes does not depend on the role. */
enum {
    SIM_ROLE_NONE = 0,     /* scalars, arrays, plain values: not indexed */
    SIM_ROLE_IN = 1,       /* read */
    SIM_ROLE_OUT = 2,      /* written: an output */
    SIM_ROLE_REF_IN = 3,   /* written in place, indexed as an input */
    SIM_ROLE_REF_INOUT = 4 /* written in place, indexed as input and output */
};

static inline int sim_role_is_input(int32_t role)
{
    return role == SIM_ROLE_IN || role == SIM_ROLE_REF_IN || role == SIM_ROLE_REF_INOUT;
}

static inline int sim_role_is_output(int32_t role)
{
    return role == SIM_ROLE_OUT || role == SIM_ROLE_REF_INOUT;
}

typedef struct {
    void *data;               /* tensorData: storage base */
    uint64_t alloc_id;        /* allocation holding the storage, 0 if data NULL */
    int32_t dtype;            /* aclDataType */
    int32_t ndim;
    int64_t dims[SIM_MAX_DIMS];
    int64_t strides[SIM_MAX_DIMS];   /* elements */
    int64_t offset;                  /* elements */
    int64_t storage_elems;           /* product of storageDims */
    /* The aclTensor it was read from at phase 1 (never dereferenced
     * without sim_nn_tensor_alive: it may be destroyed since). */
    const aclTensor *source;
    uint64_t source_serial;
} sim_tensor_desc;

typedef struct {
    int32_t kind;             /* SIM_ARG_* */
    int32_t role;             /* SIM_ROLE_* */
    union {
        sim_tensor_desc tensor;
        struct { int32_t dtype; unsigned char bytes[16]; } scalar;
        int64_t i;
        double f;
        int b;
        struct { int64_t *v; uint64_t n; } iarr;     /* owned by the call */
        struct { double *v; uint64_t n; } farr;      /* owned by the call */
        struct { sim_tensor_desc *v; uint64_t n; } tlist;  /* owned by the call */
    } u;
} sim_arg;

#define SIM_MAX_ARGS 16
typedef struct {
    char op[64];              /* e.g. "InplaceCopy" (aclnn prefix dropped) */
    int32_t nargs;
    sim_arg args[SIM_MAX_ARGS];
    void *workspace;          /* set at phase 2 */
    uint64_t workspace_size;
} sim_call;

/* Runs the kernel for call->op (acquires the GIL itself).  0 on success;
 * on failure writes a message to errbuf and returns non-zero. */
typedef int (*sim_kernel_runner)(const sim_call *call, char *errbuf, size_t errlen);
sim_kernel_runner sim_get_kernel_runner(void);

/* Exported to the Python module (declared again in _sim.pyx). */
SIM_EXPORT void cupy_sim_set_kernel_runner(sim_kernel_runner fn);
SIM_EXPORT void cupy_sim_get_counters(sim_counters_t *out);
SIM_EXPORT void cupy_sim_reset_transfer_counters(void);
/* Delay (microseconds) the worker sleeps before each task; 0 = off. */
SIM_EXPORT void cupy_sim_set_strict_delay_us(int64_t us);
SIM_EXPORT int64_t cupy_sim_get_strict_delay_us(void);
/* Simulated device count and memory per device; take effect at aclInit
 * (defaults from the environment: CUPY_ASCEND_SIMULATOR_DEVICES,
 * CUPY_ASCEND_SIMULATOR_MEMORY, CUPY_ASCEND_SIMULATOR_STRICT). */
SIM_EXPORT int cupy_sim_device_count(void);
SIM_EXPORT size_t cupy_sim_device_memory(void);
/* Wait for every stream of every device; used at interpreter exit. */
SIM_EXPORT void cupy_sim_drain_all(void);

/* ------------------------------------------------------------------ */
/* Data types (sim_dtype.c); aclnn objects, sanitizer and executors   */
/* (sim_objects.c, sim_sanitizer.c, sim_executor.c), used by the      */
/* operators (sim_op_engine.c, sim_ops_*.c).                          */

/* runtime.md 10: bits per element of a defined aclDataType (sub-byte
 * types packed), 0 when the value is not defined. */
int sim_dtype_bits(int32_t dtype);
int sim_dtype_defined(int32_t dtype);
const char *sim_dtype_name(int32_t dtype);   /* "float32", ..., "undefined" */
/* Bytes of elems elements; UINT64_MAX on overflow. */
uint64_t sim_dtype_nbytes(int32_t dtype, uint64_t elems);
/* Elements of a (sanitized) view. */
int64_t sim_desc_numel(const sim_tensor_desc *d);
/* "(2, 3)" / "(5,)" / "()" into buf, for messages; returns buf. */
const char *sim_fmt_dims(char *buf, size_t len, const int64_t *v, int n);

/* Turn one operator argument into a sim_arg.  op is the operator without
 * the aclnn prefix ("InplaceCopy"), name the parameter's name; both appear
 * in error messages.  Tensors go through the sanitizer (live object,
 * defined dtype, rank <= SIM_MAX_DIMS, no negative stride, 32-byte aligned
 * data, view inside storage, storage inside one live device allocation of
 * the current device; alloc_id captured).  optional: NULL becomes
 * SIM_ARG_NONE.  Returns 0 or a status with the error text set; on failure
 * *out owns nothing.  Bool arrays travel in u.iarr as 0/1 (kind
 * SIM_ARG_BOOL_ARRAY). */
aclnnStatus sim_arg_tensor(const char *op, const char *name, const aclTensor *t,
                           int role, int optional, sim_arg *out);
aclnnStatus sim_arg_scalar(const char *op, const char *name, const aclScalar *s,
                           int optional, sim_arg *out);
aclnnStatus sim_arg_int_array(const char *op, const char *name, const aclIntArray *a,
                              int optional, sim_arg *out);
aclnnStatus sim_arg_float_array(const char *op, const char *name, const aclFloatArray *a,
                                int optional, sim_arg *out);
aclnnStatus sim_arg_bool_array(const char *op, const char *name, const aclBoolArray *a,
                               int optional, sim_arg *out);
aclnnStatus sim_arg_tensor_list(const char *op, const char *name, const aclTensorList *l,
                                int role, int optional, sim_arg *out);
/* Free what the call's arguments own; sets nargs to 0. */
void sim_call_release(sim_call *call);

/* Phase 1 result: an executor that takes over *call (call->op set,
 * nargs and args filled).  names[i]: static name of argument i, for
 * messages.  On failure the call is released. */
aclnnStatus sim_executor_create(sim_call *call, const char *const *names,
                                uint64_t workspace_size, aclOpExecutor **out);
/* Phase 2 of every operator (sim_launch.c): checks the executor (live,
 * made by op, not in another thread's hands), its operands and the
 * workspace, then enqueues the kernel on the stream.  A non-repeatable
 * executor is consumed.  site: the operator's fault-injection site. */
typedef struct sim_fault_site sim_fault_site;
aclnnStatus sim_executor_launch(const char *op, void *workspace, uint64_t workspaceSize,
                                aclOpExecutor *executor, aclrtStream stream,
                                sim_fault_site **site);

/* ------------------------------------------------------------------ */
/* Fault injection (sim_faults.c).  A site is one entry point; its calls  */
/* are counted whether or not faults are set.                           */
/* The site of name, created on first use; *cache makes later calls free. */
sim_fault_site *sim_fault_site_of(sim_fault_site **cache, const char *name);
/* Count one call; 0, or the status the injected fault returns (the error
 * text is set).  *device (may be NULL) is set to 1 when the fault is a
 * device-side one: the caller succeeds now and fails the queued work with
 * the returned status, reported at the next synchronize. */
int sim_fault_enter(sim_fault_site *site, int *device);
/* The operator entry points (sim_ops.h macros): site of "aclnn<op><suffix>". */
int sim_fault_enter_op(sim_fault_site **cache, const char *op, const char *suffix,
                       int *device);
/* Text of a device-side fault for the task to set when it fails. */
void sim_fault_device_error(const char *op, int status);
SIM_EXPORT int cupy_sim_faults_set(const char *spec, char *err, size_t errlen);
SIM_EXPORT void cupy_sim_faults_clear(void);
/* Up to max sites: names (static for the process) and call counts;
 * returns the number of sites. */
SIM_EXPORT int cupy_sim_faults_counts(const char **names, int64_t *calls, int max);
SIM_EXPORT void cupy_sim_faults_reset_counts(void);
/* Faults injected since the last set/clear. */
SIM_EXPORT int64_t cupy_sim_faults_injected(void);

#endif
