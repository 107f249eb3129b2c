#ifndef CXML_H
#define CXML_H
/*
 * libxml2's streaming reader (xmlTextReader) for the Formats module's GPX reader, loaded
 * with dlopen on the first file read: a run that reads no XML never maps libxml2. No libxml2
 * header is needed; the few functions are declared in cxml.c.
 *
 * The reader never reads the network or a file (XML_PARSE_NONET, no DTD loading), never
 * replaces an entity by its text (no XML_PARSE_NOENT) and keeps libxml2's own limits
 * (no XML_PARSE_HUGE: 256 levels, 10 MB of text a node). libxml2 prints nothing: its
 * first error is kept for cxml_error.
 */
#include <stddef.h>

/// A reader over bytes in memory, made by cxml_open and released by cxml_close.
typedef struct cxml_reader cxml_reader;

/// Loads libxml2 once per process, under a lock. Returns 0, or -1 with a message in
/// `error`; a failed load is tried again on the next call.
int cxml_load(char *error, size_t error_size);

/// A reader over `length` bytes at `data`, which must outlive it. NULL with a message in
/// `error` when libxml2 cannot be loaded or the reader cannot be made.
cxml_reader *cxml_open(const void *data, size_t length, char *error, size_t error_size);

/// Moves to the next node: 1 when there is one, 0 at the end, -1 on an error (cxml_error).
int cxml_next(cxml_reader *reader);

/// The node's type: 1 element, 3 text, 4 CDATA, 10 document type, 15 end of element, ...
/// (libxml2's xmlReaderTypes).
int cxml_node_type(cxml_reader *reader);

/// 1 when the element is empty (`<a/>`), which has no end-of-element node.
int cxml_is_empty(cxml_reader *reader);

/// The node's name without its prefix, or "" (valid until the next cxml_next).
const char *cxml_local_name(cxml_reader *reader);

/// The node's namespace URI, or "" (valid until the next cxml_next).
const char *cxml_namespace(cxml_reader *reader);

/// A text or CDATA node's text, or "" (valid until the next cxml_next).
const char *cxml_value(cxml_reader *reader);

/// Copies the element's attribute `name` (no namespace) into `out`, ending in NUL: its
/// length, -1 when it has none, -2 when it does not fit in `out_size` bytes.
int cxml_attribute(cxml_reader *reader, const char *name, char *out, size_t out_size);

/// The first error libxml2 reported, or "" when none (valid until cxml_close).
const char *cxml_error(cxml_reader *reader);

/// The line of that error, or 0.
int cxml_error_line(cxml_reader *reader);

/// Releases the reader; NULL is ignored.
void cxml_close(cxml_reader *reader);

#endif
