/*
 * CANN simulator: AsdSip's BLAS, the complex64 GEMM (include/
 * cupy_asdsip_blas.h; shared/reference/cann/blas_fft.md 3.4, wave2_ops.md
 * "FFT facts", AsdSip's Cgemm.md).  The kernel is simulator/kernels/
 * blas.py ('AsdCgemm').
 *
 * blas_api.h is C++ without extern "C": AsdSip exports these functions
 * under their C++ (Itanium ABI) names.  The simulator exports the same
 * symbols: each C function below carries the mangled name of its
 * declaration in shim/asdsip_blas.cc as its assembler label (g++ 12
 * wrote them; tests/simulator_tests/test_asdsip_blas.py checks that the
 * shim resolves every AsdSip symbol it needs here).  In C the enum class
 * is an int, std::complex<float> const& a pointer to two floats,
 * asdBlasHandle& a pointer to the handle.
 *
 * What a 910B refuses, the simulator refuses with ACL codes (blas_fft.md
 * 3.1): m, n or k outside [1, 8192] (Cgemm.md, wave2_ops.md); lda != m,
 * ldb != k, ldc != m ("currently constrained", blas_fft.md 3.4); an
 * operand that is not complex64 (100026); a tensor of 3 or more dims for
 * Cgemm (Cgemm.md); a second MakePlan on one handle; a NULL stream
 * [inferred from asdFftSetStream, blas_fft.md 3.3: the BLAS docs' sample
 * sets a created stream]; a missing workspace; an Exec whose sizes are
 * not the plan's.  Stricter than documented [simulator choice]: transa
 * and transb other than N (the ld constraints describe the N layouts),
 * operands that are not contiguous, the batched operands' layout
 * (batchCount, m, k), (batchCount, k, n), (batchCount, m, n) [not
 * documented: CgemmBatched has no doc page].
 *
 * An Exec becomes an executor of the simulator's aclnn engine (op
 * "AsdCgemm"), so the launch checks the operands' and workspace's
 * liveness and queues the kernel on the handle's stream like any
 * operator.
 */
#include "sim_internal.h"
#include "../../include/cupy_asdsip_blas.h"

#include <stdlib.h>
#include <string.h>

#define BLAS_MAGIC 0x424C4153u
#define BLAS_DEAD 0xDEADB1A5u
/* The plan's workspace [simulator choice: the real size is not
 * documented]: nonzero, so the workspace path runs. */
#define BLAS_WS_BYTES 4096

/* the mangled names (see above) */
#define MANGLED_CREATE "_ZN6AsdSip13asdBlasCreateERPv"
#define MANGLED_DESTROY "_ZN6AsdSip14asdBlasDestroyEPv"
#define MANGLED_SET_STREAM "_ZN6AsdSip16asdBlasSetStreamEPvS0_"
#define MANGLED_MAKE_CGEMM "_ZN6AsdSip20asdBlasMakeCgemmPlanEPvNS_18asdBlasOperation_tES1_llllll"
#define MANGLED_MAKE_BATCHED "_ZN6AsdSip27asdBlasMakeCgemmBatchedPlanEPv"
#define MANGLED_GET_WS "_ZN6AsdSip23asdBlasGetWorkspaceSizeEPvRm"
#define MANGLED_SET_WS "_ZN6AsdSip19asdBlasSetWorkspaceEPvS0_"
#define MANGLED_CGEMM \
    "_ZN6AsdSip12asdBlasCgemmEPvNS_18asdBlasOperation_tES1_lllRKSt7complexIfEP9aclTensorlS7_lS5_S7_l"
#define MANGLED_CGEMM_BATCHED \
    "_ZN6AsdSip19asdBlasCgemmBatchedEPvNS_18asdBlasOperation_tES1_lllRKSt7complexIfEP9aclTensorlS7_lS5_S7_ll"

enum { PLAN_NONE = 0, PLAN_CGEMM = 1, PLAN_CGEMM_BATCHED = 2 };

typedef struct {
    uint32_t magic;
    int plan;
    int64_t m, n, k;            /* PLAN_CGEMM */
    void *stream;
    void *workspace;
    size_t workspace_size;
} sim_blas_handle;

static int64_t live_handles;

SIM_EXPORT int64_t cupy_sim_blas_live_handles(void)
{
    return __atomic_load_n(&live_handles, __ATOMIC_RELAXED);
}

static AspbStatus handle_check(const char *fn, asdBlasHandle h, sim_blas_handle **out)
{
    sim_blas_handle *p = h;
    if (p == NULL || p->magic != BLAS_MAGIC) {
        sim_sanitizer_error("%s: handle %p is not a live BLAS handle (asdBlasCreate, not yet "
                            "asdBlasDestroy)", fn, h);
        return ACL_ERROR_INVALID_PARAM;
    }
    *out = p;
    return 0;
}

SIM_EXPORT AspbStatus sim_asdBlasCreate(asdBlasHandle *handle) __asm__(MANGLED_CREATE);
SIM_EXPORT AspbStatus sim_asdBlasCreate(asdBlasHandle *handle)
{
    if (handle == NULL) {
        sim_set_error("asdBlasCreate: handle is NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    sim_blas_handle *p = calloc(1, sizeof *p);
    if (p == NULL) {
        sim_set_error("asdBlasCreate: out of host memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    p->magic = BLAS_MAGIC;
    *handle = p;
    __atomic_fetch_add(&live_handles, 1, __ATOMIC_RELAXED);
    return 0;
}

SIM_EXPORT AspbStatus sim_asdBlasDestroy(asdBlasHandle handle) __asm__(MANGLED_DESTROY);
SIM_EXPORT AspbStatus sim_asdBlasDestroy(asdBlasHandle handle)
{
    sim_blas_handle *p;
    AspbStatus st = handle_check("asdBlasDestroy", handle, &p);
    if (st) return st;
    p->magic = BLAS_DEAD;
    free(p);
    __atomic_fetch_sub(&live_handles, 1, __ATOMIC_RELAXED);
    return 0;
}

SIM_EXPORT AspbStatus sim_asdBlasSetStream(asdBlasHandle handle, void *stream)
    __asm__(MANGLED_SET_STREAM);
SIM_EXPORT AspbStatus sim_asdBlasSetStream(asdBlasHandle handle, void *stream)
{
    sim_blas_handle *p;
    AspbStatus st = handle_check("asdBlasSetStream", handle, &p);
    if (st) return st;
    if (stream == NULL) {
        sim_set_error("asdBlasSetStream: stream is NULL (AsdSip needs a created stream)");
        return ACL_ERROR_INVALID_PARAM;
    }
    p->stream = stream;
    return 0;
}

static AspbStatus new_plan(const char *fn, asdBlasHandle handle, int plan, sim_blas_handle **out)
{
    AspbStatus st = handle_check(fn, handle, out);
    if (st) return st;
    if ((*out)->plan != PLAN_NONE) {
        sim_set_error("%s: the handle already has a plan (a handle is initialised once)", fn);
        return ACL_ERROR_INVALID_PARAM;
    }
    (*out)->plan = plan;
    (*out)->workspace_size = BLAS_WS_BYTES;
    return 0;
}

/* m, n, k, lda, ldb, ldc, transa, transb of one product as AsdSip takes
 * them (see the file comment). */
static AspbStatus check_sizes(const char *fn, int transa, int transb, int64_t m, int64_t n,
                              int64_t k, int64_t lda, int64_t ldb, int64_t ldc)
{
    if (transa != CUPY_ASDBLAS_OP_N || transb != CUPY_ASDBLAS_OP_N) {
        sim_set_error("%s: transa %d, transb %d: the simulator runs OP_N only (lda/ldb/ldc "
                      "are constrained to m/k/m, the N layouts)", fn, transa, transb);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (m < 1 || n < 1 || k < 1 || m > ASDSIP_CGEMM_MAX_DIM || n > ASDSIP_CGEMM_MAX_DIM ||
        k > ASDSIP_CGEMM_MAX_DIM) {
        sim_set_error("%s: m %lld, n %lld, k %lld: each must be in [1, %d]", fn, (long long)m,
                      (long long)n, (long long)k, ASDSIP_CGEMM_MAX_DIM);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (lda != m || ldb != k || ldc != m) {
        sim_set_error("%s: lda %lld, ldb %lld, ldc %lld: AsdSip constrains them to m, k, m "
                      "(%lld, %lld, %lld)", fn, (long long)lda, (long long)ldb, (long long)ldc,
                      (long long)m, (long long)k, (long long)m);
        return ACL_ERROR_INVALID_PARAM;
    }
    return 0;
}

SIM_EXPORT AspbStatus sim_asdBlasMakeCgemmPlan(asdBlasHandle handle, int transa, int transb,
                                               int64_t m, int64_t n, int64_t k, int64_t lda,
                                               int64_t ldb, int64_t ldc)
    __asm__(MANGLED_MAKE_CGEMM);
SIM_EXPORT AspbStatus sim_asdBlasMakeCgemmPlan(asdBlasHandle handle, int transa, int transb,
                                               int64_t m, int64_t n, int64_t k, int64_t lda,
                                               int64_t ldb, int64_t ldc)
{
    const char *fn = "asdBlasMakeCgemmPlan";
    sim_blas_handle *p;
    AspbStatus st = check_sizes(fn, transa, transb, m, n, k, lda, ldb, ldc);
    if (st == 0) st = new_plan(fn, handle, PLAN_CGEMM, &p);
    if (st) return st;
    p->m = m;
    p->n = n;
    p->k = k;
    return 0;
}

SIM_EXPORT AspbStatus sim_asdBlasMakeCgemmBatchedPlan(asdBlasHandle handle)
    __asm__(MANGLED_MAKE_BATCHED);
SIM_EXPORT AspbStatus sim_asdBlasMakeCgemmBatchedPlan(asdBlasHandle handle)
{
    sim_blas_handle *p;
    return new_plan("asdBlasMakeCgemmBatchedPlan", handle, PLAN_CGEMM_BATCHED, &p);
}

static AspbStatus planned(const char *fn, asdBlasHandle handle, sim_blas_handle **out)
{
    AspbStatus st = handle_check(fn, handle, out);
    if (st) return st;
    if ((*out)->plan == PLAN_NONE) {
        sim_set_error("%s: the handle has no plan yet (asdBlasMake*Plan)", fn);
        return ACL_ERROR_INVALID_PARAM;
    }
    return 0;
}

SIM_EXPORT AspbStatus sim_asdBlasGetWorkspaceSize(asdBlasHandle handle, size_t *size)
    __asm__(MANGLED_GET_WS);
SIM_EXPORT AspbStatus sim_asdBlasGetWorkspaceSize(asdBlasHandle handle, size_t *size)
{
    sim_blas_handle *p;
    AspbStatus st = planned("asdBlasGetWorkspaceSize", handle, &p);
    if (st) return st;
    if (size == NULL) {
        sim_set_error("asdBlasGetWorkspaceSize: workspaceSize is NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    *size = p->workspace_size;
    return 0;
}

SIM_EXPORT AspbStatus sim_asdBlasSetWorkspace(asdBlasHandle handle, void *workspace)
    __asm__(MANGLED_SET_WS);
SIM_EXPORT AspbStatus sim_asdBlasSetWorkspace(asdBlasHandle handle, void *workspace)
{
    sim_blas_handle *p;
    AspbStatus st = planned("asdBlasSetWorkspace", handle, &p);
    if (st) return st;
    p->workspace = workspace;
    return 0;
}

/* Operand `d`: complex64, contiguous, of dims (batch, rows, cols) or
 * (rows, cols) when batch is 0. */
static AspbStatus check_operand(const char *fn, const char *name, const sim_tensor_desc *d,
                                int64_t batch, int64_t rows, int64_t cols)
{
    int64_t dims[3];
    int nd = 0;
    char b1[128], b2[128];
    if (batch) dims[nd++] = batch;
    dims[nd++] = rows;
    dims[nd++] = cols;
    if (d->dtype != ACL_COMPLEX64) {
        sim_set_error("%s: %s has dtype %s; AsdSip's Cgemm takes complex64", fn, name,
                      sim_dtype_name(d->dtype));
        return ACL_ERROR_UNSUPPORTED_DATA_TYPE;
    }
    int same = d->ndim == nd;
    for (int i = 0; same && i < nd; i++) same = d->dims[i] == dims[i];
    if (!same) {
        sim_set_error("%s: %s has shape %s but the call needs %s", fn, name,
                      sim_fmt_dims(b1, sizeof b1, d->dims, d->ndim),
                      sim_fmt_dims(b2, sizeof b2, dims, nd));
        return ACL_ERROR_INVALID_PARAM;
    }
    int64_t expect = 1;
    for (int i = d->ndim - 1; i >= 0; i--) {
        if (d->dims[i] != 1 && d->strides[i] != expect) {
            sim_set_error("%s: %s is not contiguous", fn, name);
            return ACL_ERROR_INVALID_PARAM;
        }
        expect *= d->dims[i];
    }
    return 0;
}

static const char *const CGEMM_NAMES[] = {"A", "B", "C", "m", "n", "k", "batchCount",
                                          "alphaRe", "alphaIm", "betaRe", "betaIm"};

static AspbStatus cgemm_exec(const char *fn, int plan, asdBlasHandle handle, int transa,
                             int transb, int64_t m, int64_t n, int64_t k, const float *alpha,
                             aclTensor *A, int64_t lda, aclTensor *B, int64_t ldb,
                             const float *beta, aclTensor *C, int64_t ldc, int64_t batch)
{
    int64_t t0 = sim_now_ns();
    sim_blas_handle *p;
    sim_call call;
    aclOpExecutor *ex = NULL;
    AspbStatus st = planned(fn, handle, &p);
    if (st) goto done;
    if (p->plan != plan || (plan == PLAN_CGEMM && (p->m != m || p->n != n || p->k != k))) {
        sim_set_error("%s: the handle's plan is not this call's (kind or m, n, k differ)", fn);
        st = ACL_ERROR_INVALID_PARAM;
        goto done;
    }
    st = check_sizes(fn, transa, transb, m, n, k, lda, ldb, ldc);
    if (st) goto done;
    if (plan == PLAN_CGEMM_BATCHED && batch < 1) {
        sim_set_error("%s: batchCount %lld < 1", fn, (long long)batch);
        st = ACL_ERROR_INVALID_PARAM;
        goto done;
    }
    if (alpha == NULL || beta == NULL) {
        sim_set_error("%s: alpha or beta is NULL", fn);
        st = ACL_ERROR_INVALID_PARAM;
        goto done;
    }
    if (p->stream == NULL) {
        sim_set_error("%s: no stream was set (asdBlasSetStream)", fn);
        st = ACL_ERROR_INVALID_PARAM;
        goto done;
    }
    if (p->workspace_size && p->workspace == NULL) {
        sim_set_error("%s: the plan needs %zu bytes of workspace and none was set "
                      "(asdBlasSetWorkspace)", fn, p->workspace_size);
        st = ACL_ERROR_INVALID_PARAM;
        goto done;
    }
    memset(&call, 0, sizeof call);
    strcpy(call.op, "AsdCgemm");
    st = sim_arg_tensor(fn, "A", A, SIM_ROLE_IN, 0, &call.args[0]);
    if (st) goto done;
    call.nargs = 1;
    st = sim_arg_tensor(fn, "B", B, SIM_ROLE_IN, 0, &call.args[1]);
    if (st == 0) {
        call.nargs = 2;
        st = sim_arg_tensor(fn, "C", C, SIM_ROLE_REF_INOUT, 0, &call.args[2]);
    }
    if (st == 0) {
        /* column-major m x k, k x n, m x n described as ND [m, k], [k, n],
         * [m, n] (Cgemm.md) */
        int64_t nb = plan == PLAN_CGEMM_BATCHED ? batch : 0;
        call.nargs = 3;
        st = check_operand(fn, "A", &call.args[0].u.tensor, nb, m, k);
        if (st == 0) st = check_operand(fn, "B", &call.args[1].u.tensor, nb, k, n);
        if (st == 0) st = check_operand(fn, "C", &call.args[2].u.tensor, nb, m, n);
    }
    if (st) {
        sim_call_release(&call);
        goto done;
    }
    int64_t ints[4] = {m, n, k, plan == PLAN_CGEMM_BATCHED ? batch : 0};
    for (int i = 0; i < 4; i++) {
        call.args[3 + i].kind = SIM_ARG_INT;
        call.args[3 + i].u.i = ints[i];
    }
    double fl[4] = {alpha[0], alpha[1], beta[0], beta[1]};
    for (int i = 0; i < 4; i++) {
        call.args[7 + i].kind = SIM_ARG_FLOAT;
        call.args[7 + i].u.f = fl[i];
    }
    call.nargs = 11;
    st = sim_executor_create(&call, CGEMM_NAMES, p->workspace_size, &ex);
    if (st) goto done;
    static sim_fault_site *site;   /* fault injection site of the launch */
    st = sim_executor_launch("AsdCgemm", p->workspace, p->workspace_size, ex, p->stream, &site);
done:
    sim_count_api(t0);
    return st;
}

SIM_EXPORT AspbStatus sim_asdBlasCgemm(asdBlasHandle handle, int transa, int transb, int64_t m,
                                       int64_t n, int64_t k, const float *alpha, aclTensor *A,
                                       int64_t lda, aclTensor *B, int64_t ldb,
                                       const float *beta, aclTensor *C, int64_t ldc)
    __asm__(MANGLED_CGEMM);
SIM_EXPORT AspbStatus sim_asdBlasCgemm(asdBlasHandle handle, int transa, int transb, int64_t m,
                                       int64_t n, int64_t k, const float *alpha, aclTensor *A,
                                       int64_t lda, aclTensor *B, int64_t ldb,
                                       const float *beta, aclTensor *C, int64_t ldc)
{
    return cgemm_exec("asdBlasCgemm", PLAN_CGEMM, handle, transa, transb, m, n, k, alpha, A,
                      lda, B, ldb, beta, C, ldc, 0);
}

SIM_EXPORT AspbStatus sim_asdBlasCgemmBatched(asdBlasHandle handle, int transa, int transb,
                                              int64_t m, int64_t n, int64_t k,
                                              const float *alpha, aclTensor *A, int64_t lda,
                                              aclTensor *B, int64_t ldb, const float *beta,
                                              aclTensor *C, int64_t ldc, int64_t batchCount)
    __asm__(MANGLED_CGEMM_BATCHED);
SIM_EXPORT AspbStatus sim_asdBlasCgemmBatched(asdBlasHandle handle, int transa, int transb,
                                              int64_t m, int64_t n, int64_t k,
                                              const float *alpha, aclTensor *A, int64_t lda,
                                              aclTensor *B, int64_t ldb, const float *beta,
                                              aclTensor *C, int64_t ldc, int64_t batchCount)
{
    return cgemm_exec("asdBlasCgemmBatched", PLAN_CGEMM_BATCHED, handle, transa, transb, m, n,
                      k, alpha, A, lda, B, ldb, beta, C, ldc, batchCount);
}
