# Photos from phones and hostile photo files, through profiles.set_photo (sourced by run.sh).
# Sample images are made with libvips' own command-line tool (libvips-tools).
pics="$work/pics"
mkdir -p "$pics"
vips black "$pics/black.v" 640 480 >/dev/null 2>&1
vips copy "$pics/black.v" "$pics/in.jpg" >/dev/null 2>&1
vips copy "$pics/in.jpg" "$pics/in.heic" >/dev/null 2>&1
vips copy "$pics/in.jpg" "$pics/in.avif" >/dev/null 2>&1
vips copy "$pics/in.jpg" "$pics/in.tif" >/dev/null 2>&1
# Refused photos are made with their own data folder, which must stay empty.
refusals=(env XDG_DATA_HOME="$work/refusals")
profile='profiles.save{nickname = "Bori", dog = {name = "보리", age = 3, sex = "female", size = "small", keywords = {"friendly"}}}'
# photo PATH: a chunk that saves a profile, sets the photo at PATH and prints the card's width
# or the error's code.
photo() {
  printf '%s\nlocal ok, r = pcall(profiles.set_photo, %s)\nprint(ok and r.card.width or r.code .. " " .. tostring(r.field) .. " " .. r.message)\n' \
    "$profile" "$1"
}

check "a HEIC photo (libvips heifsave) is read" 0 "392" "$binary" "${mem[@]}" -e "$(photo "'$pics/in.heic'")"
check "an AVIF photo is read" 0 "392" "$binary" "${mem[@]}" -e "$(photo "'$pics/in.avif'")"
check "a TIFF is refused: not a phone format" 0 "" "${refusals[@]}" "$binary" "${mem[@]}" -e "$(photo "'$pics/in.tif'")"
grep -qF "profiles.bad_image path not an image in a format read here (JPEG, PNG, WebP, HEIC or AVIF)" "$work/out" \
  || fail "the TIFF refusal names the formats read" "stdout" "$work/out"

# A planted module folder at the path app-shell once used ($TMPDIR/app-shell-vips-<uid>) is
# never loaded: a library there would write a marker file from its constructor.
plant="$work/plant"
compiler=$(command -v cc || command -v clang || command -v gcc)
marker="$work/planted-marker"
for dir in "$plant/app-shell-vips-$(id -u)/x86_64-linux-gnu/vips-modules-8.14" \
  "$plant/app-shell-vips-$(id -u)/lib/x86_64-linux-gnu/vips-modules-8.14" \
  "$plant/app-shell-vips-$(id -u)/lib/vips-modules-8.14"; do
  mkdir -p "$dir"
  printf '#include <stdio.h>\n__attribute__((constructor)) static void planted(void) { FILE *f = fopen("%s", "w"); if (f) fclose(f); }\n' \
    "$marker" > "$work/planted.c"
  "$compiler" -shared -fPIC -o "$dir/vips-planted.so" "$work/planted.c" 2>"$work/err" \
    || fail "build the planted library" "$compiler" "$work/err"
done
chmod -R go+w "$plant"
check "a photo with a planted module folder in TMPDIR" 0 "392" env TMPDIR="$plant" "$binary" "${mem[@]}" -e "$(photo "'$pics/in.heic'")"
if [ -e "$marker" ]; then fail "the planted library is never loaded" "$marker exists"; else
  echo "ok   the planted library is never loaded"; passed=$((passed + 1)); fi


# A name ending in [...] is the file itself, not another one libvips would open with load
# options: beside a FIFO (which would hang) and /dev/zero (which would spin).
mkfifo "$pics/F"
cp "$pics/in.jpg" "$pics/F[x]"
ln -s /dev/zero "$pics/Z"
cp "$pics/in.jpg" "$pics/Z[x]"
check "a decoy named F[x] beside a FIFO F is the decoy" 0 "392" timeout 60 "$binary" "${mem[@]}" -e "$(photo "'$pics/F[x]'")"
check "a decoy named Z[x] beside Z -> /dev/zero is the decoy" 0 "392" timeout 60 "$binary" "${mem[@]}" -e "$(photo "'$pics/Z[x]'")"
check "a FIFO is refused without waiting" 0 "profiles.bad_image path not a regular file" \
  "${refusals[@]}" timeout 60 "$binary" "${mem[@]}" -e "$(photo "'$pics/F'")"
check "/dev/zero is refused" 0 "profiles.bad_image path not a regular file" "${refusals[@]}" timeout 60 "$binary" "${mem[@]}" -e "$(photo "'/dev/zero'")"
ln -s "$pics/in.jpg" "$pics/link.jpg"
check "a symbolic link is refused" 0 "profiles.bad_image path the path is a symbolic link; give the photo file itself" \
  "${refusals[@]}" "$binary" "${mem[@]}" -e "$(photo "'$pics/link.jpg'")"
check "a NUL in the path is refused, not cut short" 0 "invalid_argument path the path contains a NUL character" \
  "${refusals[@]}" "$binary" "${mem[@]}" -e "$(photo "'$pics/in.jpg\\0.txt'")"
# Photos live in the database: not even a photos/ folder is made, for a refused one.
if [ ! -e "$work/refusals/app-shell/photos" ]; then
  echo "ok   refused photos leave no file"; passed=$((passed + 1))
else fail "refused photos leave no file" "$work/refusals/app-shell/photos exists"; fi

# A failed libvips load (no file descriptor left) is tried again on the next photo.
retry="$profile
local files = {}
while true do local f = io.open('$pics/in.jpg') if not f then break end files[#files + 1] = f end
local ok, err = pcall(profiles.set_photo, '$pics/in.jpg')
print('first', ok, err and err.code)
for _, f in ipairs(files) do f:close() end
print('second', profiles.set_photo('$pics/in.jpg').card.width)"
check "after a failed libvips load the next photo loads it" 0 "second	392" bash -c "ulimit -n 64; exec \"\$0\" \"\$@\"" \
  "$binary" "${mem[@]}" -e "$retry"
grep -qxF "first	false	profiles.bad_image" "$work/out" || fail "the first photo failed for want of descriptors" "stdout" "$work/out"

# A relative --db keeps the photo in the database: no photos/ folder beside it.
mkdir -p "$work/reldb"
check "a relative --db stores the photo in the database" 0 "true" bash -c 'cd "$0" && "$1" --db rel.db -e "$2"' \
  "$work/reldb" "$binary" "$profile
local r = profiles.set_photo('$pics/in.jpg')
print(#profiles.photo{size = 'card'} == r.card.bytes)"
if [ -e "$work/reldb/photos" ]; then fail "no photos/ folder beside a relative --db" "$work/reldb/photos exists"; fi
