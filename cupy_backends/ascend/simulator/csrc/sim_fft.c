/*
 * CANN simulator: AsdSip's FFT plan API (include/cupy_asdsip.h;
 * shared/reference/cann/blas_fft.md section 3.3, wave2_ops.md "FFT
 * facts").  The kernel is simulator/kernels/fft.py ('AsdFft').
 *
 * What a 910B refuses, the simulator refuses with the documented status
 * (ACL codes, blas_fft.md 3.1): sizes above 2^27 or with a prime factor
 * above 199, more than 2^30 elements in one plan, a vertical 1-D plan
 * that is not a power of two in [256, 65536] with a batch multiple of 128,
 * a second MakePlan on one handle, a NULL stream, float64/complex128
 * operands (100026: AsdSip has no double FFT), an Exec of another type
 * than the plan's, a missing workspace.  The direction is fixed by the
 * plan.  Both directions are unnormalised.  Operands must be contiguous
 * [strided tensors are not documented: the simulator refuses them].
 *
 * A horizontal 1-D plan of a power of two >= 2^15 overwrites its input
 * (FFT_1D.md): the kernel fills the input with NaN after reading it, so a
 * caller that needs its input afterwards and did not copy it gets wrong
 * results in tests.
 *
 * An Exec becomes an executor of the simulator's aclnn engine (op
 * "AsdFft", consumed by its launch), so the launch path checks the
 * operands' and the workspace's liveness, fills the workspace with
 * garbage and queues the kernel on the plan's stream like any operator.
 */
#include "sim_internal.h"
#include "../../include/cupy_asdsip.h"

#include <stdlib.h>
#include <string.h>

#define FFT_MAGIC 0x41464654u
#define FFT_DEAD 0xDEADFF70u
/* The plan's workspace [simulator choice: the real size is not
 * documented]: one complex64 transform, so the workspace path runs. */
#define FFT_WS_BYTES_PER_POINT 8

typedef struct {
    uint32_t magic;
    int made;
    int type, direction, dim_type, rank;
    int64_t n[3];
    int64_t batch;
    void *stream;
    void *workspace;
    size_t workspace_size;
} sim_fft_plan;

static int64_t live_plans;

SIM_EXPORT int64_t cupy_sim_fft_live_plans(void)
{
    return __atomic_load_n(&live_plans, __ATOMIC_RELAXED);
}

static AspbStatus plan_check(const char *fn, asdFftHandle h, sim_fft_plan **out)
{
    sim_fft_plan *p = h;
    if (p == NULL || p->magic != FFT_MAGIC) {
        sim_sanitizer_error("%s: handle %p is not a live FFT plan (asdFftCreate, not yet "
                            "asdFftDestroy)", fn, h);
        return ACL_ERROR_INVALID_PARAM;
    }
    *out = p;
    return 0;
}

SIM_EXPORT AspbStatus asdFftCreate(asdFftHandle *handle)
{
    if (handle == NULL) {
        sim_set_error("asdFftCreate: handle is NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    sim_fft_plan *p = calloc(1, sizeof *p);
    if (p == NULL) {
        sim_set_error("asdFftCreate: out of host memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    p->magic = FFT_MAGIC;
    *handle = p;
    __atomic_fetch_add(&live_plans, 1, __ATOMIC_RELAXED);
    return 0;
}

SIM_EXPORT AspbStatus asdFftDestroy(asdFftHandle handle)
{
    sim_fft_plan *p;
    AspbStatus st = plan_check("asdFftDestroy", handle, &p);
    if (st) return st;
    p->magic = FFT_DEAD;
    free(p);
    __atomic_fetch_sub(&live_plans, 1, __ATOMIC_RELAXED);
    return 0;
}

SIM_EXPORT AspbStatus asdFftSetStream(asdFftHandle handle, void *stream)
{
    sim_fft_plan *p;
    AspbStatus st = plan_check("asdFftSetStream", handle, &p);
    if (st) return st;
    if (stream == NULL) {   /* blas_fft.md 3.3 */
        sim_set_error("asdFftSetStream: stream is NULL (AsdSip needs a created stream)");
        return ACL_ERROR_INVALID_PARAM;
    }
    p->stream = stream;
    return 0;
}

/* 1 when every prime factor of n is <= ASDSIP_FFT_MAX_PRIME. */
static int small_primes(int64_t n)
{
    for (int64_t f = 2; f <= ASDSIP_FFT_MAX_PRIME && n > 1; f++)
        while (n % f == 0) n /= f;
    return n == 1;
}

static int is_pow2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

static AspbStatus make_plan(const char *fn, asdFftHandle handle, int rank, const int64_t *n,
                            int type, int direction, int64_t batch, int dim_type)
{
    sim_fft_plan *p;
    AspbStatus st = plan_check(fn, handle, &p);
    if (st) return st;
    if (p->made) {
        sim_set_error("%s: the handle already has a plan (a handle is initialised once)", fn);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (type != ASCEND_FFT_C2C && type != ASCEND_FFT_C2R && type != ASCEND_FFT_R2C) {
        sim_set_error("%s: fftType 0x%x is not C2C, C2R or R2C", fn, type);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (direction != ASCEND_FFT_FORWARD && direction != ASCEND_FFT_INVERSE) {
        sim_set_error("%s: direction 0x%x is not FORWARD or INVERSE", fn, direction);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (batch < 1) {
        sim_set_error("%s: batchSize %lld < 1", fn, (long long)batch);
        return ACL_ERROR_INVALID_PARAM;
    }
    int64_t total = batch;
    for (int i = 0; i < rank; i++) {
        if (n[i] < 1 || n[i] > ASDSIP_FFT_MAX_SIZE || !small_primes(n[i])) {
            sim_set_error("%s: size %lld is not in [1, 2^27] with prime factors <= %d", fn,
                          (long long)n[i], ASDSIP_FFT_MAX_PRIME);
            return ACL_ERROR_INVALID_PARAM;
        }
        total = total > ASDSIP_FFT_MAX_ELEMENTS / n[i] ? ASDSIP_FFT_MAX_ELEMENTS + 1
                                                       : total * n[i];
    }
    if (total > ASDSIP_FFT_MAX_ELEMENTS) {
        sim_set_error("%s: the plan has more than 2^30 elements", fn);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dim_type != ASCEND_FFT_HORIZONTAL && dim_type != ASCEND_FFT_VERTICAL) {
        sim_set_error("%s: dimType 0x%x is not HORIZONTAL or VERTICAL", fn, dim_type);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dim_type == ASCEND_FFT_VERTICAL &&
        (type != ASCEND_FFT_C2C || !is_pow2(n[0]) || n[0] < 256 || n[0] > 65536 ||
         batch % 128 != 0)) {
        sim_set_error("%s: a vertical plan is C2C of a power of two in [256, 65536] with "
                      "a batch multiple of 128 (got n %lld, batch %lld)", fn,
                      (long long)n[0], (long long)batch);
        return ACL_ERROR_INVALID_PARAM;
    }
    p->made = 1;
    p->rank = rank;
    p->type = type;
    p->direction = direction;
    p->dim_type = dim_type;
    p->batch = batch;
    int64_t points = 1;
    for (int i = 0; i < 3; i++) {
        p->n[i] = i < rank ? n[i] : 1;
        points *= p->n[i];
    }
    p->workspace_size = (size_t)points * FFT_WS_BYTES_PER_POINT;
    return 0;
}

SIM_EXPORT AspbStatus asdFftMakePlan1D(asdFftHandle handle, int64_t fftSize, asdFftType fftType,
                            asdFftDirection direction, int64_t batchSize,
                            asdFft1dDimType dimType)
{
    int64_t n[1] = {fftSize};
    return make_plan("asdFftMakePlan1D", handle, 1, n, fftType, direction, batchSize,
                     dimType);
}

SIM_EXPORT AspbStatus asdFftMakePlan2D(asdFftHandle handle, int64_t fftSizeX, int64_t fftSizeY,
                            asdFftType fftType, asdFftDirection direction, int32_t batchSize)
{
    int64_t n[2] = {fftSizeX, fftSizeY};
    return make_plan("asdFftMakePlan2D", handle, 2, n, fftType, direction, batchSize,
                     ASCEND_FFT_HORIZONTAL);
}

SIM_EXPORT AspbStatus asdFftMakePlan3D(asdFftHandle handle, int64_t fftSizeX, int64_t fftSizeY,
                            int64_t fftSizeZ, asdFftType fftType, asdFftDirection direction,
                            int32_t batchSize)
{
    int64_t n[3] = {fftSizeX, fftSizeY, fftSizeZ};
    return make_plan("asdFftMakePlan3D", handle, 3, n, fftType, direction, batchSize,
                     ASCEND_FFT_HORIZONTAL);
}

static AspbStatus made_check(const char *fn, asdFftHandle handle, sim_fft_plan **out)
{
    AspbStatus st = plan_check(fn, handle, out);
    if (st) return st;
    if (!(*out)->made) {
        sim_set_error("%s: the handle has no plan yet (asdFftMakePlan*)", fn);
        return ACL_ERROR_INVALID_PARAM;
    }
    return 0;
}

SIM_EXPORT AspbStatus asdFftGetWorkspaceSize(asdFftHandle handle, size_t *workspaceSize)
{
    sim_fft_plan *p;
    AspbStatus st = made_check("asdFftGetWorkspaceSize", handle, &p);
    if (st) return st;
    if (workspaceSize == NULL) {
        sim_set_error("asdFftGetWorkspaceSize: workspaceSize is NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    *workspaceSize = p->workspace_size;
    return 0;
}

SIM_EXPORT AspbStatus asdFftSetWorkspace(asdFftHandle handle, void *workspace)
{
    sim_fft_plan *p;
    AspbStatus st = made_check("asdFftSetWorkspace", handle, &p);
    if (st) return st;
    p->workspace = workspace;
    return 0;
}

SIM_EXPORT AspbStatus asdFftGetType(asdFftHandle handle, asdFftType *fftType)
{
    sim_fft_plan *p;
    AspbStatus st = made_check("asdFftGetType", handle, &p);
    if (st) return st;
    if (fftType == NULL) {
        sim_set_error("asdFftGetType: fftType is NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    *fftType = p->type;
    return 0;
}

SIM_EXPORT AspbStatus asdFftSynchronize(asdFftHandle handle)
{
    sim_fft_plan *p;
    AspbStatus st = made_check("asdFftSynchronize", handle, &p);
    if (st) return st;
    if (p->stream == NULL) {
        sim_set_error("asdFftSynchronize: no stream was set (asdFftSetStream)");
        return ACL_ERROR_INVALID_PARAM;
    }
    return aclrtSynchronizeStream(p->stream);
}

/* Operand `d` is `want` dtype with dims (batch, n...) (the last one
 * replaced by last when >= 0), C-contiguous. */
static AspbStatus check_operand(const char *fn, const char *name, const sim_tensor_desc *d,
                                const sim_fft_plan *p, int32_t want, int64_t last)
{
    int64_t dims[4];
    char b1[128], b2[128];
    dims[0] = p->batch;
    for (int i = 0; i < p->rank; i++) dims[i + 1] = p->n[i];
    if (p->dim_type == ASCEND_FFT_VERTICAL) {   /* (n, batch) */
        dims[0] = p->n[0];
        dims[1] = p->batch;
    }
    if (last >= 0) dims[p->rank] = last;
    if (d->dtype != want) {
        sim_set_error("%s: %s has dtype %s but the plan needs %s (AsdSip has no float64 "
                      "FFT)", fn, name, sim_dtype_name(d->dtype), sim_dtype_name(want));
        return d->dtype == ACL_DOUBLE || d->dtype == ACL_COMPLEX128
                   ? ACL_ERROR_UNSUPPORTED_DATA_TYPE : ACL_ERROR_INVALID_PARAM;
    }
    int same = d->ndim == p->rank + 1;
    for (int i = 0; same && i < d->ndim; i++) same = d->dims[i] == dims[i];
    if (!same) {
        sim_set_error("%s: %s has shape %s but the plan needs %s", fn, name,
                      sim_fmt_dims(b1, sizeof b1, d->dims, d->ndim),
                      sim_fmt_dims(b2, sizeof b2, dims, p->rank + 1));
        return ACL_ERROR_INVALID_PARAM;
    }
    int64_t expect = 1;
    for (int i = d->ndim - 1; i >= 0; i--) {
        if (d->dims[i] != 1 && d->strides[i] != expect) {
            sim_set_error("%s: %s is not contiguous (strided operands are not documented "
                          "for AsdSip FFT)", fn, name);
            return ACL_ERROR_INVALID_PARAM;
        }
        expect *= d->dims[i];
    }
    return 0;
}

static const char *const FFT_NAMES[] = {"input", "output", "fftType", "direction", "rank",
                                        "n0", "n1", "n2", "batch", "dimType", "overwrite"};

static AspbStatus fft_exec(const char *fn, int type, asdFftHandle handle, const aclTensor *input,
                       const aclTensor *output)
{
    int64_t t0 = sim_now_ns();
    sim_fft_plan *p;
    sim_call call;
    aclOpExecutor *ex = NULL;
    AspbStatus st = made_check(fn, handle, &p);
    if (st) goto done;
    if (p->type != type) {
        sim_set_error("%s: the plan is of type 0x%x, not 0x%x", fn, p->type, type);
        st = ACL_ERROR_INVALID_PARAM;
        goto done;
    }
    if (p->stream == NULL) {
        sim_set_error("%s: no stream was set (asdFftSetStream)", fn);
        st = ACL_ERROR_INVALID_PARAM;
        goto done;
    }
    if (p->workspace_size && p->workspace == NULL) {
        sim_set_error("%s: the plan needs %zu bytes of workspace and none was set "
                      "(asdFftSetWorkspace)", fn, p->workspace_size);
        st = ACL_ERROR_INVALID_PARAM;
        goto done;
    }
    memset(&call, 0, sizeof call);
    strcpy(call.op, "AsdFft");
    st = sim_arg_tensor(fn, "input", input, SIM_ROLE_IN, 0, &call.args[0]);
    if (st) goto done;
    st = sim_arg_tensor(fn, "output", output, SIM_ROLE_OUT, 0, &call.args[1]);
    if (st) goto done;
    call.nargs = 2;
    int64_t half = p->n[p->rank - 1] / 2 + 1;
    int32_t in_dt = type == ASCEND_FFT_R2C ? ACL_FLOAT : ACL_COMPLEX64;
    int32_t out_dt = type == ASCEND_FFT_C2R ? ACL_FLOAT : ACL_COMPLEX64;
    st = check_operand(fn, "input", &call.args[0].u.tensor, p, in_dt,
                       type == ASCEND_FFT_C2R ? half : -1);
    if (st == 0)
        st = check_operand(fn, "output", &call.args[1].u.tensor, p, out_dt,
                           type == ASCEND_FFT_R2C ? half : -1);
    if (st) {
        sim_call_release(&call);
        goto done;
    }
    int64_t ints[9] = {type, p->direction, p->rank, p->n[0], p->n[1], p->n[2], p->batch,
                       p->dim_type,
                       p->rank == 1 && p->dim_type == ASCEND_FFT_HORIZONTAL &&
                           is_pow2(p->n[0]) && p->n[0] >= ASDSIP_FFT_OVERWRITE_MIN};
    for (int i = 0; i < 9; i++) {
        call.args[2 + i].kind = SIM_ARG_INT;
        call.args[2 + i].u.i = ints[i];
    }
    call.nargs = 11;
    st = sim_executor_create(&call, FFT_NAMES, p->workspace_size, &ex);
    if (st) goto done;
    static sim_fault_site *site;   /* fault injection site of the launch */
    st = sim_executor_launch("AsdFft", p->workspace, p->workspace_size, ex, p->stream,
                             &site);
done:
    sim_count_api(t0);
    return st;
}

SIM_EXPORT AspbStatus asdFftExecC2C(asdFftHandle handle, const aclTensor *input, const aclTensor *output)
{
    return fft_exec("asdFftExecC2C", ASCEND_FFT_C2C, handle, input, output);
}

SIM_EXPORT AspbStatus asdFftExecR2C(asdFftHandle handle, const aclTensor *input, const aclTensor *output)
{
    return fft_exec("asdFftExecR2C", ASCEND_FFT_R2C, handle, input, output);
}

SIM_EXPORT AspbStatus asdFftExecC2R(asdFftHandle handle, const aclTensor *input, const aclTensor *output)
{
    return fft_exec("asdFftExecC2R", ASCEND_FFT_C2R, handle, input, output);
}
