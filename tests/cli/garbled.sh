#!/bin/sh
# Lines a serial console or a paste garbled: what is still readable is
# read, and a callback whose return line is lost ends no later than its
# thread is seen running the next one (the kernel runs a thread's PM
# callbacks, and pid 1's initcalls, one at a time). Every pinned value was
# read off the fixtures by hand; line numbers are the files'.
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
q() { jq -r "$1" "$T/g.json"; }

# --- BeagleBone, serial capture, boot 1 (lines 131-807)
B=$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap
"$PMSCOPE" analyze -j "$T/g.json" "$B" > "$T/g.txt" 2>&1
# 241 "[    0.762715] calling  pm_init+0x0/0x78 @ 1"
# 242 "[    0.76 944] initcall pm_init+0x0/0x78 returned 0 after 0 usecs":
# the stamp is garbled, the words are whole: it returned 0 after 0 usecs
is "bbb: pm_init's return line with a garbled stamp is read" \
   "$(q '.cycles[0].callbacks[]|select(.device=="pm_init")|"\(.start_ns) \(.end_ns) \(.kernel_us) \(.ret) \(.unfinished)"')" \
   "762715000 762715000 0 0 false"
ok "bbb: no warning for pm_init" sh -c "! grep -q 'pm_init: no return line' '$T/g.txt'"
# 286 "[    1.036767] calling  ti_adpll_init+0x0/0x10 @ 1"
# 287 "[    1.041492]  nitcall ti_adpll_init+0x0/0x10 returned 0 ..." (lost 'i')
# 288 "[    1.048070] calling  genpd_bus_init+0x0/0xc @ 1": pid 1 went on
is "bbb: ti_adpll_init ends by genpd_bus_init's start, inferred" \
   "$(q '.cycles[0].callbacks[]|select(.device=="ti_adpll_init")|"\(.start_ns) \(.end_ns) \(.unfinished) \(.end_inferred) \(.kernel_us)"')" \
   "1036767000 1048070000 true true null"
is "bbb: the warning says so (11.303 ms = 1.048070 - 1.036767)" \
   "$(q "$FINDINGS"'findings|select(.sources[0].line==286)|"\(.severity): \(.text)"')" \
   "warning: ti_adpll_init: no return line (lost or garbled?); its thread 1 went on to genpd_bus_init (line 288): it ended within 11.303 ms"
# 526/527: "initcall lzo_mod_init+0x0/0x3c returned 0 after " and " usecs"
# on two lines, the figure lost; lzorle_mod_init starts at 2.643699 (529)
is "bbb: lzo_mod_init, its figure lost, ends by 2.643699" \
   "$(q '.cycles[0].callbacks[]|select(.device=="lzo_mod_init")|"\(.end_ns) \(.end_inferred)"')" "2643699000 true"
is "bbb: five initcalls end so, none of them with a length" \
   "$(q '[.cycles[0].callbacks[]|select(.end_inferred)|.device]|join(",")')" \
   "ti_adpll_init,omap3_l3_init,serial_base_init,pid_namespace_sysctl_init,lzo_mod_init"
# before: pm_init ran from 0.762715 to the boot's end, 3665.041 ms of the
# critical path; now no segment is longer than register_cpu_capacity_sysctl's
# 350 ms (its figure)
is "bbb: the critical path's longest run" \
   "$(q '[.cycles[0].phases[0].critical_path[]|select(.kind=="run")]|max_by(.end_ns - .start_ns)|"\(.device) \(.end_ns - .start_ns)"')" \
   "register_cpu_capacity_sysctl 350000000"
# (the boot that never ran /init is said in it: one failure, not two)
is "bbb: dquot_init (719, the board reset in it) is the one failure" \
   "$(q "$FINDINGS"'[findings|select(.severity=="failure")|.text]|join(";")')" \
   "dquot_init: kernel_init callback never returned; a new boot begins here, before the boot above ran /init"
ok "bbb text: no UNFINISHED callback listed" sh -c "! grep -q UNFINISHED '$T/g.txt'"

# --- Pixel 6, e-mail, cycle 3: line 1602 is a "calling" line cut short,
# garbled bytes (written "\FA\00" in the mail), and a whole record:
#   [ 7915.368122][T29333] eh 17100000.eh: PM: calling genpd_suspend_noirq
#   @ 29333, parent\FA\00[ 7915.551114][T29333] exynos-uart 10a00000.uart:
#   PM: platform_pm_resume returned 0 after 37 usecs
P=$F/kernel6.16-pixel6-arm64-deep-caller-email/message.eml
"$PMSCOPE" analyze -j "$T/g.json" "$P" > "$T/p.txt" 2>&1
is "pixel6: exit 1 still (eeprom@2 returned -16)" "$?" 1
is "pixel6: the glued record is read (7915.551114 - 37 us)" \
   "$(q '.cycles[2].callbacks[]|select(.line==1602 and .device=="10a00000.uart")|"\(.phase) \(.callback) \(.start_ns) \(.end_ns) \(.ret)"')" \
   "resume platform_pm_resume 7915551077000 7915551114000 0"
is "pixel6: a note says the log lost what came between" \
   "$(q "$FINDINGS"'[findings|select(.sources[0].line==1602 and .severity=="note")|.text]|first')" \
   "a record cut short and the next glued to it: the log lost what came between 7915.368122 and 7915.551114 s"
# thread 29333 went on to 10a00000.uart; the resume phase began before
# (7915.975914 less the kernel's 430.625 ms = 7915.545289): eh's noirq
# callback had ended by then, 177.167 ms after 7915.368122
is "pixel6: eh's suspend_noirq ends by the resume phase's start, inferred" \
   "$(q '.cycles[2].callbacks[]|select(.device=="17100000.eh" and .phase=="suspend_noirq")|"\(.start_ns) \(.end_ns) \(.unfinished) \(.end_inferred)"')" \
   "7915368122000 7915545289000 true true"
is "pixel6: a warning, not a failure: it returned, the log lost the line" \
   "$(q "$FINDINGS"'findings|select(.sources[0].line==1602 and .severity!="note")|"\(.severity): \(.text)"')" \
   "warning: 17100000.eh: no return line (lost or garbled?); its thread 29333 went on to 10a00000.uart (line 1602): it ended within 177.167 ms"
is "pixel6 text: a bound, not a length" \
   "$(grep -F '17100000.eh              eh           suspend_noirq' "$T/p.txt")" \
   "  17100000.eh              eh           suspend_noirq    <177.167  29333 sync NO RETURN LINE"
ok "pixel6 text: no off-path length for it" sh -c "! grep -q '17100000.eh -' '$T/p.txt'"
done_testing
