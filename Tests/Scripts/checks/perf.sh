# Checks of start-up (sourced by run.sh).

# With no VIPSHOME, CVips's constructor adds it before main; a binary with the Swift runtime
# linked in (`make build`, `--static-swift-stdlib`) still gets its command line (it was
# handed to the runtime before the environment moved). Before, the static binary saw no
# arguments and ran the REPL.
check "no VIPSHOME: the command line arrives (-e)" 0 "argv ok 보리" \
  env -u VIPSHOME "$binary" "${mem[@]}" -e 'print("argv ok 보리")'
if env -u VIPSHOME "$binary" --version </dev/null 2>/dev/null | grep -q '^app-shell '; then
  echo "ok   no VIPSHOME: --version prints the version"; passed=$((passed + 1))
else
  fail "no VIPSHOME: --version prints the version" "got: $(env -u VIPSHOME "$binary" --version 2>&1 </dev/null | head -1)"
fi

# Start-up pays for no thread it does not need: the sentinel (deadlines, Ctrl-C, SIGTERM)
# is the only thread beside the main one. Before, libdispatch's event thread and workers
# and a SIGTERM thread made four or five, which cost 0.6 ms of every start.
"$binary" "${mem[@]}" -e 'local t = os.clock() while os.clock() - t < 1 do end' >/dev/null 2>&1 &
spinner=$!
sleep 0.4
threads=$(ls "/proc/$spinner/task" 2>/dev/null | wc -l)
wait "$spinner"
if [ "$threads" -ge 1 ] && [ "$threads" -le 2 ]; then
  echo "ok   a running chunk has the main thread and the sentinel only"; passed=$((passed + 1))
else
  fail "a running chunk has the main thread and the sentinel only" "$threads threads"
fi

# All of Foundation links ICU's data and CoreFoundation's constructors into app-shell (81 MB
# instead of 32, and 0.8 M instructions of every start): FoundationEssentials is enough.
full_foundation=$(grep -rlE '^(@preconcurrency )?import Foundation$' "$here/../../Modules" "$here/../../Apps/app-shell" 2>/dev/null)
if [ -z "$full_foundation" ]; then
  echo "ok   no module of app-shell imports all of Foundation"; passed=$((passed + 1))
else
  fail "no module of app-shell imports all of Foundation" "$full_foundation"
fi

# No thread before CVips's and CSQLite's constructors: CVips's adds VIPSHOME to the
# environment counting on a process with one thread (a new variable reallocates glibc's
# environment array under any reader), and CSQLite's configures SQLite before anything may
# use it. The PostgreSQL head start, whose thread runs libpq and reads the environment, was
# once begun by a constructor that ran before CVips's; its constructor now has a later
# priority (102 against 101), which the linker turns into the order of .init_array: read
# it, each entry named by its symbol.
init_order() {
  objdump -s -j .init_array "$1" |
    awk '/^ [0-9a-f]+ / { for (i = 2; i <= 5; i++) if ($i ~ /^[0-9a-f]+$/ && length($i) == 8) printf "%s", $i }' |
    fold -w 16 |
    awk 'NR == FNR { names[$1] = $3; next }
      { a = ""; for (i = 15; i >= 1; i -= 2) a = a substr($0, i, 2); print (a in names ? names[a] : a) }' \
      <(nm "$1") -
}
if command -v objdump >/dev/null && command -v nm >/dev/null; then
  order=$(init_order "$binary" | grep -n -E '^(cvips_reserve_vipshome|csqlite_configure_before_main|cpg_head_start_before_main)$')
  head_start=$(echo "$order" | grep cpg_head_start_before_main | cut -d: -f1)
  last_before=$(echo "$order" | grep -v cpg_head_start_before_main | cut -d: -f1 | sort -n | tail -1)
  if [ "$(echo "$order" | wc -l)" = 3 ] && [ -n "$head_start" ] && [ "$head_start" -gt "$last_before" ]; then
    echo "ok   the PostgreSQL head start's constructor runs after CVips's and CSQLite's"; passed=$((passed + 1))
  else
    fail "the PostgreSQL head start's constructor runs after CVips's and CSQLite's" "order: $(echo $order)"
  fi
else
  fail "the PostgreSQL head start's constructor runs after CVips's and CSQLite's" "objdump or nm is missing"
fi
# And the environment is whole when the thread reads it: without VIPSHOME set, the head
# start still connects (to nothing here: a refusal naming the place, not a crash).
if env -u VIPSHOME "$binary" --db postgres://nobody@127.0.0.1:9/none -e 'return 1' 2>&1 | grep -q "storage.unavailable"; then
  echo "ok   without VIPSHOME the head start reports the unreachable server"; passed=$((passed + 1))
else
  fail "without VIPSHOME the head start reports the unreachable server" \
    "$(env -u VIPSHOME "$binary" --db postgres://nobody@127.0.0.1:9/none -e 'return 1' 2>&1 | head -2)"
fi
# libpq and the libraries it needs are loaded on the main thread, before any other thread is made.
# Loaded on the connecting thread, as before, they kept main waiting: making a thread (the
# sentinel's) takes glibc's TLS lock, which a dlopen holds, and the two threads queued on
# each other's mmap lock (docs/performance.md, "PostgreSQL", sixth session).
# The order is all it checks: a start that fails to connect still shows it.
if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null && strace -o /dev/null true 2>/dev/null; then
  perf_schema="e2e_$$_head_start"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE SCHEMA $perf_schema" >/dev/null 2>&1
  perf_trace="$work/head-start.strace"
  strace -f -e trace=openat,clone3,clone,memfd_create -o "$perf_trace" env -u LD_LIBRARY_PATH "$binary" \
    --db "$APP_SHELL_TEST_POSTGRES?options=-c%20search_path%3D$perf_schema" -e 'return 1' >/dev/null 2>&1
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP SCHEMA $perf_schema CASCADE" >/dev/null 2>&1
  perf_main=$(head -1 "$perf_trace" | cut -d' ' -f1)
  perf_libpq=$(grep -n 'openat(.*libpq\.so\.5"' "$perf_trace" | grep -v ENOENT | head -1)
  perf_last_library=$(grep -n 'openat(.*/lib[^/]*\.so[.0-9]*"' "$perf_trace" | grep -v ENOENT | tail -1 | cut -d: -f1)
  perf_first_thread=$(grep -n -E 'clone3?\(' "$perf_trace" | head -1 | cut -d: -f1)
  if [ -n "$perf_libpq" ] && [ "$(echo "$perf_libpq" | cut -d: -f2 | cut -d' ' -f1)" = "$perf_main" ] \
    && [ -n "$perf_first_thread" ] && [ "$perf_first_thread" -gt "$perf_last_library" ]; then
    echo "ok   a start on PostgreSQL loads libpq on the main thread before it makes a thread"; passed=$((passed + 1))
  else
    grep -n -E 'clone3?\(|libpq' "$perf_trace" >"$perf_trace.lines"
    fail "a start on PostgreSQL loads libpq on the main thread before it makes a thread" \
      "libpq: ${perf_libpq:-not opened}; first thread at line ${perf_first_thread:-none}, last library at line $perf_last_library" \
      "$perf_trace.lines"
  fi
  # libpq is loaded with a stand-in for its libldap (Modules/CPostgres/standin.c): the real
  # libldap and the 11 libraries under it (GnuTLS among them) were 2.5 ms of every start.
  # The stand-in reads libldap's symbol table (one open of the file) and is made in memory.
  # (Only where libpq needs a libldap; with LD_LIBRARY_PATH set none is made.)
  perf_libpq_file=$(sed -n 's/^[0-9]* openat([^"]*"\([^"]*libpq\.so\.5\)".* = [0-9]*$/\1/p' "$perf_trace" | head -1)
  if [ -n "$perf_libpq_file" ] && ! objdump -p "$perf_libpq_file" 2>/dev/null | grep -q 'NEEDED *libldap'; then
    echo "skip perf: the stand-in for libldap and ldap:// service lines: $perf_libpq_file needs no libldap"
  else
    if grep -q 'memfd_create("app-shell stand-in for libldap' "$perf_trace" \
      && ! grep -v ENOENT "$perf_trace" | grep -q -E 'openat\(.*/lib(gnutls|lber|sasl2)[^/]*\.so'; then
      echo "ok   a start on PostgreSQL loads libpq with a stand-in for libldap, and no GnuTLS"; passed=$((passed + 1))
    else
      grep -n -E 'memfd|ldap|lber|gnutls|sasl' "$perf_trace" >"$perf_trace.ldap"
      fail "a start on PostgreSQL loads libpq with a stand-in for libldap, and no GnuTLS" \
        "the stand-in was not made, or libldap's libraries were loaded" "$perf_trace.ldap"
    fi
    # A service file whose entry begins with an ldap:// line: libpq looks the service up in
    # LDAP first, through the stand-in into the real libldap (loaded then), finds no LDAP
    # server on port 9, and goes on to the entry's other lines, which connect.
    perf_url=${APP_SHELL_TEST_POSTGRES#postgresql://}
    perf_url=${perf_url#postgres://}
    perf_credentials=${perf_url%%@*}
    perf_place=${perf_url#*@}
    perf_services="$work/pg_service.conf"
    printf '%s\n' "[보리_ldap]" "ldap://127.0.0.1:9/dc=example?uniqueMember?one?(cn=x)" \
      "host=${perf_place%%:*}" "port=$(echo "$perf_place" | sed 's/^[^:]*:\([0-9]*\).*/\1/')" \
      "dbname=$(echo "$perf_place" | sed 's|^[^/]*/\([^?]*\).*|\1|')" "user=${perf_credentials%%:*}" \
      "password=${perf_credentials#*:}" "options=-c search_path=$perf_schema" >"$perf_services"
    psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE SCHEMA $perf_schema" >/dev/null 2>&1
    perf_ldap_trace="$work/ldap-service.strace"
    perf_ldap_out=$(PGSERVICEFILE="$perf_services" strace -f -e trace=openat,connect,memfd_create -o "$perf_ldap_trace" \
      env -u LD_LIBRARY_PATH "$binary" --db "postgresql:///?service=%EB%B3%B4%EB%A6%AC_ldap" -e 'print("via " .. "ldap")' 2>&1)
    psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP SCHEMA $perf_schema CASCADE" >/dev/null 2>&1
    if [ "$perf_ldap_out" = "via ldap" ] && grep -q 'memfd_create("app-shell stand-in for libldap' "$perf_ldap_trace" \
      && grep -v ENOENT "$perf_ldap_trace" | grep -q 'openat(.*/libgnutls' \
      && grep -q 'sin_port=htons(9)' "$perf_ldap_trace"; then
      echo "ok   an ldap:// service line reaches the real libldap through the stand-in"; passed=$((passed + 1))
    else
      grep -n -E 'ldap|gnutls|htons' "$perf_ldap_trace" >"$perf_ldap_trace.lines"
      fail "an ldap:// service line reaches the real libldap through the stand-in" "output: $perf_ldap_out" \
        "$perf_ldap_trace.lines"
    fi
  fi
else
  echo "skip perf: libpq on the main thread: APP_SHELL_TEST_POSTGRES, psql or a working strace is missing"
fi
