#!/bin/sh
# The install test: `make install PREFIX=$tmp`, then a tiny C program built
# against the installed library with pkg-config, the installed binary (it
# must find its named groups under PREFIX/share), man pages and completion.
# Ends with "install: N passed, N failed".
# Usage: sh tests/install.sh   (from the source tree; uses $MAKE, $CC)
MAKE=${MAKE:-make}
CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lietool-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL install: $*"; }
check() { desc=$1; shift; if "$@" >"$tmp/out" 2>&1; then ok; else bad "$desc"; sed 's/^/  /' "$tmp/out" | tail -n 20; fi; }

check "make install PREFIX=$tmp/p" $MAKE --no-print-directory install PREFIX="$tmp/p"
so=lib/liblietool.so.$(sed -n 's/.*LIETOOL_VERSION "\(.*\)"/\1/p' include/lietool/core.h)
for f in bin/lietool lib/liblietool.a $so lib/liblietool.so include/lietool.h include/lietool/core.h lib/pkgconfig/lietool.pc \
         share/man/man1/lietool.1 share/man/man5/lietool-formats.5 share/lietool/algebras/groups/M11.grp \
         share/lietool/algebras/lie/sl2.lie share/bash-completion/completions/lietool \
         share/lietool/scripts/train_wordproblem.py share/lietool/scripts/ckpt_reference.py; do
    if [ -f "$tmp/p/$f" ]; then ok; else bad "$f is not installed"; fi
done

cat > "$tmp/prog.c" <<'PROG'
#include <stdio.h>
#include <lietool.h>
int main(void)
{
    lt_ctx_t ctx; lt_err_t err; lt_pgrp_t G; mpz_t n;
    lt_ctx_init(ctx); lt_err_init(err); lt_pgrp_init(G, 1); mpz_init(n);
    if (lt_io_group(G, NULL, "S4", ctx, err) || lt_pgrp_chain(G, NULL, ctx, err)) {
        fprintf(stderr, "%s\n", err->msg);
        return 1;
    }
    lt_pgrp_order(n, G);
    gmp_printf("%s %Zd\n", LIETOOL_VERSION, n);
    mpz_clear(n); lt_pgrp_clear(G);
    return 0;
}
PROG
export PKG_CONFIG_PATH="$tmp/p/lib/pkgconfig"
soname=liblietool.so.$(sed -n 's/.*LIETOOL_VERSION "\([0-9]*\)\..*/\1/p' include/lietool/core.h)
version=$(sed -n 's/.*LIETOOL_VERSION "\(.*\)"/\1/p' include/lietool/core.h)
check "pkg-config --modversion lietool is $version" sh -c "[ \"\$(pkg-config --modversion lietool)\" = '$version' ]"
check "build a program with pkg-config" sh -c "$CC -std=c11 -o '$tmp/prog' '$tmp/prog.c' \$(pkg-config --cflags --libs lietool)"
# pkg-config's -llietool takes the shared library: the program needs it at run time
check "the program is linked with $soname" sh -c "readelf -d '$tmp/prog' | grep -q 'NEEDED.*\\[$soname\\]'"
check "the program prints '$version 24'" sh -c "[ \"\$(LD_LIBRARY_PATH='$tmp/p/lib' '$tmp/prog')\" = '$version 24' ]"
check "the shared library's soname is $soname" sh -c "readelf -d '$tmp/p/$so' | grep -q 'SONAME.*\\[$soname\\]' && [ -e '$tmp/p/lib/$soname' ]"
# and the static library, named
check "build a program with the static library" sh -c "$CC -std=c11 -o '$tmp/prog-static' '$tmp/prog.c' \$(pkg-config --cflags lietool) '$tmp/p/lib/liblietool.a' \$(pkg-config --libs lietool | sed 's/-llietool//')"
check "the static program prints '$version 24'" sh -c "[ \"\$('$tmp/prog-static')\" = '$version 24' ]"
# the installed binary, away from the source tree, finds its named groups
check "installed lietool order M11" sh -c "cd / && [ \"\$(env -u LIETOOL_ALGEBRAS '$tmp/p/bin/lietool' order M11)\" = 7920 ]"
# ssm train finds its trainer under PREFIX/share (then asks the Python for PyTorch: /bin/false has none)
check "installed ssm train finds its trainer" sh -c "cd / && env -u LIETOOL_TRAINER LIETOOL_PYTHON=/bin/false '$tmp/p/bin/lietool' ssm train C2 --arch diag-signed --layers 1 --out '$tmp/never' 2>&1 | grep -q 'needs PyTorch for /bin/false'"
check "installed lietool --version" sh -c "'$tmp/p/bin/lietool' --version | grep -q '^lietool $version '"
check "man page formats" sh -c "command -v man >/dev/null || exit 0; MANPATH='$tmp/p/share/man' man -l '$tmp/p/share/man/man1/lietool.1' >/dev/null 2>&1 || MANWIDTH=80 man '$tmp/p/share/man/man1/lietool.1' >/dev/null"
check "make uninstall removes everything" sh -c "$MAKE --no-print-directory uninstall PREFIX='$tmp/p' >/dev/null && [ -z \"\$(find '$tmp/p' -type f)\" ]"
echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
