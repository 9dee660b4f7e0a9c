/*
 * CANN simulator: what the aclnn object files (sim_objects.c,
 * sim_sanitizer.c, sim_executor.c, sim_launch.c) share with each other and
 * with nobody else.  The API other simulator files may use is sim_internal.h.
 *
 * Facts are from shared/reference/cann/aclnn.md (sections cited inline).
 *
 * Every object starts with a magic tag and is entered into a registry of
 * live objects (a hash set keyed by address).  An argument is accepted only
 * if its address is registered with the expected kind, so a destroyed,
 * consumed or foreign pointer is reported instead of dereferenced.
 *
 * Status choice for memory faults: where real hardware would crash (a
 * kernel touching freed, unallocated, host or out-of-range memory) the
 * simulator reports ACL_ERROR_RT_AICORE_EXCEPTION (507015), the code the
 * 910B raises for an AI-core fault (runtime.md 9.2), through
 * sim_sanitizer_error.  Phase 1 returns it synchronously: the simulator is
 * stricter than the device, which only faults when the kernel runs.
 */
#ifndef CUPY_SIM_NN_H
#define CUPY_SIM_NN_H

#include "sim_internal.h"
#include <stdint.h>
#include <stddef.h>

/* The shared helpers below stay out of the .so's dynamic symbol table:
 * only the CANN ABI and cupy_sim_* are meant to be found by dlsym. */
#define SIM_NN_HIDDEN __attribute__((visibility("hidden")))

/* Shapes are stored up to MAX_DIM_NUM = 25 dims like opdev/common_types.h
 * (aclnn.md section 8); operators reject more than SIM_MAX_DIMS. */
#define SIM_STORE_DIMS 25

enum {
    MAGIC_DEAD = 0xDEADDEADu,
    MAGIC_TENSOR = 0x41544E53u,
    MAGIC_SCALAR = 0x4153434Cu,
    MAGIC_INT_ARRAY = 0x41494E54u,
    MAGIC_FLOAT_ARRAY = 0x41464C54u,
    MAGIC_BOOL_ARRAY = 0x41424F4Cu,
    MAGIC_TENSOR_LIST = 0x41544C53u,
    MAGIC_SCALAR_LIST = 0x41534C53u,
    MAGIC_EXECUTOR = 0x41455845u,
};

struct aclTensor {
    uint32_t magic;
    uint64_t serial;          /* unique per tensor, never reused */
    int32_t dtype;
    int32_t format;
    int32_t ndim;
    int32_t storage_ndim;
    int32_t in_list;          /* owned by an aclTensorList (aclnn.md 4.2) */
    int64_t offset;
    void *data;
    int64_t dims[SIM_STORE_DIMS];
    int64_t strides[SIM_STORE_DIMS];
    int64_t storage_dims[SIM_STORE_DIMS];
};

struct aclScalar {
    uint32_t magic;
    int32_t dtype;
    int32_t in_list;
    unsigned char bytes[16];
};

struct aclIntArray { uint32_t magic; uint64_t n; int64_t *v; };
struct aclFloatArray { uint32_t magic; uint64_t n; float *v; };
struct aclBoolArray { uint32_t magic; uint64_t n; bool *v; };
struct aclTensorList { uint32_t magic; uint64_t n; aclTensor **v; };
struct aclScalarList { uint32_t magic; uint64_t n; aclScalar **v; };

struct aclOpExecutor {
    uint32_t magic;
    int repeatable;
    uint64_t workspace_size;
    /* The host thread that rebound an address and has not launched since
     * (sim_nn_thread_id), 0 for none; atomic. */
    uint64_t owner_thread;
    int device;               /* current at phase 1: the plan's context */
    const char *names[SIM_MAX_ARGS];  /* static strings from the op table */
    sim_call call;
};

/* ---- sim_objects.c: the registry of live objects ---- */
/* Register p as a live object of kind magic: 0, or -1 (out of host memory). */
SIM_NN_HIDDEN int sim_nn_reg_add(const void *p, uint32_t magic);
/* The kind p is registered with, or 0. */
SIM_NN_HIDDEN uint32_t sim_nn_reg_lookup(const void *p);
/* Unregister p if it is registered as `magic`; returns 1 if it was.  The
 * winner of two racing destroys is the one that removes it. */
SIM_NN_HIDDEN int sim_nn_reg_remove(const void *p, uint32_t magic);
/* 1 while the aclTensor t made with this serial is live (an address
 * reused by a later aclCreateTensor does not count). */
SIM_NN_HIDDEN int sim_nn_tensor_alive(const aclTensor *t, uint64_t serial);
/* 0 if p is a live object of kind `magic`.  Otherwise reports it (pfx fn:
 * name the caller and arg the argument) and returns null_st for NULL,
 * bad_st for a dead or foreign pointer. */
SIM_NN_HIDDEN aclnnStatus sim_nn_obj_check(const char *pfx, const char *fn, const char *arg,
                                           const void *p, uint32_t magic,
                                           aclnnStatus null_st, aclnnStatus bad_st);

/* The tensor descriptors of argument a (a tensor: 1, a list: its
 * elements, anything else: none); *n is set to their number. */
static inline sim_tensor_desc *sim_nn_arg_tensors(sim_arg *a, uint64_t *n)
{
    if (a->kind == SIM_ARG_TENSOR) {
        *n = 1;
        return &a->u.tensor;
    }
    *n = a->kind == SIM_ARG_TENSOR_LIST ? a->u.tlist.n : 0;
    return *n ? a->u.tlist.v : NULL;
}

/* ---- sim_executor.c: executors, shared with the phase-2 launch ---- */
/* A number for the calling host thread, unique in the process, never 0. */
SIM_NN_HIDDEN uint64_t sim_nn_thread_id(void);
/* Free an executor that is no longer registered (consumed or destroyed). */
SIM_NN_HIDDEN void sim_nn_executor_free(aclOpExecutor *ex);
/* The calling thread starts using ex (a rebind, or a launch until its
 * task is built): 0, or a sanitizer error when another thread rebound ex
 * and has not launched it yet (pfx and fn name the caller; they are
 * joined only then, off the hot path).  *fresh (may be NULL): 1 when this
 * call took ex, 0 when the thread already held it. */
SIM_NN_HIDDEN aclnnStatus sim_nn_executor_claim(const char *pfx, const char *fn,
                                                aclOpExecutor *ex, int *fresh);
/* Phase 2 built its task: the calling thread no longer holds ex. */
SIM_NN_HIDDEN void sim_nn_executor_release(aclOpExecutor *ex);

/* ---- sim_sanitizer.c ---- */
/* Alignment, address and allocation of a descriptor's storage; fills
 * d->alloc_id.  numel: elements of the view.  Phase 1 and the executor's
 * address rebinding run the same checks. */
SIM_NN_HIDDEN aclnnStatus sim_nn_check_memory(const char *pfx, const char *fn,
                                              const char *arg, sim_tensor_desc *d,
                                              int64_t numel);

#endif
