#define _GNU_SOURCE
#include "CVips.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The libvips functions this app calls, found with dlsym, and no others: a function only
   the tests need is looked up by the tests' own C target (Tests/Support/CVipsSamples), so
   a libvips without it still loads here. Written once under `lock`; read only after
   cvips_load returned 0 (the lock orders the writes before those reads). */
typedef struct cvips_api {
    int (*init)(const char *);
    void *(*image_new_from_buffer)(const void *, size_t, const char *, ...);
    int (*image_get_width)(const void *);
    int (*image_get_height)(const void *);
    int (*thumbnail_buffer)(void *, size_t, void **, int, ...);
    int (*thumbnail_image)(void *, void **, int, ...);
    int (*colourspace)(void *, void **, int, ...);
    void *(*copy_memory)(void *);
    int (*jpegsave_buffer)(void *, void **, size_t *, ...);
    void (*object_unref)(void *);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void (*cache_set_max)(int);
    void (*block_untrusted_set)(int);
    void (*operation_block_set)(const char *, int);
    unsigned (*log_set_handler)(const char *, int, void (*)(const char *, int, const char *, void *), void *);
    void (*g_free)(void *);
    int (*black)(void **, int, int, ...);
    int (*draw_rect)(void *, double *, int, int, int, int, int, ...);
    int (*draw_line)(void *, double *, int, int, int, int, int, ...);
    int (*draw_circle)(void *, double *, int, int, int, int, ...);
    int (*draw_mask)(void *, double *, int, void *, int, int, ...);
    int (*text)(void **, const char *, ...);
    int (*pngsave_buffer)(void *, void **, size_t *, ...);
    void *(*new_from_memory)(const void *, size_t, int, int, int, int);
} cvips_api;

static pthread_mutex_t cvips_lock = PTHREAD_MUTEX_INITIALIZER;
static cvips_api cvips;
static int cvips_started = 0;
static int cvips_start_failed = 0;
static char cvips_start_error[512];

#define CVIPS_ACCESS_SEQUENTIAL 1
#define CVIPS_INTERESTING_CENTRE 1
#define CVIPS_SIZE_BOTH 0
#define CVIPS_INTERPRETATION_SRGB 22
#define CVIPS_LOG_LEVEL_WARNING (1 << 4)

/* The formats a phone makes. Every other loader is blocked: TIFF, SVG, PDF, JPEG 2000,
   FITS, ImageMagick, OpenSlide ... read untrusted input with large libraries, and no
   profile photo needs them. The HEIF loader reads HEIC and AVIF. */
static const char *const cvips_allowed_loaders[] = {"VipsForeignLoadJpeg", "VipsForeignLoadPng",
                                                    "VipsForeignLoadWebp", "VipsForeignLoadHeif", NULL};
#define CVIPS_ALLOWED_FORMATS "JPEG, PNG, WebP, HEIC or AVIF"

static void cvips_quiet(const char *domain, int level, const char *message, void *data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

static void cvips_vips_error(char *error, size_t error_size, const char *what) {
    const char *detail = cvips.error_buffer ? cvips.error_buffer() : "";
    snprintf(error, error_size, "%s%s%s", what, detail && *detail ? ": " : "", detail ? detail : "");
    /* libvips ends its messages with a newline; a message for a person has none. */
    size_t length = strlen(error);
    while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) error[--length] = 0;
    if (cvips.error_clear) cvips.error_clear();
}

#define CVIPS_FIND(field, name)                                                                                        \
    do {                                                                                                               \
        *(void **)&api.field = dlsym(library, name);                                                                   \
        if (!api.field) {                                                                                              \
            snprintf(error, error_size, "libvips lacks %s, which this app needs (libvips 8.13 or later)", name);     \
            dlclose(library);                                                                                          \
            return -1;                                                                                                 \
        }                                                                                                              \
    } while (0)

/* libvips 8.14's vips_init adds VIPSHOME to the environment itself (vips_guess_prefix calls
   g_setenv) when it is not set. Adding a variable makes glibc reallocate the environment
   array, and a getenv on another thread at that moment can read the freed array. So
   app-shell's main reserves the variable first thing, while the process has one thread
   (cvips_reserve_environment); later only its value is replaced, which glibc does in place
   (no array is freed). "/usr" is the prefix of every distribution's libvips;
   cvips_set_prefix corrects it before vips_init. */
#define CVIPS_RESERVED_PREFIX "/usr"

void cvips_reserve_environment(void) {
    if (!getenv("VIPSHOME")) setenv("VIPSHOME", CVIPS_RESERVED_PREFIX, 0);
}

/* The prefix libvips was installed under, from where the loaded library file lives
   (/usr/lib/x86_64-linux-gnu/libvips.so.42 -> /usr): libvips then finds its own modules
   folder (VIPS_LIBDIR/vips-modules-8.14), owned by root, as it would with no VIPSHOME. A
   VIPSHOME the user set is left alone. Called with the lock held. */
static void cvips_set_prefix(void *symbol, const char *reserved) {
    const char *current = getenv("VIPSHOME");
    if (!current || strcmp(current, reserved) != 0) return;
    Dl_info info;
    char real[PATH_MAX];
    if (!dladdr(symbol, &info) || !info.dli_fname || !realpath(info.dli_fname, real)) return;
    char *lib = NULL;
    const char *const folders[] = {"/lib/", "/lib64/", "/lib32/", NULL};
    for (const char *const *folder = folders; *folder; folder++) {
        char *found = strstr(real, *folder);
        if (found && (!lib || found < lib)) lib = found;
    }
    if (!lib || lib == real) return;
    *lib = 0;
    if (strcmp(real, current) != 0) setenv("VIPSHOME", real, 1);
}

/* Called with the lock held. */
static int cvips_start(char *error, size_t error_size) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        if (!why) why = "unknown error";
        /* Not installed, or passing (no file descriptor left): say which. */
        snprintf(error, error_size, "cannot load libvips: %s%s", why,
                 strstr(why, "No such file") ? " (install libvips42)" : "");
        return -1;
    }
    cvips_api api;
    CVIPS_FIND(init, "vips_init");
    CVIPS_FIND(image_new_from_buffer, "vips_image_new_from_buffer");
    CVIPS_FIND(image_get_width, "vips_image_get_width");
    CVIPS_FIND(image_get_height, "vips_image_get_height");
    CVIPS_FIND(thumbnail_buffer, "vips_thumbnail_buffer");
    CVIPS_FIND(thumbnail_image, "vips_thumbnail_image");
    CVIPS_FIND(colourspace, "vips_colourspace");
    CVIPS_FIND(copy_memory, "vips_image_copy_memory");
    CVIPS_FIND(jpegsave_buffer, "vips_jpegsave_buffer");
    CVIPS_FIND(object_unref, "g_object_unref");
    CVIPS_FIND(error_buffer, "vips_error_buffer");
    CVIPS_FIND(error_clear, "vips_error_clear");
    CVIPS_FIND(cache_set_max, "vips_cache_set_max");
    CVIPS_FIND(block_untrusted_set, "vips_block_untrusted_set");
    CVIPS_FIND(operation_block_set, "vips_operation_block_set");
    CVIPS_FIND(log_set_handler, "g_log_set_handler");
    CVIPS_FIND(g_free, "g_free");
    CVIPS_FIND(black, "vips_black");
    CVIPS_FIND(draw_rect, "vips_draw_rect");
    CVIPS_FIND(draw_line, "vips_draw_line");
    CVIPS_FIND(draw_circle, "vips_draw_circle");
    CVIPS_FIND(draw_mask, "vips_draw_mask");
    CVIPS_FIND(text, "vips_text");
    CVIPS_FIND(pngsave_buffer, "vips_pngsave_buffer");
    CVIPS_FIND(new_from_memory, "vips_image_new_from_memory");
    cvips = api;
    /* A process whose main did not reserve it (a test runner) adds it here. */
    cvips_reserve_environment();
    cvips_set_prefix(*(void **)&cvips.init, CVIPS_RESERVED_PREFIX);
    /* libvips' warnings would only clutter a script's standard error; problems reach the
       caller through the error messages (a VIPS_WARNING variable would be an environment
       write while other threads run). */
    cvips.log_set_handler("VIPS", CVIPS_LOG_LEVEL_WARNING, cvips_quiet, NULL);
    if (cvips.init("app-shell") != 0) {
        cvips_vips_error(cvips_start_error, sizeof cvips_start_error, "libvips did not start (vips_init)");
        cvips_start_failed = 1;
        snprintf(error, error_size, "%s", cvips_start_error);
        return -1;
    }
    cvips.cache_set_max(0);
    /* After init: the modules' loaders exist only once their modules are loaded. */
    cvips.block_untrusted_set(1);
    cvips.operation_block_set("VipsForeignLoad", 1);
    for (const char *const *name = cvips_allowed_loaders; *name; name++) cvips.operation_block_set(*name, 0);
    cvips_started = 1;
    return 0;
}

int cvips_load(char *error, size_t error_size) {
    pthread_mutex_lock(&cvips_lock);
    int status = 0;
    if (cvips_start_failed) {
        snprintf(error, error_size, "%s", cvips_start_error);
        status = -1;
    } else if (!cvips_started) {
        status = cvips_start(error, error_size);
    }
    pthread_mutex_unlock(&cvips_lock);
    return status;
}

int cvips_header(const void *data, size_t length, int *width, int *height, char *error, size_t error_size) {
    if (cvips_load(error, error_size) != 0) return -1;
    void *image = cvips.image_new_from_buffer(data, length, "", "access", CVIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) {
        cvips_vips_error(error, error_size, "not an image in a format read here (" CVIPS_ALLOWED_FORMATS ")");
        return -1;
    }
    *width = cvips.image_get_width(image);
    *height = cvips.image_get_height(image);
    cvips.object_unref(image);
    return 0;
}

void cvips_free(void *memory) {
    if (memory && cvips_started) cvips.g_free(memory);
}

int cvips_make_photo(const void *data, size_t length, int card_w, int card_h, int thumb_w, int thumb_h, int *sizes,
                     void **card_jpeg, size_t *card_length, void **thumb_jpeg, size_t *thumb_length, char *error,
                     size_t error_size) {
    *card_jpeg = NULL;
    *thumb_jpeg = NULL;
    *card_length = 0;
    *thumb_length = 0;
    if (cvips_load(error, error_size) != 0) return -1;
    void *decoded = NULL, *srgb = NULL, *card = NULL, *thumb = NULL;
    int result = -1;
    /* libvips does not copy `data`; every image made from it is released before returning. */
    /* From a buffer, libvips 8.14's thumbnail passes its loader only `option_string`, not its
       own fail_on: the loader's options are given there (a fixed text, never a name). */
    if (cvips.thumbnail_buffer((void *)data, length, &decoded, card_w, "height", card_h, "crop",
                               CVIPS_INTERESTING_CENTRE, "size", CVIPS_SIZE_BOTH, "option_string", "fail_on=truncated",
                               NULL) != 0) {
        cvips_vips_error(error, error_size, "cannot decode the image");
        goto done;
    }
    if (cvips.colourspace(decoded, &srgb, CVIPS_INTERPRETATION_SRGB, NULL) != 0) {
        cvips_vips_error(error, error_size, "cannot convert to sRGB");
        goto done;
    }
    /* Render the card once into memory: both files come from it, so the source is
       decoded once (a lazy pipeline would decode it again for the thumbnail). */
    card = cvips.copy_memory(srgb);
    if (!card) {
        cvips_vips_error(error, error_size, "cannot decode the image");
        goto done;
    }
    if (cvips.thumbnail_image(card, &thumb, thumb_w, "height", thumb_h, "crop", CVIPS_INTERESTING_CENTRE, "size",
                              CVIPS_SIZE_BOTH, NULL) != 0) {
        cvips_vips_error(error, error_size, "cannot make the thumbnail");
        goto done;
    }
    /* Encoded in memory: the JPEGs go into the database, never into files. */
    if (cvips.jpegsave_buffer(card, card_jpeg, card_length, "Q", 85, "strip", 1, NULL) != 0) {
        cvips_vips_error(error, error_size, "cannot encode the card");
        goto done;
    }
    if (cvips.jpegsave_buffer(thumb, thumb_jpeg, thumb_length, "Q", 85, "strip", 1, NULL) != 0) {
        cvips_vips_error(error, error_size, "cannot encode the thumbnail");
        goto done;
    }
    sizes[0] = cvips.image_get_width(card);
    sizes[1] = cvips.image_get_height(card);
    sizes[2] = cvips.image_get_width(thumb);
    sizes[3] = cvips.image_get_height(thumb);
    result = 0;
done:
    if (result != 0) {
        cvips_free(*card_jpeg);
        cvips_free(*thumb_jpeg);
        *card_jpeg = NULL;
        *thumb_jpeg = NULL;
    }
    if (thumb) cvips.object_unref(thumb);
    if (card) cvips.object_unref(card);
    if (srgb) cvips.object_unref(srgb);
    if (decoded) cvips.object_unref(decoded);
    return result;
}

static void cvips_ink(double ink[3], const unsigned char rgb[3]) {
    for (int band = 0; band < 3; band++) ink[band] = rgb[band];
}

int cvips_draw_card(int width, int height, const unsigned char background[3], const int *xy, const int *lengths,
                    const unsigned char *line_inks, int polylines, int thickness, const int *markers,
                    const unsigned char *marker_inks, int marker_count, const char *const *texts,
                    const int *text_places, int text_count, const unsigned char text_ink[3], void **png,
                    size_t *png_length, char *error, size_t error_size) {
    *png = NULL;
    *png_length = 0;
    if (cvips_load(error, error_size) != 0) return -1;
    if (width < 1 || height < 1 || width > 4096 || height > 4096 || thickness < 1 || thickness > 16) {
        snprintf(error, error_size, "a card is 1 to 4096 pixels a side, its lines 1 to 16 thick");
        return -1;
    }
    void *black = NULL, *card = NULL;
    int result = -1;
    double ink[3];
    if (cvips.black(&black, width, height, "bands", 3, NULL) != 0 || !(card = cvips.copy_memory(black))) {
        cvips_vips_error(error, error_size, "cannot make the card");
        goto done;
    }
    cvips_ink(ink, background);
    if (cvips.draw_rect(card, ink, 3, 0, 0, width, height, "fill", 1, NULL) != 0) {
        cvips_vips_error(error, error_size, "cannot paint the card");
        goto done;
    }
    /* The lines are stamped with a square brush of `thickness` pixels along each segment
       (Bresenham) into a mask of the card, one mask for each run of lines of one ink, and
       each mask is drawn in its ink with one libvips call: a libvips operation a segment
       took about 0.1 ms, a second for a long walk. */
    {
        size_t area = (size_t)width * (size_t)height;
        unsigned char *mask = calloc(area, 1);
        if (!mask) {
            snprintf(error, error_size, "out of memory for the card");
            goto done;
        }
        int half = thickness / 2;
        const int *point = xy;
        int marked = 0;
        for (int line = 0; line < polylines; line++) {
            for (int index = 0; index < lengths[line]; index++, point += 2) {
                int x0 = index == 0 ? point[0] : point[-2], y0 = index == 0 ? point[1] : point[-1];
                int x1 = point[0], y1 = point[1];
                int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
                int err = dx + dy;
                for (;;) {
                    for (int by = y0 - half; by < y0 - half + thickness; by++)
                        for (int bx = x0 - half; bx < x0 - half + thickness; bx++)
                            if (bx >= 0 && by >= 0 && bx < width && by < height) mask[(size_t)by * width + bx] = 255;
                    marked = 1;
                    if (x0 == x1 && y0 == y1) break;
                    int twice = 2 * err;
                    if (twice >= dy) { err += dy; x0 += sx; }
                    if (twice <= dx) { err += dx; y0 += sy; }
                }
            }
            int last = line + 1 == polylines || memcmp(line_inks + 3 * line, line_inks + 3 * (line + 1), 3) != 0;
            if (last && marked) {
                void *stamp = cvips.new_from_memory(mask, area, width, height, 1, 0);
                cvips_ink(ink, line_inks + 3 * line);
                int drawn = stamp ? cvips.draw_mask(card, ink, 3, stamp, 0, 0, NULL) : -1;
                if (stamp) cvips.object_unref(stamp);
                if (drawn != 0) {
                    free(mask);
                    goto drawing;
                }
                memset(mask, 0, area);
                marked = 0;
            }
        }
        free(mask);
    }
    for (int marker = 0; marker < marker_count; marker++) {
        cvips_ink(ink, marker_inks + 3 * marker);
        const int *m = markers + 3 * marker;
        if (cvips.draw_circle(card, ink, 3, m[0], m[1], m[2], "fill", 1, NULL) != 0) goto drawing;
    }
    cvips_ink(ink, text_ink);
    for (int index = 0; index < text_count; index++) {
        void *mask = NULL;
        const int *place = text_places + 3 * index;
        char font[32];
        snprintf(font, sizeof font, "sans %d", place[2]);
        /* The text is Pango markup: the caller escapes it. */
        if (cvips.text(&mask, texts[index], "font", font, "width", width - place[0], "dpi", 72, NULL) != 0) {
            cvips_vips_error(error, error_size, "cannot draw the text");
            goto done;
        }
        int drawn = cvips.draw_mask(card, ink, 3, mask, place[0], place[1], NULL);
        cvips.object_unref(mask);
        if (drawn != 0) goto drawing;
    }
    if (cvips.pngsave_buffer(card, png, png_length, NULL) != 0) {
        cvips_vips_error(error, error_size, "cannot encode the card as PNG");
        goto done;
    }
    result = 0;
    goto done;
drawing:
    cvips_vips_error(error, error_size, "cannot draw on the card");
done:
    if (result != 0) {
        cvips_free(*png);
        *png = NULL;
        *png_length = 0;
    }
    if (card) cvips.object_unref(card);
    if (black) cvips.object_unref(black);
    return result;
}
