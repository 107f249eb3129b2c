#ifndef CQRENCODE_H
#define CQRENCODE_H
/*
 * libqrencode for the Formats module's QR codes, loaded with dlopen on the first code
 * drawn (a profile drop): a run that draws none never maps it. No libqrencode header is
 * needed; its two functions and its QRcode struct are declared in cqrencode.c.
 */
#include <stddef.h>

/// Encodes `text` (bytes, 8-bit mode, error correction level M, the smallest version that
/// holds it) and copies its modules into `modules`, row after row, 1 for a dark module and
/// 0 for a light one. Returns the code's width in modules (21 to 177), or -1 with a message
/// in `error`: libqrencode missing, the text too long for `capacity` modules or for any QR
/// code.
int cqrencode_encode(const char *text, unsigned char *modules, size_t capacity, char *error, size_t error_size);

#endif
