#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Make sure Debian's packages that pmscope needs are there.
#   deps.sh build   libraries and tools to build
#   deps.sh test    also what the test suite uses
#   deps.sh vm      also what make check-vm uses (QEMU, busybox, cpio)
#   deps.sh deb     also what make check-deb uses (dpkg-buildpackage,
#                   debhelper, lintian)
# As root with apt-get, missing packages are installed; otherwise the
# exact install line is printed and the script fails.
set -u

what=${1:-build}
need=""
optional=""	# tried alone: a test says SKIP without them

have_pc() { pkg-config --exists "$1" 2>/dev/null; }
have_cmd() { command -v "$1" >/dev/null 2>&1; }

command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
have_cmd cc || need="$need gcc"
have_cmd make || need="$need make"
have_pc libtraceevent || need="$need libtraceevent-dev"
have_pc libtracefs || need="$need libtracefs-dev"
have_pc libtracecmd || need="$need libtracecmd-dev"
have_pc cairo || need="$need libcairo2-dev"
have_pc libarchive || need="$need libarchive-dev"
have_pc libxxhash || need="$need libxxhash-dev"
have_pc json-c || need="$need libjson-c-dev"
have_pc zlib || need="$need zlib1g-dev"
have_pc liblzma || need="$need liblzma-dev"
have_cmd xxd || need="$need xxd"
if [ "$what" = test ] || [ "$what" = vm ]; then
	have_pc cmocka || need="$need libcmocka-dev"
	have_cmd jq || need="$need jq"
	have_cmd xmllint || need="$need libxml2-utils"
	have_cmd chromium || need="$need chromium"
	have_cmd firefox-esr || need="$need firefox-esr"
	have_cmd mandoc || need="$need mandoc"
	have_cmd protoc || need="$need protobuf-compiler"
	have_cmd gzip || need="$need gzip"
	have_cmd xz || need="$need xz-utils"
	have_cmd zstd || need="$need zstd"
	# the rows in real databases (tests/cli/warehouse.sh): servers of the
	# test's own, started and stopped by it
	# KCIDB submissions against kcidb-io's schema (tests/cli/kcidb.sh)
	python3 -c 'import jsonschema' 2>/dev/null || need="$need python3-jsonschema"
	have_cmd sqlite3 || need="$need sqlite3"
	have_cmd envsubst || need="$need gettext-base"
	ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1 || need="$need postgresql"
	have_cmd clickhouse-server || optional="clickhouse-server clickhouse-client"
	# make check builds with clang too and runs the libFuzzer targets
	# briefly: clang's runtime libraries come in their own package.
	have_cmd clang || need="$need clang"
	rt=$(clang -print-runtime-dir 2>/dev/null)
	[ -n "$rt" ] && [ -f "$rt/libclang_rt.fuzzer-$(uname -m).a" ] || need="$need libclang-rt-dev"
fi

if [ "$what" = vm ]; then
	have_cmd qemu-system-x86_64 || need="$need qemu-system-x86"
	[ -x /bin/busybox ] && file -L /bin/busybox 2>/dev/null | grep -q static || need="$need busybox-static"
	have_cmd file || need="$need file"
	have_cmd cpio || need="$need cpio"
	have_cmd trace-cmd || need="$need trace-cmd"
fi

if [ "$what" = deb ]; then
	have_deb() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }
	have_cmd dpkg-buildpackage || need="$need dpkg-dev"
	have_deb build-essential || need="$need build-essential"
	have_cmd dh || need="$need debhelper"
	have_cmd lintian || need="$need lintian"
	have_cmd git || need="$need git"
fi

# Debian 12's ClickHouse (18.16): when it cannot be installed, the
# warehouse test skips it with a line saying so.
if [ -n "$optional" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq --no-install-recommends $optional; } >&2 ||
		echo "pmscope: could not install $optional: tests/cli/warehouse.sh skips ClickHouse" >&2
fi

[ -z "$need" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "pmscope: installing:$need" >&2
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq --no-install-recommends $need; } >&2 || {
		echo "pmscope: could not install:$need" >&2
		exit 1
	}
	exit 0
fi
echo "pmscope: missing packages. Install them with:" >&2
echo "  sudo apt-get install$need" >&2
exit 1
