/*
 * CANN simulator, streams and events (runtime.md 5, 6, 7.3, 11).
 *
 * Every stream is a FIFO of tasks run in order by its own worker thread.
 * Tasks are numbered 1, 2, ... per stream; "completed" is the number of
 * the last task that has run, so waiting for work already submitted is
 * waiting until completed reaches the submitted count seen at the call.
 * A task that fails leaves a sticky fault (code, message, task number);
 * the next synchronize that covers that task reports it once and clears
 * it, like an asynchronous device fault.
 *
 * Handles given to the caller are not addresses: they are numbers that
 * are never reused, so a destroyed stream or event is always recognised.
 * Stream structures (and their worker threads) are recycled, never freed.
 */
#define _GNU_SOURCE
#include "sim_rt.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIM_FAULT_LEN 2048
/* runtime.md 5 and 6: A2 limits per device (streams include the default one). */
#define SIM_MAX_STREAMS_PER_DEVICE 1984
#define SIM_MAX_EVENTS_PER_DEVICE 65536
/* Handle values: distinct ranges so a swapped event/stream is named. */
#define SIM_STREAM_HANDLE_BASE 0x5100000000ull
#define SIM_EVENT_HANDLE_BASE 0xe100000000ull
#define SIM_HANDLE_STEP 16u

struct sim_task {
    sim_task_fn run;
    void *arg;
    sim_release_fn release;
    uint64_t seq;
    struct sim_task *next;
};

struct sim_stream {
    pthread_mutex_t mu;
    pthread_cond_t cv_work;   /* worker: a task arrived */
    pthread_cond_t cv_done;   /* waiters: a task completed */
    struct sim_task *head, *tail;
    uint64_t submitted, completed;   /* task numbers; monotonic over recycling */
    int alive;
    int device;
    int is_default;
    uint64_t handle;                 /* 0 for a default stream */
    int fault_code;
    uint64_t fault_seq;
    char fault_msg[SIM_FAULT_LEN];
    unsigned serial;
    struct sim_stream *next_free;
};

/* ------------------------------------------------------------------ */
/* Handle tables: sorted by handle (handles only grow, so appends keep   */
/* the order).                                                          */

typedef struct {
    uint64_t h;
    void *obj;
} hent;

typedef struct {
    hent *v;
    size_t n, cap;
    uint64_t next;
    uint64_t base;
} htab;

static size_t htab_lower(const htab *t, uint64_t h) {
    size_t lo = 0, hi = t->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->v[mid].h < h) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void *htab_get(const htab *t, uint64_t h) {
    size_t i = htab_lower(t, h);
    return (i < t->n && t->v[i].h == h) ? t->v[i].obj : NULL;
}

static int htab_add(htab *t, void *obj, uint64_t *h) {
    if (t->n == t->cap) {
        size_t ncap = t->cap ? t->cap * 2 : 64;
        hent *nv = realloc(t->v, ncap * sizeof *nv);
        if (nv == NULL) return -1;
        t->v = nv;
        t->cap = ncap;
    }
    *h = t->base + (++t->next) * SIM_HANDLE_STEP;
    t->v[t->n++] = (hent){*h, obj};
    return 0;
}

static void *htab_remove(htab *t, uint64_t h) {
    size_t i = htab_lower(t, h);
    if (i >= t->n || t->v[i].h != h) return NULL;
    void *obj = t->v[i].obj;
    memmove(&t->v[i], &t->v[i + 1], (t->n - i - 1) * sizeof *t->v);
    t->n--;
    return obj;
}

static int in_range(uint64_t h, uint64_t base) {
    return h > base && h - base < 0x8000000000ull && (h - base) % SIM_HANDLE_STEP == 0;
}

/* ------------------------------------------------------------------ */
/* Stream objects and workers                                           */

static pthread_mutex_t g_streams_mu = PTHREAD_MUTEX_INITIALIZER;
static htab g_stab = {NULL, 0, 0, 0, SIM_STREAM_HANDLE_BASE};
static sim_stream **g_all;            /* every stream structure ever made */
static size_t g_nall, g_capall;
static sim_stream *g_free;            /* destroyed, ready for reuse */
static sim_stream *g_default[SIM_MAX_DEVICES];
static int g_dev_nstreams[SIM_MAX_DEVICES];   /* live created streams */

static void sleep_us(int64_t us) {
    struct timespec ts = {(time_t)(us / 1000000), (long)(us % 1000000) * 1000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

/* The stream whose task this thread is running (a worker), and that task's
 * number.  Python code in a kernel can trigger a garbage collection whose
 * finalizers synchronise; on its own stream that can only mean the work
 * queued before the running task, which is complete (FIFO): see
 * wait_locked.  Real CANN runs no Python on its stream threads. */
static __thread sim_stream *tls_worker_stream;
static __thread uint64_t tls_worker_seq;

static void *worker_main(void *arg) {
    sim_stream *s = arg;
    char name[16];
    char msg[SIM_FAULT_LEN];
    snprintf(name, sizeof name, "acl-sim-s%u", s->serial);
    pthread_setname_np(pthread_self(), name);

    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (s->head == NULL) pthread_cond_wait(&s->cv_work, &s->mu);
        struct sim_task *t = s->head;
        s->head = t->next;
        if (s->head == NULL) s->tail = NULL;
        pthread_mutex_unlock(&s->mu);

        /* Strict mode: late work exposes a missing synchronisation. */
        int64_t delay = sim_rt_strict_delay_us();
        if (delay > 0) sleep_us(delay);
        sim_rt_clear_error();
        tls_worker_stream = s;
        tls_worker_seq = t->seq;
        int rc = t->run(t->arg);
        tls_worker_stream = NULL;
        if (rc != 0) sim_rt_take_error(msg, sizeof msg);
        if (t->release != NULL) t->release(t->arg);
        sim_rt_clear_error();

        pthread_mutex_lock(&s->mu);
        if (rc != 0 && s->fault_code == 0) {
            s->fault_code = rc;
            s->fault_seq = t->seq;
            if (msg[0] != '\0') snprintf(s->fault_msg, sizeof s->fault_msg, "%s", msg);
            else snprintf(s->fault_msg, sizeof s->fault_msg, "a task queued on the "
                          "stream failed with status %d", rc);
        }
        s->completed = t->seq;
        pthread_cond_broadcast(&s->cv_done);
        free(t);
    }
    return NULL;
}

/* Caller holds g_streams_mu.  A recycled structure, or a new one with its
 * worker started; NULL when neither is possible. */
static sim_stream *stream_new(int dev, int is_default) {
    sim_stream *s = g_free;
    if (s != NULL) {
        g_free = s->next_free;
    } else {
        if (g_nall == g_capall) {
            size_t ncap = g_capall ? g_capall * 2 : 16;
            sim_stream **nv = realloc(g_all, ncap * sizeof *nv);
            if (nv == NULL) return NULL;
            g_all = nv;
            g_capall = ncap;
        }
        s = calloc(1, sizeof *s);
        if (s == NULL) return NULL;
        pthread_mutex_init(&s->mu, NULL);
        pthread_cond_init(&s->cv_work, NULL);
        pthread_cond_init(&s->cv_done, NULL);
        s->serial = (unsigned)g_nall;
        /* Workers block every signal, so signals reach Python's main thread. */
        pthread_attr_t attr;
        pthread_t th;
        sigset_t all, old;
        sigfillset(&all);
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        int e = pthread_create(&th, &attr, worker_main, s);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        pthread_attr_destroy(&attr);
        if (e != 0) {
            pthread_cond_destroy(&s->cv_done);
            pthread_cond_destroy(&s->cv_work);
            pthread_mutex_destroy(&s->mu);
            free(s);
            return NULL;
        }
        g_all[g_nall++] = s;
    }
    pthread_mutex_lock(&s->mu);
    s->alive = 1;
    s->device = dev;
    s->is_default = is_default;
    s->handle = 0;
    s->fault_code = 0;
    s->fault_msg[0] = '\0';
    s->next_free = NULL;
    pthread_mutex_unlock(&s->mu);
    return s;
}

sim_stream *sim_rt_default_stream(int dev) {
    if (dev < 0 || dev >= SIM_MAX_DEVICES) return NULL;
    pthread_mutex_lock(&g_streams_mu);
    if (g_default[dev] == NULL) g_default[dev] = stream_new(dev, 1);
    sim_stream *s = g_default[dev];
    pthread_mutex_unlock(&g_streams_mu);
    return s;
}

int sim_rt_stream_enqueue_seq(sim_stream *s, sim_task_fn run, void *arg,
                              sim_release_fn release, uint64_t *seq) {
    struct sim_task *t = NULL;
    if (s == NULL || run == NULL) {
        if (release != NULL) release(arg);
        sim_set_error("stream enqueue: %s is NULL (simulator bug in the caller)",
                      s == NULL ? "the stream" : "the task function");
        return ACL_ERROR_INVALID_PARAM;
    }
    t = malloc(sizeof *t);
    if (t == NULL) {
        if (release != NULL) release(arg);
        sim_set_error("stream enqueue: host out of memory while queueing a task");
        return ACL_ERROR_BAD_ALLOC;
    }
    *t = (struct sim_task){run, arg, release, 0, NULL};
    pthread_mutex_lock(&s->mu);
    if (!s->alive) {
        pthread_mutex_unlock(&s->mu);
        free(t);
        if (release != NULL) release(arg);
        sim_sanitizer_error("stream enqueue: the stream was destroyed while work was "
                            "being queued on it; destroy a stream only after its last use");
        return ACL_ERROR_RT_INVALID_HANDLE;
    }
    t->seq = ++s->submitted;
    if (s->tail != NULL) s->tail->next = t;
    else s->head = t;
    s->tail = t;
    if (seq != NULL) *seq = t->seq;
    pthread_cond_signal(&s->cv_work);
    pthread_mutex_unlock(&s->mu);
    return ACL_SUCCESS;
}

int sim_stream_enqueue(void *resolved, sim_task_fn run, void *arg, sim_release_fn release) {
    return sim_rt_stream_enqueue_seq(resolved, run, arg, release, NULL);
}

static void wait_locked(sim_stream *s, uint64_t seq) {
    if (s == tls_worker_stream && seq >= tls_worker_seq)
        seq = tls_worker_seq - 1;   /* never wait for ourselves */
    while (s->completed < seq) pthread_cond_wait(&s->cv_done, &s->mu);
}

void sim_rt_stream_wait_seq(sim_stream *s, uint64_t seq) {
    pthread_mutex_lock(&s->mu);
    wait_locked(s, seq);
    pthread_mutex_unlock(&s->mu);
}

/* Takes the sticky fault if it belongs to a task numbered <= upto.
 * Caller holds s->mu.  0 when none. */
static int take_fault_locked(sim_stream *s, uint64_t upto, char *msg, size_t len) {
    if (s->fault_code == 0 || s->fault_seq > upto) return 0;
    int rc = s->fault_code;
    snprintf(msg, len, "%s", s->fault_msg);
    s->fault_code = 0;
    s->fault_msg[0] = '\0';
    return rc;
}

/* Waits for everything submitted so far; reports a covered fault. */
static int sync_stream(sim_stream *s) {
    char msg[SIM_FAULT_LEN];
    pthread_mutex_lock(&s->mu);
    uint64_t target = s->submitted;
    wait_locked(s, target);
    int rc = take_fault_locked(s, target, msg, sizeof msg);
    pthread_mutex_unlock(&s->mu);
    if (rc != 0) sim_set_error("%s", msg);
    return rc;
}

/* Live streams of dev (all devices when dev < 0), as a malloc'd array. */
static sim_stream **snapshot(int dev, size_t *n) {
    pthread_mutex_lock(&g_streams_mu);
    sim_stream **v = malloc((g_nall ? g_nall : 1) * sizeof *v);
    *n = 0;
    for (size_t i = 0; v != NULL && i < g_nall; i++) {
        sim_stream *s = g_all[i];
        pthread_mutex_lock(&s->mu);
        if (s->alive && (dev < 0 || s->device == dev)) v[(*n)++] = s;
        pthread_mutex_unlock(&s->mu);
    }
    pthread_mutex_unlock(&g_streams_mu);
    return v;
}

int sim_rt_sync_device(int dev) {
    size_t n;
    char msg[SIM_FAULT_LEN], first[SIM_FAULT_LEN];
    int rc = 0, more = 0;
    sim_stream **v = snapshot(dev, &n);
    if (v == NULL) {
        sim_set_error("aclrtSynchronizeDevice: host out of memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    for (size_t i = 0; i < n; i++) {
        sim_stream *s = v[i];
        pthread_mutex_lock(&s->mu);
        uint64_t target = s->submitted;
        wait_locked(s, target);
        int f = take_fault_locked(s, target, msg, sizeof msg);
        pthread_mutex_unlock(&s->mu);
        if (f != 0 && rc == 0) {
            rc = f;
            memcpy(first, msg, sizeof first);
        } else if (f != 0) {
            more++;
        }
    }
    free(v);
    if (rc != 0 && more > 0)
        sim_set_error("%s (and %d more faulted stream(s) on device %d)", first, more, dev);
    else if (rc != 0)
        sim_set_error("%s", first);
    return rc;
}

void sim_rt_drain(int dev) {
    size_t n;
    sim_stream **v = snapshot(dev, &n);
    for (size_t i = 0; v != NULL && i < n; i++) {
        pthread_mutex_lock(&v[i]->mu);
        wait_locked(v[i], v[i]->submitted);
        pthread_mutex_unlock(&v[i]->mu);
    }
    free(v);
}

/* ------------------------------------------------------------------ */
/* Stream API                                                           */

/* A created stream by handle, or NULL with a sanitizer message. */
static sim_stream *lookup_stream(const char *api, aclrtStream stream) {
    uint64_t h = (uint64_t)(uintptr_t)stream;
    pthread_mutex_lock(&g_streams_mu);
    sim_stream *s = htab_get(&g_stab, h);
    uint64_t last = g_stab.base + g_stab.next * SIM_HANDLE_STEP;
    pthread_mutex_unlock(&g_streams_mu);
    if (s != NULL) return s;
    if (in_range(h, SIM_EVENT_HANDLE_BASE))
        sim_sanitizer_error("%s: %p is an event handle, not a stream; pass the stream "
                            "from aclrtCreateStream (or NULL for the default stream)",
                            api, stream);
    else if (in_range(h, SIM_STREAM_HANDLE_BASE) && h <= last)
        sim_sanitizer_error("%s: invalid stream handle %p: the stream was already "
                            "destroyed by aclrtDestroyStream", api, stream);
    else
        sim_sanitizer_error("%s: invalid stream handle %p: it was not returned by "
                            "aclrtCreateStream; pass a created stream or NULL", api, stream);
    return NULL;
}

int sim_rt_stream_resolve(const char *api, aclrtStream stream, sim_stream **out) {
    int dev;
    int rc = sim_rt_require_device(api, &dev);
    if (rc != ACL_SUCCESS) return rc;
    sim_stream *s;
    if (stream == NULL) {
        s = sim_rt_default_stream(dev);
        if (s == NULL) {
            sim_set_error("%s: the default stream of device %d could not be started (out "
                          "of threads or memory)", api, dev);
            return SIM_ACL_ERROR_RT_NO_STREAM_RESOURCE;
        }
    } else {
        s = lookup_stream(api, stream);
        if (s == NULL) return ACL_ERROR_RT_INVALID_HANDLE;
        if (s->device != dev) {
            sim_set_error("%s: stream %p belongs to device %d but the calling thread's "
                          "current device is %d; call aclrtSetDevice(%d) first", api,
                          stream, s->device, dev, s->device);
            return ACL_ERROR_RT_STREAM_CONTEXT;
        }
    }
    *out = s;
    return ACL_SUCCESS;
}

int sim_stream_resolve(aclrtStream stream, void **resolved) {
    sim_stream *s = NULL;
    int rc = sim_rt_stream_resolve("launch on stream", stream, &s);
    if (rc == ACL_SUCCESS) *resolved = s;
    return rc;
}

SIM_EXPORT aclError aclrtCreateStream(aclrtStream *stream) {
    int dev;
    int rc = sim_rt_require_device("aclrtCreateStream", &dev);
    if (rc != ACL_SUCCESS) return rc;
    if (stream == NULL) {
        sim_set_error("aclrtCreateStream: stream is NULL; pass the address of an aclrtStream");
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&g_streams_mu);
    if (g_dev_nstreams[dev] >= SIM_MAX_STREAMS_PER_DEVICE - 1) {
        pthread_mutex_unlock(&g_streams_mu);
        sim_set_error("aclrtCreateStream: device %d already has %d streams, the Atlas A2 "
                      "limit with the default stream; destroy unused streams",
                      dev, SIM_MAX_STREAMS_PER_DEVICE);
        return SIM_ACL_ERROR_RT_NO_STREAM_RESOURCE;
    }
    sim_stream *s = stream_new(dev, 0);
    uint64_t h = 0;
    if (s != NULL && htab_add(&g_stab, s, &h) != 0) {
        s->alive = 0;
        s->next_free = g_free;
        g_free = s;
        s = NULL;
    }
    if (s == NULL) {
        pthread_mutex_unlock(&g_streams_mu);
        sim_set_error("aclrtCreateStream: could not start a stream worker thread (out of "
                      "threads or memory); destroy unused streams");
        return SIM_ACL_ERROR_RT_NO_STREAM_RESOURCE;
    }
    s->handle = h;
    g_dev_nstreams[dev]++;
    pthread_mutex_unlock(&g_streams_mu);
    SIM_COUNT(live_streams, 1);
    *stream = (aclrtStream)(uintptr_t)h;
    return ACL_SUCCESS;
}

/* The default stream's own handle (CANN >= 8.2.RC1, "obtains the default
 * stream of the current context"): a handle that names the same stream as
 * NULL, so work queued through either is in one order.  Given on first
 * request; the default stream is never destroyed (aclrtDestroyStream
 * refuses it). */
SIM_EXPORT aclError aclrtCtxGetCurrentDefaultStream(aclrtStream *stream) {
    const char *api = "aclrtCtxGetCurrentDefaultStream";
    int dev;
    int rc = sim_rt_require_device(api, &dev);
    if (rc != ACL_SUCCESS) return rc;
    if (stream == NULL) {
        sim_set_error("%s: stream is NULL; pass the address of an aclrtStream", api);
        return ACL_ERROR_INVALID_PARAM;
    }
    sim_stream *s = sim_rt_default_stream(dev);
    if (s == NULL) {
        sim_set_error("%s: the default stream of device %d could not be started (out "
                      "of threads or memory)", api, dev);
        return SIM_ACL_ERROR_RT_NO_STREAM_RESOURCE;
    }
    pthread_mutex_lock(&g_streams_mu);
    if (s->handle == 0 && htab_add(&g_stab, s, &s->handle) != 0) {
        s->handle = 0;
        pthread_mutex_unlock(&g_streams_mu);
        sim_set_error("%s: host out of memory", api);
        return ACL_ERROR_BAD_ALLOC;
    }
    *stream = (aclrtStream)(uintptr_t)s->handle;
    pthread_mutex_unlock(&g_streams_mu);
    return ACL_SUCCESS;
}

/* Waits for the stream's queued work.  A fault of that work that no
 * synchronize reported yet is returned here (the destroy still happens),
 * so it is not lost. */
SIM_EXPORT aclError aclrtDestroyStream(aclrtStream stream) {
    const char *api = "aclrtDestroyStream";
    int rc = sim_rt_check_init(api);
    if (rc != ACL_SUCCESS) return rc;
    if (stream == NULL) {
        sim_set_error("%s: the default stream (NULL) cannot be destroyed; pass a stream "
                      "from aclrtCreateStream", api);
        return ACL_ERROR_INVALID_PARAM;
    }
    sim_stream *s;
    if ((rc = sim_rt_stream_resolve(api, stream, &s)) != ACL_SUCCESS) return rc;
    if (s->is_default) {
        sim_set_error("%s: %p is the default stream (aclrtCtxGetCurrentDefaultStream), "
                      "which cannot be destroyed", api, stream);
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&g_streams_mu);
    if (htab_remove(&g_stab, s->handle) == NULL) {
        /* Another thread destroyed it in the meantime. */
        pthread_mutex_unlock(&g_streams_mu);
        sim_sanitizer_error("%s: invalid stream handle %p: the stream was already "
                            "destroyed by aclrtDestroyStream", api, stream);
        return ACL_ERROR_RT_INVALID_HANDLE;
    }
    pthread_mutex_unlock(&g_streams_mu);

    char msg[SIM_FAULT_LEN];
    pthread_mutex_lock(&s->mu);
    s->alive = 0;
    wait_locked(s, s->submitted);
    rc = take_fault_locked(s, s->submitted, msg, sizeof msg);
    int dev = s->device;
    pthread_mutex_unlock(&s->mu);

    pthread_mutex_lock(&g_streams_mu);
    g_dev_nstreams[dev]--;
    s->next_free = g_free;
    g_free = s;
    pthread_mutex_unlock(&g_streams_mu);
    SIM_COUNT(live_streams, -1);
    if (rc != 0) sim_set_error("%s", msg);
    return rc;
}

SIM_EXPORT aclError aclrtSynchronizeStream(aclrtStream stream) {
    SIM_COUNT(synchronizations, 1);
    sim_stream *s;
    int rc = sim_rt_stream_resolve("aclrtSynchronizeStream", stream, &s);
    if (rc != ACL_SUCCESS) return rc;
    return sync_stream(s);
}

SIM_EXPORT aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status) {
    sim_stream *s;
    int rc = sim_rt_stream_resolve("aclrtStreamQuery", stream, &s);
    if (rc != ACL_SUCCESS) return rc;
    if (status == NULL) {
        sim_set_error("aclrtStreamQuery: status is NULL; pass the address of an "
                      "aclrtStreamStatus");
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&s->mu);
    *status = s->completed == s->submitted ? ACL_STREAM_STATUS_COMPLETE
                                           : ACL_STREAM_STATUS_NOT_READY;
    pthread_mutex_unlock(&s->mu);
    return ACL_SUCCESS;
}

typedef struct {
    aclrtHostFunc fn;
    void *args;
} host_fn_task;

static int host_fn_run(void *arg) {
    host_fn_task *t = arg;
    t->fn(t->args);
    return 0;
}

SIM_EXPORT aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void *args) {
    sim_stream *s;
    int rc = sim_rt_stream_resolve("aclrtLaunchHostFunc", stream, &s);
    if (rc != ACL_SUCCESS) return rc;
    if (fn == NULL) {
        sim_set_error("aclrtLaunchHostFunc: fn is NULL; pass a callback");
        return ACL_ERROR_INVALID_PARAM;
    }
    host_fn_task *t = malloc(sizeof *t);
    if (t == NULL) {
        sim_set_error("aclrtLaunchHostFunc: host out of memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    *t = (host_fn_task){fn, args};
    return sim_rt_stream_enqueue_seq(s, host_fn_run, t, free, NULL);
}

/* ------------------------------------------------------------------ */
/* Events                                                               */

#define SIM_EVENT_KNOWN_FLAGS 0x7bu   /* runtime.md 6: 0x1 0x2 0x8 0x10 0x20 0x40 */

typedef struct {
    uint64_t handle;
    uint32_t flags;
    int device;
    int refs;                 /* atomic: the table + lookups + queued markers */
    pthread_mutex_t mu;
    int recorded;             /* fields below: under mu */
    uint64_t gen;             /* bumped by every record */
    sim_stream *stream;
    uint64_t seq;             /* the marker task's number on stream */
    int stamped;
    uint64_t stamp_ns;
} sim_event;

static pthread_mutex_t g_events_mu = PTHREAD_MUTEX_INITIALIZER;
static htab g_etab = {NULL, 0, 0, 0, SIM_EVENT_HANDLE_BASE};
static int g_dev_nevents[SIM_MAX_DEVICES];

static void event_put(sim_event *e) {
    if (__atomic_sub_fetch(&e->refs, 1, __ATOMIC_ACQ_REL) == 0) {
        pthread_mutex_destroy(&e->mu);
        free(e);
    }
}

/* The event with a reference taken (drop it with event_put), or NULL with
 * a sanitizer message.  remove: also take it out of the table. */
static sim_event *event_get(const char *api, aclrtEvent event, int remove) {
    uint64_t h = (uint64_t)(uintptr_t)event;
    pthread_mutex_lock(&g_events_mu);
    sim_event *e = remove ? htab_remove(&g_etab, h) : htab_get(&g_etab, h);
    if (e != NULL) __atomic_add_fetch(&e->refs, 1, __ATOMIC_ACQ_REL);
    uint64_t last = g_etab.base + g_etab.next * SIM_HANDLE_STEP;
    pthread_mutex_unlock(&g_events_mu);
    if (e != NULL) return e;
    if (event == NULL)
        sim_sanitizer_error("%s: the event is NULL; pass an event from aclrtCreateEvent", api);
    else if (in_range(h, SIM_STREAM_HANDLE_BASE))
        sim_sanitizer_error("%s: %p is a stream handle, not an event", api, event);
    else if (in_range(h, SIM_EVENT_HANDLE_BASE) && h <= last)
        sim_sanitizer_error("%s: invalid event handle %p: the event was already destroyed "
                            "by aclrtDestroyEvent", api, event);
    else
        sim_sanitizer_error("%s: invalid event handle %p: it was not returned by "
                            "aclrtCreateEvent", api, event);
    return NULL;
}

static aclError create_event(const char *api, aclrtEvent *event, uint32_t flags) {
    int dev;
    int rc = sim_rt_require_device(api, &dev);
    if (rc != ACL_SUCCESS) return rc;
    if (event == NULL) {
        sim_set_error("%s: event is NULL; pass the address of an aclrtEvent", api);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (flags & ~SIM_EVENT_KNOWN_FLAGS) {
        sim_set_error("%s: flag 0x%x has unknown bits; use ACL_EVENT_SYNC (0x1), "
                      "ACL_EVENT_TIME_LINE (0x8) and the other documented flags", api, flags);
        return ACL_ERROR_INVALID_PARAM;
    }
    sim_event *e = calloc(1, sizeof *e);
    if (e == NULL) {
        sim_set_error("%s: host out of memory", api);
        return ACL_ERROR_BAD_ALLOC;
    }
    pthread_mutex_init(&e->mu, NULL);
    e->flags = flags;
    e->device = dev;
    e->refs = 1;
    pthread_mutex_lock(&g_events_mu);
    if (g_dev_nevents[dev] >= SIM_MAX_EVENTS_PER_DEVICE) {
        pthread_mutex_unlock(&g_events_mu);
        event_put(e);
        sim_set_error("%s: device %d already has %d events, the Atlas A2 limit; destroy "
                      "unused events", api, dev, SIM_MAX_EVENTS_PER_DEVICE);
        return SIM_ACL_ERROR_RT_NO_EVENT_RESOURCE;
    }
    if (htab_add(&g_etab, e, &e->handle) != 0) {
        pthread_mutex_unlock(&g_events_mu);
        event_put(e);
        sim_set_error("%s: host out of memory", api);
        return ACL_ERROR_BAD_ALLOC;
    }
    g_dev_nevents[dev]++;
    pthread_mutex_unlock(&g_events_mu);
    SIM_COUNT(live_events, 1);
    *event = (aclrtEvent)(uintptr_t)e->handle;
    return ACL_SUCCESS;
}

/* runtime.md 6: a plain event serves both timing and waits. */
SIM_EXPORT aclError aclrtCreateEvent(aclrtEvent *event) {
    return create_event("aclrtCreateEvent", event, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE);
}

SIM_EXPORT aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag) {
    return create_event("aclrtCreateEventWithFlag", event, flag);
}

/* Destroying an event with queued records is allowed (runtime.md 6): the
 * markers hold references, the memory goes with the last one.  Needs no
 * device, like aclrtFree: finalizers may run on any thread. */
SIM_EXPORT aclError aclrtDestroyEvent(aclrtEvent event) {
    const char *api = "aclrtDestroyEvent";
    int rc = sim_rt_check_init(api);
    if (rc != ACL_SUCCESS) return rc;
    sim_event *e = event_get(api, event, 1);
    if (e == NULL) return ACL_ERROR_RT_INVALID_HANDLE;
    pthread_mutex_lock(&g_events_mu);
    g_dev_nevents[e->device]--;
    pthread_mutex_unlock(&g_events_mu);
    SIM_COUNT(live_events, -1);
    event_put(e);   /* the lookup's reference */
    event_put(e);   /* the table's */
    return ACL_SUCCESS;
}

typedef struct {
    sim_event *e;
    uint64_t gen;
} marker_task;

static int marker_run(void *arg) {
    marker_task *m = arg;
    uint64_t now = sim_rt_now_ns();
    pthread_mutex_lock(&m->e->mu);
    if (m->e->gen == m->gen) {   /* not re-recorded since */
        m->e->stamp_ns = now;
        m->e->stamped = 1;
    }
    pthread_mutex_unlock(&m->e->mu);
    return 0;
}

static void marker_release(void *arg) {
    marker_task *m = arg;
    event_put(m->e);
    free(m);
}

SIM_EXPORT aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
    const char *api = "aclrtRecordEvent";
    sim_stream *s;
    int rc = sim_rt_stream_resolve(api, stream, &s);
    if (rc != ACL_SUCCESS) return rc;
    sim_event *e = event_get(api, event, 0);
    if (e == NULL) return ACL_ERROR_RT_INVALID_HANDLE;
    marker_task *m = malloc(sizeof *m);
    if (m == NULL) {
        event_put(e);
        sim_set_error("%s: host out of memory", api);
        return ACL_ERROR_BAD_ALLOC;
    }
    uint64_t seq;
    pthread_mutex_lock(&e->mu);
    m->e = e;
    m->gen = ++e->gen;
    __atomic_add_fetch(&e->refs, 1, __ATOMIC_ACQ_REL);
    rc = sim_rt_stream_enqueue_seq(s, marker_run, m, marker_release, &seq);
    if (rc == ACL_SUCCESS) {
        e->recorded = 1;
        e->stream = s;
        e->seq = seq;
        e->stamped = 0;
    }
    pthread_mutex_unlock(&e->mu);
    event_put(e);
    return rc;
}

/* The stream and task number the event waits for; 0 if never recorded. */
static int event_target(sim_event *e, sim_stream **s, uint64_t *seq) {
    pthread_mutex_lock(&e->mu);
    int recorded = e->recorded;
    *s = e->stream;
    *seq = e->seq;
    pthread_mutex_unlock(&e->mu);
    return recorded;
}

SIM_EXPORT aclError aclrtSynchronizeEvent(aclrtEvent event) {
    SIM_COUNT(synchronizations, 1);
    const char *api = "aclrtSynchronizeEvent";
    int rc = sim_rt_require_device(api, NULL);
    if (rc != ACL_SUCCESS) return rc;
    sim_event *e = event_get(api, event, 0);
    if (e == NULL) return ACL_ERROR_RT_INVALID_HANDLE;
    sim_stream *s;
    uint64_t seq;
    char msg[SIM_FAULT_LEN];
    if (event_target(e, &s, &seq)) {
        pthread_mutex_lock(&s->mu);
        wait_locked(s, seq);
        rc = take_fault_locked(s, seq, msg, sizeof msg);
        pthread_mutex_unlock(&s->mu);
        if (rc != 0) sim_set_error("%s", msg);
    }
    event_put(e);
    return rc;
}

/* Note the encoding: NOT_READY = 0, COMPLETE = 1 (runtime.md 6); an
 * event never recorded is COMPLETE. */
SIM_EXPORT aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status) {
    const char *api = "aclrtQueryEventStatus";
    int rc = sim_rt_require_device(api, NULL);
    if (rc != ACL_SUCCESS) return rc;
    if (status == NULL) {
        sim_set_error("%s: status is NULL; pass the address of an aclrtEventRecordedStatus", api);
        return ACL_ERROR_INVALID_PARAM;
    }
    sim_event *e = event_get(api, event, 0);
    if (e == NULL) return ACL_ERROR_RT_INVALID_HANDLE;
    sim_stream *s;
    uint64_t seq;
    int done = 1;
    if (event_target(e, &s, &seq)) {
        pthread_mutex_lock(&s->mu);
        done = s->completed >= seq;
        pthread_mutex_unlock(&s->mu);
    }
    *status = done ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    event_put(e);
    return ACL_SUCCESS;
}

/* Errors: an event created without ACL_EVENT_TIME_LINE, or never
 * recorded -> ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID (107006); recorded but
 * its work has not run yet -> ACL_ERROR_RT_EVENT_NOT_COMPLETE (507006):
 * synchronize the end event first. */
static int event_stamp(const char *api, const char *which, sim_event *e, uint64_t *ns) {
    int rc = ACL_SUCCESS;
    pthread_mutex_lock(&e->mu);
    if (!(e->flags & ACL_EVENT_TIME_LINE)) {
        sim_set_error("%s: the %s event was created without ACL_EVENT_TIME_LINE, so it "
                      "records no timestamp; create it with aclrtCreateEvent or with that "
                      "flag", api, which);
        rc = ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID;
    } else if (!e->recorded) {
        sim_set_error("%s: the %s event was never recorded; call aclrtRecordEvent first",
                      api, which);
        rc = ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID;
    } else if (!e->stamped) {
        sim_set_error("%s: the %s event has not completed yet; call aclrtSynchronizeEvent "
                      "on it first", api, which);
        rc = SIM_ACL_ERROR_RT_EVENT_NOT_COMPLETE;
    } else {
        *ns = e->stamp_ns;
    }
    pthread_mutex_unlock(&e->mu);
    return rc;
}

SIM_EXPORT aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent) {
    const char *api = "aclrtEventElapsedTime";
    int rc = sim_rt_require_device(api, NULL);
    if (rc != ACL_SUCCESS) return rc;
    if (ms == NULL) {
        sim_set_error("%s: ms is NULL; pass the address of a float", api);
        return ACL_ERROR_INVALID_PARAM;
    }
    sim_event *a = event_get(api, startEvent, 0);
    if (a == NULL) return ACL_ERROR_RT_INVALID_HANDLE;
    sim_event *b = event_get(api, endEvent, 0);
    if (b == NULL) {
        event_put(a);
        return ACL_ERROR_RT_INVALID_HANDLE;
    }
    uint64_t t0 = 0, t1 = 0;
    rc = event_stamp(api, "start", a, &t0);
    if (rc == ACL_SUCCESS) rc = event_stamp(api, "end", b, &t1);
    if (rc == ACL_SUCCESS) *ms = (float)((double)((int64_t)(t1 - t0)) / 1e6);
    event_put(a);
    event_put(b);
    return rc;
}

typedef struct {
    sim_stream *src;
    uint64_t seq;
} wait_task;

static int wait_task_run(void *arg) {
    wait_task *w = arg;
    sim_rt_stream_wait_seq(w->src, w->seq);
    return 0;
}

SIM_EXPORT aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
    const char *api = "aclrtStreamWaitEvent";
    sim_stream *s;
    int rc = sim_rt_stream_resolve(api, stream, &s);
    if (rc != ACL_SUCCESS) return rc;
    sim_event *e = event_get(api, event, 0);
    if (e == NULL) return ACL_ERROR_RT_INVALID_HANDLE;
    sim_stream *src;
    uint64_t seq;
    if (!(e->flags & ACL_EVENT_SYNC)) {
        sim_set_error("%s: the event was created without ACL_EVENT_SYNC and cannot be "
                      "waited on; create it with aclrtCreateEvent or "
                      "aclrtCreateEventWithFlag(ACL_EVENT_SYNC)", api);
        rc = ACL_ERROR_RT_PARAM_INVALID;
    } else if (event_target(e, &src, &seq) && src != s) {
        /* A record on the same stream is already ordered by the FIFO. */
        wait_task *w = malloc(sizeof *w);
        if (w == NULL) {
            sim_set_error("%s: host out of memory", api);
            rc = ACL_ERROR_BAD_ALLOC;
        } else {
            *w = (wait_task){src, seq};
            rc = sim_rt_stream_enqueue_seq(s, wait_task_run, w, free, NULL);
        }
    }
    event_put(e);
    return rc;
}
