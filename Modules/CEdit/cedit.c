#include "CEdit.h"

#include <stdlib.h>

int cedit_history_length(void) { return history_length; }

const char *cedit_last_history_line(void) {
    if (history_length <= 0) return NULL;
    HIST_ENTRY *entry = history_get(history_base + history_length - 1);
    return entry ? entry->line : NULL;
}

void cedit_set_name(const char *name) { rl_readline_name = name; }

void cedit_free(char *line) { free(line); }

void cedit_set_completer(cedit_completer completer) {
    rl_attempted_completion_function = completer;
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{(,+-*/%^~#[]";
    rl_completion_append_character = 0;
}

void cedit_completion_done(void) { rl_attempted_completion_over = 1; }
