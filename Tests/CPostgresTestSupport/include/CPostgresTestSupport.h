#ifndef CPOSTGRES_TEST_SUPPORT_H
#define CPOSTGRES_TEST_SUPPORT_H
/* Calls a test cannot make from Swift: a variadic C function through a pointer, GNU's
   dlvsym, threads that start together. */
#include <stddef.h>

/// Calls `format_function` as snprintf(buffer, size, ...) with 9 ints and 9 doubles: the
/// last ints and the ninth double on the stack, eight doubles in %xmm0-7, and %al counting
/// them, as a variadic call passes them. Returns what it returns.
int cpg_test_format_many(void *format_function, char *buffer, size_t size);

/// dlvsym: `name` of exactly `version` in `handle`; NULL when there is none.
void *cpg_test_versioned_symbol(void *handle, const char *name, const char *version);

/// Starts `threads` threads (at most 64) that wait on one barrier and then each call
/// `getnameinfo_function` as getnameinfo on 127.0.0.1:8080 with NI_NUMERICHOST and
/// NI_NUMERICSERV, all at once; returns how many got "127.0.0.1" and "8080", or -1 when the
/// threads could not be made.
int cpg_test_name_info_at_once(void *getnameinfo_function, int threads);

#endif
