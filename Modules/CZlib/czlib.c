#include "CZlib.h"

#include <limits.h>
#include <stdio.h>
#include <zlib.h>

static void czlib_reason(char *error, size_t error_size, const z_stream *stream) {
    snprintf(error, error_size, "%s", stream->msg ? stream->msg : "invalid DEFLATE data");
}

int czlib_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity, size_t *written,
                      char *error, size_t error_size) {
    *written = 0;
    if (error_size > 0) error[0] = 0;
    /* zlib counts in 32 bits; a zip entry without ZIP64 is smaller than that anyway. */
    if (input_length > UINT_MAX || capacity > UINT_MAX) return CZLIB_TOO_LARGE;
    z_stream stream = {0};
    /* -15: a raw stream (no zlib header or checksum), with the largest window. */
    if (inflateInit2(&stream, -15) != Z_OK) return CZLIB_NO_MEMORY;
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)input_length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int result = inflate(&stream, Z_FINISH);
    int status;
    if (result == Z_STREAM_END) {
        status = CZLIB_OK;
    } else if (result == Z_DATA_ERROR || result == Z_NEED_DICT) {
        czlib_reason(error, error_size, &stream);
        status = CZLIB_BAD_DATA;
    } else if (result == Z_MEM_ERROR) {
        status = CZLIB_NO_MEMORY;
    } else if (stream.avail_out == 0) {
        /* The output is full and the stream goes on: one more byte of room tells whether
           it would have written more, or only needed to see its end. */
        uint8_t probe;
        stream.next_out = &probe;
        stream.avail_out = 1;
        result = inflate(&stream, Z_FINISH);
        if (result == Z_STREAM_END && stream.avail_out == 1) {
            status = CZLIB_OK;
        } else if (result == Z_DATA_ERROR) {
            czlib_reason(error, error_size, &stream);
            status = CZLIB_BAD_DATA;
        } else {
            status = stream.avail_out == 0 ? CZLIB_TOO_LARGE : CZLIB_TRUNCATED;
        }
    } else {
        status = CZLIB_TRUNCATED; /* Z_BUF_ERROR with room left: the input ended first */
    }
    *written = status == CZLIB_OK ? (size_t)stream.total_out : 0;
    inflateEnd(&stream);
    return status;
}

uint32_t czlib_crc32(const uint8_t *bytes, size_t length) {
    uLong crc = crc32(0L, Z_NULL, 0);
    while (length > 0) {
        uInt chunk = length > UINT_MAX ? UINT_MAX : (uInt)length;
        crc = crc32(crc, bytes, chunk);
        bytes += chunk;
        length -= chunk;
    }
    return (uint32_t)crc;
}
