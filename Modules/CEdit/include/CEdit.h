#ifndef CEDIT_H
#define CEDIT_H
/*
 * libedit's readline layer for the REPL: readline.h itself (readline, the history calls),
 * and accessors for its mutable C globals, which Swift 6 rejects as shared mutable state.
 * These accessors are the only way the app touches those globals. Declared here, defined
 * in cedit.c.
 */
#include <stdio.h>
#include <editline/readline.h>

/// The number of entries in the history list.
int cedit_history_length(void);

/// The most recent history entry, or NULL when the history is empty.
const char *cedit_last_history_line(void);

/// Sets the program name libedit uses for its ~/.editrc section.
void cedit_set_name(const char *name);

/// Frees a line returned by readline().
void cedit_free(char *line);

/// The signature of a completion function: the word, and its start and end in the line.
typedef char **(*cedit_completer)(const char *text, int start, int end);

/// Installs `completer` for Tab, with Lua's word breaks (a dotted name stays one word) and
/// nothing appended after a completed word.
void cedit_set_completer(cedit_completer completer);

/// Tells libedit not to fall back to file-name completion.
void cedit_completion_done(void);

#endif
