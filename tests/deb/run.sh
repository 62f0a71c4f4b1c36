#!/bin/sh
# The Debian package (make check-deb): build it with dpkg-buildpackage in a
# copy of the checkout, lint it, unpack it with dpkg -x into an empty folder
# and run pmscope from there on a real capture. TAP on stdout.
#   tests/deb/run.sh OUT_DIR    the copy, the .deb and the logs stay there
set -u
. "$(dirname "$0")/../tap.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$(cd "$1" && pwd)
ver=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
arch=$(dpkg --print-architecture)
src="$out/src/pmscope-$ver"
root="$out/root"
fixture="$top/tests/fixtures/qemu-q35-s3-async1-medium/dmesg.txt"

# Each line of file $2 as a TAP comment, under the heading $1.
show() { echo "# $1:"; sed 's/^/#   /' "$2"; }

# The files of the checkout as they are now, tracked or new, never its
# build folders: the package is built there, the checkout stays untouched.
copy_tree() {
	if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$top" && git ls-files -z -c -o --exclude-standard |
			tar --null -T - --ignore-failed-read -cf -) | tar -xf - -C "$src"
	else
		(cd "$top" && tar --exclude='./build*' -cf - .) | tar -xf - -C "$src"
	fi
}

before=$(git -C "$top" status --porcelain 2>/dev/null)
rm -rf "$out/src" "$root"
mkdir -p "$src" "$root"
copy_tree
is "the package's version is pmscope's" "pmscope $ver" \
	"$(sed -n 's/^#define PMSCOPE_VERSION "\(.*\)"/pmscope \1/p' "$top/include/report.h")"

# Build-Depends name the -dev package of each library the Makefile links.
for pc in $(sed -n 's/^PKGS *:= *//p' "$top/Makefile"); do
	dir=$(pkg-config --variable=pcfiledir "$pc")
	dev=$(dpkg -S "$dir/$pc.pc" 2>/dev/null | sed 's/[:,].*//')
	ok "Build-Depends has $dev (for $pc)" grep -q "^ *\(Build-Depends: *\)\?$dev,\?$" \
		"$top/debian/control"
done

export DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-parallel=2}"
if (cd "$src" && dpkg-buildpackage -us -uc) > "$out/build.log" 2>&1; then
	ok "dpkg-buildpackage -us -uc" true
else
	ok "dpkg-buildpackage -us -uc" false
	tail -n 40 "$out/build.log" > "$out/build.tail"
	show "the build's last lines ($out/build.log)" "$out/build.tail"
fi
deb="$out/src/pmscope_${ver}_$arch.deb"
changes="$out/src/pmscope_${ver}_$arch.changes"
ok "the .deb is there" test -f "$deb"

lintian --fail-on error,warning "$changes" > "$out/lintian.log" 2>&1
st=$?
ok "lintian: no error or warning on the source and binary packages" test "$st" = 0
[ "$st" = 0 ] || show "lintian" "$out/lintian.log"
is "lintian tags left (errors, warnings)" "$(grep -E '^[EW]: ' "$out/lintian.log")" ""

ok "dpkg -x unpacks it into an empty folder" dpkg -x "$deb" "$root"
for f in usr/bin/pmscope usr/share/man/man1/pmscope.1.gz \
	 usr/share/bash-completion/completions/pmscope usr/share/doc/pmscope/copyright; do
	ok "the package installs /$f" test -f "$root/$f"
done
hook="$root/lib/systemd/system-sleep/pmscope"
ok "the package installs the sleep hook, executable" test -x "$hook"
ok "the sleep hook calls /usr/bin/pmscope watch hook" grep -q '^/usr/bin/pmscope watch hook "$1" "$2"' "$hook"
ok "the sleep hook is inert without pmscope: exit 0" sh "$hook" pre suspend
ok "the man page is the project's" sh -c "zcat '$root/usr/share/man/man1/pmscope.1.gz' |
	cmp -s - '$top/man/pmscope.1'"
is "the completion loads and is bound to pmscope" \
	"$(bash -c ". '$root/usr/share/bash-completion/completions/pmscope'; complete -p pmscope")" \
	"complete -F _pmscope pmscope"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libtracefs libtracecmd libcairo2 libarchive; do
	ok "Depends names $lib (shlibs)" sh -c "echo '$depends' | grep -q '$lib'"
done

# The unpacked binary on a real QEMU capture: a boot and an S3 cycle whose
# resume phase the kernel itself measured at 977.620 ms.
bin="$root/usr/bin/pmscope"
is "the unpacked pmscope --version" "$("$bin" --version)" "pmscope $ver"
(cd "$root" && "$bin" analyze -j "$out/analyze.json" "$fixture") > "$out/analyze.txt" 2>&1
is "the unpacked pmscope analyze exits 0" "$?" 0
is "it finds both cycles" "$(head -n 1 "$out/analyze.txt")" \
	"pmscope $ver: 2 cycles, kernel 6.1.0-57-amd64"
is "the S3 cycle's resume phase is the kernel's 977.620 ms" \
	"$(awk '$1 == "resume" { print $3, $4 }' "$out/analyze.txt")" "977.620 977.620"
ok "its JSON report names schema pmscope/2" grep -q '"schema":"pmscope/2"' "$out/analyze.json"

is "the checkout is as it was (nothing built in it)" \
	"$(git -C "$top" status --porcelain 2>/dev/null)" "$before"
done_testing
