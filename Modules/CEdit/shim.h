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

/// The signature of a completion function: the word, and its start and end in the line.
typedef char **(*cedit_completer)(const char *text, int start, int end);

/// Installs `completer` for Tab, with Lua's word breaks (a dotted name stays one word) and
/// nothing appended after a completed word.
static inline void cedit_set_completer(cedit_completer completer) {
    rl_attempted_completion_function = completer;
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{(,+-*/%^~#[]";
    rl_completion_append_character = 0;
}

/// Tells libedit not to fall back to file-name completion.
static inline void cedit_completion_done(void) { rl_attempted_completion_over = 1; }

#endif
