#ifndef CEDIT_SHIM_H
#define CEDIT_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>

/* libedit's readline compatibility layer keeps its state in mutable C globals, which
   Swift 6 rejects as shared mutable state. These setters and getters are the only way
   the app touches them. */

/// The number of entries in the history list.
static inline int cedit_history_length(void) { return history_length; }

/// The most recent history entry, or NULL when the history is empty.
static inline const char *cedit_last_history_line(void) {
    if (history_length <= 0) return NULL;
    HIST_ENTRY *entry = history_get(history_base + history_length - 1);
    return entry ? entry->line : NULL;
}

/// Sets the program name libedit uses for its ~/.editrc section.
static inline void cedit_set_name(const char *name) { rl_readline_name = name; }

/// Frees a line returned by readline().
static inline void cedit_free(char *line) { free(line); }

#endif
