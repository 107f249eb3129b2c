# The exact clock (sourced by run.sh). Every script whose directives ask for
# `--clock-speed instant` (timers, reminders and loops that stop themselves) runs five
# times while both cores are kept busy by background loops, and gives the same output and
# exit code every time: app.loop() jumps from one due timer or reminder to the next, so a
# loaded machine changes nothing a script sees.
clock_scripts=$(grep -l -e '^-- args: .*--clock-speed instant' "$here"/*.lua)
clock_busy=()
for _ in 1 2; do
  (while :; do :; done) &
  clock_busy+=($!)
done
clock_runs=0
clock_differ=""
for clock_script in $clock_scripts; do
  clock_name=$(basename "$clock_script")
  read -r -a clock_args <<< "$(grep '^-- args: ' "$clock_script" | head -1 | sed 's/^-- args: //')"
  for clock_round in 1 2 3 4 5; do
    rm -f "$work/clock.db"*
    (cd "$here" && "$binary" --db "$work/clock.db" "${defaults[@]}" "${clock_args[@]}" "$clock_name" \
      >"$work/clock.out" 2>&1 </dev/null)
    echo "exit $?" >>"$work/clock.out"
    if [ "$clock_round" = 1 ]; then
      cp "$work/clock.out" "$work/clock.first"
    elif ! cmp -s "$work/clock.out" "$work/clock.first"; then
      clock_differ="$clock_differ $clock_name(round $clock_round)"
      diff "$work/clock.first" "$work/clock.out" >"$work/clock.diff"
    fi
    clock_runs=$((clock_runs + 1))
  done
done
kill "${clock_busy[@]}" 2>/dev/null
wait "${clock_busy[@]}" 2>/dev/null
if [ -z "$clock_scripts" ]; then
  fail "the exact clock's scripts give the same output five times under load" "no script uses --clock-speed instant"
elif [ -z "$clock_differ" ]; then
  echo "ok   $(echo "$clock_scripts" | wc -w) exact-clock scripts, 5 runs each under load, identical output ($clock_runs runs)"
  passed=$((passed + 1))
else
  fail "the exact clock's scripts give the same output five times under load" "differ:$clock_differ" "$work/clock.diff"
fi

# The exact clock jumps: a month of hourly timers runs in well under the time a real-time
# clock would need at the fastest --clock-speed.
check "a month of hourly timers on the exact clock" 0 "720" "$binary" "${mem[@]}" --now 2026-11-01T00:00:00+09:00 \
  --clock-speed instant -e 'local n = 0 app.every(3600, function() n = n + 1 end)
    app.after(30 * 86400 + 1, app.stop) app.loop() print(n)'
check "--clock-speed with neither a number nor instant is a usage error" 2 "" "$binary" "${mem[@]}" --clock-speed soon -e '1'
