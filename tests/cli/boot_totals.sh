#!/bin/sh
# Boot totals (analysis/boottotals.c), each figure checked by hand against
# the log lines named; the kernel's clock starts at 0.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
bt() { jq -c "[.cycles[] | select(.mode == \"boot\")][${2:-0}].boot_totals |
	[.firmware_ns, .loader_ns, .fpdt_table, .kernel_ns, .free_initmem_from_0_ns,
	 .builtin_initcalls_ns, .init_to_last_initcall_ns, .builtin_initcalls,
	 .module_initcalls, .first_initcall, .last_builtin_initcall, .last_initcall]" "$1"; }

# q35 6.1: line 1774 "Freeing unused kernel image (initmem)" at 4.960263,
# line 1779 "Run /init" at 5.183499; line 103 con_init "@ 0" at 0.000000
# (0 usecs), line 1772 genpd_power_off_unused returned at 4.703052; line
# 2116 generic_driver_init returned at 11.087926: 11.087926 - 5.183499.
# No FPDT line (QEMU's firmware has none).
xz -dc "$F/qemu-q35-boot-medium/dmesg.txt.xz" > "$T/q35.txt"
"$PMSCOPE" analyze -q -j "$T/q.json" "$T/q35.txt"
is "q35: boot totals" "$(bt "$T/q.json")" \
   '[null,null,false,5183499000,4960263000,4703052000,5904427000,670,59,"con_init","genpd_power_off_unused","generic_driver_init"]'
"$PMSCOPE" analyze "$T/q35.txt" > "$T/q.txt"
is "q35: text says firmware and loader are not in the log" \
   "$(grep -c '^    firmware, loader *not in log$' "$T/q.txt")" 1
is "q35: the boot totals fit 80 columns" \
   "$(sed -n '/^  boot totals/,/^  phase/p' "$T/q.txt" | awk 'length > 80' | wc -l)" 0
is "q35: text, kernel to /init" \
   "$(grep '^    kernel to /init' "$T/q.txt" | tr -s ' ')" \
   ' kernel to /init 5183.499 ms to "Run /init as init process"'
is "q35: text, init memory freed" \
   "$(grep -c '^    init memory freed *4960.263 ms' "$T/q.txt")" 1
# bootgraph takes the last "Freeing unused kernel" line (1780, 4.971426)
is "q35: text, bootgraph's init start" \
   "$(grep -c "^    bootgraph's init start *4971.426 ms" "$T/q.txt")" 1
is "q35: text, /init to the last initcall" \
   "$(grep '^    /init to last initcall' "$T/q.txt" | tr -s ' ')" \
   ' /init to last initcall 5904.427 ms 59, the last generic_driver_init'

# 5.13 Latitude: line 57 "ACPI: FPDT 0x00000000D9EF9BA0" (the table, not
# its figures); line 1872 initmem freed at 0.371477 (line 1871 "Freeing
# unused decrypted memory" at 0.371100 is not it); line 1879 "Run /init"
# at 0.474494; con_init returned at 0.061257 after 0 usecs (line 210),
# regulator_init_complete at 0.370043 (line 1870): 0.370043 - 0.061257;
# crypto_ctr_module_init on 929 returned at 12.524834 (line 2483)
"$PMSCOPE" analyze -q -j "$T/l.json" "$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz"
is "5.13: boot totals" "$(bt "$T/l.json")" \
   '[null,null,true,474494000,371477000,308786000,12050340000,599,144,"con_init","regulator_init_complete","crypto_ctr_module_init"]'
# bootgraph.py on this log (tests/fixtures/.../SOURCE.md): "Init process
# starts @ 386 ms" (line 1875, the last "Freeing unused kernel image"),
# 599 kernel and 144 user initcalls
is "5.13: bootgraph's init start is the last Freeing line" \
   "$(jq '.cycles[0].boot_totals.bootgraph_init_ns' "$T/l.json")" 386003000

# 6.10 XPS: line 87 FPDT; line 2130 initmem freed at 0.425231, line 2134
# "Run /init" at 0.441792
"$PMSCOPE" analyze -q -j "$T/x.json" "$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
is "6.10: FPDT, kernel to /init, init memory freed" \
   "$(bt "$T/x.json" | jq -c '.[2:5]')" '[true,441792000,425231000]'
# the timelines' cycle line (HTML, SVG, PNG) says where the time went too
"$PMSCOPE" analyze -q --html "$T/x.html" --svg "$T/x.svg" "$F/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
is "6.10: the HTML's boot line: its headline to systemd on the root, kernel to /init and after" \
   "$(grep -c -F '"totals":"boot 8824.334 ms to systemd on the root, 1009 initcalls and probes; kernel to /init 441.792 ms, /init to systemd 8382.542 ms, /init to last initcall 16863.211 ms"' "$T/x.html")" 1
ok "6.10: so has the SVG's" grep -q -F 'kernel to /init 441.792 ms, /init to systemd 8382.542 ms, /init to last initcall 16863.211 ms' "$T/x.svg"
is "6.10: the s2idle cycle has no boot totals" \
   "$(jq -c '[.cycles[] | has("boot_totals")]' "$T/x.json")" '[true,false]'

# 6.13 BeagleBone, two boots in one capture: the first hung (no "Run
# /init"), the second ran /sbin/init at 13.331900 (line 2381) after
# freeing init memory at 13.325060 (line 2380); U-Boot prints no times
"$PMSCOPE" analyze -q -j "$T/b.json" "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap"
is "6.13: the hung boot has no kernel-to-init figure" \
   "$(bt "$T/b.json" 0 | jq -c '.[3:5] + .[6:7]')" '[null,null,null]'
is "6.13: the second boot ran /sbin/init" \
   "$(bt "$T/b.json" 1 | jq -c '.[2:5]')" '[false,13331900000,13325060000]'
# a span too long for its 39 columns: the last name is cut, not the
# count (the whole was cut from the left: "~con_init to of_platform...");
# it runs from con_init's calling line, 0.029598 (line 851): its figure,
# 10000 usecs, is a jiffy of HZ=100, 9.148 ms between its lines
"$PMSCOPE" analyze "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap" > "$T/b.txt"
is "6.13: the second boot's built-in initcalls keep their count in 80 columns" \
   "$(grep 'built-in initcalls .*13252.687' "$T/b.txt" | sed 's/  */ /g')" \
   " built-in initcalls 13252.687 ms 562, con_init to ~tform_sync_state_init"
is "6.13: the boot totals fit 80 columns" \
   "$(sed -n '/^  boot totals/,/^  phase/p' "$T/b.txt" | awk 'length > 80' | wc -l)" 0

# A trace alone has no "Run /init" line: no kernel-to-init figure; its
# line 13 con_init at 0.000000, line 1352 genpd_power_off_unused finished
# at 4.703082 (30 us after the log's return line: printk's delay)
xz -dc "$F/qemu-q35-boot-medium/trace.txt.xz" > "$T/trace.txt"
"$PMSCOPE" analyze -q -j "$T/t.json" "$T/trace.txt"
is "q35 trace: built-in initcalls as in the log, no /init" \
   "$(bt "$T/t.json" | jq -c '.[3:8]')" '[null,null,4703082000,null,670]'
# /init to systemd: "Run /init" to the banner of systemd on the real root.
sd() { jq -c "[.cycles[] | .boot_totals | select(.)][${2:-0}] |
	[.run_init_ns, .systemd_ns, .systemd_initrd_ns, .init_to_systemd_ns]" "$1"; }
# the text's "/init to systemd" row, blanks squeezed
sd_row() { "$PMSCOPE" analyze "$1" | grep '^    /init to systemd' | tr -s ' '; }
# 5.13 Latitude (Debian: initramfs-tools, no systemd in the initrd): line
# 1971 "systemd[1]: systemd 247.9-1 running in system mode." at 4.102888,
# 3.6 s after "Run /init" (line 1879, 0.474494)
is "5.13: /init to the root's systemd" "$(sd "$T/l.json")" \
   '[474494000,4102888000,null,3628394000]'
is "5.13: text, /init to systemd" \
   "$(sd_row "$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz")" \
   ' /init to systemd 3628.394 ms to the banner of systemd on the root'
# 6.10 XPS: line 2297's banner at 8.824334: 8.4 s in the initrd (line
# 2134, "Run /init" at 0.441792), the boot's longest part before udev's
# module initcalls end
is "6.10: /init to the root's systemd" "$(sd "$T/x.json")" \
   '[441792000,8824334000,null,8382542000]'
# 6.13 BeagleBone: /sbin/init is systemd itself (no initrd): its banner
# (line 2404, 15.638313) 2.3 s after the exec (13.331900); the hung boot
# before it has neither
is "6.13: /sbin/init to systemd's banner" "$(sd "$T/b.json" 1)" \
   '[13331900000,15638313000,null,2306413000]'
is "6.13: the hung boot has no systemd" "$(sd "$T/b.json" 0)" '[null,null,null,null]'
# 6.13 X13s (Fedora, systemd in the initrd): banner at 0.715057 (line
# 2918), "Running in initrd." (line 2920): the initrd's; the root's banner
# at 5.288895 (line 3852), after journald's SIGTERM at the switch (4.853313)
# and the SELinux policy load; "Run /init" at 0.690048 (line 2909)
xz -dc "$F/kernel6.13-thinkpad-x13s-arm64-boot-initcall/dmesg.txt.xz" > "$T/x13s.txt"
"$PMSCOPE" analyze -q -j "$T/s.json" "$T/x13s.txt"
is "X13s: the initrd's systemd and the root's" "$(sd "$T/s.json")" \
   '[690048000,5288895000,715057000,4598847000]'
is "X13s: text, /init to systemd with the initrd's" "$(sd_row "$T/x13s.txt")" \
   " /init to systemd 4598.847 ms to the root's systemd; initrd's 0.715 s"
"$PMSCOPE" analyze "$T/x13s.txt" > "$T/s.txt"
is "X13s: the boot totals fit 80 columns" \
   "$(sed -n '/^  boot totals/,/^  phase/p' "$T/s.txt" | awk 'length > 80' | wc -l)" 0
# a daemon-reexec later prints the banner again: the first root banner stays
{ cat "$T/x13s.txt"; sed -n '3852s/^\[    5.288895\]/[   21.000000]/p' "$T/x13s.txt"; } > "$T/reexec.txt"
"$PMSCOPE" analyze -q -j "$T/r.json" "$T/reexec.txt"
is "X13s: a banner again later does not move it" "$(sd "$T/r.json")" \
   '[690048000,5288895000,715057000,4598847000]'
# journalctl -k -o short-monotonic writes "host kernel: " before the
# kernel's lines and "host systemd[1]: " before systemd's: the same log in
# that form gives the same figure
zcat "$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz" |
	sed -E '/^\[ *[0-9.]+\] systemd\[1\]: /{s/^(\[ *[0-9.]+\]) /\1 ersatz /;b};s/^(\[ *[0-9.]+\]) /\1 ersatz kernel: /' > "$T/l-journal.txt"
is "journal form: the same line" "$(sed -n 1971p "$T/l-journal.txt" | cut -c1-62)" \
   '[    4.102888] ersatz systemd[1]: systemd 247.9-1 running in s'
"$PMSCOPE" analyze -q -j "$T/lj.json" "$T/l-journal.txt"
is "journal form: /init to the root's systemd" "$(sd "$T/lj.json")" \
   '[474494000,4102888000,null,3628394000]'
# the init the kernel ran, as the log names it: the BeagleBone's
# "Run /sbin/init as init process" (line 2381), no initramfs; the others
# ran the initramfs's /init
is "init_path: /sbin/init on the BeagleBone, /init on the 5.13" \
   "$(jq -c '[.cycles[].boot_totals.init_path]' "$T/b.json") $(jq -c '.cycles[0].boot_totals.init_path' "$T/l.json")" \
   '[null,"/sbin/init"] "/init"'
is "text: kernel to /sbin/init" "$(grep -c 'kernel to /init *13331.900 ms  to "Run /sbin/init as init process"$' "$T/b.txt")" 1
"$PMSCOPE" analyze -q --svg "$T/b.svg" "$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap"
is "svg: its milestone named so" "$(grep -c '>/sbin/init 13.332 s</text>' "$T/b.svg")" 1
done_testing
