# Issue 19's foundations, from the outside (sourced by run.sh).

# The production libvips loader looks up only what app-shell calls: the functions that only
# the tests need (sample writers and readers, Tests/Support/CVipsSamples) are not named in
# the binary, so a libvips without one of them still loads. The names are the dlsym strings.
vips_names=$(grep -aoE '(vips|g)_[a-z0-9_]+' "$binary" | sort -u)
test_only=(vips_xyz vips_getpoint vips_extract_band vips_moreeq_const1 vips_image_set_int vips_image_set_string
  vips_image_get_int vips_image_get_typeof vips_image_new_from_file vips_image_write_to_file vips_jpegsave
  cvips_write_sample cvips_save_copy cvips_probe)
named=()
for name in "${test_only[@]}"; do
  grep -qxF -- "$name" <<< "$vips_names" && named+=("$name")
done
if ! grep -qxF vips_thumbnail_buffer <<< "$vips_names"; then
  fail "app-shell names the libvips functions it calls" "vips_thumbnail_buffer is not in $binary"
elif [ ${#named[@]} = 0 ]; then
  echo "ok   app-shell looks up no libvips function only the tests need"; passed=$((passed + 1))
else
  fail "app-shell looks up no libvips function only the tests need" "it names ${named[*]}"
fi

# Comments cite design documents inside the repository (docs/domain.md, docs/lua-api.md ...),
# never the project's notes beside it. luasuite.sh reads Lua's own test suite from there on
# purpose, and this file names the patterns.
outside=$(cd "$here/../.." && grep -rnE '(^|[[:space:](`])(domain|lua-bridge|ARCHITECTURE|STYLE|lua-api)\.md|\.\./shared|/work/shared' \
  Modules Apps Plugins Tests Package.swift Makefile 2>/dev/null \
  | grep -v -e '^Tests/Scripts/checks/luasuite\.sh:' -e '^Tests/Scripts/checks/errors\.sh:')
if [ -z "$outside" ]; then
  echo "ok   comments cite design documents inside the repository"; passed=$((passed + 1))
else
  printf '%s\n' "$outside" > "$work/outside"
  fail "comments cite design documents inside the repository" "$(wc -l < "$work/outside") outside" "$work/outside"
fi

# A doc comment says something a reader could not guess from the declaration: none is just
# "The plugin." or "A calculator." (the forms that only satisfied the lint rule).
empty_docs=$(cd "$here/../.." && grep -rnE '^[[:space:]]*/// (The|A|An) (use case|plugin|factory|calculator|draft|selector|filter|entry|summary|view|candidate|streak|change|completion|calendar|calendar day|store|choice|parameter|image|result|migration|field|failure|photo|highlight|book|user|stored event|listings|progress value|database|code|container|event)\.$|^[[:space:]]*/// (Hooks|Statistics|Themes|1)\.$' \
  Modules Apps Plugins)
if [ -z "$empty_docs" ]; then
  echo "ok   no doc comment only restates its declaration"; passed=$((passed + 1))
else
  printf '%s\n' "$empty_docs" > "$work/empty_docs"
  fail "no doc comment only restates its declaration" "$(wc -l < "$work/empty_docs") found" "$work/empty_docs"
fi
