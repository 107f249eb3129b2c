# Events: stored on every way out of the process, ids that never repeat across flushes,
# and a bounded backlog. Sourced by run.sh (uses check, fail, binary, work, passed, failed).
ev() { "$binary" --db "$work/events_$1.db" --now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul "${@:2}"; }
count_of() { printf 'print(#events.list{name = "%s"})' "$1"; }

# A failing -e chunk keeps the events buffered before the error (a read, a refused write).
check "a failing -e chunk exits 1" 1 "" ev fail -e 'habits.create{name = "x"} habits.list{} pcall(habits.create, {name = ""}) error("boom")'
check "  and its events are stored" 0 "2" ev fail -e "$(count_of habits.create)"
check "  including the read before the error" 0 "1" ev fail -e "$(count_of habits.list)"
check "os.exit(3) from -e exits 3" 3 "" ev exit -e 'habits.list{} habits.get(habits.create{name = "y"}.id) os.exit(3)'
check "  and its events are stored" 0 "1" ev exit -e "$(count_of habits.get)"
printf 'habits.list{}\nos.exit(4, true)\n' > "$work/events_exit.lua"
check "os.exit(4, true) from a script exits 4" 4 "" ev script "$work/events_exit.lua"
check "  and its events are stored" 0 "1" ev script -e "$(count_of habits.list)"
piped "os.exit() from piped REPL lines" 0 "" 'habits.list{}\nos.exit()\n' ev repl
check "  and its events are stored" 0 "1" ev repl -e "$(count_of habits.list)"

# SIGTERM while a script runs: the events made so far are stored, and the status is 143.
printf 'habits.list{}\nprint("ready")\nio.stdout:flush()\nwhile true do end\n' > "$work/events_loop.lua"
# The binary itself in the background (not the ev function, whose subshell would take the signal).
"$binary" --db "$work/events_term.db" --now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul --timeout 0 \
  "$work/events_loop.lua" > "$work/events_term.out" 2>&1 &
term_pid=$!
for _ in $(seq 1 100); do grep -q ready "$work/events_term.out" 2>/dev/null && break; sleep 0.05; done
kill -TERM "$term_pid"
for _ in $(seq 1 100); do kill -0 "$term_pid" 2>/dev/null || break; sleep 0.05; done
kill -KILL "$term_pid" 2>/dev/null  # never leave the loop running, whatever happened
wait "$term_pid"; term_code=$?
if [ "$term_code" = 143 ]; then echo "ok   SIGTERM ends a running script with 143"; passed=$((passed + 1)); else fail "SIGTERM ends a running script with 143" "exit $term_code" "$work/events_term.out"; fi
check "  and its events are stored" 0 "1" ev term -e "$(count_of habits.list)"

# Ids never repeat: flush, record more, flush again; the sink's ids strictly increase.
sink="$work/events_sink.jsonl"
for round in 1 2 3; do
  ev ids --events-sink "$sink" -e 'habits.list{} habits.list{} assert(events.flush{}.sent == 2)' >/dev/null 2>"$work/err" || fail "flush round $round" "exit $?" "$work/err"
done
grep -o '"id":[0-9]*' "$sink" | cut -d: -f2 > "$work/events_ids"
if [ "$(wc -l < "$work/events_ids")" = 6 ] && sort -n -u -c "$work/events_ids" 2>/dev/null; then
  echo "ok   event ids strictly increase across flushes"; passed=$((passed + 1))
else
  fail "event ids strictly increase across flushes" "ids: $(tr '\n' ' ' < "$work/events_ids")"
fi
if grep -q '"user_id":"' "$sink"; then echo "ok   the sink's events carry their user"; passed=$((passed + 1)); else fail "the sink's events carry their user" "no user_id" "$sink"; fi

# A bounded backlog: the oldest go, counted in an events.dropped event and in flush's result.
backlog='for i = 1, 200 do habits.list{} end
local list = events.list{limit = 10000}
assert(#list <= 50, #list)
assert(list[1].name == "events.dropped", list[1].name)
local kept = #events.list{name = "habits.list", limit = 10000}
assert(tonumber(list[1].params.count) + kept == 200, list[1].params.count .. " + " .. kept)
local flushed = events.flush{}
assert(flushed.dropped == tonumber(list[1].params.count) and flushed.pending == 0, json(flushed))
assert(#events.list{} == 0)
print("backlog ok")'
check "--events-backlog keeps at most N events and counts the dropped ones" 0 "backlog ok" ev backlog --events-backlog 50 --events-sink "$work/events_backlog.jsonl" -e "$backlog"
check "--events-backlog must be a positive whole number" 2 "" ev bad --events-backlog 0 -e '1'
