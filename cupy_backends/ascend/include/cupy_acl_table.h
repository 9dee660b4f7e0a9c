/*
 * Function-pointer tables for the CANN libraries, built from the one list
 * in cupy_acl.h, and the dlsym loop that fills them.  Included by exactly
 * one extension module (cupy_backends/ascend/_acl.pyx), which owns the
 * tables.
 */
#ifndef CUPY_ACL_TABLE_H
#define CUPY_ACL_TABLE_H

#define CUPY_ACL_NO_PROTOTYPES
#include "cupy_acl.h"
#include <dlfcn.h>

#define CUPY_ACL_FIELD(ret, name, params, args) ret(*name) params;
typedef struct {
    CUPY_ACL_RT_FUNCS(CUPY_ACL_FIELD)
    CUPY_ACL_RT_OPTIONAL_FUNCS(CUPY_ACL_FIELD)
} cupy_acl_rt_table;
typedef struct {
    CUPY_ACLNN_BASE_FUNCS(CUPY_ACL_FIELD)
    CUPY_ACLNN_BASE_OPTIONAL_FUNCS(CUPY_ACL_FIELD)
} cupy_aclnn_base_table;
#undef CUPY_ACL_FIELD

/* Fill the table from a dlopen handle; returns NULL, or the first missing
 * required name (optional ones are left NULL when absent). */
#define CUPY_ACL_LOAD(ret, name, params, args)                 \
    t->name = (ret(*) params)dlsym(handle, #name);            \
    if (t->name == NULL) return #name;
#define CUPY_ACL_LOAD_OPTIONAL(ret, name, params, args)        \
    t->name = (ret(*) params)dlsym(handle, #name);

static inline const char *cupy_acl_rt_table_load(void *handle, cupy_acl_rt_table *t) {
    CUPY_ACL_RT_OPTIONAL_FUNCS(CUPY_ACL_LOAD_OPTIONAL)
    CUPY_ACL_RT_FUNCS(CUPY_ACL_LOAD)
    return NULL;
}
static inline const char *cupy_aclnn_base_table_load(void *handle, cupy_aclnn_base_table *t) {
    CUPY_ACLNN_BASE_OPTIONAL_FUNCS(CUPY_ACL_LOAD_OPTIONAL)
    CUPY_ACLNN_BASE_FUNCS(CUPY_ACL_LOAD)
    return NULL;
}
#undef CUPY_ACL_LOAD
#undef CUPY_ACL_LOAD_OPTIONAL

#endif
