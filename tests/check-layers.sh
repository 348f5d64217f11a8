#!/bin/sh
# The shape of the tree (docs/ARCHITECTURE.md): each folder of src/ has its
# public header include/lietool/<folder>.h (cli and mpi excepted), includes
# only the headers of the modules below it in the order of calls, and the
# library (everything but src/cli) never exits, writes to stderr or
# spells a command-line option ("--name" in a string). Ends with
# "layers: N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL layers: $*"; }

# the order of calls, lowest first; a module may include its own tier and
# those before it
ORDER="core plot|perm liealg free rep|chartab|depth|model|ssm rotation dataset|io|doc|write|job|mpi cli"
tier() {
    echo "$ORDER" | tr '|' '\n' | awk -v m="$1" '{ for (i = 1; i <= NF; i++) if ($i == m) { print NR; exit } }'
}
for dir in src/*/; do
    m=$(basename "$dir")
    t=$(tier "$m")
    if [ -z "$t" ]; then bad "src/$m is not in the order of calls"; continue; fi
    case $m in cli|mpi) ;; *)
        if [ -f "include/lietool/$m.h" ]; then ok; else bad "src/$m has no include/lietool/$m.h"; fi ;;
    esac
    for h in $(cat "$dir"*.c "$dir"*.h 2>/dev/null | sed -n 's/^#include "lietool\/\([a-z]*\)\.h".*/\1/p' | sort -u); do
        [ "$h" = "$m" ] && continue
        th=$(tier "$h")
        if [ -n "$th" ] && [ "$th" -le "$t" ]; then ok; else bad "src/$m includes lietool/$h.h, which is above it"; fi
    done
done
for h in include/lietool/*.h; do
    m=$(basename "$h" .h)
    if [ -d "src/$m" ]; then ok; else bad "$h names no folder of src/"; fi
done
# the library: no exit, no stderr, no option spelled
lib=$(ls src/*/*.c | grep -v '^src/cli/')
for f in $lib; do
    n=$(grep -nE '(^|[^_a-z])(exit|_exit|abort_with)\(|stderr' "$f" | grep -v '^\s*[0-9]*:\s*/\?\*' | head -n 3)
    if [ -z "$n" ]; then ok; else bad "$f exits or writes to stderr: $n"; fi
    n=$(grep -nE '"[^"]*(^|[^-a-zA-Z0-9])--[a-z][a-z0-9-]*' "$f" | head -n 3)
    if [ -z "$n" ]; then ok; else bad "$f spells an option: $n"; fi
done
echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
