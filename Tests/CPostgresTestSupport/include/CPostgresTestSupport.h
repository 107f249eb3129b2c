#ifndef CPOSTGRES_TEST_SUPPORT_H
#define CPOSTGRES_TEST_SUPPORT_H
/* Calls a test cannot make from Swift: a variadic C function through a pointer. */
#include <stddef.h>

/// Calls `format_function` as snprintf(buffer, size, ...) with 9 ints and 9 doubles: the
/// last ints and the ninth double on the stack, eight doubles in %xmm0-7, and %al counting
/// them, as a variadic call passes them. Returns what it returns.
int cpg_test_format_many(void *format_function, char *buffer, size_t size);

#endif
