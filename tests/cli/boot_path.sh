#!/bin/sh
# The boot critical path (analysis/bootpath.c): members pinned against the
# log lines, and the segments tile each phase.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
seg() { jq -c "[.cycles[] | select(.mode == \"boot\")][0].phases[] | select(.name == \"$2\") |
	.critical_path[] | select(.device == \"$3\") | [.kind, .start_ns, .end_ns, .pid, .inferred]" "$1"; }
tiles() { jq "[.cycles[] | select(.mode == \"boot\") | .phases[] | . as \$p |
	([.critical_path[] | .end_ns - .start_ns] | add) == (\$p.end_ns - \$p.start_ns)] | all" "$1"; }

xz -dc "$F/qemu-q35-boot-medium/dmesg.txt.xz" > "$T/q35.txt"
"$PMSCOPE" analyze -q -j "$T/q.json" "$T/q35.txt"
is "q35: the path tiles both phases" "$(tiles "$T/q.json")" true
# line 1259: crypto_kdf108_init returned at 3.551456 after 935416 usecs, on 1
is "q35: crypto_kdf108_init on the kernel_init path" \
   "$(seg "$T/q.json" kernel_init crypto_kdf108_init)" '["run",2616040000,3551456000,1,false]'
# line 1772: the last built-in initcall returned at 4.703052 after 78 usecs;
# line 1774 "Freeing unused kernel image (initmem)" at 4.960263 ends the
# phase: pid 1 out of initcalls for 257 ms (async_synchronize_full, freeing)
is "q35: genpd_power_off_unused is the last member before init memory is freed" \
   "$(jq -c '.cycles[0].phases[0].critical_path[-2:] | map([.kind, .device, .start_ns, .end_ns, .pid])' "$T/q.json")" \
   '[["run","genpd_power_off_unused",4702974000,4703052000,1],["gap",null,4703052000,4960263000,null]]'
# line 2116: the last module initcall, snd_hda_codec_generic's, on insmod 239
is "q35: user_init ends with generic_driver_init on 239" \
   "$(jq -c '.cycles[0].phases[1].critical_path[-1] | [.kind, .device, .start_ns, .end_ns, .pid]' "$T/q.json")" \
   '["run","generic_driver_init",11087504000,11087926000,239]'
"$PMSCOPE" analyze -n 3 "$T/q35.txt" > "$T/q.txt"
is "q35: the text report shows both boot paths" \
   "$(grep -c '^  critical path: \(kernel\|user\)_init' "$T/q.txt")" 2

# 5.13 Latitude: line 1870 regulator_init_complete (0 usecs) at 0.370043,
# line 1872 init memory freed at 0.371477; lines 2481 and 2483: ccm on 920
# and ctr on 929, the last module initcalls, 0 usecs each
L=$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz
"$PMSCOPE" analyze -q -j "$T/l.json" "$L"
is "5.13: the path tiles both phases" "$(tiles "$T/l.json")" true
is "5.13: kernel_init ends after regulator_init_complete" \
   "$(jq -c '.cycles[0].phases[0].critical_path[-2:] | map([.kind, .device, .end_ns])' "$T/l.json")" \
   '[["run","regulator_init_complete",370043000],["gap",null,371477000]]'
is "5.13: user_init ends with ccm on 920, then ctr on 929" \
   "$(jq -c '.cycles[0].phases[1].critical_path[-3:] | map([.kind, .device, .pid])' "$T/l.json")" \
   '[["run","crypto_ccm_module_init",920],["gap",null,null],["run","crypto_ctr_module_init",929]]'

# 6.10 XPS: line 2002 pid 1 calls init_encrypted, which asks for
# modules: modprobe 88 runs cryptd_init and aesni_init (lines 2003-2006)
# before init_encrypted returns at 0.376539 "after 9187 usecs" (line
# 2011), counted from aesni_init's calling line (0.367347): one start
# time for all threads. It runs from its own calling line, 14.277 ms.
# Before the clocksource switch the kernel's clock moves in jiffies:
# acpi_init's "120000 usecs" (lines 806 and 988, 118.729 ms apart) and
# pci_subsys_init's "28000" (lines 1096 and 1107, 26.036 ms) would start
# them before their calling lines, pci_subsys_init over acpi_init, which
# fell off the path; both run from their calling lines
X=$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt
"$PMSCOPE" analyze -q -j "$T/x.json" "$X"
is "6.10: the path tiles both phases" "$(tiles "$T/x.json")" true
is "6.10: acpi_init, pci_subsys_init and init_encrypted on pid 1's path" \
   "$(jq -c '[.cycles[] | select(.mode == "boot")][0].phases[0].critical_path |
	map(select(.device == "acpi_init" or .device == "pci_subsys_init" or
		   .device == "init_encrypted") | [.kind, .device, .start_ns, .end_ns, .pid])' "$T/x.json")" \
   '[["run","acpi_init",89112000,207841000,1],["run","pci_subsys_init",207901000,233937000,1],["run","init_encrypted",362262000,376539000,1]]'

# 6.13 BeagleBone, the hung boot: it stopped in dquot_init (line 719,
# 4.427756, the board reset after it), the path's last member. pm_init's
# return line 242 has a garbled stamp ("[    0.76 944]") and is read
# all the same: it is no 3665 ms run to the end of what was logged.
B=$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap
"$PMSCOPE" analyze -q -j "$T/b.json" "$B"
is "6.13 hung boot: dquot_init on 1 ends the path" \
   "$(jq -c '.cycles[0].phases[0] | [.end_ns, (.critical_path[-1] | [.kind, .device, .start_ns, .end_ns, .pid])]' "$T/b.json")" \
   '[4427756000,["run","dquot_init",4427756000,4427756000,1]]'
is "6.13 hung boot: no segment of the path is over 350 ms" \
   "$(jq '[.cycles[0].phases[0].critical_path[] | .end_ns - .start_ns | select(. > 350000000)] | length' "$T/b.json")" 0

# function_graph boot: the one initcall is the whole path
G=$F/kernel5.17-asus-f2a85m-boot-function_graph-abstime/ghes_init_trace.txt
"$PMSCOPE" analyze -q -j "$T/g.json" "$G"
is "ghes_init graph: the path is ghes_init" \
   "$(jq -c '.cycles[0].phases[0].critical_path | map([.kind, .device, .pid])' "$T/g.json")" '[["run","ghes_init",1]]'
# user_init's gaps in the text: user space, placed by systemd's banner on
# the root. XPS 6.10 (Run /init: an initramfs; banner at 8.824334):
# user_init from 0.425231 (line 2130); the probe of 1-5 returned at
# 1.772363 (line ~2189), journal_init [jbd2] called at 8.636295 (the
# log silent between): the initrd waiting, before systemd
"$PMSCOPE" analyze -c 1 "$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt" > "$T/x.txt"
is "6.10: the 6.9 s gap is the initrd's" \
   "$(grep -c '^      1347.132   6863.974  gap   user space: the initrd, before systemd$' "$T/x.txt")" 1
is "6.10: the last 5.8 s gap is systemd's on the root" \
   "$(grep -c '^     11094.605   5764.542  gap   user space: systemd on the root$' "$T/x.txt")" 1
is "6.10: no user_init gap is left unexplained" \
   "$(sed -n '/critical path: user_init/,/threads:/p' "$T/x.txt" | grep -c 'no callback or wait')" 0
# BeagleBone 6.13 (Run /sbin/init: no initramfs; systemd's banner at
# 15.638313 comes 2.3 s after the exec): user_init from 13.325060 (line
# 2380, init memory freed), the kernel's until "Run /sbin/init" at
# 13.331900 (line 2381), the first module initcall (autofs4, systemd's)
# at 14.248196: the kernel, then user space; the next gap, across the
# banner, systemd starting, then up
"$PMSCOPE" analyze "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap" > "$T/b.txt"
is "6.13: the first gap starts in the kernel, before /sbin/init" \
   "$(grep -c '^         0.000    928.780  gap   the kernel until /init, then user space$' "$T/b.txt")" 1
is "6.13: no initramfs: systemd starting, not an initrd" \
   "$(grep -c '^      1010.892  12508.467  gap   user space: systemd starting, then up$' "$T/b.txt")" 1
is "6.13: no initrd gap at all" "$(grep -c 'the initrd' "$T/b.txt")" 0
# X13s 6.13: init memory freed at 0.526751 (line 2907), then the kernel
# checks W+X mappings until 0.688336 (line 2908) and runs /init at
# 0.690048 (line 2909); fuse_init [fuse] is called at 1.006077 (line
# 2942): 163 ms of the first gap are the kernel's, not the initrd's
xz -dc "$F/kernel6.13-thinkpad-x13s-arm64-boot-initcall/dmesg.txt.xz" > "$T/s.txt"
"$PMSCOPE" analyze -q -j "$T/s.json" "$T/s.txt"
# The same in the JSON (critical_path[].why, critpath_gaps.c): the 6.9 s
# gap from 1.772363 (0.425231 + 1.347132) is the initrd's, the last
# from 11.519836 systemd's; the BeagleBone's first, systemd starting
gap_why() { jq -c --argjson t "$3" "[.cycles[] | select(.mode == \"boot\")][$2].phases[] |
	select(.name == \"user_init\") | .critical_path[] | select(.start_ns == \$t) | [.kind, .why]" "$1"; }
is "6.10 json: the 6.9 s gap is the initrd's" "$(gap_why "$T/x.json" 0 1772363000)" '["gap","initrd"]'
is "6.10 json: the last gap systemd's" "$(gap_why "$T/x.json" 0 11519836000)" '["gap","systemd"]'
is "6.13 json: the first gap, the kernel then systemd starting" "$(gap_why "$T/b.json" 1 13325060000)" \
   '["gap","kernel_then_user_space"]'
is "X13s json: the first gap, the kernel then the initrd" "$(gap_why "$T/s.json" 0 526751000)" \
   '["gap","kernel_then_user_space"]'
is "X13s json: the gap after fuse_init, the initrd's" "$(gap_why "$T/s.json" 0 1007057000)" '["gap","initrd"]'
is "6.10 json: the first gap, from 0.425231 to after /init at 0.441792" \
   "$(gap_why "$T/x.json" 0 425231000)" '["gap","kernel_then_user_space"]'
# every gap has a why, no run or wait has one, on every boot and suspend
for j in "$T/x.json" "$T/b.json" "$T/q.json" "$T/s.json"; do
	is "$(basename "$j"): a why for each gap, none for the rest" \
	   "$(jq '[.cycles[].phases[].critical_path[]? | (.kind == "gap") == (.why != null)] | all' "$j")" true
done
# a banner before "Run /init" is no root systemd's: the 5.13 Latitude's
# banner (line 1971) copied before line 1879 at 0.474000: no total, and
# no gap after /init put to systemd
zcat "$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz" |
	awk 'NR == 1971 { b = $0 } { l[NR] = $0 } END { for (i = 1; i <= NR; i++) {
		if (i == 1879) { sub(/^\[ *[0-9.]*\]/, "[    0.474000]", b); print b }
		print l[i] } }' > "$T/early.txt"
"$PMSCOPE" analyze -q -j "$T/early.json" "$T/early.txt"
is "early banner: no /init to systemd" "$(jq '.cycles[0].boot_totals.init_to_systemd_ns' "$T/early.json")" null
is "early banner: no gap is systemd's" \
   "$(jq '[.cycles[0].phases[].critical_path[] | select(.why == "systemd")] | length' "$T/early.json")" 0
done_testing
