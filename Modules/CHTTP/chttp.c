#include "CHTTP.h"

/* Only the constants and the prototypes are used: every call goes through a pointer found
   with dlsym, so nothing here makes the linker want libcurl. */
#include <curl/curl.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The libcurl functions this app calls, typed from curl.h's own prototypes. */
typedef struct chttp_api {
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_perform) *easy_perform;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
    __typeof__(curl_easy_strerror) *easy_strerror;
} chttp_api;

/* Written once under `chttp_lock`; read only after chttp_load returned 0 under the same
   lock (which orders the write before those reads). */
static pthread_mutex_t chttp_lock = PTHREAD_MUTEX_INITIALIZER;
static chttp_api chttp;
static int chttp_loaded = 0;

#define CHTTP_FIND(field, name)                                                                                        \
    do {                                                                                                               \
        *(void **)&api.field = dlsym(library, name);                                                                   \
        if (!api.field) {                                                                                              \
            snprintf(error, error_size, "libcurl lacks %s, which this app needs", name);                               \
            dlclose(library);                                                                                          \
            return -1;                                                                                                 \
        }                                                                                                              \
    } while (0)

/* Called with the lock held. */
static int chttp_start(char *error, size_t error_size) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, error_size, "cannot load libcurl (install libcurl4): %s", why ? why : "unknown error");
        return -1;
    }
    chttp_api api;
    CHTTP_FIND(easy_init, "curl_easy_init");
    CHTTP_FIND(easy_setopt, "curl_easy_setopt");
    CHTTP_FIND(easy_perform, "curl_easy_perform");
    CHTTP_FIND(easy_cleanup, "curl_easy_cleanup");
    CHTTP_FIND(easy_getinfo, "curl_easy_getinfo");
    CHTTP_FIND(slist_append, "curl_slist_append");
    CHTTP_FIND(slist_free_all, "curl_slist_free_all");
    CHTTP_FIND(easy_strerror, "curl_easy_strerror");
    chttp = api;
    chttp_loaded = 1;
    return 0;
}

static int chttp_load(char *error, size_t error_size) {
    pthread_mutex_lock(&chttp_lock);
    int status = chttp_loaded ? 0 : chttp_start(error, error_size);
    pthread_mutex_unlock(&chttp_lock);
    return status;
}

static size_t chttp_discard(char *data, size_t size, size_t count, void *context) {
    (void)data;
    (void)context;
    return size * count;
}

int chttp_post_json(const char *url, const char *body, long length, long timeout_ms, long *status, char *error,
                    size_t error_size) {
    if (chttp_load(error, error_size) != 0) return -1;
    CURL *curl = chttp.easy_init();
    if (!curl) {
        snprintf(error, error_size, "curl_easy_init failed");
        return -1;
    }
    struct curl_slist *headers = chttp.slist_append(NULL, "Content-Type: application/json");
    /* curl_easy_setopt is variadic: each value is passed in the type curl.h documents for
       its option (char *, long, a pointer, a function pointer). */
    curl_write_callback discard = chttp_discard;
    chttp.easy_setopt(curl, CURLOPT_URL, url);
    chttp.easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    chttp.easy_setopt(curl, CURLOPT_POSTFIELDSIZE, length);
    chttp.easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    chttp.easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    chttp.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    chttp.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    chttp.easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
    CURLcode code = chttp.easy_perform(curl);
    int result = 0;
    if (code != CURLE_OK) {
        snprintf(error, error_size, "%s", chttp.easy_strerror(code));
        result = -1;
    } else {
        *status = 0;
        chttp.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, status);
    }
    chttp.slist_free_all(headers);
    chttp.easy_cleanup(curl);
    return result;
}
