# GPX files through --import (sourced by run.sh): a track as OsmAnd writes it is recognised
# without --from and becomes a walk with its route, once; hostile files (an entity bomb, an
# external entity, a million points, 200,001 points, points off the globe, times going
# backwards, a file that is not GPX) end in a clear error or a reported skip, in bounded
# time and memory (`timeout`, `--max-memory 64`), and change nothing.
gdir="$work/gpx"
mkdir -p "$gdir"
gnow=(--now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul --max-memory 64)
gfix="$here/../Fixtures/gpx"
gcount() { "$binary" --db "$gdir/g.db" "${gnow[@]}" -e 'app.login("me") print(#walks.logs())'; }

"$binary" --db "$gdir/g.db" "${gnow[@]}" --import "$gfix/osmand-hangang.gpx" >"$gdir/first.json" 2>"$gdir/first.err"
if grep -qE '^\{"format":"gpx","added":\{"walk_logs":1,"walk_route_points":[0-9]+\},"skipped":\{\},"not_representable":\[\],' "$gdir/first.json"; then
  echo "ok   gpx: --import recognises an OsmAnd track and makes a walk with its route"; passed=$((passed + 1))
else fail "gpx: --import recognises an OsmAnd track" "unexpected report" "$gdir/first.json"; cat "$gdir/first.err" >&2; fi
check "gpx: the same file again is left alone" 0 \
  '{"format":"gpx","added":{},"skipped":{"walk_logs":1},"not_representable":[],"merged":[]}' \
  "$binary" --db "$gdir/g.db" "${gnow[@]}" --import "$gfix/osmand-hangang.gpx" --from gpx

# hostile NAME FILE MESSAGE: --import of FILE fails with walks.bad_gpx and MESSAGE within 60 s.
hostile() {
  timeout 60 "$binary" --db "$gdir/g.db" "${gnow[@]}" --import "$2" >"$work/out" 2>"$work/err" </dev/null
  local code=$?
  if [ "$code" = 1 ] && grep -qF "[walks.bad_gpx]" "$work/err" && grep -qF -- "$3" "$work/err"; then
    echo "ok   gpx: $1"; passed=$((passed + 1))
  else fail "gpx: $1" "exit $code, expected 1 with walks.bad_gpx and: $3" "$work/err"; fi
}
{
  printf '<?xml version="1.0"?>\n<!DOCTYPE gpx [\n<!ENTITY a0 "lol">\n'
  for level in 1 2 3 4 5 6 7 8 9; do
    printf '<!ENTITY a%d "' "$level"
    for _ in 1 2 3 4 5 6 7 8 9 10; do printf '&a%d;' $((level - 1)); done
    printf '">\n'
  done
  printf ']>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>&a9;</name><trkseg><trkpt lat="1" lon="1"><time>2026-11-28T00:00:00Z</time></trkpt></trkseg></trk></gpx>\n'
} > "$gdir/bomb.gpx"
hostile "an entity bomb is refused unexpanded" "$gdir/bomb.gpx" "entity"
printf '<?xml version="1.0"?>\n<!DOCTYPE gpx [<!ENTITY s SYSTEM "file:///etc/hostname">]>\n<gpx version="1.1"><trk><name>&s;</name></trk></gpx>\n' > "$gdir/xxe.gpx"
hostile "an external entity is never read" "$gdir/xxe.gpx" "DOCTYPE"
python3 - "$gdir" <<'PY'
import sys
folder = sys.argv[1]
head = '<?xml version="1.0"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n'
tail = '</trkseg></trk></gpx>\n'
with open(folder + "/million.gpx", "w") as f:
    f.write(head + '<trkpt lat="1" lon="1"/>' * 1_000_000 + tail)
with open(folder + "/many.gpx", "w") as f:
    f.write(head + '<trkpt lat="1" lon="1"/>' * 200_001 + tail)
with open(folder + "/odd.gpx", "w") as f:
    f.write(head)
    f.write('<trkpt lat="37.5000" lon="127.0000"><time>2026-11-28T22:00:00Z</time></trkpt>\n')
    f.write('<trkpt lat="95" lon="127.0"><time>2026-11-28T22:01:00Z</time></trkpt>\n')
    f.write('<trkpt lat="37.5010" lon="127.0000"><time>2026-11-28T22:02:00Z</time></trkpt>\n')
    f.write('<trkpt lat="37.5020" lon="127.0000"><time>2026-11-28T21:00:00Z</time></trkpt>\n')
    f.write('<trkpt lat="37.5030" lon="127.0000"><time>2026-11-28T22:03:00Z</time></trkpt>\n')
    f.write(tail)
PY
hostile "a million points is refused by its size" "$gdir/million.gpx" "a GPX file is read up to 16777216 (16 MiB)"
hostile "200,001 points is refused" "$gdir/many.gpx" "more than 200000 track points"
printf '<html><body>not a track</body></html>\n' > "$gdir/page.gpx"
timeout 60 "$binary" --db "$gdir/g.db" "${gnow[@]}" --import "$gdir/page.gpx" --from gpx >"$work/out" 2>"$work/err" </dev/null
if [ $? = 1 ] && grep -qF "page.gpx is not a GPX file of tracks (from = gpx) [import.unknown_format]" "$work/err"; then
  echo "ok   gpx: a file that is not GPX says what it is"; passed=$((passed + 1))
else fail "gpx: a file that is not GPX says what it is" "see stderr" "$work/err"; fi
check "gpx: nothing of the refused files was kept" 0 "1" gcount
"$binary" --db "$gdir/g.db" "${gnow[@]}" --import "$gdir/odd.gpx" >"$gdir/odd.json" 2>"$gdir/odd.err"
if grep -qF '"added":{"walk_logs":1,"walk_route_points":3}' "$gdir/odd.json" \
  && grep -qF '"1 points without a latitude and longitude on the globe","1 points whose time went backwards"' "$gdir/odd.json"; then
  echo "ok   gpx: points off the globe and times going backwards are skipped and reported"; passed=$((passed + 1))
else fail "gpx: points off the globe and times going backwards are reported" "unexpected report" "$gdir/odd.json"; fi
