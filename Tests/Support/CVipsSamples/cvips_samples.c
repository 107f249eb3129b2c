#define _GNU_SOURCE
#include "CVipsSamples.h"

#include <CVips.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The libvips functions only the tests call, found once under `lock` in the libvips that
   cvips_load opened. */
typedef struct samples_api {
    void *(*image_new_from_file)(const char *, ...);
    int (*image_get_width)(const void *);
    int (*image_get_height)(const void *);
    int (*jpegsave)(void *, const char *, ...);
    int (*write_to_file)(void *, const char *, ...);
    int (*xyz)(void **, int, int, ...);
    int (*extract_band)(void *, void **, int, ...);
    int (*moreeq_const1)(void *, void **, double, ...);
    void (*set_int)(void *, const char *, int);
    void (*set_string)(void *, const char *, const char *);
    int (*get_int)(const void *, const char *, int *);
    unsigned long (*get_typeof)(const void *, const char *);
    int (*getpoint)(void *, double **, int *, int, int, ...);
    void (*object_unref)(void *);
    void (*g_free)(void *);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void *(*new_from_memory)(const void *, size_t, int, int, int, int);
} samples_api;

static pthread_mutex_t samples_lock = PTHREAD_MUTEX_INITIALIZER;
static samples_api samples;
static int samples_found = 0;

#define SAMPLES_FIND(field, name)                                                                                      \
    do {                                                                                                               \
        *(void **)&api.field = dlsym(library, name);                                                                   \
        if (!api.field) {                                                                                              \
            snprintf(error, error_size, "libvips lacks %s, which the tests need", name);                              \
            dlclose(library);                                                                                          \
            return -1;                                                                                                 \
        }                                                                                                              \
    } while (0)

/* Called with the lock held. */
static int samples_find(char *error, size_t error_size) {
    if (cvips_load(error, error_size) != 0) return -1;
    /* The library cvips_load opened: RTLD_NOLOAD never opens another copy. */
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!library) {
        snprintf(error, error_size, "libvips is not loaded: %s", dlerror());
        return -1;
    }
    samples_api api;
    SAMPLES_FIND(image_new_from_file, "vips_image_new_from_file");
    SAMPLES_FIND(image_get_width, "vips_image_get_width");
    SAMPLES_FIND(image_get_height, "vips_image_get_height");
    SAMPLES_FIND(jpegsave, "vips_jpegsave");
    SAMPLES_FIND(write_to_file, "vips_image_write_to_file");
    SAMPLES_FIND(xyz, "vips_xyz");
    SAMPLES_FIND(extract_band, "vips_extract_band");
    SAMPLES_FIND(moreeq_const1, "vips_moreeq_const1");
    SAMPLES_FIND(set_int, "vips_image_set_int");
    SAMPLES_FIND(set_string, "vips_image_set_string");
    SAMPLES_FIND(get_int, "vips_image_get_int");
    SAMPLES_FIND(get_typeof, "vips_image_get_typeof");
    SAMPLES_FIND(getpoint, "vips_getpoint");
    SAMPLES_FIND(object_unref, "g_object_unref");
    SAMPLES_FIND(g_free, "g_free");
    SAMPLES_FIND(error_buffer, "vips_error_buffer");
    SAMPLES_FIND(error_clear, "vips_error_clear");
    SAMPLES_FIND(new_from_memory, "vips_image_new_from_memory");
    samples = api;
    samples_found = 1;
    return 0;
}

static int samples_load(char *error, size_t error_size) {
    pthread_mutex_lock(&samples_lock);
    int status = samples_found ? 0 : samples_find(error, error_size);
    pthread_mutex_unlock(&samples_lock);
    return status;
}

static void samples_error(char *error, size_t error_size, const char *what) {
    const char *detail = samples.error_buffer();
    snprintf(error, error_size, "%s%s%s", what, detail && *detail ? ": " : "", detail ? detail : "");
    size_t length = strlen(error);
    while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) error[--length] = 0;
    samples.error_clear();
}

int cvips_write_sample(const char *path, int width, int height, int orientation, int gps, char *error,
                       size_t error_size) {
    if (samples_load(error, error_size) != 0) return -1;
    void *xyz = NULL, *x = NULL, *mask = NULL;
    int result = -1;
    if (samples.xyz(&xyz, width, height, NULL) != 0 || samples.extract_band(xyz, &x, 0, NULL) != 0 ||
        samples.moreeq_const1(x, &mask, width / 2.0, NULL) != 0) {
        samples_error(error, error_size, "cannot make a sample");
        goto done;
    }
    if (orientation) samples.set_int(mask, "orientation", orientation);
    if (gps) {
        samples.set_string(mask, "exif-ifd3-GPSLatitudeRef", "N");
        samples.set_string(mask, "exif-ifd3-GPSLatitude", "37/1 33/1 59/1");
    }
    if (samples.jpegsave(mask, path, "Q", 90, NULL) != 0) {
        samples_error(error, error_size, "cannot write a sample");
        goto done;
    }
    result = 0;
done:
    if (mask) samples.object_unref(mask);
    if (x) samples.object_unref(x);
    if (xyz) samples.object_unref(xyz);
    return result;
}

int cvips_save_copy(const char *from, const char *to, char *error, size_t error_size) {
    if (samples_load(error, error_size) != 0) return -1;
    void *image = samples.image_new_from_file(from, NULL);
    if (!image) {
        samples_error(error, error_size, "cannot read");
        return -1;
    }
    int result = samples.write_to_file(image, to, NULL);
    if (result != 0) samples_error(error, error_size, "cannot write");
    samples.object_unref(image);
    return result == 0 ? 0 : -1;
}

int cvips_probe(const char *path, int *width, int *height, int *has_exif, int *has_gps, int *orientation, int x,
                int y, double *value, char *error, size_t error_size) {
    if (samples_load(error, error_size) != 0) return -1;
    void *image = samples.image_new_from_file(path, NULL);
    if (!image) {
        samples_error(error, error_size, "cannot read");
        return -1;
    }
    *width = samples.image_get_width(image);
    *height = samples.image_get_height(image);
    *has_exif = samples.get_typeof(image, "exif-data") != 0;
    *has_gps = samples.get_typeof(image, "exif-ifd3-GPSLatitude") != 0;
    *orientation = 0;
    if (samples.get_typeof(image, "orientation") != 0) samples.get_int(image, "orientation", orientation);
    double *vector = NULL;
    int n = 0;
    *value = -1;
    if (samples.getpoint(image, &vector, &n, x, y, NULL) == 0 && n > 0) *value = vector[0];
    if (vector) samples.g_free(vector);
    samples.object_unref(image);
    return 0;
}

int cvips_write_gray_png(const char *path, const unsigned char *pixels, int width, int height, char *error,
                         size_t error_size) {
    if (samples_load(error, error_size) != 0) return -1;
    /* 0 is VIPS_FORMAT_UCHAR; libvips reads `pixels` in place, before this returns. */
    void *image = samples.new_from_memory(pixels, (size_t)width * (size_t)height, width, height, 1, 0);
    if (!image) {
        samples_error(error, error_size, "cannot wrap the pixels");
        return -1;
    }
    int result = samples.write_to_file(image, path, NULL);
    if (result != 0) samples_error(error, error_size, "cannot write");
    samples.object_unref(image);
    return result == 0 ? 0 : -1;
}
