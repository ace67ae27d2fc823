#include "curl_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The libcurl functions used, resolved by dlsym. `curl_easy_setopt` and `curl_easy_getinfo`
// are variadic in C; they are only ever called from here, with the right argument type.
static struct {
    int (*global_init)(long flags);
    char *(*version)(void);
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *);
    void (*easy_reset)(void *);
    int (*easy_perform)(void *);
    const char *(*easy_strerror)(int);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_getinfo)(void *, int, ...);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

#define CS_GLOBAL_ALL 3L  // CURL_GLOBAL_ALL (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32)

static void load(void) {
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(load_error, sizeof load_error, "%s", e ? e : "dlopen failed");
        return;
    }
#define RESOLVE(field, name)                                                    \
    do {                                                                        \
        *(void **)(&api.field) = dlsym(lib, name);                              \
        if (!api.field) {                                                       \
            snprintf(load_error, sizeof load_error, "libcurl has no %s", name); \
            return;                                                             \
        }                                                                       \
    } while (0)
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(version, "curl_version");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_reset, "curl_easy_reset");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
#undef RESOLVE
    int code = api.global_init(CS_GLOBAL_ALL);
    if (code != 0) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed (curl error %d)", code);
        return;
    }
    loaded = 1;
}

int cs_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *cs_load_error(void) { return cs_load() ? NULL : load_error; }

const char *cs_version(void) { return cs_load() ? api.version() : NULL; }

void *cs_easy_init(void) { return cs_load() ? api.easy_init() : NULL; }

void cs_easy_cleanup(void *handle) {
    if (handle && cs_load()) api.easy_cleanup(handle);
}

void cs_easy_reset(void *handle) {
    if (handle && cs_load()) api.easy_reset(handle);
}

int cs_easy_perform(void *handle) { return cs_load() ? api.easy_perform(handle) : CS_E_NOT_LOADED; }

const char *cs_easy_strerror(int code) { return cs_load() ? api.easy_strerror(code) : "libcurl is not loaded"; }

int cs_setopt_long(void *handle, int option, long value) {
    return cs_load() ? api.easy_setopt(handle, option, value) : CS_E_NOT_LOADED;
}

int cs_setopt_ptr(void *handle, int option, const void *value) {
    return cs_load() ? api.easy_setopt(handle, option, value) : CS_E_NOT_LOADED;
}

int cs_setopt_off_t(void *handle, int option, int64_t value) {
    return cs_load() ? api.easy_setopt(handle, option, value) : CS_E_NOT_LOADED;
}

int cs_setopt_write_func(void *handle, int option, cs_write_callback function) {
    return cs_load() ? api.easy_setopt(handle, option, function) : CS_E_NOT_LOADED;
}

int cs_setopt_xferinfo_func(void *handle, int option, cs_xferinfo_callback function) {
    return cs_load() ? api.easy_setopt(handle, option, function) : CS_E_NOT_LOADED;
}

int cs_getinfo_long(void *handle, int info, long *value) {
    return cs_load() ? api.easy_getinfo(handle, info, value) : CS_E_NOT_LOADED;
}

void *cs_slist_append(void *list, const char *text) { return cs_load() ? api.slist_append(list, text) : NULL; }

void cs_slist_free_all(void *list) {
    if (list && cs_load()) api.slist_free_all(list);
}
