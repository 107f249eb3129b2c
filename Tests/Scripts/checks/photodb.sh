# Photos live in the database (sourced by run.sh): no photos/ folder is ever made, a backup
# holds them, profiles.photo returns the JPEG, and a database of the previous release (with
# photo files beside it, Tests/Scripts/support/photodb-main) has its files moved in.
pdb="$work/photodb"
mkdir -p "$pdb/pics"
vips black "$pdb/pics/black.v" 640 480 >/dev/null 2>&1
vips copy "$pdb/pics/black.v" "$pdb/pics/in.jpg" >/dev/null 2>&1
pdb_profile='profiles.save{nickname = "Bori", dog = {name = "보리", age = 3, sex = "female", size = "small", keywords = {"friendly"}}}'
pdb_jpeg='local function jpeg(s) return s:sub(1, 3) == "\xFF\xD8\xFF" end'

check "a photo is stored in the database" 0 "392	100	true	true" env XDG_DATA_HOME="$pdb/data" "$binary" \
  --db "$pdb/app.db" -e "$pdb_profile $pdb_jpeg
local r = profiles.set_photo('$pdb/pics/in.jpg')
local card, thumb = profiles.photo{size = 'card'}, profiles.photo{size = 'thumbnail'}
print(r.card.width, r.thumbnail.width, jpeg(card) and #card == r.card.bytes, jpeg(thumb) and #thumb == r.thumbnail.bytes)"
if [ -e "$pdb/photos" ] || [ -e "$pdb/data/app-shell/photos" ]; then fail "no photos/ folder is made" "$(ls -d "$pdb"/photos "$pdb"/data/app-shell/photos 2>/dev/null)"; else
  echo "ok   no photos/ folder is made"; passed=$((passed + 1)); fi

check "a backup holds the photo" 0 "" "$binary" --db "$pdb/app.db" --backup "$pdb/copy.db"
mv "$pdb/app.db" "$pdb/moved.db"
check "the copy's photo is the original's" 0 "true	true" "$binary" --db "$pdb/copy.db" -e "$pdb_jpeg
local p = profiles.me().photo
local card = profiles.photo{size = 'card'}
print(jpeg(card), #card == p.card.bytes and #p.card.sha256 == 64)"
check "another user reads the thumbnail" 0 "true" "$binary" --db "$pdb/copy.db" --user mina -e "$pdb_jpeg
print(jpeg(profiles.photo{user = 'me', size = 'thumbnail'}))"
check "a photo in :memory: leaves nothing behind" 0 "true" env XDG_DATA_HOME="$pdb/memdata" "$binary" --db :memory: \
  -e "$pdb_profile print(profiles.set_photo('$pdb/pics/in.jpg').card.bytes > 0)"
if [ -e "$pdb/memdata" ]; then fail "a photo in :memory: leaves nothing behind" "$(find "$pdb/memdata")"; fi

# The previous release stored absolute paths: the copied fixture's are pointed at the copy
# (sqlite3's command-line tool, when installed).
if command -v sqlite3 >/dev/null 2>&1; then
  cp -R "$here/support/photodb-main" "$pdb/old"
  sqlite3 "$pdb/old/app.db" "UPDATE profiles SET card_path = '$pdb/old' || substr(card_path, instr(card_path, '/photos/')),
    thumbnail_path = '$pdb/old' || substr(thumbnail_path, instr(thumbnail_path, '/photos/'))"
  check "a previous release's photo files move into the database" 0 "392	100	true	1	1" "$binary" --db "$pdb/old/app.db" \
    -e "$pdb_jpeg local p = profiles.me().photo
print(p.card.width, p.thumbnail.width, jpeg(profiles.photo{user = 'mina', size = 'card'}), #habits.list(), #habits.completions('Run'))"
  if [ -e "$pdb/old/photos" ]; then fail "the previous release's photo files are removed" "$(ls "$pdb/old/photos")"; else
    echo "ok   the previous release's photo files are removed"; passed=$((passed + 1)); fi
  # Made in one folder, opened from another (a moved folder, a backup restored elsewhere,
  # another HOME): the recorded paths point nowhere and the files are in photos/ beside it.
  cp -R "$here/support/photodb-main" "$pdb/made-here"
  sqlite3 "$pdb/made-here/app.db" "UPDATE profiles SET card_path = replace(card_path, '/tmp/pdfix', '$pdb/made-here'),
    thumbnail_path = replace(thumbnail_path, '/tmp/pdfix', '$pdb/made-here')"
  mv "$pdb/made-here" "$pdb/opened-there"
  check "a first-release database opened from another folder keeps its photos" 0 "392	100	true	1" "$binary" \
    --db "$pdb/opened-there/app.db" -e "$pdb_jpeg local p = profiles.me().photo
print(p.card.width, p.thumbnail.width, jpeg(profiles.photo{user = 'mina', size = 'card'}), #habits.list())"
  if [ "$(grep -c "moved into the database from $pdb/opened-there/photos/" "$work/err")" = 2 ]; then
    echo "ok   each photo moved is said on standard error"; passed=$((passed + 1))
  else fail "each photo moved is said on standard error" "two lines" "$work/err"; fi
  # A database restored without its photos/ folder keeps the paths and says so, each start.
  cp -R "$here/support/photodb-main" "$pdb/no-photos"
  rm -r "$pdb/no-photos/photos"
  check "a photo found nowhere keeps its pointer" 0 "2" "$binary" --db "$pdb/no-photos/app.db" \
    -e "print(#habits.list() + 1)"
  if [ "$(grep -c "could not be read: its card is not a readable JPEG at /tmp/pdfix/photos/" "$work/err")" = 2 ] \
    && [ "$(sqlite3 "$pdb/no-photos/app.db" 'SELECT COUNT(*) FROM profile_photo_files')" = 2 ]; then
    echo "ok   a photo found nowhere is said on standard error and kept"; passed=$((passed + 1))
  else fail "a photo found nowhere is said on standard error and kept" "two lines, two rows" "$work/err"; fi
else
  echo "skip a previous release's photo files (no sqlite3 tool; ProfilesTests covers it)"
fi
