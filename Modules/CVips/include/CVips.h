#ifndef CVIPS_H
#define CVIPS_H
/*
 * libvips for the Imaging module, loaded with dlopen when the first photo is processed:
 * libvips brings about a hundred shared libraries, and linking it would make every
 * app-shell start pay for them. Its variadic calls (options as name/value pairs ending in
 * NULL) are made in cvips.c; no vips header is needed.
 *
 * This is a C target, not a header of static functions: the loaded functions and the
 * load state exist once in the process, however many Swift modules import this one.
 *
 * Every function returns 0, or -1 with a message for a person in `error`.
 */
#include <stddef.h>

/// Loads and starts libvips, once per process, under a lock. A failed dlopen is tried again
/// on the next call (it can be passing: no file descriptor left); a failed start is
/// reported with its first cause on every call (libvips cannot be started twice).
int cvips_load(char *error, size_t error_size);

/// Adds VIPSHOME to the environment when it is missing, so that loading libvips later only
/// replaces its value (glibc does that in place) and never adds a variable while other
/// threads may read the environment. Call while the process has one thread (app-shell's
/// main does, first thing).
void cvips_reserve_environment(void);

/// Reads only the header of the encoded image in `data`: its width and height. Only the
/// allowed loaders (JPEG, PNG, WebP, HEIF) are asked; the bytes are never a file name, so
/// nothing is read as load options.
int cvips_header(const void *data, size_t length, int *width, int *height, char *error, size_t error_size);

/// One decode of the encoded image in `data` (shrink-on-load, EXIF orientation applied), to
/// sRGB: the card (cover card_w x card_h, centre-cropped) and, from the card, the thumbnail;
/// both encoded as JPEG in memory with all metadata stripped. A truncated or damaged file
/// fails. `sizes` receives the card's and the thumbnail's width and height; `*card_jpeg` and
/// `*thumb_jpeg` the encoded bytes, which the caller releases with cvips_free (both are NULL
/// after a failure).
int cvips_make_photo(const void *data, size_t length, int card_w, int card_h, int thumb_w, int thumb_h, int *sizes,
                     void **card_jpeg, size_t *card_length, void **thumb_jpeg, size_t *thumb_length, char *error,
                     size_t error_size);

/// Draws a card of `width` x `height` RGB pixels painted `background` and encodes it as
/// PNG in memory: `polylines` lines of `lengths[i]` points each, their pixel coordinates
/// one after another in `xy` (x, y), drawn `thickness` pixels wide, each in its RGB ink of
/// `line_inks`;
/// `marker_count` filled discs (x, y, radius in `markers`, an RGB ink each in
/// `marker_inks`); and `text_count` texts (Pango markup, escaped by the caller) at
/// (x, y, size in points) in `text_places`, in `text_ink`. `*png` receives the bytes, which
/// the caller releases with cvips_free.
int cvips_draw_card(int width, int height, const unsigned char background[3], const int *xy, const int *lengths,
                    const unsigned char *line_inks, int polylines, int thickness, const int *markers,
                    const unsigned char *marker_inks, int marker_count, const char *const *texts,
                    const int *text_places, int text_count, const unsigned char text_ink[3], void **png,
                    size_t *png_length, char *error, size_t error_size);

/// Releases memory libvips allocated (the JPEGs of cvips_make_photo); NULL is ignored.
void cvips_free(void *memory);

#endif
