# The docs name only what exists (sourced by run.sh; also runs alone, from anywhere:
# `bash Tests/Scripts/checks/docs.sh`, exit 1 when a name is missing).
#
# README.md and every docs/*.md may name, except the generated docs/lua-api.md (and
# docs/app-shell.lua, generated too and not Markdown) and docs/domain.md, whose names are
# the source apps' files and types, each cited with its own repository:
#   - a repository path (Modules/..., Apps/..., Tests/..., docs/..., Plugins/..., .ci/...; a
#     `*` or a `<Placeholder>` in it stands for any part of a name) only when a file of the
#     repository matches it, as a file or as a folder;
#   - a file name ending in .swift, .c, .h, .sh, .lua or .md (bare, or under a folder that
#     is not one of those above, as `checks/pgwalks.sh` or `include/CPostgres.h`) only when
#     a file of the repository has that name or ends with that path;
#   - in `backticks`, a type-like identifier (UpperCamelCase with at least two capitals, as
#     `HabitRepository` or `SQLWalkStore`, but no Swift attribute such as `@TaskLocal`) or a
#     function of the package's C targets (`cpg_...`, `clua_...`, `csqlite_...`,
#     `cvips_...`, `chttp_...`, `cdbus_...`, `cedit_...`; `cpg_send_*` for a family) only
#     when it occurs in a source file under Modules/, Apps/, Plugins/ or Tests/ (or in
#     Package.swift).
# Names outside the repository are skipped: paths starting with /, ~, ., $ or %, URLs, Lua
# search patterns (`lua/?.lua`), and placeholders in capitals (`FILE.lua`). What is left
# and is not ours is in the allowlists below.

# File names the docs use that are not files of this repository.
docs_allowed_files=(
  morning.lua evening.lua daily.lua walks.lua  # the scripts of README.md and docs/shell.md, which a reader saves
)
# Identifiers of other projects, in backticks, that look like our types or C functions and
# occur in no source file (a libpq function, say: `PQconnectdb`). None today.
docs_allowed_names=()

docs_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
docs_sourced=1
[ "${BASH_SOURCE[0]}" = "$0" ] && docs_sourced=0
if [ $docs_sourced = 0 ]; then
  passed=0
  failed=0
  fail() {
    echo "FAIL $1: $2"
    [ -n "${3:-}" ] && sed 's/^/    | /' "$3"
    failed=$((failed + 1))
  }
fi
docs_report=$(mktemp)

if python3 - "$docs_root" "${docs_allowed_files[*]}" "${docs_allowed_names[*]}" >"$docs_report" 2>&1 <<'PY'
import fnmatch, os, re, subprocess, sys

root, allowed_files, allowed_names = sys.argv[1], set(sys.argv[2].split()), set(sys.argv[3].split())
# Every file of the checkout that git knows or would add, as it is on disk.
os.chdir(root)
try:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            check=True, capture_output=True).stdout.decode().split("\0")
    files = sorted({f for f in listed if f and os.path.isfile(f)})
except (OSError, subprocess.CalledProcessError):
    files = sorted(os.path.relpath(os.path.join(d, f)) for d, dirs, names in os.walk(".")
                   for f in names if not d.startswith(("./.git", "./.build")))
basenames = {os.path.basename(f) for f in files}
folders = {os.path.dirname(f) for f in files}
folders |= {"/".join(f.split("/")[:i]) for f in folders for i in range(1, f.count("/") + 1)}

identifiers = set()
for path in files:
    if (path == "Package.swift" or path.startswith(("Modules/", "Apps/", "Plugins/", "Tests/"))) \
            and path.endswith((".swift", ".c", ".h", ".sh", ".lua", ".py")):
        with open(path, encoding="utf-8", errors="replace") as source:
            identifiers.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", source.read()))

prefixes = ("Modules/", "Apps/", "Tests/", "docs/", "Plugins/", ".ci/")
extensions = (".swift", ".c", ".h", ".sh", ".lua", ".md")
token = re.compile(r"[A-Za-z0-9_<>*+./~$%?@:-]+")
code_span = re.compile(r"(`+)(.+?)\1")
type_like = re.compile(r"(?<![\w$@])[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*(?!\w)")
c_function = re.compile(r"(?<!\w)(?:cpg|clua|csqlite|cvips|chttp|cdbus|cedit)_[a-z0-9_]*\*?")


def pattern(name):
    """A name with `*` and `<Placeholder>` as fnmatch's `*`."""
    return re.sub(r"<[^>]*>", "*", name)


def path_exists(path):
    path = pattern(path).rstrip("/")
    if "*" in path:
        return any(fnmatch.fnmatchcase(f, path) or fnmatch.fnmatchcase(f, path + "/*") for f in files)
    return path in files or path in folders


def file_exists(name):
    if name in allowed_files:
        return True
    name = pattern(name)
    if "/" not in name:
        return any(fnmatch.fnmatchcase(b, name) for b in basenames)
    return any(fnmatch.fnmatchcase(f, "*/" + name) for f in files)


generated_or_foreign = {"docs/lua-api.md", "docs/domain.md"}
docs = ["README.md"] + [f for f in files if f.startswith("docs/") and f.endswith(".md")
                        and f not in generated_or_foreign]
missing = []
for doc in docs:
    with open(doc, encoding="utf-8") as text:
        lines = text.read().split("\n")
    for number, line in enumerate(lines, 1):
        for match in token.finditer(line):
            name = match.group(0).rstrip(".,:;")
            if "://" in name or "@" in name or "?" in name or name.startswith(("/", "~", "$", "%")) \
                    or (name.startswith(".") and not name.startswith(".ci/")) \
                    or ("/" not in name and name != "README.md" and re.fullmatch(r"[A-Z]+\.\w+", name)):
                continue
            if name.startswith(prefixes):
                if name not in prefixes and not path_exists(name):
                    missing.append(f"{doc}:{number}: {name} (no such file or folder)")
            elif name.endswith(extensions) and not file_exists(name):
                missing.append(f"{doc}:{number}: {name} (no such file)")
        for span in code_span.finditer(line):
            code = span.group(2)
            for match in type_like.finditer(code):
                name = match.group(0)
                if re.search(r"[a-z]", name) and name not in allowed_names and name not in identifiers:
                    missing.append(f"{doc}:{number}: {name} (in no source file)")
            for match in c_function.finditer(code):
                name = match.group(0)
                if not (any(i.startswith(name[:-1]) for i in identifiers) if name.endswith("*")
                        else name in identifiers):
                    missing.append(f"{doc}:{number}: {name} (no such C function in the sources)")
for entry in missing:
    print(entry)
sys.exit(1 if missing else 0)
PY
then
  echo "ok   docs name only what exists"; passed=$((passed + 1))
else
  fail "docs name only what exists" "names of nothing in the repository: $(grep -c . "$docs_report")" "$docs_report"
fi
rm -f "$docs_report"

if [ $docs_sourced = 0 ]; then
  [ "$failed" = 0 ]
  exit
fi
