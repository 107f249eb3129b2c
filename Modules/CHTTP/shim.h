#ifndef CHTTP_SHIM_H
#define CHTTP_SHIM_H
/*
 * An HTTP POST through libcurl, loaded with dlopen on first use: the shell does not link
 * libcurl (or FoundationNetworking), so a start that never flushes events to an http://
 * sink pays nothing for it. curl_easy_setopt is variadic, so the calls are made here in C.
 * The loaded library lives in statics: one process, and only the app includes this header.
 */
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* From curl.h (stable since libcurl 7.x). */
#define CHTTP_OPT_URL 10002
#define CHTTP_OPT_POSTFIELDS 10015
#define CHTTP_OPT_POSTFIELDSIZE 60
#define CHTTP_OPT_HTTPHEADER 10023
#define CHTTP_OPT_TIMEOUT_MS 155
#define CHTTP_OPT_CONNECTTIMEOUT_MS 156
#define CHTTP_OPT_NOSIGNAL 99
#define CHTTP_OPT_WRITEFUNCTION 20011
#define CHTTP_INFO_RESPONSE_CODE 0x200002

typedef struct chttp_api {
    void *library;
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    void (*easy_cleanup)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
    const char *(*easy_strerror)(int);
} chttp_api;

static chttp_api chttp_loaded = {0};

static inline int chttp_load(char *error, size_t error_size) {
    if (chttp_loaded.library) return 0;
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "cannot load libcurl (install libcurl4): %s", dlerror());
        return -1;
    }
    chttp_api api;
    api.library = library;
    *(void **)&api.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&api.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&api.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&api.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&api.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&api.slist_append = dlsym(library, "curl_slist_append");
    *(void **)&api.slist_free_all = dlsym(library, "curl_slist_free_all");
    *(void **)&api.easy_strerror = dlsym(library, "curl_easy_strerror");
    if (!api.easy_init || !api.easy_setopt || !api.easy_perform || !api.easy_cleanup || !api.easy_getinfo ||
        !api.slist_append || !api.slist_free_all || !api.easy_strerror) {
        snprintf(error, error_size, "libcurl lacks a function this app needs");
        dlclose(library);
        return -1;
    }
    chttp_loaded = api;
    return 0;
}

static inline size_t chttp_discard(char *data, size_t size, size_t count, void *context) {
    (void)data;
    (void)context;
    return size * count;
}

/// POSTs `body` as JSON to `url`. Returns 0 and sets *status to the HTTP status when the
/// server answered; -1 with a message in `error` when it could not be reached.
static inline int chttp_post_json(const char *url, const char *body, long length, long timeout_ms, long *status,
                                  char *error, size_t error_size) {
    if (chttp_load(error, error_size) != 0) return -1;
    void *curl = chttp_loaded.easy_init();
    if (!curl) {
        snprintf(error, error_size, "curl_easy_init failed");
        return -1;
    }
    void *headers = chttp_loaded.slist_append(NULL, "Content-Type: application/json");
    chttp_loaded.easy_setopt(curl, CHTTP_OPT_URL, url);
    chttp_loaded.easy_setopt(curl, CHTTP_OPT_POSTFIELDS, body);
    chttp_loaded.easy_setopt(curl, CHTTP_OPT_POSTFIELDSIZE, length);
    chttp_loaded.easy_setopt(curl, CHTTP_OPT_HTTPHEADER, headers);
    chttp_loaded.easy_setopt(curl, CHTTP_OPT_TIMEOUT_MS, timeout_ms);
    chttp_loaded.easy_setopt(curl, CHTTP_OPT_CONNECTTIMEOUT_MS, timeout_ms);
    chttp_loaded.easy_setopt(curl, CHTTP_OPT_NOSIGNAL, 1L);
    chttp_loaded.easy_setopt(curl, CHTTP_OPT_WRITEFUNCTION, chttp_discard);
    int code = chttp_loaded.easy_perform(curl);
    int result = 0;
    if (code != 0) {
        snprintf(error, error_size, "%s", chttp_loaded.easy_strerror(code));
        result = -1;
    } else {
        *status = 0;
        chttp_loaded.easy_getinfo(curl, CHTTP_INFO_RESPONSE_CODE, status);
    }
    chttp_loaded.slist_free_all(headers);
    chttp_loaded.easy_cleanup(curl);
    return result;
}

#endif
