/*
 * CANN simulator, memory: the allocation registry, aclrtMalloc/Free,
 * aclrtMallocHost/FreeHost, aclrtGetMemInfo, aclrtMemcpy(Async) and
 * aclrtMemset(Async) (runtime.md 7, 11).
 *
 * Device memory is host memory from posix_memalign, charged against a
 * simulated per-device capacity.  Every live allocation is in a registry
 * sorted by address, so any interior pointer can be checked; the last
 * SIM_FREED_RING freed ranges are remembered to name use after free.
 */
#include "sim_rt.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* runtime.md 7.1: ACL_MEM_MALLOC_HUGE_FIRST uses normal pages up to 1 MB
 * and 2 MB huge pages above; the simulator asks the host kernel for the
 * same (transparent huge pages), which also keeps large simulated-device
 * buffers as fast to touch as NumPy's own. */
#define SIM_HUGE_THRESHOLD ((size_t)1 << 20)
#define SIM_HUGE_PAGE ((size_t)2 << 20)

#define SIM_FREED_RING 4096
#define ALIGN_UP(x, a) (((x) + ((a) - 1)) / (a) * (a))

/* Policies whose allocations get no 32-byte pad (1G huge pages,
 * runtime.md 7.1: ACL_MEM_MALLOC_HUGE1G_ONLY(_P2P) = 6, 7). */
#define SIM_POLICY_NORMAL_ONLY 2
#define SIM_POLICY_HUGE1G_ONLY 6
#define SIM_POLICY_HUGE1G_ONLY_P2P 7

typedef struct {
    sim_alloc_t *v;          /* live, sorted by base */
    size_t n, cap;
    sim_alloc_t ring[SIM_FREED_RING];   /* recently freed, ring buffer */
    size_t ring_next, ring_n;
} sim_registry;

/* [0]: device memory, [1]: pinned host memory. */
static sim_registry g_reg[2];
/* Ids of all live allocations (both kinds), ascending: ids are handed out
 * in increasing order under the write lock, so appending keeps it sorted. */
static uint64_t *g_ids;
static size_t g_nids, g_capids;
static uint64_t g_next_id = 1;
static size_t g_dev_reserved[SIM_MAX_DEVICES];
static pthread_rwlock_t g_mem_lock = PTHREAD_RWLOCK_INITIALIZER;

void sim_rt_mem_lock_shared(void) { pthread_rwlock_rdlock(&g_mem_lock); }
void sim_rt_mem_unlock_shared(void) { pthread_rwlock_unlock(&g_mem_lock); }

/* ------------------------------------------------------------------ */
/* Registry internals (caller holds g_mem_lock)                         */

/* Index of the first live entry whose base is > p. */
static size_t reg_upper(const sim_registry *r, uintptr_t p) {
    size_t lo = 0, hi = r->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->v[mid].base <= p) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Live entry whose reserved range holds p, or NULL. */
static const sim_alloc_t *reg_live(const sim_registry *r, uintptr_t p, size_t *index) {
    size_t i = reg_upper(r, p);
    if (i == 0) return NULL;
    const sim_alloc_t *a = &r->v[i - 1];
    if (p - a->base >= a->reserved) return NULL;
    if (index != NULL) *index = i - 1;
    return a;
}

/* Most recently freed entry whose reserved range holds p, or NULL. */
static const sim_alloc_t *reg_freed(const sim_registry *r, uintptr_t p) {
    for (size_t k = 1; k <= r->ring_n; k++) {
        const sim_alloc_t *a = &r->ring[(r->ring_next + SIM_FREED_RING - k) % SIM_FREED_RING];
        if (p >= a->base && p - a->base < a->reserved) return a;
    }
    return NULL;
}

static size_t ids_lower(uint64_t id) {
    size_t lo = 0, hi = g_nids;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (g_ids[mid] < id) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

int sim_rt_mem_alive_locked(uint64_t id) {
    size_t i = ids_lower(id);
    return i < g_nids && g_ids[i] == id;
}

static int grow(void **v, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return 0;
    size_t ncap = *cap ? *cap * 2 : 256;
    while (ncap < need) ncap *= 2;
    void *nv = realloc(*v, ncap * elem);
    if (nv == NULL) return -1;
    *v = nv;
    *cap = ncap;
    return 0;
}

/* Registers a; assigns a->id.  0, or -1 when the registry cannot grow. */
static int reg_insert(sim_alloc_t *a) {
    sim_registry *r = &g_reg[a->is_host ? 1 : 0];
    if (grow((void **)&r->v, &r->cap, r->n + 1, sizeof *r->v) != 0 ||
        grow((void **)&g_ids, &g_capids, g_nids + 1, sizeof *g_ids) != 0)
        return -1;
    a->id = g_next_id++;
    size_t i = reg_upper(r, a->base);
    memmove(&r->v[i + 1], &r->v[i], (r->n - i) * sizeof *r->v);
    r->v[i] = *a;
    r->n++;
    g_ids[g_nids++] = a->id;
    return 0;
}

static void reg_remove(sim_registry *r, size_t index) {
    sim_alloc_t a = r->v[index];
    memmove(&r->v[index], &r->v[index + 1], (r->n - index - 1) * sizeof *r->v);
    r->n--;
    size_t k = ids_lower(a.id);
    memmove(&g_ids[k], &g_ids[k + 1], (g_nids - k - 1) * sizeof *g_ids);
    g_nids--;
    r->ring[r->ring_next] = a;
    r->ring_next = (r->ring_next + 1) % SIM_FREED_RING;
    if (r->ring_n < SIM_FREED_RING) r->ring_n++;
}

/* with_ring 0: live allocations only (host-side checks, which only ask
 * "is this device memory?", skip the scan of the freed ring). */
static int find_locked(const void *p, size_t nbytes, int want_host, sim_alloc_t *out,
                       int with_ring) {
    const sim_registry *r = &g_reg[want_host ? 1 : 0];
    uintptr_t u = (uintptr_t)p;
    if (p == NULL) return SIM_MEM_UNKNOWN;
    const sim_alloc_t *a = reg_live(r, u, NULL);
    if (a != NULL) {
        if (out != NULL) *out = *a;
        size_t off = u - a->base;
        return (off <= a->size && nbytes <= a->size - off) ? SIM_MEM_OK : SIM_MEM_OUT_OF_BOUNDS;
    }
    a = with_ring ? reg_freed(r, u) : NULL;
    if (a != NULL) {
        if (out != NULL) *out = *a;
        return SIM_MEM_FREED;
    }
    return SIM_MEM_UNKNOWN;
}

/* Fills *out on OK and OUT_OF_BOUNDS as documented, and also on FREED
 * (the freed allocation, for messages). */
int sim_mem_find(const void *p, size_t nbytes, int want_host, sim_alloc_t *out) {
    pthread_rwlock_rdlock(&g_mem_lock);
    int rc = find_locked(p, nbytes, want_host, out, 1);
    pthread_rwlock_unlock(&g_mem_lock);
    return rc;
}

static int find_live(const void *p, size_t nbytes, int want_host, sim_alloc_t *out) {
    pthread_rwlock_rdlock(&g_mem_lock);
    int rc = find_locked(p, nbytes, want_host, out, 0);
    pthread_rwlock_unlock(&g_mem_lock);
    return rc;
}

int sim_mem_alive(uint64_t id) {
    pthread_rwlock_rdlock(&g_mem_lock);
    int rc = sim_rt_mem_alive_locked(id);
    pthread_rwlock_unlock(&g_mem_lock);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Allocation                                                           */

SIM_EXPORT aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
    int dev;
    int rc = sim_rt_require_device("aclrtMalloc", &dev);
    if (rc != ACL_SUCCESS) return rc;
    if (devPtr == NULL) {
        sim_set_error("aclrtMalloc: devPtr is NULL; pass the address of a void*");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (size == 0) {
        sim_set_error("aclrtMalloc: size is 0; device allocations must be at least 1 byte");
        return ACL_ERROR_INVALID_PARAM;
    }
    size_t capacity = sim_rt_device_capacity(dev);
    size_t pad = (policy == SIM_POLICY_HUGE1G_ONLY || policy == SIM_POLICY_HUGE1G_ONLY_P2P)
                     ? 0 : SIM_DATA_PAD;
    if (size > capacity) {
        pthread_rwlock_rdlock(&g_mem_lock);
        size_t freeb = capacity - g_dev_reserved[dev];
        pthread_rwlock_unlock(&g_mem_lock);
        sim_set_error("aclrtMalloc: out of device memory on device %d: requested %zu "
                      "bytes, %zu bytes free of %zu; free unused memory (or raise "
                      "CUPY_ASCEND_SIMULATOR_MEMORY)", dev, size, freeb, capacity);
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    /* runtime.md 7.1: reserved = ALIGN_UP(size, 32) + 32, start 64-aligned. */
    size_t reserved = ALIGN_UP(size, (size_t)SIM_DATA_ALIGN) + pad;

    pthread_rwlock_wrlock(&g_mem_lock);
    size_t freeb = capacity - g_dev_reserved[dev];
    if (reserved > freeb) {
        pthread_rwlock_unlock(&g_mem_lock);
        sim_set_error("aclrtMalloc: out of device memory on device %d: requested %zu "
                      "bytes (%zu with alignment and padding), %zu bytes free of %zu; "
                      "free unused memory (or raise CUPY_ASCEND_SIMULATOR_MEMORY)",
                      dev, size, reserved, freeb, capacity);
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    g_dev_reserved[dev] += reserved;
    pthread_rwlock_unlock(&g_mem_lock);

    void *p = NULL;
    int huge = reserved > SIM_HUGE_THRESHOLD && policy != SIM_POLICY_NORMAL_ONLY;
    int e = posix_memalign(&p, huge ? SIM_HUGE_PAGE : SIM_MALLOC_ALIGN, reserved);
    if (e == 0 && huge)  /* a hint: failure only costs speed */
        (void)madvise(p, reserved & ~(SIM_HUGE_PAGE - 1), MADV_HUGEPAGE);
    sim_alloc_t a = {(uintptr_t)p, size, reserved, 0, dev, 0};
    pthread_rwlock_wrlock(&g_mem_lock);
    if (e == 0 && reg_insert(&a) != 0) {
        free(p);
        e = ENOMEM;
    }
    if (e != 0) {
        g_dev_reserved[dev] -= reserved;
        freeb = capacity - g_dev_reserved[dev];
    }
    pthread_rwlock_unlock(&g_mem_lock);
    if (e != 0) {
        sim_set_error("aclrtMalloc: the host could not provide the %zu bytes that back "
                      "simulated device memory (%s): requested %zu bytes, %zu bytes free "
                      "of %zu on device %d; free memory or lower "
                      "CUPY_ASCEND_SIMULATOR_MEMORY", reserved, strerror(e), size, freeb,
                      capacity, dev);
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    SIM_COUNT(live_device_allocs, 1);
    SIM_COUNT(live_device_bytes, size);
    *devPtr = p;
    return ACL_SUCCESS;
}

SIM_EXPORT aclError aclrtMallocHost(void **hostPtr, size_t size) {
    int rc = sim_rt_check_init("aclrtMallocHost");
    if (rc != ACL_SUCCESS) return rc;
    if (hostPtr == NULL) {
        sim_set_error("aclrtMallocHost: hostPtr is NULL; pass the address of a void*");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (size == 0) {
        sim_set_error("aclrtMallocHost: size is 0; pinned allocations must be at least 1 byte");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (size > SIZE_MAX - 2 * SIM_MALLOC_ALIGN) {
        sim_set_error("aclrtMallocHost: cannot allocate %zu bytes of pinned host memory", size);
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    size_t reserved = ALIGN_UP(size, (size_t)SIM_MALLOC_ALIGN);
    void *p = NULL;
    int e = posix_memalign(&p, SIM_MALLOC_ALIGN, reserved);
    sim_alloc_t a = {(uintptr_t)p, size, reserved, 0, -1, 1};
    if (e == 0) {
        pthread_rwlock_wrlock(&g_mem_lock);
        if (reg_insert(&a) != 0) e = ENOMEM;
        pthread_rwlock_unlock(&g_mem_lock);
        if (e != 0) free(p);
    }
    if (e != 0) {
        sim_set_error("aclrtMallocHost: could not allocate %zu bytes of pinned host "
                      "memory (%s); free host memory", size, strerror(e));
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    SIM_COUNT(live_host_allocs, 1);
    SIM_COUNT(live_host_bytes, size);
    *hostPtr = p;
    return ACL_SUCCESS;
}

/* aclrtFree (is_host 0) and aclrtFreeHost (is_host 1).  Frees at once
 * and does not wait for queued work (runtime.md 7.1): work still queued
 * on the memory faults when it runs. */
static aclError free_common(const char *api, void *ptr, int is_host) {
    int rc = sim_rt_check_init(api);
    if (rc != ACL_SUCCESS) return rc;
    const char *what = is_host ? "aclrtMallocHost" : "aclrtMalloc";
    if (ptr == NULL) {
        sim_set_error("%s: the pointer is NULL; pass a pointer returned by %s", api, what);
        return ACL_ERROR_INVALID_PARAM;
    }
    uintptr_t u = (uintptr_t)ptr;
    sim_registry *r = &g_reg[is_host];
    char msg[512];
    size_t index;

    pthread_rwlock_wrlock(&g_mem_lock);
    const sim_alloc_t *a = reg_live(r, u, &index);
    if (a != NULL && a->base == u) {
        sim_alloc_t gone = *a;
        reg_remove(r, index);
        if (!is_host) g_dev_reserved[gone.device] -= gone.reserved;
        pthread_rwlock_unlock(&g_mem_lock);
        free(ptr);
        if (is_host) {
            SIM_COUNT(live_host_allocs, -1);
            SIM_COUNT(live_host_bytes, -(int64_t)gone.size);
        } else {
            SIM_COUNT(live_device_allocs, -1);
            SIM_COUNT(live_device_bytes, -(int64_t)gone.size);
        }
        return ACL_SUCCESS;
    }
    /* Not ours to free: say why. */
    const sim_alloc_t *other = reg_live(&g_reg[!is_host], u, NULL);
    if (other != NULL) {
        snprintf(msg, sizeof msg, "%s(%p): invalid pointer: it is %s memory (allocation "
                 "#%llu of %zu bytes at %p); free it with %s", api, ptr,
                 is_host ? "device" : "pinned host", (unsigned long long)other->id,
                 other->size, (void *)other->base, is_host ? "aclrtFree" : "aclrtFreeHost");
    } else if (a != NULL) {
        snprintf(msg, sizeof msg, "%s(%p): invalid pointer: it is %zu bytes inside "
                 "allocation #%llu (base %p, %zu bytes), not its base; free the base "
                 "pointer that %s returned", api, ptr, (size_t)(u - a->base),
                 (unsigned long long)a->id, (void *)a->base, a->size, what);
    } else if ((a = reg_freed(r, u)) != NULL && a->base == u) {
        snprintf(msg, sizeof msg, "%s(%p): double free: allocation #%llu (%zu bytes) was "
                 "already freed; free each allocation once", api, ptr,
                 (unsigned long long)a->id, a->size);
    } else if (a != NULL) {
        snprintf(msg, sizeof msg, "%s(%p): invalid pointer: it lies inside allocation "
                 "#%llu (base %p, %zu bytes), which was already freed", api, ptr,
                 (unsigned long long)a->id, (void *)a->base, a->size);
    } else {
        snprintf(msg, sizeof msg, "%s(%p): invalid pointer: it was not returned by %s "
                 "(or was freed long ago)", api, ptr, what);
    }
    pthread_rwlock_unlock(&g_mem_lock);
    sim_sanitizer_error("%s", msg);
    return ACL_ERROR_RT_MEMORY_FREE;
}

SIM_EXPORT aclError aclrtFree(void *devPtr) {
    return free_common("aclrtFree", devPtr, 0);
}

SIM_EXPORT aclError aclrtFreeHost(void *hostPtr) {
    return free_common("aclrtFreeHost", hostPtr, 1);
}

SIM_EXPORT aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *freeBytes, size_t *totalBytes) {
    int dev;
    int rc = sim_rt_require_device("aclrtGetMemInfo", &dev);
    if (rc != ACL_SUCCESS) return rc;
    (void)attr;   /* every attribute reports the one simulated HBM pool */
    if (freeBytes == NULL || totalBytes == NULL) {
        sim_set_error("aclrtGetMemInfo: free or total is NULL; pass the addresses of two size_t");
        return ACL_ERROR_INVALID_PARAM;
    }
    size_t capacity = sim_rt_device_capacity(dev);
    pthread_rwlock_rdlock(&g_mem_lock);
    *freeBytes = capacity - g_dev_reserved[dev];
    pthread_rwlock_unlock(&g_mem_lock);
    *totalBytes = capacity;
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* Range checks shared by copies and fills                              */

/* [p, p+n) must lie in one live device allocation.  0 (and *id) or
 * ACL_ERROR_RT_PARAM_INVALID with a sanitizer message. */
static int check_device_range(const char *api, const char *role, const void *p, size_t n,
                              uint64_t *id) {
    sim_alloc_t a;
    int st = sim_mem_find(p, n, 0, &a);
    if (st == SIM_MEM_OK) {
        *id = a.id;
        return ACL_SUCCESS;
    }
    if (st == SIM_MEM_FREED) {
        sim_sanitizer_error("%s: use after free: the %s %p (%zu bytes) is in device "
                            "allocation #%llu (base %p, %zu bytes), which was already "
                            "freed; keep the memory alive until the copy is done", api,
                            role, p, n, (unsigned long long)a.id, (void *)a.base, a.size);
    } else if (st == SIM_MEM_OUT_OF_BOUNDS) {
        size_t off = (uintptr_t)p - a.base;
        sim_sanitizer_error("%s: out of bounds: the %s range [%p, +%zu) runs past the end "
                            "of device allocation #%llu (base %p, size %zu): offset %zu + "
                            "%zu bytes > %zu; check the count", api, role, p, n,
                            (unsigned long long)a.id, (void *)a.base, a.size, off, n, a.size);
    } else if (find_live(p, 0, 1, &a) == SIM_MEM_OK) {
        sim_sanitizer_error("%s: the %s %p is pinned host memory (aclrtMallocHost "
                            "allocation #%llu), not a device pointer; pass the copy kind "
                            "that matches the pointers", api, role, p,
                            (unsigned long long)a.id);
    } else {
        sim_sanitizer_error("%s: not a device pointer: the %s %p is not inside any live "
                            "aclrtMalloc allocation", api, role, p);
    }
    return ACL_ERROR_RT_PARAM_INVALID;
}

/* A host-side range: must not be device memory.  *pinned_id gets the id
 * of the pinned allocation holding it, 0 for pageable memory. */
static int check_host_range(const char *api, const char *role, const void *p, size_t n,
                            uint64_t *pinned_id) {
    sim_alloc_t a;
    int st = find_live(p, 0, 0, &a);
    if (st == SIM_MEM_OK || st == SIM_MEM_OUT_OF_BOUNDS) {
        sim_sanitizer_error("%s: wrong kind: the %s %p is device memory (inside "
                            "aclrtMalloc allocation #%llu, base %p, %zu bytes) but the copy "
                            "kind says host memory; pass the kind that matches the "
                            "pointers (or ACL_MEMCPY_DEFAULT)", api, role, p,
                            (unsigned long long)a.id, (void *)a.base, a.size);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    *pinned_id = 0;
    st = find_live(p, n, 1, &a);
    if (st == SIM_MEM_OK) {
        *pinned_id = a.id;
    } else if (st == SIM_MEM_OUT_OF_BOUNDS) {
        sim_sanitizer_error("%s: out of bounds: the %s range [%p, +%zu) runs past the end "
                            "of pinned host allocation #%llu (base %p, size %zu); check "
                            "the count", api, role, p, n, (unsigned long long)a.id,
                            (void *)a.base, a.size);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    /* SIM_MEM_FREED on the host side is not an error: libc may have reused
     * the address of a freed pinned buffer for pageable memory. */
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* Copies                                                               */

enum { DIR_H2D = 1, DIR_D2H = 2, DIR_D2D = 3 };

typedef struct {
    int dir;
    int pinned;          /* host side page-locked (or no host side) */
    int nids;
    uint64_t ids[2];     /* allocations the copy touches */
} copy_plan;

static int inside_live_device(const void *p) {
    int st = find_live(p, 0, 0, NULL);
    return st == SIM_MEM_OK || st == SIM_MEM_OUT_OF_BOUNDS;
}

/* Checks a copy of count (> 0) bytes and works out its direction. */
static int plan_copy(const char *api, void *dst, const void *src, size_t count,
                     aclrtMemcpyKind kind, copy_plan *plan) {
    uint64_t id = 0;
    int rc;
    if (dst == NULL || src == NULL) {
        sim_set_error("%s: %s is NULL; pass valid pointers for a copy of %zu bytes", api,
                      dst == NULL ? "dst" : "src", count);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    switch (kind) {
    case ACL_MEMCPY_HOST_TO_DEVICE:
    case 5: /* ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE (runtime.md 7.2) */
        plan->dir = DIR_H2D;
        break;
    case ACL_MEMCPY_DEVICE_TO_HOST: plan->dir = DIR_D2H; break;
    case ACL_MEMCPY_DEVICE_TO_DEVICE: plan->dir = DIR_D2D; break;
    case ACL_MEMCPY_HOST_TO_HOST:
        sim_set_error("%s: ACL_MEMCPY_HOST_TO_HOST is not supported by the device "
                      "runtime; copy host memory with memcpy on the host", api);
        return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    case ACL_MEMCPY_DEFAULT: {
        int d = inside_live_device(dst), s = inside_live_device(src);
        if (d && s) plan->dir = DIR_D2D;
        else if (d) plan->dir = DIR_H2D;
        else if (s) plan->dir = DIR_D2H;
        else {
            /* Neither is live device memory: a freed one is the likely bug. */
            if (sim_mem_find(dst, 0, 0, NULL) == SIM_MEM_FREED)
                return check_device_range(api, "destination", dst, count, &id);
            if (sim_mem_find(src, 0, 0, NULL) == SIM_MEM_FREED)
                return check_device_range(api, "source", src, count, &id);
            sim_set_error("%s: ACL_MEMCPY_DEFAULT found host memory on both sides (dst "
                          "%p, src %p); host-to-host copies are not supported, and device "
                          "pointers must come from aclrtMalloc", api, dst, src);
            return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        }
        break;
    }
    default:
        sim_set_error("%s: copy kind %d is not supported; use ACL_MEMCPY_HOST_TO_DEVICE "
                      "(1), DEVICE_TO_HOST (2), DEVICE_TO_DEVICE (3) or DEFAULT (4)",
                      api, (int)kind);
        return ACL_ERROR_RT_PARAM_INVALID;
    }

    plan->nids = 0;
    plan->pinned = 1;
    if (plan->dir == DIR_H2D || plan->dir == DIR_D2D) {
        if ((rc = check_device_range(api, "destination", dst, count, &id)) != 0) return rc;
        plan->ids[plan->nids++] = id;
    } else {
        if ((rc = check_host_range(api, "destination", dst, count, &id)) != 0) return rc;
        plan->pinned = id != 0;
        if (id) plan->ids[plan->nids++] = id;
    }
    if (plan->dir == DIR_D2H || plan->dir == DIR_D2D) {
        if ((rc = check_device_range(api, "source", src, count, &id)) != 0) return rc;
        plan->ids[plan->nids++] = id;
    } else {
        if ((rc = check_host_range(api, "source", src, count, &id)) != 0) return rc;
        plan->pinned = id != 0;
        if (id) plan->ids[plan->nids++] = id;
    }
    return ACL_SUCCESS;
}

static void count_copy(int dir, size_t n) {
    switch (dir) {
    case DIR_H2D: SIM_COUNT(h2d_bytes, n); SIM_COUNT(h2d_copies, 1); break;
    case DIR_D2H: SIM_COUNT(d2h_bytes, n); SIM_COUNT(d2h_copies, 1); break;
    default: SIM_COUNT(d2d_bytes, n); SIM_COUNT(d2d_copies, 1); break;
    }
}

static int check_counts(const char *api, size_t count, size_t max, const char *maxname) {
    if (count <= max) return ACL_SUCCESS;
    sim_set_error("%s: count %zu is larger than %s %zu; the destination is too small",
                  api, count, maxname, max);
    return ACL_ERROR_RT_PARAM_INVALID;
}

SIM_EXPORT aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                                aclrtMemcpyKind kind) {
    const char *api = "aclrtMemcpy";
    copy_plan plan;
    int rc = sim_rt_require_device(api, NULL);
    if (rc == ACL_SUCCESS) rc = check_counts(api, count, destMax, "destMax");
    if (rc != ACL_SUCCESS || count == 0) return rc;
    if ((rc = plan_copy(api, dst, src, count, kind, &plan)) != ACL_SUCCESS) return rc;
    count_copy(plan.dir, count);
    /* Does not wait for any stream (runtime.md 7.2). */
    memmove(dst, src, count);
    return ACL_SUCCESS;
}

/* One queued copy or fill. */
typedef struct {
    const char *api;
    void *dst;
    const void *src;     /* NULL: fill with value */
    int value;
    size_t n;
    int nids;
    uint64_t ids[2];
} mem_task;

static int mem_task_run(void *arg) {
    mem_task *t = arg;
    sim_rt_mem_lock_shared();
    for (int i = 0; i < t->nids; i++) {
        if (!sim_rt_mem_alive_locked(t->ids[i])) {
            sim_rt_mem_unlock_shared();
            sim_sanitizer_error("%s (dst %p, %zu bytes) ran on its stream after allocation "
                                "#%llu was freed while queued work still used it; "
                                "aclrtFree does not wait for the stream: synchronize the "
                                "stream (or an event recorded after the work) before "
                                "freeing", t->api, t->dst, t->n,
                                (unsigned long long)t->ids[i]);
            return ACL_ERROR_RT_VECTOR_CORE_EXCEPTION;
        }
    }
    if (t->src != NULL) memmove(t->dst, t->src, t->n);
    else memset(t->dst, t->value, t->n);
    sim_rt_mem_unlock_shared();
    return 0;
}

SIM_EXPORT aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count,
                                     aclrtMemcpyKind kind, aclrtStream stream) {
    const char *api = "aclrtMemcpyAsync";
    sim_stream *s;
    copy_plan plan;
    int rc = sim_rt_check_init(api);
    if (rc == ACL_SUCCESS) rc = sim_rt_stream_resolve(api, stream, &s);
    if (rc == ACL_SUCCESS) rc = check_counts(api, count, destMax, "destMax");
    if (rc != ACL_SUCCESS || count == 0) return rc;
    if ((rc = plan_copy(api, dst, src, count, kind, &plan)) != ACL_SUCCESS) return rc;
    mem_task *t = malloc(sizeof *t);
    if (t == NULL) {
        sim_set_error("%s: host out of memory while queueing the copy", api);
        return ACL_ERROR_BAD_ALLOC;
    }
    *t = (mem_task){api, dst, src, 0, count, plan.nids, {plan.ids[0], plan.ids[1]}};
    count_copy(plan.dir, count);
    uint64_t seq;
    rc = sim_rt_stream_enqueue_seq(s, mem_task_run, t, free, &seq);
    if (rc != ACL_SUCCESS) return rc;
    /* Pageable host memory: the call returns once the copy has run
     * (runtime.md 7.2, 11). */
    if (!plan.pinned) sim_rt_stream_wait_seq(s, seq);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* Fills                                                                */

/* Device memory, or pinned host memory (runtime.md 7.2: "host must be
 * ACL-allocated"). */
static int check_fill_range(const char *api, void *p, size_t n, uint64_t *id) {
    sim_alloc_t a;
    if (p == NULL) {
        sim_set_error("%s: devPtr is NULL; pass memory from aclrtMalloc or aclrtMallocHost", api);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    int st = find_live(p, n, 0, &a);
    if (st == SIM_MEM_UNKNOWN) {
        int hs = find_live(p, n, 1, &a);
        if (hs == SIM_MEM_OK) {
            *id = a.id;
            return ACL_SUCCESS;
        }
        if (hs == SIM_MEM_OUT_OF_BOUNDS) {
            sim_sanitizer_error("%s: out of bounds: the range [%p, +%zu) runs past the end "
                                "of pinned host allocation #%llu (base %p, size %zu); check "
                                "the count", api, p, n, (unsigned long long)a.id,
                                (void *)a.base, a.size);
            return ACL_ERROR_RT_PARAM_INVALID;
        }
    }
    return check_device_range(api, "address", p, n, id);
}

SIM_EXPORT aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count) {
    const char *api = "aclrtMemset";
    uint64_t id;
    int rc = sim_rt_require_device(api, NULL);
    if (rc == ACL_SUCCESS) rc = check_counts(api, count, maxCount, "maxCount");
    if (rc != ACL_SUCCESS || count == 0) return rc;
    if ((rc = check_fill_range(api, devPtr, count, &id)) != ACL_SUCCESS) return rc;
    memset(devPtr, value, count);
    return ACL_SUCCESS;
}

SIM_EXPORT aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value,
                                     size_t count, aclrtStream stream) {
    const char *api = "aclrtMemsetAsync";
    uint64_t id;
    sim_stream *s;
    int rc = sim_rt_check_init(api);
    if (rc == ACL_SUCCESS) rc = sim_rt_stream_resolve(api, stream, &s);
    if (rc == ACL_SUCCESS) rc = check_counts(api, count, maxCount, "maxCount");
    if (rc != ACL_SUCCESS || count == 0) return rc;
    if ((rc = check_fill_range(api, devPtr, count, &id)) != ACL_SUCCESS) return rc;
    mem_task *t = malloc(sizeof *t);
    if (t == NULL) {
        sim_set_error("%s: host out of memory while queueing the fill", api);
        return ACL_ERROR_BAD_ALLOC;
    }
    *t = (mem_task){api, devPtr, NULL, (int)(value & 0xff), count, 1, {id, 0}};
    return sim_rt_stream_enqueue_seq(s, mem_task_run, t, free, NULL);
}
