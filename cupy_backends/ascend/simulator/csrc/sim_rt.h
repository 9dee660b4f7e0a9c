/*
 * CANN simulator: what the runtime files share with each other and with
 * nobody else.  They depend one way, each on those below it:
 *
 *   sim_runtime.c   aclInit, devices, aclrtSynchronizeDevice, controls
 *   sim_memory.c    memory, copies, memset
 *   sim_stream.c    streams (one worker thread each), events
 *   sim_state.c     init state, the thread's device, errors, counters,
 *                   the kernel-runner hook, the strict delay
 *
 * The API other simulator files may use is sim_internal.h.
 */
#ifndef CUPY_SIM_RT_H
#define CUPY_SIM_RT_H

#include "sim_internal.h"
#include <stdint.h>
#include <stddef.h>

/* Upper bound for CUPY_ASCEND_SIMULATOR_DEVICES: fixed-size per-device
 * tables, far above the 8 or 16 NPUs of a real server. */
#define SIM_MAX_DEVICES 64

/* Status codes the runtime files return that cupy_acl.h does not name
 * (values: runtime.md 9.1 / 9.2). */
#define SIM_ACL_ERROR_INVALID_FILE 100003
#define SIM_ACL_ERROR_RT_NO_EVENT_RESOURCE 207007
#define SIM_ACL_ERROR_RT_NO_STREAM_RESOURCE 207008
#define SIM_ACL_ERROR_RT_EVENT_NOT_COMPLETE 507006

/* 64 GiB, a 910B's HBM: the memory per device unless configured. */
#define SIM_DEFAULT_MEMORY ((size_t)64 << 30)

/* ---- sim_state.c ---- */
/* aclInit (under its lock): ACL is initialized with ndev devices of
 * capacity bytes; every thread's earlier device binding is dropped. */
void sim_state_publish(int ndev, size_t capacity);
/* aclFinalize: ACL is no longer initialized; bindings are dropped. */
void sim_state_retire(void);
/* aclrtSetDevice on the calling thread: dev becomes its current device and
 * its count for dev goes up. */
void sim_state_thread_bind(int dev);
/* aclrtResetDevice on the calling thread: -1 if the thread never set dev,
 * else its count goes down and at zero the thread loses the device. */
int sim_state_thread_unbind(int dev);
/* 0, or ACL_ERROR_UNINITIALIZE with a message naming api. */
int sim_rt_check_init(const char *api);
/* Init check, then the calling thread's device (ACL_ERROR_RT_CONTEXT_NULL
 * with a message naming api when none is set).  *dev may be NULL. */
int sim_rt_require_device(const char *api, int *dev);
size_t sim_rt_device_capacity(int dev);
int64_t sim_rt_strict_delay_us(void);
/* Moves the calling thread's pending error text into buf ("" when none)
 * and clears it.  Used by stream workers to turn a task's message into
 * the stream's sticky fault message. */
void sim_rt_take_error(char *buf, size_t len);
void sim_rt_clear_error(void);
/* Monotonic clock, nanoseconds. */
uint64_t sim_rt_now_ns(void);

/* ---- sim_stream.c ---- */
typedef struct sim_stream sim_stream;
/* sim_stream_resolve with api named in the error messages. */
int sim_rt_stream_resolve(const char *api, aclrtStream stream, sim_stream **out);
/* The default stream of dev, created on first use (aclrtSetDevice). */
sim_stream *sim_rt_default_stream(int dev);
/* Enqueue and report the task's sequence number on its stream (seq may
 * be NULL).  Owns arg: on failure release(arg) has been called. */
int sim_rt_stream_enqueue_seq(sim_stream *s, sim_task_fn run, void *arg,
                              sim_release_fn release, uint64_t *seq);
/* Block until task seq of s has run.  Reports no fault. */
void sim_rt_stream_wait_seq(sim_stream *s, uint64_t seq);
/* aclrtSynchronizeDevice for dev: wait for every stream of dev, then
 * report (and clear) their sticky faults.  0 or the first fault code. */
int sim_rt_sync_device(int dev);
/* Wait for every stream of dev (or of all devices when dev < 0); no fault
 * reporting. */
void sim_rt_drain(int dev);

/* ---- sim_memory.c ---- */
/* Async copy/memset tasks hold the registry shared lock while they check
 * that their allocations are alive and touch the memory, so a concurrent
 * aclrtFree cannot pull the memory out from under them. */
void sim_rt_mem_lock_shared(void);
void sim_rt_mem_unlock_shared(void);
int sim_rt_mem_alive_locked(uint64_t id);

#endif
