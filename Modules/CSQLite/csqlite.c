#include "CSQLite.h"

sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

const char *csqlite_empty_text(void) { return ""; }

int csqlite_constraint_unique(void) { return SQLITE_CONSTRAINT_UNIQUE; }

int csqlite_constraint_primarykey(void) { return SQLITE_CONSTRAINT_PRIMARYKEY; }

static int memory_statistics_result = -1;

int csqlite_disable_memory_statistics(void) {
    if (memory_statistics_result == -1) memory_statistics_result = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return memory_statistics_result;
}
