/*
 * CANN simulator: the one-pass loops of the fused elementwise kernels
 * (csrc/sim_ops_fused.c), called by _sim.pyx's fused_into for
 * simulator/kernels/fused.py.
 */
#ifndef CUPY_SIM_FUSED_H
#define CUPY_SIM_FUSED_H

#include <stdint.h>

enum { SIM_FUSED_NONE = 0, SIM_FUSED_MUL = 1, SIM_FUSED_DIV = 2 };

/* out[i] = x[i*sx] + (p[i*sp] OP q[i*sq]) * value (OP absent for NONE;
 * the product with value skipped when value is 1), each step rounded. */
__attribute__((visibility("hidden"))) void cupy_sim_fused_f64(int op, int64_t n, double *out, const double *x, int64_t sx,
                        const double *p, int64_t sp, const double *q, int64_t sq,
                        double value);
__attribute__((visibility("hidden"))) void cupy_sim_fused_f32(int op, int64_t n, float *out, const float *x, int64_t sx,
                        const float *p, int64_t sp, const float *q, int64_t sq,
                        float value);

#endif
