#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fetch and unpack Debian's current kernel package (never installed):
#   tests/vm/kernel.sh CACHE_DIR [METAPACKAGE]
# METAPACKAGE: linux-image-amd64 (default, 6.1 on Debian 12) or e.g.
# linux-image-6.12-amd64.
# prints the unpacked root (CACHE_DIR/<package>/root, with boot/vmlinuz-*
# and lib/modules/*). The download is kept, so this runs once.
set -eu
cache=$1
meta=${2:-linux-image-amd64}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
# a metapackage: the real one is its dependency
pkg=$(apt-cache depends "$meta" 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | head -n 1)
if [ -z "$pkg" ]; then
	echo "kernel.sh: apt-cache knows no $meta (run apt-get update)" >&2
	exit 1
fi
dir=$cache/$pkg
if [ ! -e "$dir/.done" ]; then
	rm -rf "$dir"
	mkdir -p "$dir/deb"
	(cd "$dir/deb" && apt-get download -q "$pkg" >&2) || {
		echo "kernel.sh: apt-get download $pkg failed" >&2
		exit 1
	}
	dpkg-deb -x "$dir"/deb/*.deb "$dir/root"
	touch "$dir/.done"
fi
echo "$dir/root"
