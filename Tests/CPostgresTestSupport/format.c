#include "CPostgresTestSupport.h"

int cpg_test_format_many(void *format_function, char *buffer, size_t size) {
    int (*format)(char *, size_t, const char *, ...) = (int (*)(char *, size_t, const char *, ...))format_function;
    return format(buffer, size, "%d %d %d %d %d %d %d %d %d | %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f", 1, -2, 3,
                  -40, 500, -6000, 70000, -800000, 9000000, 0.5, -1.25, 2.125, -3.0625, 4.5, -5.75, 6.875, -7.0,
                  8.25);
}
