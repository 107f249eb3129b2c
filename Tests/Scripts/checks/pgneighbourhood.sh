# A small neighbourhood on the test server (sourced by run.sh; `make bench-scale` runs the
# thousand): 50 members, each its own app-shell waiting in app.loop() with a walks.incoming
# hook that accepts, each a mate of its 10 nearest neighbours; together they send about 300
# walk requests in 30 s. Every request must reach its receiver exactly once and nobody else
# (Tests/Bench/neighbourhood.py --check), by the lines the processes print and by the
# database's rows. No latency is judged here, as the machine is busy; only a request that
# took longer than its 60-second window (its accept then fails) would fail the check.

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  if python3 "$here/../Bench/neighbourhood.py" "$binary" --people 50 --steps 10:30 --warmup 0 --idle 0 \
    --server "$APP_SHELL_TEST_POSTGRES" --check \
    >"$work/hood.out" 2>"$work/hood.err"; then
    sed -n 's/^\(50 people waiting.*\)/     \1/p' "$work/hood.out"
    echo "ok   PostgreSQL: 50 waiting people, every walk request delivered once to its receiver and nobody else"
    passed=$((passed + 1))
  else
    cat "$work/hood.out" >>"$work/hood.err"
    fail "PostgreSQL: 50 waiting people, every walk request delivered once" "see below" "$work/hood.err"
  fi
else
  echo "skip the small neighbourhood: APP_SHELL_TEST_POSTGRES is not set (make test sets it)"
fi
