# Habits' year grid (sourced by run.sh): coloured on a terminal (a pseudo-terminal made by
# script(1)), plain with NO_COLOR, TERM=dumb or through a pipe.
hb_code='habits.create{name = "Run", start = "2026-11-01"} habits.complete("Run", {on = "2026-11-02"}) show(habits.year("Run"))'
hb_command=$(printf '%q ' "$binary" --db :memory: "${defaults[@]}" -e "$hb_code")
hb_done=$'\e[32m#\e[0m'
hb_grid() { env -u NO_COLOR TERM=xterm-256color "$@" script -qec "$hb_command" /dev/null 2>&1; }
if ! command -v script >/dev/null; then
  fail "year grid on a terminal" "script(1) is missing (util-linux)"
else
  hb_out=$(hb_grid)
  if [[ "$hb_out" == *"$hb_done"* && "$hb_out" == *"Run  2026  (daily)"* ]]; then
    echo "ok   year grid in colour on a terminal"; passed=$((passed + 1))
  else fail "year grid in colour on a terminal" "no green done mark: $(printf '%q' "${hb_out:0:300}")"; fi
  for hb_plain in NO_COLOR=1 TERM=dumb; do
    hb_out=$(hb_grid "$hb_plain")
    if [[ "$hb_out" == *"Run  2026  (daily)"* && "$hb_out" != *$'\e['* ]]; then
      echo "ok   year grid plain on a terminal with $hb_plain"; passed=$((passed + 1))
    else fail "year grid plain on a terminal with $hb_plain" "$(printf '%q' "${hb_out:0:300}")"; fi
  done
fi
check "year grid plain through a pipe" 0 "Run  2026  (daily)" "$binary" --db :memory: "${defaults[@]}" -e "$hb_code"
if grep -q $'\e\\[' "$work/out"; then fail "year grid plain through a pipe" "colour codes in a pipe" "$work/out"; fi
