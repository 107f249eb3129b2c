#ifndef CHTTP_H
#define CHTTP_H
/*
 * An HTTP POST through libcurl, loaded with dlopen on first use: the shell does not link
 * libcurl (or FoundationNetworking), so a start that never flushes events to an http://
 * sink pays nothing for it. The option constants and the function types come from
 * libcurl's own curl.h, read in chttp.c at build time (libcurl4-openssl-dev); no libcurl
 * symbol is linked.
 *
 * This is a C target, not a header-only shim: the loaded library and its load
 * state exist once in the process, behind a lock.
 */
#include <stddef.h>

/// POSTs `length` bytes of `body` as JSON to `url`, giving up after `timeout_ms`
/// milliseconds. Returns 0 and sets *status to the HTTP status when the server answered;
/// -1 with a message for a person in `error` when libcurl could not be loaded or the server
/// could not be reached. Loads libcurl on the first call; a failed load is tried again on
/// the next call.
int chttp_post_json(const char *url, const char *body, long length, long timeout_ms, long *status, char *error,
                    size_t error_size);

#endif
