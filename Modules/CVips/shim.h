#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H
/*
 * libvips, loaded with dlopen when the first photo is processed: libvips brings about a
 * hundred shared libraries, and linking it would make every app-shell start pay for them.
 * Its variadic calls (options as name/value pairs ending in NULL) are made here in C; no
 * vips header is needed. The loaded functions live in statics: one process, and only the
 * Imaging module includes this header.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct cvips_api {
    void *library;
    int (*init)(const char *);
    void *(*image_new_from_file)(const char *, ...);
    int (*image_get_width)(const void *);
    int (*image_get_height)(const void *);
    int (*thumbnail)(const char *, void **, int, ...);
    int (*thumbnail_image)(void *, void **, int, ...);
    int (*colourspace)(void *, void **, int, ...);
    void *(*copy_memory)(void *);
    int (*jpegsave)(void *, const char *, ...);
    void (*object_unref)(void *);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void (*cache_set_max)(int);
    void (*concurrency_set)(int);
    /* for tests: making and reading sample images */
    int (*xyz)(void **, int, int, ...);
    int (*extract_band)(void *, void **, int, ...);
    int (*moreeq_const1)(void *, void **, double, ...);
    void (*set_int)(void *, const char *, int);
    void (*set_string)(void *, const char *, const char *);
    int (*get_int)(const void *, const char *, int *);
    unsigned long (*get_typeof)(const void *, const char *);
    int (*getpoint)(void *, double **, int *, int, int, ...);
    void (*g_free)(void *);
} cvips_api;

static cvips_api cvips_loaded = {0};

#define CVIPS_ACCESS_SEQUENTIAL 1
#define CVIPS_INTERESTING_CENTRE 1
#define CVIPS_SIZE_BOTH 0
#define CVIPS_FAIL_ON_TRUNCATED 1
#define CVIPS_INTERPRETATION_SRGB 22

static pthread_once_t cvips_once = PTHREAD_ONCE_INIT;
static struct {
    int status;
    char error[256];
} cvips_load_result = {-1, {0}};

/* libvips 8.14 loads every module in its modules folder at init: ImageMagick, Poppler and
   OpenSlide among them. A profile photo needs JPEG, PNG, WebP (built in) and HEIF or JPEG XL
   (modules), and the other loaders would only cost start time (about 18 ms here) and read
   untrusted input with large libraries. So, unless VIPSHOME is set already, point libvips at
   a private folder that links just those two modules. */
static inline void cvips_choose_modules(void *library) {
    if (getenv("VIPSHOME")) return;
    int (*version)(int) = (int (*)(int))dlsym(library, "vips_version");
    if (!version) return;
    char modules[64];
    snprintf(modules, sizeof modules, "vips-modules-%d.%d", version(0), version(1));
    const char *candidates[] = {"/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
                                "/usr/local/lib", NULL};
    const char *libdir = NULL;
    for (const char **dir = candidates; *dir && !libdir; dir++) {
        char probe[512];
        snprintf(probe, sizeof probe, "%s/%s", *dir, modules);
        if (access(probe, R_OK) == 0) libdir = *dir;
    }
    if (!libdir) return;
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char home[1024], lib[1100], folder[1200];
    snprintf(home, sizeof home, "%s/app-shell-vips-%ld", tmp, (long)getuid());
    snprintf(lib, sizeof lib, "%s/lib", home);
    snprintf(folder, sizeof folder, "%s/%s", lib, modules);
    mkdir(home, 0700);
    mkdir(lib, 0700);
    mkdir(folder, 0700);
    const char *wanted[] = {"vips-heif.so", "vips-jxl.so", NULL};
    for (const char **name = wanted; *name; name++) {
        char target[1300], link_path[1300];
        snprintf(target, sizeof target, "%s/%s/%s", libdir, modules, *name);
        snprintf(link_path, sizeof link_path, "%s/%s", folder, *name);
        if (access(target, R_OK) == 0) symlink(target, link_path);
    }
    setenv("VIPSHOME", home, 0);
}

static inline int cvips_do_load(char *error, size_t error_size) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "cannot load libvips (install libvips42): %s", dlerror());
        return -1;
    }
    cvips_api api;
    api.library = library;
    *(void **)&api.init = dlsym(library, "vips_init");
    *(void **)&api.image_new_from_file = dlsym(library, "vips_image_new_from_file");
    *(void **)&api.image_get_width = dlsym(library, "vips_image_get_width");
    *(void **)&api.image_get_height = dlsym(library, "vips_image_get_height");
    *(void **)&api.thumbnail = dlsym(library, "vips_thumbnail");
    *(void **)&api.thumbnail_image = dlsym(library, "vips_thumbnail_image");
    *(void **)&api.colourspace = dlsym(library, "vips_colourspace");
    *(void **)&api.copy_memory = dlsym(library, "vips_image_copy_memory");
    *(void **)&api.jpegsave = dlsym(library, "vips_jpegsave");
    *(void **)&api.object_unref = dlsym(library, "g_object_unref");
    *(void **)&api.error_buffer = dlsym(library, "vips_error_buffer");
    *(void **)&api.error_clear = dlsym(library, "vips_error_clear");
    *(void **)&api.cache_set_max = dlsym(library, "vips_cache_set_max");
    *(void **)&api.concurrency_set = dlsym(library, "vips_concurrency_set");
    *(void **)&api.xyz = dlsym(library, "vips_xyz");
    *(void **)&api.extract_band = dlsym(library, "vips_extract_band");
    *(void **)&api.moreeq_const1 = dlsym(library, "vips_moreeq_const1");
    *(void **)&api.set_int = dlsym(library, "vips_image_set_int");
    *(void **)&api.set_string = dlsym(library, "vips_image_set_string");
    *(void **)&api.get_int = dlsym(library, "vips_image_get_int");
    *(void **)&api.get_typeof = dlsym(library, "vips_image_get_typeof");
    *(void **)&api.getpoint = dlsym(library, "vips_getpoint");
    *(void **)&api.g_free = dlsym(library, "g_free");
    if (!api.init || !api.image_new_from_file || !api.image_get_width || !api.image_get_height || !api.thumbnail ||
        !api.thumbnail_image || !api.colourspace || !api.copy_memory || !api.jpegsave || !api.object_unref || !api.error_buffer ||
        !api.error_clear || !api.cache_set_max || !api.concurrency_set || !api.xyz || !api.extract_band ||
        !api.moreeq_const1 || !api.set_int || !api.set_string || !api.get_int || !api.get_typeof || !api.getpoint ||
        !api.g_free) {
        snprintf(error, error_size, "libvips lacks a function this app needs");
        dlclose(library);
        return -1;
    }
    /* libvips reports problems through our error messages; its own warnings would only
       clutter a script's standard error. */
    setenv("VIPS_WARNING", "0", 0);
    cvips_choose_modules(library);
    if (api.init("app-shell") != 0) {
        snprintf(error, error_size, "vips_init failed");
        return -1;
    }
    api.cache_set_max(0);
    cvips_loaded = api;
    return 0;
}

static void cvips_load_once(void) {
    cvips_load_result.status = cvips_do_load(cvips_load_result.error, sizeof cvips_load_result.error);
}

/// Loads libvips once, whichever thread asks first; returns 0, or -1 with a message.
static inline int cvips_load(char *error, size_t error_size) {
    pthread_once(&cvips_once, cvips_load_once);
    if (cvips_load_result.status != 0) snprintf(error, error_size, "%s", cvips_load_result.error);
    return cvips_load_result.status;
}

static inline void cvips_fail(char *error, size_t error_size, const char *what) {
    const char *detail = cvips_loaded.error_buffer ? cvips_loaded.error_buffer() : "";
    snprintf(error, error_size, "%s%s%s", what, detail && *detail ? ": " : "", detail ? detail : "");
    if (cvips_loaded.error_clear) cvips_loaded.error_clear();
}

/// Reads only the header of `path`: its width and height. Returns 0, or -1 (not an image).
static inline int cvips_header(const char *path, int *width, int *height, char *error, size_t error_size) {
    if (cvips_load(error, error_size) != 0) return -1;
    void *image = cvips_loaded.image_new_from_file(path, "access", CVIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) {
        cvips_fail(error, error_size, "not an image");
        return -1;
    }
    *width = cvips_loaded.image_get_width(image);
    *height = cvips_loaded.image_get_height(image);
    cvips_loaded.object_unref(image);
    return 0;
}

/// One decode of `source` (shrink-on-load, EXIF orientation applied), to sRGB: the card
/// (cover card_w x card_h, centre-cropped) and, from the card, the thumbnail; both written
/// as JPEG with all metadata stripped. A truncated or damaged file fails (`fail_on` truncated).
static inline int cvips_make_photo(const char *source, const char *card_path, int card_w, int card_h,
                                   const char *thumb_path, int thumb_w, int thumb_h, int *sizes, char *error,
                                   size_t error_size) {
    if (cvips_load(error, error_size) != 0) return -1;
    void *decoded = NULL, *srgb = NULL, *card = NULL, *thumb = NULL;
    int result = -1;
    if (cvips_loaded.thumbnail(source, &decoded, card_w, "height", card_h, "crop", CVIPS_INTERESTING_CENTRE,
                               "size", CVIPS_SIZE_BOTH, "fail_on", CVIPS_FAIL_ON_TRUNCATED, NULL) != 0) {
        cvips_fail(error, error_size, "cannot decode the image");
        goto done;
    }
    if (cvips_loaded.colourspace(decoded, &srgb, CVIPS_INTERPRETATION_SRGB, NULL) != 0) {
        cvips_fail(error, error_size, "cannot convert to sRGB");
        goto done;
    }
    /* Render the card once into memory: both files come from it, so the source is
       decoded once (a lazy pipeline would decode it again for the thumbnail). */
    card = cvips_loaded.copy_memory(srgb);
    if (!card) {
        cvips_fail(error, error_size, "cannot decode the image");
        goto done;
    }
    if (cvips_loaded.thumbnail_image(card, &thumb, thumb_w, "height", thumb_h, "crop", CVIPS_INTERESTING_CENTRE,
                                     "size", CVIPS_SIZE_BOTH, NULL) != 0) {
        cvips_fail(error, error_size, "cannot make the thumbnail");
        goto done;
    }
    if (cvips_loaded.jpegsave(card, card_path, "Q", 85, "strip", 1, NULL) != 0) {
        cvips_fail(error, error_size, "cannot write the card");
        goto done;
    }
    if (cvips_loaded.jpegsave(thumb, thumb_path, "Q", 85, "strip", 1, NULL) != 0) {
        cvips_fail(error, error_size, "cannot write the thumbnail");
        goto done;
    }
    sizes[0] = cvips_loaded.image_get_width(card);
    sizes[1] = cvips_loaded.image_get_height(card);
    sizes[2] = cvips_loaded.image_get_width(thumb);
    sizes[3] = cvips_loaded.image_get_height(thumb);
    result = 0;
done:
    if (thumb) cvips_loaded.object_unref(thumb);
    if (card) cvips_loaded.object_unref(card);
    if (srgb) cvips_loaded.object_unref(srgb);
    if (decoded) cvips_loaded.object_unref(decoded);
    return result;
}

/* ---- for tests: sample images made and read with libvips itself ---- */

/// Writes a JPEG `width` x `height`, black on its left half and white on its right, with
/// EXIF `orientation` (0 for none) and, when `gps`, a GPS latitude.
static inline int cvips_write_sample(const char *path, int width, int height, int orientation, int gps,
                                     char *error, size_t error_size) {
    if (cvips_load(error, error_size) != 0) return -1;
    void *xyz = NULL, *x = NULL, *mask = NULL;
    int result = -1;
    if (cvips_loaded.xyz(&xyz, width, height, NULL) != 0 || cvips_loaded.extract_band(xyz, &x, 0, NULL) != 0 ||
        cvips_loaded.moreeq_const1(x, &mask, width / 2.0, NULL) != 0) {
        cvips_fail(error, error_size, "cannot make a sample");
        goto done;
    }
    if (orientation) cvips_loaded.set_int(mask, "orientation", orientation);
    if (gps) {
        cvips_loaded.set_string(mask, "exif-ifd3-GPSLatitudeRef", "N");
        cvips_loaded.set_string(mask, "exif-ifd3-GPSLatitude", "37/1 33/1 59/1");
    }
    if (cvips_loaded.jpegsave(mask, path, "Q", 90, NULL) != 0) {
        cvips_fail(error, error_size, "cannot write a sample");
        goto done;
    }
    result = 0;
done:
    if (mask) cvips_loaded.object_unref(mask);
    if (x) cvips_loaded.object_unref(x);
    if (xyz) cvips_loaded.object_unref(xyz);
    return result;
}

/// Reads a file's size, EXIF presence, GPS presence, orientation and the first band at (x, y).
static inline int cvips_probe(const char *path, int *width, int *height, int *has_exif, int *has_gps,
                              int *orientation, int x, int y, double *value, char *error, size_t error_size) {
    if (cvips_load(error, error_size) != 0) return -1;
    void *image = cvips_loaded.image_new_from_file(path, NULL);
    if (!image) {
        cvips_fail(error, error_size, "cannot read");
        return -1;
    }
    *width = cvips_loaded.image_get_width(image);
    *height = cvips_loaded.image_get_height(image);
    *has_exif = cvips_loaded.get_typeof(image, "exif-data") != 0;
    *has_gps = cvips_loaded.get_typeof(image, "exif-ifd3-GPSLatitude") != 0;
    *orientation = 0;
    if (cvips_loaded.get_typeof(image, "orientation") != 0) cvips_loaded.get_int(image, "orientation", orientation);
    double *vector = NULL;
    int n = 0;
    *value = -1;
    if (cvips_loaded.getpoint(image, &vector, &n, x, y, NULL) == 0 && n > 0) *value = vector[0];
    if (vector) cvips_loaded.g_free(vector);
    cvips_loaded.object_unref(image);
    return 0;
}

#endif
