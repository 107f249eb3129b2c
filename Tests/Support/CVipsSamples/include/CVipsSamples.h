#ifndef CVIPS_SAMPLES_H
#define CVIPS_SAMPLES_H
/*
 * Sample images for the Imaging tests, made and read with libvips itself. Test-only: the
 * production library (Modules/CVips) neither declares nor looks up the libvips functions
 * these need (vips_xyz, vips_getpoint, the file savers ...), so a libvips lacking one of
 * them still loads for app-shell. libvips is started through CVips' cvips_load, with the
 * app's own settings (blocked loaders, no cache), and these functions are then found in
 * the library it loaded.
 *
 * Every function returns 0, or -1 with a message for a person in `error`.
 */
#include <stddef.h>

/// Writes a JPEG `width` x `height`, black on its left half and white on its right, with
/// EXIF `orientation` (0 for none) and, when `gps`, a GPS latitude.
int cvips_write_sample(const char *path, int width, int height, int orientation, int gps, char *error,
                       size_t error_size);

/// Reads `from` (a JPEG) and writes it to `to` with the saver its suffix names.
int cvips_save_copy(const char *from, const char *to, char *error, size_t error_size);

/// Reads a file's size, EXIF presence, GPS presence, orientation and the first band at (x, y).
int cvips_probe(const char *path, int *width, int *height, int *has_exif, int *has_gps, int *orientation, int x,
                int y, double *value, char *error, size_t error_size);

/// Writes `width` x `height` grey pixels (one byte each, 0 black to 255 white) as the
/// image file `path` names by its suffix (a PNG for .png).
int cvips_write_gray_png(const char *path, const unsigned char *pixels, int width, int height, char *error,
                         size_t error_size);

#endif
