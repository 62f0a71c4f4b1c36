#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The report fuzzer's seeds (tests/fuzz/corpus/report/): analyze's JSON
# reports of a few fixture runs, each cycle cut to its first callbacks
# (their devices and phases kept) so that a seed is a few KB. Run from the
# top of the tree with a built pmscope: sh tests/fuzz/report_seeds.sh PMSCOPE
set -eu
P=$1
F=tests/fixtures
O=tests/fuzz/corpus/report
mkdir -p "$O"
seed() {	# NAME CALLBACKS INPUT...
	name=$1 ncb=$2
	shift 2
	"$P" analyze -q -j - "$@" 2> /dev/null |
		jq -c --argjson n "$ncb" '.cycles |= map(.callbacks |= .[:$n] |
			.phases |= map(.critical_path |= .[:4] | del(.threads, .off_path)) |
			.blocked |= .[:2]) |
		# only the devices the callbacks left name, renumbered
		. as $r | ([.cycles[].callbacks[].device_index] | unique) as $u |
		($u | to_entries | map({ key: (.value | tostring), value: .key }) | from_entries)
			as $m |
		.devices = [$u[] as $i | $r.devices[$i] | .parent_index = null] |
		.cycles |= map(.callbacks |= map(.device_index = $m[.device_index | tostring]))' \
		> "$O/$name.json"
}
seed surface-abort 20 $F/kernel5-surface-mwifiex-suspend-abort-kmsg-snippet/snippet.txt
seed freezer-fail 20 $F/kernel6.14-xps9360-freezer-fail-dmesg/*messages.txt
seed hang 20 $F/kernel6.15-qemu-s2idle-printk-caller-hang/hang.log
seed boot-callgraph 20 $F/kernel5.17-asus-f2a85m-boot-function_graph-abstime/ghes_init_trace.txt
seed boot-milestones 20 $F/kernel6.6-nanopi-r4s-arm64-boot-no-pm-dmesg/dmesg.log
seed nvme-excerpt 20 $F/kernel5.6-aws-c5-nvme-boot-excerpts-email/after.txt
seed oops 20 $F/kernel6.16-sc8280xp-arm64-s2idle-oops-snippet/console.txt
seed noirq-abort 20 $F/kernel6.18-rock5b-arm64-noirq-abort-email/console.txt
seed rzg3e-warn 30 $F/kernel6.18-rzg3e-arm64-pwm-resume-fail-newwarn-serial/console.txt
seed xps58-messages 12 $F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt
seed runfolder-trace 12 $F/pmscope-record-qemu-q35-s3-k6.1
