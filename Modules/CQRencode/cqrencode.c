#define _GNU_SOURCE
#include "CQRencode.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* qrencode.h's QRcode: its version, its width in modules, and width * width bytes whose
   lowest bit is 1 for a dark module. */
typedef struct cqrencode_code {
    int version;
    int width;
    unsigned char *data;
} cqrencode_code;

/* qrencode.h's QR_ECLEVEL_M (15 % of the code may be damaged) and QR_MODE_8 (bytes). */
#define CQRENCODE_LEVEL_M 1
#define CQRENCODE_MODE_8 2

static pthread_mutex_t cqrencode_lock = PTHREAD_MUTEX_INITIALIZER;
static cqrencode_code *(*cqrencode_encode_string)(const char *, int, int, int, int);
static void (*cqrencode_free)(cqrencode_code *);

/* Loads libqrencode once; a failed load is tried again on the next call. */
static int cqrencode_load(char *error, size_t error_size) {
    pthread_mutex_lock(&cqrencode_lock);
    int status = 0;
    if (!cqrencode_encode_string) {
        void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            const char *why = dlerror();
            if (!why) why = "unknown error";
            snprintf(error, error_size, "cannot load libqrencode: %s%s", why,
                     strstr(why, "No such file") ? " (install libqrencode4)" : "");
            status = -1;
        } else {
            void *encode = dlsym(library, "QRcode_encodeString");
            void *release = dlsym(library, "QRcode_free");
            if (!encode || !release) {
                snprintf(error, error_size, "libqrencode lacks QRcode_encodeString or QRcode_free");
                dlclose(library);
                status = -1;
            } else {
                *(void **)&cqrencode_free = release;
                *(void **)&cqrencode_encode_string = encode;
            }
        }
    }
    pthread_mutex_unlock(&cqrencode_lock);
    return status;
}

int cqrencode_encode(const char *text, unsigned char *modules, size_t capacity, char *error, size_t error_size) {
    if (cqrencode_load(error, error_size) != 0) return -1;
    errno = 0;
    /* Version 0: the smallest that holds the text; case-sensitive. */
    cqrencode_code *code = cqrencode_encode_string(text, 0, CQRENCODE_LEVEL_M, CQRENCODE_MODE_8, 1);
    if (!code) {
        snprintf(error, error_size, "libqrencode could not encode the text%s",
                 errno == ERANGE ? ": it is too long for a QR code" : "");
        return -1;
    }
    int width = code->width;
    size_t count = (size_t)width * (size_t)width;
    if (width < 21 || count > capacity) {
        cqrencode_free(code);
        snprintf(error, error_size, "the QR code is %d modules wide, more than this app draws", width);
        return -1;
    }
    for (size_t index = 0; index < count; index++) modules[index] = code->data[index] & 1;
    cqrencode_free(code);
    return width;
}
