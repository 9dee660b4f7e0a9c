/*
 * CANN simulator: the aclDataType table (runtime.md section 10): sizes and
 * names of the defined types.
 */
#include "sim_internal.h"

int sim_dtype_bits(int32_t dtype)
{
    switch (dtype) {
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 8;
    case ACL_FLOAT16: case ACL_INT16: case ACL_UINT16: case ACL_BF16: return 16;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 32;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 64;
    case ACL_COMPLEX128: return 128;
    case ACL_STRING: return 8;   /* no element size; counted as bytes */
    case 29: return 4;           /* ACL_INT4, packed */
    case 30: return 1;           /* ACL_UINT1 */
    case 33: return 32;          /* ACL_COMPLEX32 */
    case 34: case 35: case 36: case 37: return 8;  /* hif8, fp8 e5m2/e4m3fn/e8m0 */
    case 38: case 39: return 8;  /* fp6: size not documented; one per byte */
    case 40: case 41: return 4;  /* fp4 */
    default: return 0;
    }
}

int sim_dtype_defined(int32_t dtype) { return sim_dtype_bits(dtype) != 0; }

const char *sim_dtype_name(int32_t dtype)
{
    switch (dtype) {
    case ACL_FLOAT: return "float32";
    case ACL_FLOAT16: return "float16";
    case ACL_INT8: return "int8";
    case ACL_INT32: return "int32";
    case ACL_UINT8: return "uint8";
    case ACL_INT16: return "int16";
    case ACL_UINT16: return "uint16";
    case ACL_UINT32: return "uint32";
    case ACL_INT64: return "int64";
    case ACL_UINT64: return "uint64";
    case ACL_DOUBLE: return "float64";
    case ACL_BOOL: return "bool";
    case ACL_STRING: return "string";
    case ACL_COMPLEX64: return "complex64";
    case ACL_COMPLEX128: return "complex128";
    case ACL_BF16: return "bfloat16";
    case 29: return "int4";
    case 30: return "uint1";
    case 33: return "complex32";
    case 34: return "hifloat8";
    case 35: return "float8_e5m2";
    case 36: return "float8_e4m3fn";
    case 37: return "float8_e8m0";
    case 38: return "float6_e3m2";
    case 39: return "float6_e2m3";
    case 40: return "float4_e2m1";
    case 41: return "float4_e1m2";
    default: return "undefined";
    }
}

/* Bytes of `elems` elements, sub-byte types packed; UINT64_MAX on overflow. */
uint64_t sim_dtype_nbytes(int32_t dtype, uint64_t elems)
{
    uint64_t bits = (uint64_t)sim_dtype_bits(dtype), total;
    if (__builtin_mul_overflow(elems, bits, &total)) return UINT64_MAX;
    return total / 8 + (total % 8 != 0);
}
