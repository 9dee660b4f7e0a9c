/*
 * CANN simulator: fault injection.
 *
 * Every vendor entry point can be made to fail, so that tests can prove the
 * library's error paths (the status surfaces as the typed error, nothing
 * leaks, the next operation works).  The entry points are:
 *  - the functions of include/cupy_acl.h's X-macro lists: the simulator
 *    defines them as sim_real_<name> (sim_internal.h), and this file
 *    exports a wrapper under each real name, made from the same lists;
 *  - every aclnn operator's phase 1 (aclnnXxxGetWorkspaceSize) and phase 2
 *    (aclnnXxx): the SIM_PHASE1 / SIM_OP_RUN macros (sim_ops.h) call
 *    sim_fault_enter_op.
 * Each entry point is a site that counts its calls (always, so a test can
 * enumerate the call sites of a workload) and checks the rules.
 *
 * Rules: CUPY_ASCEND_SIMULATOR_FAULTS (read at the first call) or
 * cupy_sim_faults_set, a comma-separated list of
 *     PATTERN:N        fail the Nth call of each matching entry point
 *     PATTERN:N+       fail the Nth call and every later one
 *     PATTERN:pX       fail each call with probability X (0 < X <= 1)
 *     seed=S           seed of the probabilities (also
 *                      CUPY_ASCEND_SIMULATOR_FAULTS_SEED; default 0)
 * PATTERN is an fnmatch glob of the entry point's name ("aclrtMalloc",
 * "aclnnAdd*").  Calls are counted from the moment the rules are set.
 * A rule may end in "=CODE" (the status to return) and, for an operator's
 * phase 2, in "@device": the launch succeeds and the queued kernel fails
 * instead, reported by the next synchronize (507035 unless CODE is given).
 *
 * The default status is what CANN returns for that failure
 * (shared/reference/cann/runtime.md 9, aclnn.md 7):
 *     aclrtMalloc, aclrtMallocHost     207001 ACL_ERROR_RT_MEMORY_ALLOCATION
 *     aclrtCreateStream                207008 ACL_ERROR_RT_NO_STREAM_RESOURCE
 *     aclrtCreateEvent*                207007 ACL_ERROR_RT_NO_EVENT_RESOURCE
 *     aclrtSynchronize*, queries       507035 ACL_ERROR_RT_VECTOR_CORE_EXCEPTION
 *     other runtime functions          507000 ACL_ERROR_RT_INTERNAL_ERROR
 *     aclnnXxxGetWorkspaceSize         161002 ACLNN_ERR_PARAM_INVALID
 *     aclnnXxx (phase 2)               507015 ACL_ERROR_RT_AICORE_EXCEPTION
 *     other aclnn object functions     161002 ACLNN_ERR_PARAM_INVALID
 *     aclCreate* (return a pointer)    NULL (text: out of memory)
 * with the vendor's text for it in aclGetRecentErrMsg, tagged
 * "[fault injection]".  aclGetRecentErrMsg itself never fails.  A failed
 * release (aclDestroy*, aclrtFree*, aclrtDestroy*) still releases (see
 * sim_fault_site_releases).
 */
#define SIM_FAULTS_WRAPPERS
#include "sim_internal.h"

#include <fnmatch.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIM_FAULT_MAX_RULES 64
#define SIM_FAULT_MAX_SITES 1024
#define SIM_FAULT_NAME_LEN 96
#define SIM_FAULT_VECTOR_CORE_EXCEPTION 507035
#define SIM_FAULT_NO_EVENT_RESOURCE 207007
#define SIM_FAULT_NO_STREAM_RESOURCE 207008

struct sim_fault_site {
    char name[SIM_FAULT_NAME_LEN];
    int64_t calls;           /* since the last reset (atomic) */
    int64_t since_set;       /* since the rules were set (under g_lock) */
    int faultable;
};

typedef struct {
    char pattern[SIM_FAULT_NAME_LEN];
    int64_t nth;             /* 0: probability rule */
    int from_nth;            /* N+ */
    double prob;
    int code;                /* 0: the entry point's default */
    int device;
} sim_fault_rule;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t g_env_once = PTHREAD_ONCE_INIT;
static sim_fault_site g_sites[SIM_FAULT_MAX_SITES];
static int g_nsites;                  /* atomic for readers */
static sim_fault_rule g_rules[SIM_FAULT_MAX_RULES];
static int g_nrules;
static int g_active;                  /* atomic: any rule set */
static uint64_t g_rng;
static int64_t g_injected;            /* atomic */

/* ------------------------------------------------------------------ */
/* Rules                                                                */

static int parse_rule(const char *tok, sim_fault_rule *r, uint64_t *seed, int *is_seed,
                      char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    *is_seed = 0;
    if (strncmp(tok, "seed=", 5) == 0) {
        char *end;
        *seed = strtoull(tok + 5, &end, 10);
        *is_seed = 1;
        if (*end == '\0' && end != tok + 5) return 0;
        snprintf(err, errlen, "bad seed in fault rule '%s'", tok);
        return -1;
    }
    const char *colon = strrchr(tok, ':');
    if (colon == NULL || colon == tok || (size_t)(colon - tok) >= sizeof r->pattern) {
        snprintf(err, errlen, "fault rule '%s' is not PATTERN:N, PATTERN:N+ or PATTERN:pX",
                 tok);
        return -1;
    }
    memcpy(r->pattern, tok, (size_t)(colon - tok));
    const char *p = colon + 1;
    char *end;
    if (*p == 'p') {
        r->prob = strtod(p + 1, &end);
        if (end == p + 1 || !(r->prob > 0 && r->prob <= 1)) goto bad;
    } else {
        long long n = strtoll(p, &end, 10);
        if (end == p || n < 1) goto bad;
        r->nth = n;
        if (*end == '+') { r->from_nth = 1; end++; }
    }
    if (*end == '=') {
        long code = strtol(end + 1, &end, 10);
        if (code <= 0) goto bad;
        r->code = (int)code;
    }
    if (strcmp(end, "@device") == 0) {
        r->device = 1;
        end += 7;
    }
    if (*end == '\0') return 0;
bad:
    snprintf(err, errlen, "fault rule '%s': expected N (>= 1), N+ or pX (0 < X <= 1), "
             "then optionally =CODE and @device", tok);
    return -1;
}

static uint64_t rng_next(void)
{
    /* xorshift64*: enough for choosing calls, reproducible from the seed */
    uint64_t x = g_rng ? g_rng : 0x9E3779B97F4A7C15ull;
    x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
    g_rng = x;
    return x * 0x2545F4914F6CDD1Dull;
}

static int set_rules(const char *spec, char *err, size_t errlen)
{
    sim_fault_rule rules[SIM_FAULT_MAX_RULES];
    int n = 0;
    const char *env_seed = getenv("CUPY_ASCEND_SIMULATOR_FAULTS_SEED");
    uint64_t seed = env_seed ? strtoull(env_seed, NULL, 10) : 0;
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", spec ? spec : "");
    char *save = NULL;
    for (char *tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        int is_seed;
        if (n == SIM_FAULT_MAX_RULES) {
            snprintf(err, errlen, "at most %d fault rules", SIM_FAULT_MAX_RULES);
            return -1;
        }
        if (parse_rule(tok, &rules[n], &seed, &is_seed, err, errlen) != 0) return -1;
        if (!is_seed) n++;
    }
    pthread_mutex_lock(&g_lock);
    memcpy(g_rules, rules, sizeof rules[0] * (size_t)n);
    g_nrules = n;
    g_rng = seed * 0x9E3779B97F4A7C15ull + 1;
    for (int i = 0; i < g_nsites; i++) g_sites[i].since_set = 0;
    __atomic_store_n(&g_injected, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&g_active, n > 0, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&g_lock);
    return 0;
}

static void read_env(void)
{
    const char *spec = getenv("CUPY_ASCEND_SIMULATOR_FAULTS");
    char err[256];
    if (spec != NULL && *spec && set_rules(spec, err, sizeof err) != 0)
        fprintf(stderr, "CUPY_ASCEND_SIMULATOR_FAULTS ignored: %s\n", err);
}

/* ------------------------------------------------------------------ */
/* Sites                                                                */

static sim_fault_site *site_lookup_locked(const char *name)
{
    for (int i = 0; i < g_nsites; i++)
        if (strcmp(g_sites[i].name, name) == 0) return &g_sites[i];
    if (g_nsites == SIM_FAULT_MAX_SITES) return NULL;
    sim_fault_site *s = &g_sites[g_nsites];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->faultable = strcmp(name, "aclGetRecentErrMsg") != 0;
    __atomic_store_n(&g_nsites, g_nsites + 1, __ATOMIC_RELEASE);
    return s;
}

sim_fault_site *sim_fault_site_of(sim_fault_site **cache, const char *name)
{
    sim_fault_site *s = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (s != NULL) return s;
    pthread_once(&g_env_once, read_env);
    pthread_mutex_lock(&g_lock);
    s = site_lookup_locked(name);
    pthread_mutex_unlock(&g_lock);
    __atomic_store_n(cache, s, __ATOMIC_RELEASE);
    return s;
}

static int default_code(const char *name)
{
    if (!strcmp(name, "aclrtMalloc") || !strcmp(name, "aclrtMallocHost"))
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    if (!strcmp(name, "aclrtCreateStream")) return SIM_FAULT_NO_STREAM_RESOURCE;
    if (!strncmp(name, "aclrtCreateEvent", 16)) return SIM_FAULT_NO_EVENT_RESOURCE;
    if (!strncmp(name, "aclrtSynchronize", 16) || strstr(name, "Query") != NULL)
        return SIM_FAULT_VECTOR_CORE_EXCEPTION;
    if (!strncmp(name, "aclrt", 5) || !strncmp(name, "aclInit", 7) ||
        !strncmp(name, "aclFinalize", 11))
        return ACL_ERROR_RT_INTERNAL_ERROR;
    if (!strncmp(name, "aclCreate", 9)) return ACLNN_ERR_INNER;   /* returns NULL */
    size_t n = strlen(name);
    if (n > 16 && !strcmp(name + n - 16, "GetWorkspaceSize")) return ACLNN_ERR_PARAM_INVALID;
    if (!strncmp(name, "aclnn", 5)) return ACL_ERROR_RT_AICORE_EXCEPTION;
    return ACLNN_ERR_PARAM_INVALID;
}

/* The vendor's text for the status (runtime.md 9, aclnn.md 7). */
static const char *describe(int code)
{
    switch (code) {
    case ACL_ERROR_RT_MEMORY_ALLOCATION: return "EL0004: Failed to allocate memory";
    case SIM_FAULT_NO_STREAM_RESOURCE: return "EE1001: no stream resource";
    case SIM_FAULT_NO_EVENT_RESOURCE: return "EE1001: no event resource";
    case SIM_FAULT_VECTOR_CORE_EXCEPTION: return "EZ9999: vector core exception";
    case ACL_ERROR_RT_AICORE_EXCEPTION: return "EZ9999: AI Core exception";
    case ACL_ERROR_RT_INTERNAL_ERROR: return "EE9999: runtime internal error";
    case ACLNN_ERR_PARAM_NULLPTR: return "EZ1001: a parameter is a null pointer";
    case ACLNN_ERR_PARAM_INVALID: return "EZ1001: a parameter is invalid";
    case ACLNN_ERR_RUNTIME_ERROR: return "EZ9903: runtime error";
    case ACLNN_ERR_INNER: return "EZ9999: out of memory creating the object";
    default: return "EZ9999: injected failure";
    }
}

int sim_fault_enter(sim_fault_site *s, int *device)
{
    if (device) *device = 0;
    if (s == NULL) return 0;
    __atomic_fetch_add(&s->calls, 1, __ATOMIC_RELAXED);
    if (!__atomic_load_n(&g_active, __ATOMIC_ACQUIRE) || !s->faultable) return 0;
    int code = 0, dev = 0;
    int64_t call;
    pthread_mutex_lock(&g_lock);
    call = ++s->since_set;
    for (int i = 0; i < g_nrules && !code; i++) {
        const sim_fault_rule *r = &g_rules[i];
        if (fnmatch(r->pattern, s->name, 0) != 0) continue;
        int hit = r->nth ? (call == r->nth || (r->from_nth && call > r->nth))
                         : (double)(rng_next() >> 11) * 0x1.0p-53 < r->prob;
        if (!hit) continue;
        dev = r->device && device != NULL;
        code = r->code ? r->code
                       : dev ? SIM_FAULT_VECTOR_CORE_EXCEPTION : default_code(s->name);
    }
    pthread_mutex_unlock(&g_lock);
    if (!code) return 0;
    __atomic_fetch_add(&g_injected, 1, __ATOMIC_RELAXED);
    if (dev) {
        *device = 1;
    } else {
        sim_set_error("%s: %s (status %d) [fault injection: call %lld]", s->name,
                      describe(code), code, (long long)call);
    }
    return code;
}

int sim_fault_enter_op(sim_fault_site **cache, const char *op, const char *suffix, int *device)
{
    sim_fault_site *s = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (s == NULL) {
        char name[SIM_FAULT_NAME_LEN];
        snprintf(name, sizeof name, "aclnn%s%s", op, suffix);
        s = sim_fault_site_of(cache, name);
    }
    return sim_fault_enter(s, device);
}

void sim_fault_device_error(const char *op, int status)
{
    sim_set_error("aclnn%s: the kernel failed on the device: %s (status %d) "
                  "[fault injection]", op, describe(status), status);
}

/* ------------------------------------------------------------------ */
/* The wrappers: the real names, then the definitions (sim_real_*).    */

#define SIM_REAL_PROTO(ret, name, params, args) ret sim_real_##name params;
CUPY_ACL_RT_FUNCS(SIM_REAL_PROTO)
CUPY_ACL_RT_OPTIONAL_FUNCS(SIM_REAL_PROTO)
CUPY_ACLNN_BASE_FUNCS(SIM_REAL_PROTO)
CUPY_ACLNN_BASE_OPTIONAL_FUNCS(SIM_REAL_PROTO)
#undef SIM_REAL_PROTO

/* A release (aclDestroy*, aclrtFree*, aclrtDestroy*) that fails still
 * releases: the caller cannot retry it (the handle is gone to it), so a
 * kept object would only hide the library's own leaks; what is tested is
 * that the reported failure is not raised into the user's code and the
 * object is not released twice. */
static int sim_fault_site_releases(const sim_fault_site *s)
{
    return s != NULL && (!strncmp(s->name, "aclDestroy", 10) ||
                         !strncmp(s->name, "aclrtFree", 9) ||
                         !strncmp(s->name, "aclrtDestroy", 12));
}

/* A failed call returns its status, or NULL for the functions that return
 * a pointer (aclCreate*, aclrtGetSocName). */
#define SIM_FAIL_VALUE(ret, code) _Generic((ret)0, int: (code), default: 0)

#define SIM_WRAP(ret, name, params, args)                                 \
    SIM_EXPORT ret name params                                            \
    {                                                                     \
        static sim_fault_site *site;                                      \
        int fault = sim_fault_enter(sim_fault_site_of(&site, #name), NULL); \
        if (fault) {                                                      \
            if (sim_fault_site_releases(site)) (void)sim_real_##name args; \
            return (ret)SIM_FAIL_VALUE(ret, fault);                       \
        }                                                                 \
        return sim_real_##name args;                                      \
    }
CUPY_ACL_RT_FUNCS(SIM_WRAP)
CUPY_ACL_RT_OPTIONAL_FUNCS(SIM_WRAP)
CUPY_ACLNN_BASE_FUNCS(SIM_WRAP)
CUPY_ACLNN_BASE_OPTIONAL_FUNCS(SIM_WRAP)
#undef SIM_WRAP

/* ------------------------------------------------------------------ */
/* Control, for the Python module                                        */

SIM_EXPORT int cupy_sim_faults_set(const char *spec, char *err, size_t errlen)
{
    pthread_once(&g_env_once, read_env);
    return set_rules(spec, err, errlen);
}

SIM_EXPORT void cupy_sim_faults_clear(void)
{
    char err[8];
    pthread_once(&g_env_once, read_env);
    set_rules("", err, sizeof err);
}

SIM_EXPORT int cupy_sim_faults_counts(const char **names, int64_t *calls, int max)
{
    int n = __atomic_load_n(&g_nsites, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n && i < max; i++) {
        names[i] = g_sites[i].name;
        calls[i] = __atomic_load_n(&g_sites[i].calls, __ATOMIC_RELAXED);
    }
    return n;
}

SIM_EXPORT void cupy_sim_faults_reset_counts(void)
{
    int n = __atomic_load_n(&g_nsites, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++) __atomic_store_n(&g_sites[i].calls, 0, __ATOMIC_RELAXED);
}

SIM_EXPORT int64_t cupy_sim_faults_injected(void)
{
    return __atomic_load_n(&g_injected, __ATOMIC_RELAXED);
}
