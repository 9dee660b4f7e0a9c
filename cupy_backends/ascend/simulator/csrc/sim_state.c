/*
 * CANN simulator, process state: what every other file reads and nothing
 * below it owns.  The per-thread error text of aclGetRecentErrMsg, the
 * counters, the kernel-runner hook, the strict-mode delay, and whether ACL
 * is initialized, with how many devices and which one the calling thread
 * has set.
 *
 * The runtime files sit on top of it: sim_stream.c and sim_memory.c read
 * this state, sim_runtime.c (aclInit, aclrtSetDevice ...) changes it
 * through the sim_state_* calls below and uses the stream files, so the
 * dependency runs one way.  Behaviour restates
 * shared/reference/cann/runtime.md (sections cited).
 */
#include "sim_rt.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------ */
/* Errors (runtime.md 8): per-thread text, returned and cleared by      */
/* aclGetRecentErrMsg.                                                  */

#define SIM_ERRMSG_LEN 2048
#define SIM_SANITIZER_PREFIX "[simulator sanitizer] "

static __thread char tl_err[SIM_ERRMSG_LEN];
static __thread int tl_err_set;
/* What aclGetRecentErrMsg handed out: valid until this thread's next call. */
static __thread char tl_err_out[SIM_ERRMSG_LEN];

void sim_set_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tl_err, sizeof tl_err, fmt, ap);
    va_end(ap);
    tl_err_set = 1;
}

void sim_sanitizer_error(const char *fmt, ...) {
    size_t n = sizeof SIM_SANITIZER_PREFIX - 1;
    va_list ap;
    memcpy(tl_err, SIM_SANITIZER_PREFIX, n);
    va_start(ap, fmt);
    vsnprintf(tl_err + n, sizeof tl_err - n, fmt, ap);
    va_end(ap);
    tl_err_set = 1;
    SIM_COUNT(sanitizer_errors, 1);
}

void sim_rt_take_error(char *buf, size_t len) {
    if (len == 0) return;
    if (tl_err_set) snprintf(buf, len, "%s", tl_err);
    else buf[0] = '\0';
    tl_err_set = 0;
    tl_err[0] = '\0';
}

void sim_rt_clear_error(void) {
    tl_err_set = 0;
    tl_err[0] = '\0';
}

SIM_EXPORT const char *aclGetRecentErrMsg(void) {
    if (!tl_err_set) return NULL;
    memcpy(tl_err_out, tl_err, sizeof tl_err_out);
    sim_rt_clear_error();
    return tl_err_out;
}

uint64_t sim_rt_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ------------------------------------------------------------------ */
/* Counters and the kernel-runner hook.                                 */

sim_counters_t sim_counters;

static sim_kernel_runner g_runner;

sim_kernel_runner sim_get_kernel_runner(void) {
    return __atomic_load_n(&g_runner, __ATOMIC_ACQUIRE);
}

SIM_EXPORT void cupy_sim_set_kernel_runner(sim_kernel_runner fn) {
    __atomic_store_n(&g_runner, fn, __ATOMIC_RELEASE);
}

SIM_EXPORT void cupy_sim_get_counters(sim_counters_t *out) {
    if (out == NULL) return;
    /* Every field is an int64_t updated atomically: read them one by one. */
    const int64_t *src = (const int64_t *)&sim_counters;
    int64_t *dst = (int64_t *)out;
    for (size_t i = 0; i < sizeof(sim_counters_t) / sizeof(int64_t); i++)
        dst[i] = __atomic_load_n(&src[i], __ATOMIC_RELAXED);
}

/* Transfer counters only (h2d/d2h/d2d bytes and copies): the live_*
 * counters describe state and must not be reset. */
SIM_EXPORT void cupy_sim_reset_transfer_counters(void) {
    __atomic_store_n(&sim_counters.h2d_bytes, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&sim_counters.d2h_bytes, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&sim_counters.d2d_bytes, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&sim_counters.h2d_copies, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&sim_counters.d2h_copies, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&sim_counters.d2d_copies, 0, __ATOMIC_RELAXED);
}

/* ------------------------------------------------------------------ */
/* Strict mode: the delay every stream worker sleeps before a task.     */

static int64_t g_strict_us;   /* atomic */

int64_t sim_rt_strict_delay_us(void) {
    return __atomic_load_n(&g_strict_us, __ATOMIC_RELAXED);
}

SIM_EXPORT void cupy_sim_set_strict_delay_us(int64_t us) {
    __atomic_store_n(&g_strict_us, us > 0 ? us : 0, __ATOMIC_RELAXED);
}

SIM_EXPORT int64_t cupy_sim_get_strict_delay_us(void) {
    return sim_rt_strict_delay_us();
}

/* ------------------------------------------------------------------ */
/* Init state and the calling thread's device                           */

static int g_initialized;          /* atomic */
/* Bumped by each aclInit and aclFinalize: a thread's device binding from
 * an earlier generation is gone. */
static uint64_t g_generation;      /* atomic */
static int g_ndev = 1;             /* set at aclInit */
static size_t g_capacity = SIM_DEFAULT_MEMORY;

static __thread int tl_device = -1;
static __thread uint64_t tl_generation;
/* aclrtSetDevice count of this thread, per device. */
static __thread int tl_dev_refs[SIM_MAX_DEVICES];

int sim_is_initialized(void) {
    return __atomic_load_n(&g_initialized, __ATOMIC_ACQUIRE);
}

void sim_state_publish(int ndev, size_t capacity) {
    g_ndev = ndev;
    g_capacity = capacity;
    __atomic_add_fetch(&g_generation, 1, __ATOMIC_ACQ_REL);
    __atomic_store_n(&g_initialized, 1, __ATOMIC_RELEASE);
}

void sim_state_retire(void) {
    __atomic_store_n(&g_initialized, 0, __ATOMIC_RELEASE);
    __atomic_add_fetch(&g_generation, 1, __ATOMIC_ACQ_REL);
}

static void tl_refresh(void) {
    uint64_t gen = __atomic_load_n(&g_generation, __ATOMIC_ACQUIRE);
    if (tl_generation != gen) {
        tl_generation = gen;
        tl_device = -1;
        memset(tl_dev_refs, 0, sizeof tl_dev_refs);
    }
}

void sim_state_thread_bind(int dev) {
    tl_refresh();
    tl_dev_refs[dev]++;
    tl_device = dev;
}

int sim_state_thread_unbind(int dev) {
    tl_refresh();
    if (tl_dev_refs[dev] == 0) return -1;
    if (--tl_dev_refs[dev] == 0 && tl_device == dev) tl_device = -1;
    return 0;
}

int sim_current_device(void) {
    if (!sim_is_initialized()) return -1;
    tl_refresh();
    return tl_device;
}

int sim_device_count(void) {
    return sim_is_initialized() ? g_ndev : 0;
}

size_t sim_rt_device_capacity(int dev) {
    (void)dev;   /* every simulated device has the same capacity */
    return g_capacity;
}

int sim_rt_check_init(const char *api) {
    if (sim_is_initialized()) return ACL_SUCCESS;
    sim_set_error("%s: ACL is not initialized; call aclInit first (and not after "
                  "aclFinalize)", api);
    return ACL_ERROR_UNINITIALIZE;
}

int sim_rt_require_device(const char *api, int *dev) {
    int rc = sim_rt_check_init(api);
    if (rc != ACL_SUCCESS) return rc;
    int d = sim_current_device();
    if (d < 0) {
        sim_set_error("%s: no device is set on the calling thread; call "
                      "aclrtSetDevice(deviceId) on this thread first (every thread "
                      "that calls ACL needs its own aclrtSetDevice)", api);
        return ACL_ERROR_RT_CONTEXT_NULL;
    }
    if (dev != NULL) *dev = d;
    return ACL_SUCCESS;
}
