# Profile drops between two processes on one SQLite file (sourced by run.sh): mina drops,
# her QR code as the terminal draws it decodes with zbarimg (Debian's zbar-tools) to her
# code; joon, in another process 10 s later by the clock, catches it by the code; mina's
# waiting loop hears the catch and its words and confirms; joon confirms; both are mates.
# A drop caught 31 s after it was made is refused, and nobody catches it twice. Every
# process runs on a fixed clock (`--now`), so no step races the wall clock.
ddir="$work/drop"
mkdir -p "$ddir"
ddb="$ddir/d.db"
dat() { echo "--now 2026-11-29T08:00:$1+09:00 --tz Asia/Seoul"; }
dprofile() { echo "app.login('$1') profiles.save{nickname = '$1', dog = {name = 'Dog', age = 2, sex = 'male', size = 'small', keywords = {'shy'}}}"; }
"$binary" --db "$ddb" $(dat 00) -e "$(dprofile joon) $(dprofile sora) $(dprofile mina)" >/dev/null 2>&1

# The QR code: half blocks read back as modules, written as a PNG, decoded by zbarimg.
"$binary" --db "$ddb" $(dat 00) -e "app.login('mina') local d = mates.drop() print(d.code) io.write(d.qr)" \
  >"$ddir/qr.txt" 2>"$ddir/qr.err"
dcode=$(head -1 "$ddir/qr.txt")
python3 - "$ddir/qr.txt" "$ddir/qr.png" <<'PY'
import struct, sys, zlib
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")[1:]
rows = []
for line in (l for l in lines if l):
    upper, lower = [], []
    for ch in line:
        light = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}[ch]
        upper.append(light[0]); lower.append(light[1])
    rows += [upper, lower]
scale = 4
width = len(rows[0]) * scale
raw = b"".join(b"\0" + bytes(255 if cell else 0 for cell in row for _ in range(scale)) * 1 for row in rows for _ in range(scale))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows) * scale, 8, 0, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
open(sys.argv[2], "wb").write(png)
PY
if [ -n "$dcode" ] && [ "$(zbarimg --raw -q "$ddir/qr.png" 2>/dev/null)" = "$dcode" ]; then
  echo "ok   drop: the terminal's QR code decodes with zbarimg to the drop's code"; passed=$((passed + 1))
else fail "drop: the terminal's QR code decodes with zbarimg" "code '$dcode', read '$(zbarimg --raw -q "$ddir/qr.png" 2>/dev/null)'" "$ddir/qr.err"; fi

# Mina drops again (the first drop ends) and waits in her loop for the catch.
printf '%s\n' "app.login('mina')" "local d = mates.drop()" "print('code', d.code)" "io.stdout:flush()" \
  "app.on('mates%.drop', function(e)" \
  "  print(e.params.state, e.params.words or e.params.with)" "  io.stdout:flush()" \
  "  if e.params.state == 'success' then print('mina', mates.confirm(e.params.id).state) end" \
  "  if e.params.state == 'finished' then app.stop() end" "end)" \
  "app.after(20, app.stop)" "print('loop', app.loop())" > "$ddir/mina.lua"
"$binary" --db "$ddb" $(dat 00) "$ddir/mina.lua" >"$ddir/mina.out" 2>"$ddir/mina.err" </dev/null &
dmina=$!
for _ in $(seq 1 100); do grep -q "^code" "$ddir/mina.out" 2>/dev/null && break; sleep 0.05; done
dcode=$(awk '/^code/ { print $2 }' "$ddir/mina.out")
"$binary" --db "$ddb" $(dat 10) -e "app.login('joon') local d = mates.catch('$dcode')
  print(d.id) print(d.state) print(d.words) print(d.with)" >"$ddir/joon.out" 2>"$ddir/joon.err"
did=$(sed -n 1p "$ddir/joon.out")
dwords=$(sed -n 3p "$ddir/joon.out")
if [ "$(sed -n 2p "$ddir/joon.out")" = success ] && [ "$(sed -n 4p "$ddir/joon.out")" = mina ]; then
  echo "ok   drop: joon, in another process 10 s later, catches mina's drop and sees her and three words"
  passed=$((passed + 1))
else fail "drop: joon catches mina's drop" "unexpected" "$ddir/joon.err"; fi
# Mina's loop hears the catch and confirms; then joon confirms: both are mates.
for _ in $(seq 1 200); do grep -q "^mina" "$ddir/mina.out" 2>/dev/null && break; sleep 0.05; done
check "drop: joon confirms 20 s after the drop, and they are mates" 0 "finished mina" \
  "$binary" --db "$ddb" $(dat 20) -e "app.login('joon') local d = mates.confirm('$did') print(d.state .. ' ' .. d.with)"
wait "$dmina"
if [ -n "$dwords" ] && grep -q "^success	$dwords$" "$ddir/mina.out" && grep -q "^mina	success$" "$ddir/mina.out" \
  && grep -q "^finished	joon$" "$ddir/mina.out" && grep -q "^loop	stopped$" "$ddir/mina.out"; then
  echo "ok   drop: mina's waiting loop heard the catch with the same words, confirmed, and heard it finish"
  passed=$((passed + 1))
else fail "drop: mina's loop follows the drop" "words '$dwords'" "$ddir/mina.out"; cat "$ddir/mina.err" >&2; fi
check "drop: mina and joon are mates" 0 "joon" \
  "$binary" --db "$ddb" $(dat 25) -e "app.login('mina') for _, m in ipairs(mates.list()) do print(m.user_name) end"

# After its 30 seconds nobody catches a drop, and a drop is caught once.
dlate=$("$binary" --db "$ddb" $(dat 40) -e "app.login('sora') print(mates.drop().code)")
check "drop: a catch 31 s after the drop is refused" 0 "mates.bad_code" \
  "$binary" --db "$ddb" --now 2026-11-29T08:01:11+09:00 --tz Asia/Seoul \
  -e "app.login('joon') print(select(2, pcall(mates.catch, '$dlate')).code)"
check "drop: the drop that nobody caught ends as cannot find peer" 0 "cannot_find_peer" \
  "$binary" --db "$ddb" --now 2026-11-29T08:01:11+09:00 --tz Asia/Seoul \
  -e "app.login('sora') local s for _, e in ipairs(app.inbox()) do s = e.params.state end print(s)"
donce=$("$binary" --db "$ddb" $(dat 50) -e "app.login('sora') print(mates.drop().code)")
"$binary" --db "$ddb" $(dat 51) -e "app.login('mina') mates.catch('$donce')" >/dev/null 2>&1
check "drop: a drop is caught once" 0 "mates.bad_code" \
  "$binary" --db "$ddb" $(dat 52) -e "app.login('joon') print(select(2, pcall(mates.catch, '$donce')).code)"
