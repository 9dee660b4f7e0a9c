/*
 * CANN simulator, runtime core: configuration, aclInit/aclFinalize, the
 * device API (aclrtSetDevice, aclrtResetDevice, aclrtSynchronizeDevice ...)
 * and the cupy_sim_* control functions that need the streams.
 *
 * The state these change lives in sim_state.c (below this file and the
 * stream files); memory is in sim_memory.c, streams and events in
 * sim_stream.c.
 * Behaviour restates shared/reference/cann/runtime.md (sections cited).
 */
#include "sim_rt.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Configuration                                                        */

#define SIM_ENV_DEVICES "CUPY_ASCEND_SIMULATOR_DEVICES"
#define SIM_ENV_MEMORY "CUPY_ASCEND_SIMULATOR_MEMORY"
#define SIM_ENV_STRICT "CUPY_ASCEND_SIMULATOR_STRICT"
#define SIM_STRICT_DEFAULT_US 2000              /* CUPY_ASCEND_SIMULATOR_STRICT=1 */

/* Decimal integer with an optional binary suffix (K, M, G, T; "KiB",
 * "KB", "k" ... all mean powers of 1024).  0 on success. */
static int parse_size(const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    while (*s == ' ' || *s == '\t') s++;
    if (*s < '0' || *s > '9') return -1;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0) return -1;
    int shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: break;
    }
    if (shift && (*end == 'i' || *end == 'I')) end++;
    if (*end == 'b' || *end == 'B') end++;
    while (*end == ' ' || *end == '\t') end++;
    if (*end != '\0') return -1;
    if (shift && v > (UINT64_MAX >> shift)) return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

typedef struct {
    int ndev;
    size_t memory;
    int strict_set;      /* the variable is set (and not empty) */
    int64_t strict_us;
} sim_config;

/* Reads the environment.  0, or -1 with the error text set. */
static int read_config(sim_config *c) {
    const char *v;
    uint64_t x;
    c->ndev = 1;
    c->memory = SIM_DEFAULT_MEMORY;
    c->strict_set = 0;
    c->strict_us = 0;

    v = getenv(SIM_ENV_DEVICES);
    if (v != NULL && *v != '\0') {
        if (parse_size(v, &x) != 0 || x < 1 || x > SIM_MAX_DEVICES ||
            strpbrk(v, "kKmMgGtTbB") != NULL) {
            sim_set_error("aclInit: %s=\"%s\" is not a device count; set it to an "
                          "integer from 1 to %d (or unset it for 1 device)",
                          SIM_ENV_DEVICES, v, SIM_MAX_DEVICES);
            return -1;
        }
        c->ndev = (int)x;
    }
    v = getenv(SIM_ENV_MEMORY);
    if (v != NULL && *v != '\0') {
        if (parse_size(v, &x) != 0 || x == 0 || x > (uint64_t)SIZE_MAX / 2) {
            sim_set_error("aclInit: %s=\"%s\" is not a memory size; set it to the bytes "
                          "of simulated device memory per device, e.g. 17179869184 "
                          "or 16G (unset: 64 GiB)", SIM_ENV_MEMORY, v);
            return -1;
        }
        c->memory = (size_t)x;
    }
    v = getenv(SIM_ENV_STRICT);
    if (v != NULL && *v != '\0') {
        if (parse_size(v, &x) != 0 || strpbrk(v, "kKmMgGtTbB") != NULL ||
            x > (uint64_t)60 * 1000 * 1000) {
            sim_set_error("aclInit: %s=\"%s\" is not valid; use 0 (off), 1 (a %d us "
                          "delay before each stream task) or a delay in microseconds "
                          "up to 60000000", SIM_ENV_STRICT, v, SIM_STRICT_DEFAULT_US);
            return -1;
        }
        c->strict_set = 1;
        c->strict_us = x == 1 ? SIM_STRICT_DEFAULT_US : (int64_t)x;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Init and devices                                                     */

static pthread_mutex_t g_state_mu = PTHREAD_MUTEX_INITIALIZER;
static int g_ever_initialized;     /* under g_state_mu */
static int g_dev_refs[SIM_MAX_DEVICES];   /* aclrtSetDevice ref-counts, g_state_mu */

SIM_EXPORT aclError aclInit(const char *configPath) {
    sim_config c;
    pthread_mutex_lock(&g_state_mu);
    if (sim_is_initialized()) {
        pthread_mutex_unlock(&g_state_mu);
        sim_set_error("aclInit: ACL is already initialized in this process; the "
                      "repeated call has no effect (this status may be treated as "
                      "success)");
        return ACL_ERROR_REPEAT_INITIALIZE;
    }
    if (configPath != NULL && configPath[0] != '\0') {
        /* The real runtime parses a JSON file; the simulator only checks
         * that it can be read. */
        FILE *f = fopen(configPath, "r");
        if (f == NULL) {
            int e = errno;
            pthread_mutex_unlock(&g_state_mu);
            sim_set_error("aclInit: cannot read the config file \"%s\" (%s); pass "
                          "NULL for the default configuration", configPath, strerror(e));
            return SIM_ACL_ERROR_INVALID_FILE;
        }
        fclose(f);
    }
    if (read_config(&c) != 0) {
        pthread_mutex_unlock(&g_state_mu);
        return ACL_ERROR_INVALID_PARAM;
    }
    /* Unset leaves a value set earlier through cupy_sim_set_strict_delay_us. */
    if (c.strict_set) cupy_sim_set_strict_delay_us(c.strict_us);
    memset(g_dev_refs, 0, sizeof g_dev_refs);
    g_ever_initialized = 1;
    sim_state_publish(c.ndev, c.memory);
    pthread_mutex_unlock(&g_state_mu);
    return ACL_SUCCESS;
}

/* Marks the process uninitialized and waits for all queued work.  Memory,
 * streams and events are kept (Python objects may still hold pinned
 * buffers), but every call except aclInit now fails with 100001, and
 * device bindings of all threads are dropped. */
SIM_EXPORT aclError aclFinalize(void) {
    pthread_mutex_lock(&g_state_mu);
    if (!sim_is_initialized()) {
        int ever = g_ever_initialized;
        pthread_mutex_unlock(&g_state_mu);
        if (ever) {
            sim_set_error("aclFinalize: ACL was already finalized; call it once per "
                          "aclInit");
            return ACL_ERROR_REPEAT_FINALIZE;
        }
        sim_set_error("aclFinalize: ACL was never initialized; call aclInit first");
        return ACL_ERROR_UNINITIALIZE;
    }
    sim_state_retire();
    memset(g_dev_refs, 0, sizeof g_dev_refs);
    pthread_mutex_unlock(&g_state_mu);
    sim_rt_drain(-1);
    return ACL_SUCCESS;
}

SIM_EXPORT const char *aclrtGetSocName(void) {
    if (sim_rt_check_init("aclrtGetSocName") != ACL_SUCCESS) return NULL;
    /* One of the 910B names the runtime produces (runtime.md 4). */
    return "Ascend910B3";
}

SIM_EXPORT aclError aclrtGetDeviceCount(uint32_t *count) {
    int rc = sim_rt_check_init("aclrtGetDeviceCount");
    if (rc != ACL_SUCCESS) return rc;
    if (count == NULL) {
        sim_set_error("aclrtGetDeviceCount: count is NULL; pass the address of a uint32_t");
        return ACL_ERROR_INVALID_PARAM;
    }
    *count = (uint32_t)sim_device_count();
    return ACL_SUCCESS;
}

static int check_device_id(const char *api, int32_t deviceId) {
    int ndev = sim_device_count();
    if (deviceId >= 0 && deviceId < ndev) return ACL_SUCCESS;
    sim_set_error("%s: device id %d is invalid; the simulator has %d device(s), ids 0 "
                  "to %d (set %s to simulate more)", api, (int)deviceId, ndev,
                  ndev - 1, SIM_ENV_DEVICES);
    return ACL_ERROR_RT_INVALID_DEVICEID;
}

SIM_EXPORT aclError aclrtSetDevice(int32_t deviceId) {
    int rc = sim_rt_check_init("aclrtSetDevice");
    if (rc != ACL_SUCCESS) return rc;
    rc = check_device_id("aclrtSetDevice", deviceId);
    if (rc != ACL_SUCCESS) return rc;
    /* The default stream is created with the default context (runtime.md 4). */
    if (sim_rt_default_stream(deviceId) == NULL) {
        sim_set_error("aclrtSetDevice: could not start the worker thread of the "
                      "default stream of device %d (out of threads or memory)",
                      (int)deviceId);
        return SIM_ACL_ERROR_RT_NO_STREAM_RESOURCE;
    }
    pthread_mutex_lock(&g_state_mu);
    g_dev_refs[deviceId]++;
    pthread_mutex_unlock(&g_state_mu);
    sim_state_thread_bind(deviceId);
    return ACL_SUCCESS;
}

SIM_EXPORT aclError aclrtGetDevice(int32_t *deviceId) {
    int rc = sim_rt_check_init("aclrtGetDevice");
    if (rc != ACL_SUCCESS) return rc;
    if (deviceId == NULL) {
        sim_set_error("aclrtGetDevice: deviceId is NULL; pass the address of an int32_t");
        return ACL_ERROR_INVALID_PARAM;
    }
    int d = sim_current_device();
    if (d < 0) {
        sim_set_error("aclrtGetDevice: no device is set on the calling thread; call "
                      "aclrtSetDevice(deviceId) on this thread first");
        return ACL_ERROR_RT_CONTEXT_NULL;
    }
    *deviceId = d;
    return ACL_SUCCESS;
}

/* Decrements this thread's aclrtSetDevice count; at zero the thread loses
 * the device.  When the process-wide count reaches zero the device's
 * queued work is waited for (runtime.md 4); its default stream is kept
 * for the next aclrtSetDevice. */
SIM_EXPORT aclError aclrtResetDevice(int32_t deviceId) {
    int rc = sim_rt_check_init("aclrtResetDevice");
    if (rc != ACL_SUCCESS) return rc;
    rc = check_device_id("aclrtResetDevice", deviceId);
    if (rc != ACL_SUCCESS) return rc;
    if (sim_state_thread_unbind(deviceId) != 0) {
        sim_set_error("aclrtResetDevice: device %d is not set on the calling thread; "
                      "pair every aclrtResetDevice with an aclrtSetDevice on the same "
                      "thread", (int)deviceId);
        return ACL_ERROR_RT_CONTEXT_NULL;
    }
    pthread_mutex_lock(&g_state_mu);
    int last = g_dev_refs[deviceId] > 0 && --g_dev_refs[deviceId] == 0;
    pthread_mutex_unlock(&g_state_mu);
    if (last) sim_rt_drain(deviceId);
    return ACL_SUCCESS;
}

SIM_EXPORT aclError aclrtSynchronizeDevice(void) {
    SIM_COUNT(synchronizations, 1);
    int dev;
    int rc = sim_rt_require_device("aclrtSynchronizeDevice", &dev);
    if (rc != ACL_SUCCESS) return rc;
    return sim_rt_sync_device(dev);
}

/* ------------------------------------------------------------------ */
/* Control functions for the Python module                              */

SIM_EXPORT int cupy_sim_device_count(void) {
    if (sim_is_initialized()) return sim_device_count();
    sim_config c;
    if (read_config(&c) != 0) {
        sim_rt_clear_error();
        return 1;
    }
    return c.ndev;
}

SIM_EXPORT size_t cupy_sim_device_memory(void) {
    if (sim_is_initialized()) return sim_rt_device_capacity(0);
    sim_config c;
    if (read_config(&c) != 0) {
        sim_rt_clear_error();
        return SIM_DEFAULT_MEMORY;
    }
    return c.memory;
}

SIM_EXPORT void cupy_sim_drain_all(void) {
    sim_rt_drain(-1);
}
