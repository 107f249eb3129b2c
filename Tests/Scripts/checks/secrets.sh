# Issue 28 item 6: a script in the sandbox sees none of its runner's passwords: not in `arg`,
# `os.getenv`, the processes' entries of /proc, nor libpq's password and service files, by
# any way the sandbox reads a file (io.open, io.lines, io.input, loadfile, dofile, require),
# through a symbolic or hard link either. With --allow-io the same script finds them (so the
# script does look where they are). Sourced by run.sh (check, fail, $binary, $work).
secrets="$work/secrets"
mkdir -p "$secrets/home/code" "$secrets/elsewhere"
printf '127.0.0.1:9:*:mina:pgpass-secret\n' > "$secrets/home/.pgpass"
printf '[walks]\npassword=service-secret\n' > "$secrets/home/.pg_service.conf"
printf '*:*:*:*:passfile-secret\n' > "$secrets/elsewhere/passfile"
printf '[walks]\npassword=servicefile-secret\n' > "$secrets/elsewhere/servicefile"
chmod 600 "$secrets/home/.pgpass" "$secrets/elsewhere/passfile"
ln -s "$secrets/home/.pgpass" "$secrets/home/code/pgpass-link.lua"
ln "$secrets/elsewhere/passfile" "$secrets/home/code/passfile-hard.lua"
# The script lives in HOME, so ~/.pgpass is inside the folders code may be loaded from.
cat > "$secrets/home/steal.lua" <<'EOF'
local pid = arg[1]
local seen = {}
local function take(what, text) if text ~= nil then seen[#seen + 1] = what .. "=" .. tostring(text) end end
for i = -12, -1 do take("arg[" .. i .. "]", arg[i]) end
for _, name in ipairs{"PGPASSWORD", "PGPASSFILE", "PGSERVICEFILE", "DATABASE_URL", "HOME"} do
  take(name, os.getenv(name))
end
local function read(path)
  local file, message = io.open(path)
  take("io.open " .. path, message)
  if file then take(path, file:read("a")); file:close() end
  local ok, err = pcall(function() for line in io.lines(path) do take(path, line) end end)
  take("io.lines " .. path, err)
  ok, err = pcall(function() io.input(path); take(path, io.read("a")) end)
  take("io.input " .. path, err)
  io.input(io.stdin)
  take("loadfile " .. path, select(2, loadfile(path)))
  take("dofile " .. path, select(2, pcall(dofile, path)))
end
local home = os.getenv("HOME")
for _, path in ipairs{
  "/proc/self/environ", "/proc/self/cmdline", "/proc/thread-self/environ", "/proc/self/task/" .. pid .. "/environ",
  "/proc/" .. pid .. "/environ", "/proc/" .. pid .. "/cmdline", "/dev/fd/../environ",
  home .. "/.pgpass", home .. "/.pg_service.conf", home .. "/code/pgpass-link.lua", home .. "/code/passfile-hard.lua",
  arg[2] .. "/passfile", arg[2] .. "/servicefile",
} do read(path) end
take("require", select(2, pcall(require, "code.pgpass-link")))
print(table.concat(seen, "\n"))
print("looked")
EOF
secret_env=(env HOME="$secrets/home" PGPASSWORD=env-secret PGPASSFILE="$secrets/elsewhere/passfile"
  PGSERVICEFILE="$secrets/elsewhere/servicefile" DATABASE_URL="postgres://mina:dburl-secret@127.0.0.1:9/walks")
secret_words=(pgpass-secret service-secret passfile-secret servicefile-secret env-secret dburl-secret sink-secret)
# steal NAME WRAP...: runs steal.lua, its process's own pid (exec) or its parent's as arg[1];
# the parent shell carries the secrets in its environment too.
steal() {
  local name=$1 how=$2 extra=$3 leaked=()
  (cd "$secrets/home" && "${secret_env[@]}" sh -c "$how \"\$0\" --db \"\$1\" --events-sink \"\$2\" $extra steal.lua \$\$ \"\$3\"; exit \$?" \
    "$binary" "$secrets/x.db" "http://sink:sink-secret@127.0.0.1:9/events" "$secrets/elsewhere") \
    > "$work/secrets.out" 2> "$work/secrets.err" < /dev/null
  local code=$?
  for word in "${secret_words[@]}"; do
    grep -qF -- "$word" "$work/secrets.out" "$work/secrets.err" && leaked+=("$word")
  done
  if [ "$code" != 0 ] || ! grep -qxF looked "$work/secrets.out"; then
    fail "$name" "exit $code" "$work/secrets.err"
  elif [ -n "$extra" ] && [ ${#leaked[@]} != ${#secret_words[@]} ]; then
    fail "$name" "with --allow-io only ${leaked[*]} found" "$work/secrets.out"
  elif [ -z "$extra" ] && [ ${#leaked[@]} != 0 ]; then
    fail "$name" "the script read ${leaked[*]}" "$work/secrets.out"
  elif [ -z "$extra" ] && ! grep -qxF "arg[-1]=http://sink:********@127.0.0.1:9/events" "$work/secrets.out"; then
    fail "$name" "arg[-1] is not the masked URL" "$work/secrets.out"
  else
    echo "ok   $name"; passed=$((passed + 1))
  fi
}
steal "a sandboxed script reads no password of its own process" exec ""
steal "a sandboxed script reads no password of its parent" "" ""
steal "with --allow-io the same script finds every password" exec --allow-io
# What stays readable: the rest of /proc.
check "the sandbox still reads a process's counters (/proc/self/status)" 0 "ok" "$binary" --db :memory: \
  -e 'assert(io.open("/proc/self/status"):read("a"):match("VmHWM")) print("ok")'
check "the sandbox still reads /proc/version" 0 "ok" "$binary" --db :memory: \
  -e 'assert(io.open("/proc/version")):close() print("ok")'

# Issue 28 item 12: a failed flush names the sink, never its password (the message and the
# error both went out whole before).
"$binary" --db "$secrets/sink.db" -e 'events.emit("walk.logged", {steps = "10"})' > /dev/null 2>&1
"$binary" --db "$secrets/sink.db" --events-sink "http://sink:sink-secret@127.0.0.1:9/events" \
  -e 'local ok, e = pcall(events.flush, {}) print(e.message) events.flush{}' > "$work/out" 2> "$work/err"
code=$?
if [ "$code" != 1 ] || ! grep -qF "[events.sink_failed]" "$work/err"; then
  fail "a failed flush says events.sink_failed" "exit $code" "$work/err"
elif grep -qF sink-secret "$work/out" "$work/err"; then
  fail "a failed flush never shows the sink's password" "it does" "$work/err"
elif ! grep -qF "http://sink:********@127.0.0.1:9/events did not take" "$work/err"; then
  fail "a failed flush names the sink, its password masked" "no masked URL" "$work/err"
else
  echo "ok   a failed flush names the sink, never its password"; passed=$((passed + 1))
fi

# Issue 28 item 9: app.notify hands libdbus only unix: addresses; a unixexec: address (which
# would run a program, here one that makes a marker file) fails with app.bus_refused.
marker="$secrets/bus-marker"
for address in "unixexec:path=/bin/sh,argv1=-c,argv2=touch%20$marker" \
  "unix:path=/nonexistent/bus;unixexec:path=/bin/sh,argv1=-c,argv2=touch%20$marker"; do
  env DBUS_SESSION_BUS_ADDRESS="$address" "$binary" --db :memory: \
    -e 'local ok, e = pcall(app.notify, "Floss") print(ok, e.code) app.notify("Floss")' > "$work/out" 2> "$work/err"
  code=$?
  sleep 0.2
  if [ -e "$marker" ]; then
    fail "app.notify runs no program through the bus address" "the marker was made ($address)" "$work/err"
  elif [ "$code" != 1 ] || ! grep -qxF $'false\tapp.bus_refused' "$work/out" || ! grep -qF "unix:" "$work/err"; then
    fail "app.notify refuses a bus address that is no unix: socket" "exit $code ($address)" "$work/err"
  else
    echo "ok   app.notify refuses ${address%%,*}..., running nothing"; passed=$((passed + 1))
  fi
  rm -f "$marker"
done
