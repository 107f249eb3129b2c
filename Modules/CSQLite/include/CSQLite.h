#ifndef CSQLITE_H
#define CSQLITE_H
/*
 * SQLite for the Storage module: sqlite3.h itself, and what Swift cannot import from it
 * (macros that are casts or expressions). Declared here, defined in csqlite.c.
 */
#include <sqlite3.h>

/// SQLITE_TRANSIENT, a macro casting -1 to a function pointer: SQLite copies the bound value.
sqlite3_destructor_type csqlite_transient(void);

/// A valid pointer to an empty C string, for binding "" from an empty Swift buffer.
const char *csqlite_empty_text(void);

/// SQLITE_CONSTRAINT_UNIQUE, an extended result code (an expression macro).
int csqlite_constraint_unique(void);

/// SQLITE_CONSTRAINT_PRIMARYKEY, an extended result code (an expression macro).
int csqlite_constraint_primarykey(void);

/// Turns off SQLite's memory statistics (SQLITE_CONFIG_MEMSTATUS, through the variadic
/// sqlite3_config that Swift cannot call): with them on, every allocation SQLite makes takes
/// a process-wide mutex. Once per process, before SQLite is first used: app-shell's main
/// calls it first thing, before any library that links SQLite too (libvips' OpenSlide
/// module) can initialise it; later calls return the first one's result (SQLITE_OK).
int csqlite_disable_memory_statistics(void);

#endif
