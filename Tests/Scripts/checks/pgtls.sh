# Passwords never go in clear over a network (sourced by run.sh). A server on another
# address than this machine's loopback names (127.0.0.2 stands in for another host) that
# declines TLS and asks for a cleartext password receives none from app-shell: for any host
# but a Unix socket, localhost, 127.0.0.1 or ::1, app-shell connects with sslmode=require and
# channel_binding=require unless the URL says otherwise. The control: a URL that says
# sslmode=disable does send it, so the fake server would have seen one.
if command -v python3 >/dev/null && python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.2", 0))' 2>/dev/null; then
  tls_record="$work/fake-postgres.record"
  : >"$tls_record"
  python3 "$here/../Support/fake-postgres.py" 127.0.0.2 0 "$tls_record" 2 20 >"$work/fake-postgres.port" &
  tls_server=$!
  for _ in $(seq 50); do [ -s "$work/fake-postgres.port" ] && break; sleep 0.1; done
  tls_port=$(head -1 "$work/fake-postgres.port")
  env -u PGSSLMODE -u PGCHANNELBINDING "$binary" --db "postgres://mina:s3cret-보리@127.0.0.2:$tls_port/walks" \
    -e 'return 1' >"$work/out" 2>"$work/err"
  tls_code=$?
  if [ "$tls_code" = 1 ] && grep -q 'storage.unavailable' "$work/err" && grep -qi 'SSL' "$work/err" \
    && ! grep -q 's3cret' "$work/err"; then
    echo "ok   a server that declines TLS is refused before the login"; passed=$((passed + 1))
  else
    fail "a server that declines TLS is refused before the login" "exit $tls_code" "$work/err"
  fi
  env -u PGSSLMODE -u PGCHANNELBINDING "$binary" --db "postgres://mina:s3cret-보리@127.0.0.2:$tls_port/walks?sslmode=disable" \
    -e 'return 1' >"$work/out" 2>"$work/err"
  wait "$tls_server"
  if [ "$(sed -n 1p "$tls_record")" = "no password" ]; then
    echo "ok   no password reaches a server that declines TLS"; passed=$((passed + 1))
  else
    fail "no password reaches a server that declines TLS" "the fake server got: $(sed -n 1p "$tls_record")"
  fi
  if [ "$(sed -n 2p "$tls_record")" = "password s3cret-보리" ]; then
    echo "ok   a URL that says sslmode=disable is obeyed (the control)"; passed=$((passed + 1))
  else
    fail "a URL that says sslmode=disable is obeyed (the control)" "the fake server got: $(sed -n 2p "$tls_record")"
  fi
else
  echo "skip pgtls: python3 or the address 127.0.0.2 is missing"
fi
