/* The simulator kernels' row sort (csrc/sim_ops_sort.c), called from
 * _sim.pyx for simulator/kernels/sort.py. */
#ifndef CUPY_SIM_SORT_H
#define CUPY_SIM_SORT_H

#include <stdint.h>

/* How a row's elements become order-preserving unsigned keys: raw unsigned
 * (U*), two's complement (S*), IEEE binary16/bfloat16/binary32 with NaN
 * last and -0.0 equal to 0.0 (numpy's order, torch's NaN order). */
enum sim_sort_kind {
    SK_U8, SK_S8, SK_S16, SK_F16, SK_BF16, SK_U32, SK_S32, SK_F32, SK_U64, SK_S64,
    SK_COUNT
};

/* Sort `rows` C-contiguous rows of `n` elements of `kind` stably,
 * ascending (descending: the ascending order reversed, ties too); write
 * the permutation (int64) to perm and, unless vals is NULL, the sorted
 * elements to vals.  0 on success, -1 out of memory, -2 bad arguments
 * (unknown kind, rows longer than 2^32 - 1). */
int sim_sort_rows(const void *src, int kind, int64_t rows, int64_t n, int descending,
                  void *vals, int64_t *perm);

#endif
