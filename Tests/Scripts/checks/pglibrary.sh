# Data at scale, small, on the test server (sourced by run.sh; `make bench-scale` loads
# 10,000 members, a million stories and ten million habit completions): the bench's loader
# writes 50 members' rows straight into a set-up database, and the reader's app-shell calls
# every route the bench times on them (Tests/Bench/library.py). What fails here is the bench
# itself going stale: a table or a column the loader writes that the schema no longer has,
# or a route that fails on the rows. No time is judged; the statements are compared with
# and without row security only on a cluster the bench starts (it reads the server's log).

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  if python3 "$here/../Bench/library.py" "$binary" --members 50 --stories 500 --calls 3 \
    --server "$APP_SHELL_TEST_POSTGRES" >"$work/library.out" 2>"$work/library.err"; then
    echo "ok   PostgreSQL: the data-at-scale bench loads its rows and every route it times runs on them"
    passed=$((passed + 1))
  else
    cat "$work/library.out" >>"$work/library.err"
    fail "PostgreSQL: the data-at-scale bench loads and runs" "see below" "$work/library.err"
  fi
else
  echo "skip the small data-at-scale bench: APP_SHELL_TEST_POSTGRES is not set (make test sets it)"
fi
