#ifndef CZLIB_H
#define CZLIB_H
/*
 * zlib's raw DEFLATE decoder (RFC 1951), as zip entries store their data: zlib is the
 * inflater every distribution maintains and patches, so an untrusted file is never read by
 * a decoder of our own. inflateInit2 is a macro Swift cannot call; this wraps the one use.
 */
#include <stddef.h>
#include <stdint.h>

enum {
    CZLIB_OK = 0,
    /// The data is not valid DEFLATE (zlib's message in `error`).
    CZLIB_BAD_DATA = 1,
    /// It unpacks to more than `capacity` bytes.
    CZLIB_TOO_LARGE = 2,
    /// The data ends before its last block.
    CZLIB_TRUNCATED = 3,
    /// zlib could not allocate its state.
    CZLIB_NO_MEMORY = 4,
};

/// Inflates the raw DEFLATE stream `input` (`input_length` bytes) into `output`, which
/// holds `capacity` bytes; sets *written to the bytes written. Returns a CZLIB_* value; on
/// CZLIB_BAD_DATA, zlib's reason is copied into `error` (`error_size` bytes, NUL-ended).
/// Bytes after the stream's last block are ignored, as zip readers do.
int czlib_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity, size_t *written,
                      char *error, size_t error_size);

/// The CRC-32 of `length` bytes (IEEE 802.3, as zip records it), zlib's crc32.
uint32_t czlib_crc32(const uint8_t *bytes, size_t length);

#endif
