#include "CSQLite.h"

sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

const char *csqlite_empty_text(void) { return ""; }

int csqlite_constraint_unique(void) { return SQLITE_CONSTRAINT_UNIQUE; }

int csqlite_constraint_primarykey(void) { return SQLITE_CONSTRAINT_PRIMARYKEY; }

static int memory_statistics_result = -1;

/// Before main, while one thread exists (priority 101: before CPostgres's head start, 102):
/// a library loaded later (libvips' OpenSlide module links SQLite too) may initialise
/// SQLite first, after which sqlite3_config is refused.
__attribute__((constructor(101))) static void csqlite_configure_before_main(void) {
    memory_statistics_result = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int csqlite_disable_memory_statistics(void) {
    if (memory_statistics_result == -1) memory_statistics_result = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return memory_statistics_result;
}
