#!/usr/bin/env bash
# End-to-end tests: every Tests/Scripts/*.lua through the built app-shell, plus the
# command-line checks at the bottom of this file.
#
# A script holds directives in comment lines (anywhere in the file):
#   -- args: --user mina            extra options (after the defaults below; the last one wins)
#   -- exit: 1                      the expected exit code (default 0)
#   -- stderr: FILE:2:              a text stderr must contain (FILE is the script's path)
#   -- stdout: 42                   a text stdout must contain
#   -- no-stdout: boom              a text stdout must not contain
# Every script runs with a fixed clock and zone and a fresh database file.
# Shared helpers live in Tests/Scripts/lib (require("lib.check"): fails, keys, periods,
# states; require("lib.replay"): another instant on the same database); lib/ holds no tests.
set -u
binary=${1:?usage: run.sh path/to/app-shell}
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
defaults=(--now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul)
# Nothing of the machine's own configuration, history or data takes part.
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
passed=0
failed=0

fail() {
  echo "FAIL $1: $2"
  [ -n "${3:-}" ] && sed 's/^/    | /' "$3" | head -20
  failed=$((failed + 1))
}

# run_directed SCRIPT DB OUTPUT: runs SCRIPT against DB (a file or a URL) as its
# directives say, its output in OUTPUT.out and OUTPUT.err; 0 when it behaves as they say,
# otherwise 1 with the reason in $why and the file to show in $why_file.
run_directed() {
  local script=$1 db=$2 output=$3 name line want code
  name=$(basename "$script")
  local args=() expect_exit=0 stderr_wants=() stdout_wants=() stdout_refuses=() more=()
  while IFS= read -r line; do
    case "$line" in
      "-- args: "*) read -r -a more <<< "${line#-- args: }"; args+=("${more[@]}") ;;
      "-- exit: "*) expect_exit=${line#-- exit: } ;;
      "-- stderr: "*) stderr_wants+=("${line#-- stderr: }") ;;
      "-- stdout: "*) stdout_wants+=("${line#-- stdout: }") ;;
      "-- no-stdout: "*) stdout_refuses+=("${line#-- no-stdout: }") ;;
    esac
  done < "$script"
  (cd "$here" && XDG_CONFIG_HOME="$work/config" "$binary" --db "$db" "${defaults[@]}" "${args[@]}" "$name" \
      >"$output.out" 2>"$output.err" </dev/null)
  code=$?
  why_file="$output.err"
  if [ "$code" != "$expect_exit" ]; then why="exit $code, expected $expect_exit"; return 1; fi
  for want in "${stderr_wants[@]+"${stderr_wants[@]}"}"; do
    want=${want//FILE/$name}
    grep -qF -- "$want" "$output.err" || { why="stderr lacks: $want"; return 1; }
  done
  why_file="$output.out"
  for want in "${stdout_wants[@]+"${stdout_wants[@]}"}"; do
    grep -qF -- "$want" "$output.out" || { why="stdout lacks: $want"; return 1; }
  done
  for want in "${stdout_refuses[@]+"${stdout_refuses[@]}"}"; do
    ! grep -qF -- "$want" "$output.out" || { why="stdout has: $want"; return 1; }
  done
}

# in_parallel LABEL FUNCTION FILE...: runs FUNCTION FILE OUTPUT for each file, two at a
# time (the machine's two cores), each writing its result to OUTPUT.result; then reports
# them in the files' order as one run would. FUNCTION returns 0 when the file behaves as
# its directives say, else 1 with the reason in $why and the file to show in $why_file.
in_parallel() {
  local label=$1 function=$2 file output index=0
  shift 2
  for file in "$@"; do
    index=$((index + 1))
    output="$work/parallel-$index"
    (
      if "$function" "$file" "$output"; then echo "ok" >"$output.result"
      else { echo "$why"; [ -n "${why_file:-}" ] && [ -f "$why_file" ] && cat "$why_file"; } >"$output.result"; fi
    ) &
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
  done
  wait
  index=0
  for file in "$@"; do
    index=$((index + 1))
    output="$work/parallel-$index"
    if [ "$(head -1 "$output.result" 2>/dev/null)" = "ok" ]; then
      echo "ok   $label$(basename "$file")"; passed=$((passed + 1))
    else
      fail "$label$(basename "$file")" "$(head -1 "$output.result" 2>/dev/null || echo "no result")" \
        <(tail -n +2 "$output.result" 2>/dev/null)
    fi
  done
}

# sqlite_e2e SCRIPT OUTPUT: the script on a fresh SQLite file of its own.
sqlite_e2e() {
  local name
  name=$(basename "$1")
  run_directed "$1" "$work/${name%.lua}.db" "$2"
}
in_parallel "" sqlite_e2e "$here"/*.lua

# check NAME EXPECTED-EXIT EXPECTED-STDOUT-LINE COMMAND...: runs COMMAND, compares.
check() {
  local name=$1 want_code=$2 want_out=$3
  shift 3
  "$@" >"$work/out" 2>"$work/err" </dev/null
  local code=$?
  if [ "$code" != "$want_code" ]; then fail "$name" "exit $code, expected $want_code" "$work/err"; return; fi
  if [ -n "$want_out" ] && ! grep -qxF -- "$want_out" "$work/out"; then fail "$name" "stdout lacks the line: $want_out" "$work/out"; return; fi
  echo "ok   $name"; passed=$((passed + 1))
}
# piped NAME EXPECTED-EXIT EXPECTED-STDOUT-LINE INPUT COMMAND...: the same with INPUT on stdin.
piped() {
  local name=$1 want_code=$2 want_out=$3 input=$4
  shift 4
  printf '%b' "$input" | "$@" >"$work/out" 2>"$work/err"
  local code=$?
  if [ "$code" != "$want_code" ]; then fail "$name" "exit $code, expected $want_code" "$work/err"; return; fi
  if [ -n "$want_out" ] && ! grep -qxF -- "$want_out" "$work/out"; then fail "$name" "stdout lacks the line: $want_out" "$work/out"; return; fi
  echo "ok   $name"; passed=$((passed + 1))
}

mem=(--db :memory:)
check "today east of UTC" 0 "2026-11-29" "$binary" "${mem[@]}" --now 2026-11-28T23:30:00Z --tz Asia/Seoul -e 'print(app.today())'
check "today west of UTC" 0 "2026-11-28" "$binary" "${mem[@]}" --now 2026-11-28T23:30:00Z --tz America/Los_Angeles -e 'print(app.today())'
check "APP_SHELL_NOW and TZ" 0 "2026-11-29" env APP_SHELL_NOW=2026-11-28T23:30:00Z TZ=Asia/Seoul "$binary" "${mem[@]}" -e 'print(app.today())'
check "now with offset" 0 "2026-11-29T08:30:00+09:00" "$binary" "${mem[@]}" --now 2026-11-28T23:30:00Z --tz Asia/Seoul -e 'app.now()'
check "json result" 0 '{"a":1}' "$binary" "${mem[@]}" --json -e 'return {a = 1}'
check "json list" 0 '[1,2,"x"]' "$binary" "${mem[@]}" --json -e '{1, 2, "x"}'
check "expression printed" 0 "42" "$binary" "${mem[@]}" -e '40 + 2'
check "user option" 0 "mina" "$binary" "${mem[@]}" --user mina -e 'print(app.user().name)'
check "user from environment" 0 "joon" env APP_SHELL_USER=joon "$binary" "${mem[@]}" -e 'print(app.user().name)'
check "default user" 0 "me" env -u APP_SHELL_USER "$binary" "${mem[@]}" -e 'print(app.user().name)'
check "version" 0 "" "$binary" --version
check "help option" 0 "" "$binary" --help
check "unknown option is a usage error" 2 "" "$binary" --frobnicate
check "missing option value" 2 "" "$binary" --db
check "bad --now" 2 "" "$binary" "${mem[@]}" --now yesterday -e '1'
check "bad --tz" 2 "" "$binary" "${mem[@]}" --tz Mars/Olympus -e '1'
check "bad --user" 2 "" "$binary" "${mem[@]}" --user "no spaces" -e '1'
check "bad --timeout" 2 "" "$binary" "${mem[@]}" --timeout soon -e '1'
check "runtime error exits 1" 1 "" "$binary" "${mem[@]}" -e 'error("boom")'
check "syntax error exits 1" 1 "" "$binary" "${mem[@]}" -e 'x = = 1'
check "missing script exits 1" 1 "" "$binary" "${mem[@]}" "$work/nope.lua"
check "default database under XDG_DATA_HOME" 0 "me" env XDG_DATA_HOME="$work/data" "$binary" -e 'print(app.user().name)'
if [ -f "$work/data/app-shell/app.db" ]; then echo "ok   default database file created"; passed=$((passed + 1)); else fail "default database file created" "no $work/data/app-shell/app.db"; fi
check "db option writes the file" 0 "" "$binary" --db "$work/chosen.db" -e 'app.login("zed")'
check "user persists in the file" 0 "zed" "$binary" --db "$work/chosen.db" --user zed -e 'print(app.user().name)'

piped "stdin lines run as the REPL reads them" 0 "42" 'x = 40\nprint(x + 2)\n' "$binary" "${mem[@]}"
piped "stdin expression printed" 0 "3" '1 + 2\n' "$binary" "${mem[@]}"
piped "stdin multi-line chunk" 0 "6" 'function f(a)\n  return a * 2\nend\nprint(f(3))\n' "$binary" "${mem[@]}"
piped "stdin error goes on and exits 1" 1 "after" 'error("x")\nprint("after")\n' "$binary" "${mem[@]}"
piped "stdin unfinished chunk is an error" 1 "" 'if true then\n' "$binary" "${mem[@]}"
piped "underscore holds the last result" 0 "5" '2 + 3\nprint(_)\n' "$binary" "${mem[@]}"
piped "script from stdin with dash" 0 "7" 'print(3 + 4)\n' "$binary" "${mem[@]}" -

# A shebang script runs directly and gets its arguments.
printf '#!%s\nprint(arg[1], select("#", ...))\n' "$binary" > "$work/shebang.lua"
chmod +x "$work/shebang.lua"
check "shebang script with arguments" 0 "hello	1" env APP_SHELL_NOW=2026-11-29T08:00:00Z "$work/shebang.lua" hello

# Two processes on one database file at once: no "database is locked", nothing lost.
both="$work/both.db"
"$binary" --db "$both" -e '1' >/dev/null 2>&1
writer='for i = 1, 150 do local u = app.login(arg[1] .. i); print(u.name .. "=" .. u.id) end'
printf '%s\n' "$writer" > "$work/writer.lua"
"$binary" --db "$both" "$work/writer.lua" a > "$work/a.out" 2> "$work/a.err" &
pid_a=$!
"$binary" --db "$both" "$work/writer.lua" b > "$work/b.out" 2> "$work/b.err" &
pid_b=$!
wait $pid_a; code_a=$?
wait $pid_b; code_b=$?
cat "$work/a.out" "$work/b.out" | sort > "$work/written"
printf '%s\n' 'for _, p in ipairs{"a", "b"} do for i = 1, 150 do local u = app.login(p .. i); print(u.name .. "=" .. u.id) end end' > "$work/reader.lua"
"$binary" --db "$both" "$work/reader.lua" | sort > "$work/read"
if [ $code_a = 0 ] && [ $code_b = 0 ] && [ "$(wc -l < "$work/written")" = 300 ] && cmp -s "$work/written" "$work/read"; then
  echo "ok   two processes write one file at once"; passed=$((passed + 1))
else
  fail "two processes write one file at once" "exits $code_a/$code_b, $(wc -l < "$work/written") rows written" "$work/a.err"
fi

# The init script and user plugins: init.lua, then plugins/*.lua in name order; an error in
# one is reported with its file and line and does not stop the others; --no-init skips them.
config="$work/userconfig"
mkdir -p "$config/app-shell/plugins"
printf 'greeting = "hello"\norder = {"init"}\n' > "$config/app-shell/init.lua"
printf 'table.insert(order, "a")\n' > "$config/app-shell/plugins/10_a.lua"
printf 'table.insert(order, "bad")\nerror("plugin broke")\n' > "$config/app-shell/plugins/20_bad.lua"
printf 'table.insert(order, "c")\nlocal helper = require("helper")\nhelped = helper.value\n' > "$config/app-shell/plugins/30_c.lua"
mkdir -p "$config/app-shell/lua"
printf 'return { value = 7 }\n' > "$config/app-shell/lua/helper.lua"
check "init and plugins run in order" 0 $'hello\tinit,a,bad,c\t7' env XDG_CONFIG_HOME="$config" "$binary" "${mem[@]}" -e 'print(greeting, table.concat(order, ","), helped)'
if grep -qF "20_bad.lua:2: plugin broke" "$work/err"; then echo "ok   a failing plugin names its file and line"; passed=$((passed + 1)); else fail "a failing plugin names its file and line" "stderr" "$work/err"; fi
strict="$work/strictconfig"
mkdir -p "$strict/app-shell"
printf 'setmetatable(_G, {__newindex = function(_, k) error("undeclared " .. k, 2) end})\n' > "$strict/app-shell/init.lua"
printf 'print("ran", arg[0] ~= nil)\n' > "$work/after_strict.lua"
check "a strict _G from init.lua does not break the script's arg" 0 $'ran\ttrue' env XDG_CONFIG_HOME="$strict" "$binary" "${mem[@]}" "$work/after_strict.lua"
check "--no-init skips init and plugins" 0 "nil" env XDG_CONFIG_HOME="$config" "$binary" "${mem[@]}" --no-init -e 'print(greeting)'

# The type stubs: they parse, and the committed copy is what the declarations generate.
"$binary" --lua-stubs > "$work/stubs.lua" 2>"$work/err"
if luac5.4 -p "$work/stubs.lua" 2>"$work/err"; then echo "ok   the stubs parse"; passed=$((passed + 1)); else fail "the stubs parse" "luac5.4 -p" "$work/err"; fi
if cmp -s "$work/stubs.lua" "$here/../../docs/app-shell.lua"; then
  echo "ok   docs/app-shell.lua is up to date"; passed=$((passed + 1))
else
  diff "$work/stubs.lua" "$here/../../docs/app-shell.lua" > "$work/diff"
  fail "docs/app-shell.lua is up to date" "run: make docs" "$work/diff"
fi

"$binary" --lua-reference > "$work/reference.md" 2>"$work/err"
if cmp -s "$work/reference.md" "$here/../../docs/lua-api.md"; then
  echo "ok   docs/lua-api.md is up to date"; passed=$((passed + 1))
else
  diff "$work/reference.md" "$here/../../docs/lua-api.md" > "$work/diff"
  fail "docs/lua-api.md is up to date" "run: make docs" "$work/diff"
fi

"$binary" --row-security-reference > "$work/row-security.md" 2>"$work/err"
if cmp -s "$work/row-security.md" "$here/../../docs/row-security.md"; then
  echo "ok   docs/row-security.md is up to date"; passed=$((passed + 1))
else
  diff "$work/row-security.md" "$here/../../docs/row-security.md" > "$work/diff"
  fail "docs/row-security.md is up to date" "run: make docs" "$work/diff"
fi

# The REPL in a terminal (tmux): continuation, completion, Ctrl-C, history, Ctrl-D.
if command -v tmux >/dev/null 2>&1; then
  socket="$work/tmux.sock"
  state="$work/state"
  screen() { tmux -S "$socket" capture-pane -t repl -p 2>/dev/null; }
  wait_for() {
    for _ in $(seq 1 50); do screen | grep -qF -- "$1" && return 0; sleep 0.1; done
    return 1
  }
  repl_check() {
    if wait_for "$2"; then echo "ok   REPL: $1"; passed=$((passed + 1)); else screen > "$work/screen"; fail "REPL: $1" "screen lacks: $2" "$work/screen"; fi
  }
  tmux -S "$socket" new-session -d -s repl -x 100 -y 40 \
    "env XDG_STATE_HOME='$state' XDG_CONFIG_HOME='$work/noconfig' '$binary' --db :memory: ${defaults[*]}; sleep 5"
  wait_for "help() lists the modules"
  tmux -S "$socket" send-keys -t repl 'function double(n)' Enter
  repl_check "an unfinished chunk continues at >>" ">>"
  tmux -S "$socket" send-keys -t repl 'return n * 2 end' Enter 'double(21)' Enter
  repl_check "an expression prints its value" "42"
  tmux -S "$socket" send-keys -t repl 'habits.co' Tab
  repl_check "Tab completes what a module's functions share" "habits.complet"
  tmux -S "$socket" send-keys -t repl C-u 'habits.unar' Tab
  repl_check "Tab completes a module's one function with its (" "habits.unarchive("
  tmux -S "$socket" send-keys -t repl C-u 'while true do end' Enter
  sleep 0.5
  tmux -S "$socket" send-keys -t repl C-c
  repl_check "Ctrl-C stops a running chunk" "stdin:1: interrupted"
  tmux -S "$socket" send-keys -t repl 'print("still " .. "here")' Enter
  repl_check "the REPL goes on after Ctrl-C" "still here"
  tmux -S "$socket" send-keys -t repl C-d
  sleep 0.5
  if grep -qF "double(21)" "$state/app-shell/history" 2>/dev/null; then
    echo "ok   REPL: history is kept"; passed=$((passed + 1))
  else
    fail "REPL: history is kept" "no double(21) in $state/app-shell/history"
  fi
  tmux -S "$socket" kill-server 2>/dev/null
else
  echo "skip REPL tests: tmux is not installed"
fi

# The README's example runs as written, twice on one database (the second time "Run" exists
# and is already completed), so the README cannot rot.
awk '/^```lua$/ {grab = 1; next} /^```$/ {if (grab) exit} grab' "$here/../../README.md" > "$work/readme.lua"
check "README example, first morning" 0 "Completed  1 of 1 days (100%)" "$binary" --db "$work/readme.db" "${defaults[@]}" "$work/readme.lua"
check "README example, run again" 0 $'Run\tcompleted' "$binary" --db "$work/readme.db" "${defaults[@]}" "$work/readme.lua"

# --trace: Chrome trace JSON with a span holding its route call holding its transaction.
check "--trace writes the run" 0 "" "$binary" --db "$work/trace.db" "${defaults[@]}" --trace "$work/trace.json" \
  -e 'trace.span("morning", function() habits.create{name = "Traced"} end)'
if python3 - "$work/trace.json" <<'PY' 2>"$work/err"
import json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
def find(name):
    return next(e for e in events if e["name"] == name and e["ph"] == "X")
def inside(inner, outer):
    return outer["ts"] <= inner["ts"] and inner["ts"] + inner["dur"] <= outer["ts"] + outer["dur"]
span, route = find("morning"), find("habits.create")
transactions = [e for e in events if e["name"] == "transaction" and inside(e, route)]
assert all(k in span for k in ("ph", "ts", "dur", "name", "cat", "pid", "tid")), span
assert inside(route, span) and transactions, events
PY
then echo "ok   the trace nests span, route and transaction"; passed=$((passed + 1)); else fail "the trace nests span, route and transaction" "python check" "$work/err"; fi

# Events: stored with the routes' writes, sent to a JSON Lines sink; a failed flush deletes
# nothing, and the next one sends every event exactly once.
events_db="$work/events.db"
"$binary" --db "$events_db" "${defaults[@]}" -e 'habits.create{name = "Run"} habits.complete("Run") pcall(habits.complete, "Run") events.emit("morning.done", {mood = "good"})' >/dev/null 2>&1
check "a flush to a sink that fails deletes nothing" 1 "" "$binary" --db "$events_db" "${defaults[@]}" --events-sink "$work" -e 'events.flush{}'
if grep -qF "[events.sink_failed]" "$work/err"; then echo "ok   the failed flush says events.sink_failed"; passed=$((passed + 1)); else fail "the failed flush says events.sink_failed" "stderr" "$work/err"; fi
check "the next flush sends everything" 0 "4" "$binary" --db "$events_db" "${defaults[@]}" --events-sink "$work/events.jsonl" -e 'return events.flush{}.sent'
check "a third flush sends nothing again" 0 "0" "$binary" --db "$events_db" "${defaults[@]}" --events-sink "$work/events.jsonl" -e 'return events.flush{}.sent'
if python3 - "$work/events.jsonl" <<'PY' 2>"$work/err"
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
names = [e["name"] for e in lines]
assert names == ["habits.create", "habits.complete", "habits.complete", "morning.done"], names
assert len({e["id"] for e in lines}) == 4
assert lines[2]["params"]["error"] == "habits.already_completed", lines[2]
assert lines[0]["occurred_at"] == "2026-11-29T08:00:00.000+09:00", lines[0]
PY
then echo "ok   the sink holds each event once, in order"; passed=$((passed + 1)); else fail "the sink holds each event once, in order" "python check" "$work/err"; fi

# The http:// sink: the first POST fails (503) and deletes nothing; the next sends each
# event once. The server is ours, on 127.0.0.1 only, and stops by itself.
http_db="$work/http.db"
"$binary" --db "$http_db" "${defaults[@]}" -e 'habits.create{name = "Run"} events.emit("walk.logged", {steps = "10"})' >/dev/null 2>&1
python3 "$here/support/sink_server.py" "$work/http.jsonl" "$work/http.port" &
server=$!
for _ in $(seq 1 50); do [ -s "$work/http.port" ] && break; sleep 0.1; done
url="http://127.0.0.1:$(cat "$work/http.port")/events"
check "an HTTP sink that answers 503 deletes nothing" 1 "" "$binary" --db "$http_db" "${defaults[@]}" --events-sink "$url" -e 'events.flush{}'
check "the next HTTP flush sends both events" 0 "2" "$binary" --db "$http_db" "${defaults[@]}" --events-sink "$url" -e 'return events.flush{}.sent'
kill "$server" 2>/dev/null; wait "$server" 2>/dev/null
if [ "$(wc -l < "$work/http.jsonl" 2>/dev/null)" = 2 ] && grep -qF '"walk.logged"' "$work/http.jsonl"; then
  echo "ok   the HTTP sink got each event once"; passed=$((passed + 1))
else
  fail "the HTTP sink got each event once" "lines" "$work/http.jsonl"
fi
if ldd "$binary" | grep -q curl; then fail "libcurl is not linked at start-up" "ldd shows libcurl"; else echo "ok   libcurl is not linked at start-up"; passed=$((passed + 1)); fi

# profiles.set_photo on real JPEGs made with libvips: both sizes exact; a bad image keeps
# the previous photo (stored in the database: no file is written).
photo_dir="$work/photo"
mkdir -p "$photo_dir"
vips gaussnoise "$photo_dir/noise.v" 1200 900 >/dev/null 2>&1 && vips cast "$photo_dir/noise.v" "$photo_dir/u8.v" uchar >/dev/null 2>&1 \
  && vips jpegsave "$photo_dir/u8.v" "$photo_dir/dog.jpg" >/dev/null 2>&1
printf 'not an image' > "$photo_dir/text.jpg"
photo_db="$photo_dir/p.db"
"$binary" --db "$photo_db" "${defaults[@]}" -e 'profiles.save{nickname = "Bori", dog = {name = "보리", age = 3, sex = "female", size = "small", keywords = {"friendly"}}}' >/dev/null 2>&1
check "set_photo writes a 392x591 card and a 100x100 thumbnail" 0 "392 591 100 100" "$binary" --db "$photo_db" "${defaults[@]}" \
  -e "local p = profiles.set_photo('$photo_dir/dog.jpg') print(('%d %d %d %d'):format(p.card.width, p.card.height, p.thumbnail.width, p.thumbnail.height))"
photo_hash='print(profiles.me().photo.card.sha256 .. " " .. profiles.me().photo.thumbnail.sha256)'
before=$("$binary" --db "$photo_db" "${defaults[@]}" -e "$photo_hash" 2>&1)
check "a bad image is profiles.bad_image" 0 "profiles.bad_image" "$binary" --db "$photo_db" "${defaults[@]}" \
  -e "local ok, e = pcall(profiles.set_photo, '$photo_dir/text.jpg') print(e.code)"
after=$("$binary" --db "$photo_db" "${defaults[@]}" -e "$photo_hash" 2>&1)
if [ "$before" = "$after" ] && [ "${#after}" = 129 ] && [ ! -e "$photo_dir/photos" ]; then
  echo "ok   the previous photo stays and no file is left behind"; passed=$((passed + 1))
else
  fail "the previous photo stays and no file is left behind" "before: $before / after: $after"
fi
check "the profile's thumbnail is the stored JPEG" 0 "true" "$binary" --db "$photo_db" "${defaults[@]}" \
  -e "local t = profiles.photo{size = 'thumbnail'} print(t:sub(1, 3) == '\xFF\xD8\xFF' and #t == profiles.me().photo.thumbnail.bytes)"
if ldd "$binary" | grep -q vips; then fail "libvips is not linked at start-up" "ldd shows libvips"; else echo "ok   libvips is not linked at start-up"; passed=$((passed + 1)); fi

# Walks between processes on one file: the 60-second edge, an accept and a cancel racing
# (exactly one wins, every time), and two processes logging walks at once.
walk_db="$work/walks.db"
at() { "$binary" --db "$walk_db" --tz Asia/Seoul --now "2026-11-29T$1+09:00" "${@:2}"; }
at 08:00:00 -e 'local function p(n) profiles.save{nickname = n, dog = {name = "D", age = 1, sex = "male", size = "small", keywords = {"shy"}}} end
app.login("mina") p("Mina") local c = mates.invite().code app.login("joon") p("Joon") mates.join(c)' >/dev/null 2>&1
walk_id=$(at 08:00:00 --user mina -e 'print(walks.request{mate = "joon", message = "now?", place = {lat = 0, lng = 0}}.id)' 2>/dev/null)
check "59 s later the request is pending" 0 "pending" at 08:00:59 --user joon -e "print(walks.incoming()[1].status)"
check "61 s later it is expired" 0 "expired" at 08:01:01 --user joon -e "print(walks.incoming()[1].status)"
check "an expired request cannot be accepted" 0 "walks.not_pending" at 08:01:01 --user joon -e "local ok, e = pcall(walks.accept, '$walk_id') print(e.code)"
races=0
for _ in $(seq 1 20); do
  race_id=$(at 08:10:00 --user mina -e 'print(walks.request{mate = "joon", message = "race", place = {lat = 1, lng = 1}}.id)' 2>/dev/null)
  at 08:10:10 --user joon -e "walks.accept('$race_id')" >/dev/null 2>"$work/race_a" &
  accept=$!
  at 08:10:10 --user mina -e "walks.cancel('$race_id')" >/dev/null 2>"$work/race_c" &
  cancel=$!
  wait $accept; accepted=$?
  wait $cancel; cancelled=$?
  final=$(at 08:10:20 --user mina -e "print(walks.outgoing()[1].status)" 2>/dev/null)
  if [ $((accepted + cancelled)) = 1 ] && cat "$work/race_a" "$work/race_c" | grep -qF "[walks.not_pending]" \
     && { { [ $accepted = 0 ] && [ "$final" = accepted ]; } || { [ $cancelled = 0 ] && [ "$final" = cancelled ]; }; }; then
    races=$((races + 1))
  fi
done
if [ $races = 20 ]; then echo "ok   20 accept/cancel races, one winner each"; passed=$((passed + 1)); else fail "20 accept/cancel races, one winner each" "$races of 20 had exactly one winner"; fi
logger='for i = 1, 100 do walks.log{steps = i, distance = i, started_at = "2026-11-29T07:00:00+09:00", ended_at = "2026-11-29T07:10:00+09:00"} end'
at 08:20:00 --user mina -e "$logger" >/dev/null 2>"$work/log_a" &
log_a=$!
at 08:20:00 --user joon -e "$logger" >/dev/null 2>"$work/log_b" &
log_b=$!
wait $log_a; code_a=$?
wait $log_b; code_b=$?
check "two processes logging walks at once lose nothing" 0 "100 100" at 08:30:00 -e 'app.login("mina") local a = #walks.logs() app.login("joon") print(a .. " " .. #walks.logs())'
[ $code_a = 0 ] && [ $code_b = 0 ] || fail "both walk loggers succeeded" "exits $code_a $code_b" "$work/log_a"

# More command-line checks, one file per area (each may use check, piped, fail, at, mem,
# binary, here and work, and adds to passed and failed). Most of their time is spent
# waiting (on the server, on a second's pause, on a process to start), so four files run
# at once, each in a subshell with a work folder, XDG folders and counts
# of its own (the names each file gives the server's databases and roles are its own);
# their outputs are printed in the files' order once all are done.
checks_file() {
  local checks_extra=$1 checks_dir=$2
  mkdir -p "$checks_dir"
  cp -R "$work/config" "$checks_dir/config" 2>/dev/null
  (
    work=$checks_dir passed=0 failed=0
    export XDG_CONFIG_HOME="$checks_dir/config" XDG_STATE_HOME="$checks_dir/state" XDG_DATA_HOME="$checks_dir/data"
    # The counts go to a descriptor opened first: the file may reuse any variable's name.
    exec 9>"$checks_dir/counts.tmp"
    # shellcheck source=/dev/null
    source "$checks_extra"
    echo "$passed $failed" >&9
  ) >"$checks_dir/output" 2>&1 </dev/null
  mv "$checks_dir/counts.tmp" "$checks_dir/counts" 2>/dev/null
}
# postgres.sh, which runs every script again on the server, goes first, then the others
# largest first.
checks_files=()
for extra in "$here"/checks/*.sh; do [ -f "$extra" ] && checks_files+=("$extra"); done
while read -r _ extra; do
  checks_file "$extra" "$work/checks-$(basename "$extra" .sh)" &
  while [ "$(jobs -rp | wc -l)" -ge 4 ]; do wait -n; done
done < <(wc -c "${checks_files[@]}" | grep -v ' total$' | sed 's|^ *[0-9]* \(.*/postgres\.sh\)$|999999999 \1|' | sort -rn)
wait
for extra in "${checks_files[@]}"; do
  dir="$work/checks-$(basename "$extra" .sh)"
  cat "$dir/output" 2>/dev/null
  if read -r more_passed more_failed <"$dir/counts" 2>/dev/null; then
    passed=$((passed + more_passed)) failed=$((failed + more_failed))
  else
    fail "$(basename "$extra") ran to its end" "it stopped early" "$dir/output"
  fi
done

echo
echo "scripts: $passed passed, $failed failed"
[ "$failed" = 0 ]
