#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// A valid pointer to an empty C string, for binding "" from an empty Swift buffer.
static inline const char *csqlite_empty_text(void) { return ""; }

/// Extended result codes are expression macros, which Swift does not import.
static inline int csqlite_constraint_unique(void) { return SQLITE_CONSTRAINT_UNIQUE; }
static inline int csqlite_constraint_primarykey(void) { return SQLITE_CONSTRAINT_PRIMARYKEY; }

#endif
