# Command-line, show() and REPL checks of the shell's presentation (sourced by run.sh).

# shell_errs NAME EXPECTED-EXIT EXPECTED-STDERR-LINES STDERR-TEXT COMMAND...: runs COMMAND; its exit
# code, the number of lines on standard error and a text they contain must match.
shell_errs() {
  local name=$1 want_code=$2 want_lines=$3 want_text=$4
  shift 4
  "$@" >"$work/out" 2>"$work/err" </dev/null
  local code=$? lines
  lines=$(wc -l < "$work/err")
  if [ "$code" != "$want_code" ]; then fail "$name" "exit $code, expected $want_code" "$work/err"; return; fi
  if [ "$lines" != "$want_lines" ]; then fail "$name" "$lines lines on stderr, expected $want_lines" "$work/err"; return; fi
  if ! grep -qF -- "$want_text" "$work/err"; then fail "$name" "stderr lacks: $want_text" "$work/err"; return; fi
  echo "ok   $name"; passed=$((passed + 1))
}

# A usage error is one line: the problem, then where to read more.
shell_errs "usage error is one line" 2 1 "app-shell: unknown option '--frobnicate' (see app-shell --help)" "$binary" --frobnicate
shell_errs "a missing value is one line" 2 1 "app-shell: --db needs a value (see app-shell --help)" "$binary" --db
shell_errs "--json takes no value" 2 1 "app-shell: --json takes no value, got '--json=x'" "$binary" "${mem[@]}" --json=x -e 1
shell_errs "--allow-io takes no value" 2 1 "app-shell: --allow-io takes no value, got '--allow-io=x'" "$binary" "${mem[@]}" --allow-io=x -e 1
shell_errs "--no-init takes no value" 2 1 "--no-init takes no value" "$binary" "${mem[@]}" --no-init=yes -e 1

# Errors never name the shell's own chunks.
shell_errs "--json of a function names no internal chunk" 1 3 "json: value: function where data is expected [invalid_argument]" \
  "$binary" "${mem[@]}" --json -e 'return function() end'
if grep -qF "[app-shell]" "$work/err"; then fail "no [app-shell] position in --json errors" "stderr" "$work/err"; else echo "ok   no [app-shell] position in --json errors"; passed=$((passed + 1)); fi

# help() knows the shell's own functions.
for name in show json help app.on trace.span; do
  check "help($name) explains it" 0 "" "$binary" "${mem[@]}" -e "help($name)"
  if ! grep -q "^$name(" "$work/out"; then fail "help($name) starts with its signature" "stdout" "$work/out"; else echo "ok   help($name) starts with its signature"; passed=$((passed + 1)); fi
done
shell_errs "help of an unknown value says help once" 1 4 "(command line):1: help: no help for that number; try help() for the list of modules [invalid_argument]" \
  "$binary" "${mem[@]}" -e 'help(42)'
check "help() runs" 0 "" "$binary" "${mem[@]}" -e 'help()'
for name in "show(" "json(" "app.on(" "trace.span(" "help("; do
  if grep -qF -- "$name" "$work/out"; then echo "ok   help() lists $name...)"; passed=$((passed + 1)); else fail "help() lists $name" "stdout" "$work/out"; fi
done
check "help(app) runs" 0 "" "$binary" "${mem[@]}" -e 'help(app)'
if grep -qF "app.on(pattern, fn)" "$work/out"; then echo "ok   help(app) lists app.on"; passed=$((passed + 1)); else fail "help(app) lists app.on" "stdout" "$work/out"; fi

# The README's hook example fires on the event it names.
shell_hook_pattern=$(grep -o 'app.on("[^"]*"' "$here/../../README.md" | head -1 | sed 's/app.on("//; s/"$//')
check "the README's app.on pattern fires on walks.log" 0 "fired 1" "$binary" "${mem[@]}" -e "
local n = 0
app.on('$shell_hook_pattern', function() n = n + 1 end)
walks.log{steps = 10, distance = 5, started_at = '2026-11-29T07:00:00+09:00', ended_at = '2026-11-29T07:10:00+09:00'}
print('fired ' .. n)"

# show() in the terminal: another user's public story cannot send escapes to yours.
shell_story_db="$work/shell-story.db"
"$binary" --db "$shell_story_db" "${defaults[@]}" --user mallory -e '
bookstories.create{book = {title = "\27]0;owned\7", author = "\u{202e}rohtua"}, quotes = {"\27[2J\27[H"},
  content = "\27]52;c;aGVsbG8=\7 \u{9b}31m", visibility = "public"}' >/dev/null 2>&1
check "show() of a hostile public story exits 0" 0 "" "$binary" --db "$shell_story_db" "${defaults[@]}" --user alice \
  -e 'show(bookstories.public())' -e 'bookstories.public()[1].content' -e 'bookstories.public()[1]'
if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]\|\xe2\x80[\xaa-\xae]' "$work/out"; then
  fail "no control character of the story reaches the terminal" "stdout" "$work/out"
elif ! grep -qF '\x1b]52;c;aGVsbG8=\x07' "$work/out"; then
  fail "the escapes are shown as \\x1b" "stdout" "$work/out"
else
  echo "ok   no control character of the story reaches the terminal"; passed=$((passed + 1))
fi

# The REPL takes Hangul and emoji, typed or pasted, whatever the locale,
# keeps them in its history, and Tab still completes.
if command -v tmux >/dev/null 2>&1; then
  utf_screen() { tmux -S "$utf_socket" capture-pane -t utf -p 2>/dev/null; }
  utf_wait() {
    for _ in $(seq 1 50); do utf_screen | grep -qE -- "$1" && return 0; sleep 0.1; done
    return 1
  }
  utf_check() {
    if utf_wait "$2"; then echo "ok   REPL ($utf_locale): $1"; passed=$((passed + 1)); else utf_screen > "$work/screen"; fail "REPL ($utf_locale): $1" "screen lacks: $2" "$work/screen"; fi
  }
  utf_start() {
    utf_count=$((${utf_count:-0} + 1))
    utf_socket="$work/utf-tmux-$utf_count.sock"
    tmux -u -S "$utf_socket" new-session -d -s utf -x 100 -y 30 \
      "env -u LC_ALL -u LC_CTYPE -u LANG $utf_env XDG_STATE_HOME='$utf_state' XDG_CONFIG_HOME='$work/noconfig' '$binary' --db :memory: ${defaults[*]}; sleep 5"
    utf_wait "help\(\) lists the modules" || true
  }
  # C, a UTF-8 locale, and one this machine lacks (setlocale fails: C.UTF-8 is used).
  for utf_locale in C C.UTF-8 xx_YY.UTF-8; do
    utf_env="LANG=$utf_locale"
    utf_state="$work/utf-state-$utf_locale"
    utf_start
    tmux -S "$utf_socket" send-keys -t utf -l 'x = "보리 🐶 café"'
    tmux -S "$utf_socket" send-keys -t utf Enter
    tmux -S "$utf_socket" send-keys -t utf -l 'print(#x, x)'
    tmux -S "$utf_socket" send-keys -t utf Enter
    utf_check "Hangul and emoji arrive whole" '^17 +보리 🐶 café$'
    tmux -S "$utf_socket" send-keys -t utf -l 'y = "한글"; habits.co'
    tmux -S "$utf_socket" send-keys -t utf Tab
    utf_check "Tab completes after Hangul on the line" '^> y = "한글"; habits\.complet'
    tmux -S "$utf_socket" send-keys -t utf C-u C-d
    sleep 0.5
    tmux -S "$utf_socket" kill-server 2>/dev/null
    # A new REPL recalls the line from its history: Up Up is x = ..., then Up Up is print.
    utf_start
    tmux -S "$utf_socket" send-keys -t utf Up Up Enter
    tmux -S "$utf_socket" send-keys -t utf Up Up Enter
    utf_check "history keeps Hangul and emoji" '^17 +보리 🐶 café$'
    tmux -S "$utf_socket" send-keys -t utf C-d
    sleep 0.3
    tmux -S "$utf_socket" kill-server 2>/dev/null
  done
fi

# The C shims of the shell's libraries are C targets: a header under include/ that only
# declares (no static function or variable, so no state is copied into each importer) and a
# .c file that defines.
shell_c_targets() {
  local root=$1 name problems=""
  for name in CSQLite CEdit CHTTP; do
    local folder="$root/Modules/$name"
    [ -f "$folder/include/$name.h" ] || problems="$problems $name:no-include/$name.h"
    ls "$folder"/*.c >/dev/null 2>&1 || problems="$problems $name:no-.c"
    [ -e "$folder/module.modulemap" ] && problems="$problems $name:modulemap"
    grep -lw static "$folder"/*.h "$folder"/include/*.h 2>/dev/null | sed 's/^/ static-in:/' | tr -d '\n' >"$work/static"
    problems="$problems$(cat "$work/static")"
  done
  echo "$problems"
}
shell_c_problems=$(shell_c_targets "$here/../..")
if [ -z "$shell_c_problems" ]; then echo "ok   CSQLite, CEdit and CHTTP are C targets with declaring headers"; passed=$((passed + 1)); else
  echo "$shell_c_problems" >"$work/err"; fail "CSQLite, CEdit and CHTTP are C targets with declaring headers" "problems" "$work/err"; fi
if nm -D --undefined-only "$binary" | grep -q 'curl_'; then fail "no libcurl symbol is linked" "nm shows curl_"; else echo "ok   no libcurl symbol is linked"; passed=$((passed + 1)); fi

# Doc comments say something: none is a filler written only for the lint rule.
if grep -rnE '^\s*/// (The use case|Dependencies)\.$' "$here/../../Modules" >"$work/err"; then
  fail "no filler doc comments in Modules" "found" "$work/err"; else echo "ok   no filler doc comments in Modules"; passed=$((passed + 1)); fi

# No underscored standard-library API (it may change or go in any release): NFC comes from
# libutf8proc.
if grep -rnE '\._[a-zA-Z]+' --include='*.swift' "$here/../../Modules" "$here/../../Apps" >"$work/err"; then
  fail "no underscored standard-library API in Modules and Apps" "found" "$work/err"; else
  echo "ok   no underscored standard-library API in Modules and Apps"; passed=$((passed + 1)); fi

# A name given with --user (or APP_SHELL_USER) that is not a user yet: one line says the new
# user was made, the first time only; the default user `me` is made without a word.
new_user_db="$work/new_user.db"
shell_errs "--user with a new name says a new user was created" 0 1 "app-shell: new user 'minaa' created (no such user before)" \
  "$binary" --db "$new_user_db" --user minaa -e 'print(app.user().name)'
shell_errs "APP_SHELL_USER with a new name says so too" 0 1 "app-shell: new user 'joon' created (no such user before)" \
  env APP_SHELL_USER=joon "$binary" --db "$new_user_db" -e 'print(app.user().name)'
for quiet in "--user minaa" "--user MINAA" ""; do
  # shellcheck disable=SC2086
  env -u APP_SHELL_USER "$binary" --db "$new_user_db" $quiet -e 'print(app.user().name)' >"$work/out" 2>"$work/err" </dev/null
  if [ $? = 0 ] && [ ! -s "$work/err" ]; then
    echo "ok   no word on standard error for ${quiet:-the default user}"; passed=$((passed + 1))
  else
    fail "no word on standard error for ${quiet:-the default user}" "stderr" "$work/err"
  fi
done
