#ifndef CUTF8PROC_H
#define CUTF8PROC_H
/*
 * utf8proc (libutf8proc-dev): Unicode normalization with a stable, versioned C API, for
 * Core's String.foldedForMatching. A small library (one file of tables, no dependencies);
 * nothing is declared or defined here beyond utf8proc.h.
 */
#include <utf8proc.h>

#endif
