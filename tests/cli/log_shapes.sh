#!/bin/sh
# The shapes a person reads a kernel log in easily and pmscope once did not
# (issue 36): non-breaking spaces from mail, excerpts out of time order,
# journal variants, a boot console's replay, lines a mail hard-wrapped,
# logs without stamps. Each fixture is a real log from a mailing list; its
# SOURCE.md says what a person reads in it, and every value pinned here was
# read off the file by hand (line numbers are the files', figures the
# kernel's own words).
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
q() { jq -r "$1" "$T/s.json"; }
run() { "$PMSCOPE" analyze -j "$T/s.json" "$1" > "$T/s.txt" 2>&1; }
# the cycles of the log @1 as the jq filter @2 gives them (their first
# and last lines when none)
shape() { "$PMSCOPE" analyze -q -j - "$1" 2> /dev/null | jq -c "${2:-[.cycles[] | [.first_line, .last_line]]}"; }
# every phase of every cycle: none of negative length, none starting
# before the one before it ends by more than 10 us
phases_sane() {
	jq -e '[.cycles[] | [.phases[] | select(.start_ns != null and .end_ns != null)] |
		(.[] | select(.end_ns < .start_ns)),
		(range(1; length) as $i | select(.[$i - 1].end_ns - .[$i].start_ns > 10000))] |
		length == 0' "$T/s.json"
}

# --- non-breaking spaces: an ASUS Zenbook's s2idle cycle, every stamp
# "[NBSP NBSP 55.646109]", lines wrapped at 72 columns
run "$F/kernel5.3-zenbook-ux430-s2idle-nbsp-email/message.txt"
is "zenbook: one s2idle cycle, lines 84-147, completed" \
   "$(q '[.cycles[]|"\(.mode) \(.first_line)-\(.last_line) \(.completed) \(.aborted)"]|join(";")')" \
   "s2idle 84-147 true false"
is "zenbook: the kernel's phase figures, exact (lines 100-140)" \
   "$(q '[.cycles[0].phases[]|select(.kernel_ms!=null)|"\(.name)=\(.kernel_ms)"]|join(" ")')" \
   "suspend=371.285 suspend_late=19.477 suspend_noirq=45.205 resume_noirq=142.668 resume_early=1.773 resume=432.157"
is "zenbook: verdict ok, nothing refused" "$(q '"\(.verdict) \(.counts.warning)"')" "ok 0"
ok "zenbook: phases in order" phases_sane

# --- the same, quoted, wrapped, caller ids "[NBSP NBSP T39]", and two
# excerpts out of time order (674 s, then 297 s)
run "$F/kernel6.15-qemu-x86-s2idle-usbip-excerpts-nbsp-email/message.txt"
# (the first ends at its own last stamped line, 260, not at the second's first)
is "usbip: two cycles, the second starting where the clock goes back (line 271)" \
   "$(q '[.cycles[]|"\(.first_line)-\(.last_line) completed=\(.completed) aborted=\(.aborted)"]|join(";")')" \
   "248-260 completed=false aborted=false;271-298 completed=false aborted=true"
is "usbip: 10 callbacks, 4 and 6" "$(q '[.cycles[]|.callbacks|length]|join(",")')" "4,6"
is "usbip: the first is an excerpt (a note), not a failure" \
   "$(q '[.cycles[0].findings[]|"\(.code) \(.severity)"]|join(";")')" \
   "phases-inferred note;excerpt note"
is "usbip: the kernel's figures across the wraps (lines 248-249, 258-259, 273-274, 285-286)" \
   "$(q '[.cycles[].callbacks[]|select(.kernel_us!=null)|"\(.device):\(.callback)=\(.kernel_us)"]|join(" ")')" \
   "0000:00:01.0:pci_pm_suspend_noirq=304 usb4:usb_dev_resume=21110 4-1:usb_dev_suspend=13214 usb4:usb_dev_suspend=30 vhci_hcd.0:platform_pm_suspend=1341 usb3:usb_dev_resume=19 usb4:usb_dev_resume=22911"
is "usbip: vhci_hcd.0's -16 in suspend, and the abort (lines 283-292)" \
   "$(q "$FINDINGS"'[findings|select(.cycle==2 and .severity=="failure")|.code]|join(",")')" \
   "device-failed,aborted,hung"
ok "usbip: phases in order" phases_sane

# --- two pastes out of time order: a Jetson AGX Xavier's bad case (477 s,
# cut by its sender) then its good case (28 s, another boot); before, one
# cycle whose thaw_processes ran 448187 ms
run "$F/kernel6.14-jetson-xavier-arm64-deep-two-pastes-email/message.txt"
# (the first ends at its paste's last stamped line, 135); a third paste
# (198-208, "when it does [work] I see ...") is a resume's tail, from
# its first line to "PM: suspend exit": a cycle whose start it lost
is "xavier: two deep cycles, the second from line 148, and a resume's tail" \
   "$(q '[.cycles[]|"\(.mode_label) \(.first_line)-\(.last_line) \(.completed)"]|join(";")')" \
   "deep 66-135 false;deep 148-174 true;null 198-208 true"
# its paste shows its entry and ends inside it, as a log the suspend hung
# in does: incomplete, as where the log ends (it was an excerpt note,
# which a journal of a hang and the next boot turned into a false ok)
is "xavier: the bad case did not complete, a failure" \
   "$(q "$FINDINGS"'[findings|"\(.severity):\(.code)"]|sort|join(",")')" \
   "failure:incomplete,note:note,note:note"
is "xavier: the good case, 28.548472 to 29.306981 s to 29.321404 s" \
   "$(q '.cycles[1]|"\(.start_ns) \(.end_ns)"')" "28548472000 29321404000"
ok "xavier: phases in order" phases_sane
is "xavier: no cycle longer than its paste (before: 448 s of thaw_processes)" \
   "$(q '[.cycles[]|select(.end_ns - .start_ns > 2000000000)]|length')" 0
is "xavier: the steps back are said, with their lines" \
   "$(q '[.findings[]|select(.code=="note")|.sources[0].line]|join(",")')" "34,148"

# --- journal: '[ts] kernel: msg' (short-monotonic, --no-hostname)
run "$F/kernel6.18-elitebook8g1a-amd-s2idle-journal-nohost-email/kernel.log.xz"
is "elitebook: the kernel's version from 'kernel: Linux version'" "$(q '.facts.kernel')" "6.18-amd64"
is "elitebook: its boot (its milestones, 1-1269), one s2idle cycle, lines 1324-1382, completed, 17.36 s" \
   "$(q '[.cycles[]|"\(.mode) \(.first_line)-\(.last_line) \(.completed)"+(if .mode=="boot" then "" else " \(.end_ns - .start_ns)" end)]|join(";")')" \
   "boot 1-1269 true;s2idle 1324-1382 true 17360865000"

# --- journal: an Italian month ("set 01 21:34:54 tricky kernel: ..."),
# no kernel stamps; the freezer gives up after 20 s
run "$F/kernel5.4-thinkpad-dock-mem-freezer-fail-journal-it-email/message.txt"
is "thinkpad: one deep cycle, aborted by the freezer (line 70)" \
   "$(q '[.cycles[]|"\(.mode_label) \(.first_line) \(.aborted)"]|join(";")')" "deep 63 true"
# (the task hung two minutes before it, line 26, is why: the kernel's
# "blocked for more than 120 seconds" is a failure of its own)
is "thinkpad: the failures: the hung task before the cycle, the freezer's" \
   "$(q "$FINDINGS"'[findings|select(.severity=="failure")|"\(.code) \(.sources[0].line)"]|join(";")')" \
   "alarm-outside-cycle 26;aborted 70"
is "thinkpad: the missing stamps are said" \
   "$(q "$FINDINGS"'[findings|select(.code=="timing")]|length')" 1

# --- journal: user space's own stamps are no kernel's
run "$F/kernel6.13-omnibook14-amd-s2idle-journal-userspace-email/journal.txt.xz"
is "omnibook: no line refused (before: 291 'time stamp beyond 100000000 s')" \
   "$(q "$FINDINGS"'[findings|select(.code=="lines-refused")]|length')" 0
is "omnibook: two s2idle cycles, a WARN() in each (lines 4477, 5303)" \
   "$(q "$FINDINGS"'[findings|select(.code=="kernel-warning")|"\(.cycle):\(.sources[0].line)"]|join(",")')" \
   "1:4477,2:5303"
is "omnibook: the cycles' lines" "$(q '[.cycles[]|"\(.mode) \(.first_line)-\(.last_line)"]|join(";")')" \
   "s2idle 4204-4633;s2idle 5059-5463"

# --- a boot console's hand-over replays the log from its start (Jetson
# TX2, lines 127-206 are lines 47-126 again): one boot, read once
run "$F/kernel6.14-jetson-tx2-arm64-deep-bootcon-replay-serial/t186-uart_log-20250214.txt"
is "tx2: the replay is said at its first line, 127, and nothing else" \
   "$(q "$FINDINGS"'[findings|select(.code=="note")|"\(.sources[0].line) \(.text|test("hand-over"))"]|join(",")')" \
   "127 true"
is "tx2: one boot (48 'Linux version' to 680 systemd), the deep cycle after it (923-1222)" \
   "$(q '[.cycles[]|"\(.mode_label) \(.first_line)-\(.last_line) \(.completed)"]|join(";")')" \
   "boot 48-680 true;deep 923-1222 true"
# The BeagleBone's serial boot (initcall_debug), its second boot (lines
# 806-), as the kernel prints it when the console it hands over to at line
# 2279 is not the preferred one: lines 806-2280 again after 2280. Before,
# a second boot, a boot-cut warning and a false hang of the first.
BB=$F/kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap
{ sed -n 806,2280p "$BB"; sed -n '806,$p' "$BB"; } > "$T/replay.cap"
{ sed -n '806,$p' "$BB"; } > "$T/once.cap"
"$PMSCOPE" analyze -j "$T/once.json" "$T/once.cap" > /dev/null 2>&1
run "$T/replay.cap"
is "bbb replayed: one boot, as without the replay" \
   "$(q '[.cycles[]|"\(.mode) \(.callbacks|length)"]|join(";")')" \
   "$(jq -r '[.cycles[]|"\(.mode) \(.callbacks|length)"]|join(";")' "$T/once.json")"
is "bbb replayed: no failure, no boot-cut" \
   "$(q "$FINDINGS"'[findings|select(.code=="hung" or .code=="boot-cut")]|length')" 0

# --- a pm_print_times log hard-wrapped at 72 columns (ThinkBook 13s-IWL):
# 353 callbacks, not 23
run "$F/kernel5.16-thinkbook13s-deep-pmprint-wrapped-email/message.txt"
is "thinkbook: 353 callbacks, by phase as counted between the phase lines" \
   "$(q '.cycles[0].callbacks|group_by(.phase)|map("\(.[0].phase)=\(length)")|join(" ")')" \
   "resume=103 resume_early=32 resume_noirq=33 suspend=121 suspend_late=32 suspend_noirq=32"
is "thinkbook: every callback returned" "$(q '[.cycles[0].callbacks[]|select(.unfinished)]|length')" 0
is "thinkbook: snd_hda_intel's pci_pm_suspend, lines 87-88, 34008 usecs" \
   "$(q '.cycles[0].callbacks[]|select(.device=="0000:00:1f.3" and .phase=="suspend")|"\(.kernel_us) \(.line)"')" \
   "34008 85"
is "thinkbook: no no-return warning (before: 17)" \
   "$(q "$FINDINGS"'[findings|select(.code=="no-return")]|length')" 0
is "thinkbook: the join is said once, at the first (13-14)" \
   "$(q "$FINDINGS"'[findings|select(.code=="note")|.sources[0].line]|join(",")')" 13
ok "thinkbook: phases in order" phases_sane

# --- no stamps at all (dmesg -t): hibernation's freeze and thaw of two
# xHCI controllers; each callback's figure is the kernel's
run "$F/kernel5-chromebook-x86-hibernate-xhci-nostamp-email/message.txt"
is "xhci: 8 callbacks with the kernel's figures (lines 44-80)" \
   "$(q '[.cycles[].callbacks[]|"\(.device):\(.callback)=\(.kernel_us)"]|join(" ")')" \
   "0000:00:0d.0:pci_pm_freeze=196000 0000:00:14.0:pci_pm_freeze=0 0000:00:0d.0:pci_pm_freeze_noirq=30 0000:00:14.0:pci_pm_freeze_noirq=3118 0000:00:14.0:pci_pm_thaw_noirq=5272 0000:00:0d.0:pci_pm_thaw_noirq=623 0000:00:14.0:pci_pm_thaw=0 0000:00:0d.0:pci_pm_thaw=0"
# (200.704 ms: without "PM: " in its lines the kernel is taken for one
# before 5.14, whose "usecs" were ns >> 10)
ok "xhci: the slowest is 0000:00:0d.0's freeze" \
   grep -q "^  0000:00:0d.0 *xhci_hcd *suspend *200.704 " "$T/s.txt"
is "xhci: what the log cannot give is said" \
   "$(q "$FINDINGS"'[findings|select(.code=="timing")|.severity]|join(",")')" note
is "xhci: no failure" "$(q '.counts.failure')" 0

# --- no stamps and hard-wrapped: an Exynos5433's PCIe (dmesg | grep pci)
run "$F/kernel5.10-exynos5433-arm64-mem-pcie-nostamp-wrapped-email/message.txt"
is "exynos: 20 callbacks, every one returned" \
   "$(q '"\(.cycles[0].callbacks|length) \([.cycles[0].callbacks[]|select(.unfinished)]|length)"')" "20 0"
is "exynos: the kernel's figures across the wraps (lines 74-77, 86-90, 95-98)" \
   "$(q '[.cycles[0].callbacks[]|select(.kernel_us > 20000)|"\(.device):\(.callback)=\(.kernel_us)"]|join(" ")')" \
   "0000:01:00.0:pci_pm_suspend_noirq=24272 15700000.pcie:exynos_pcie_resume_noirq=91433 0000:01:00.0:pci_pm_resume_noirq=25470"
is "exynos: each callback's parent, which the wraps cut off" \
   "$(q '[.cycles[0].callbacks[]|select(.parent==null)]|length')" 0

# "dmesg | grep s2idle": entry lines alone, each its own suspend (the
# Dell Precision of tests/fixtures/corpus/ has seven); a cycle has one
# "suspend entry (...)" line. Android prints a second, "suspend entry
# <date> UTC", in the same cycle (the Pixel 6: golden_dmesg.sh).
printf '%s\n' '[  117.934504] PM: suspend entry (s2idle)' \
	'[  127.141741] PM: suspend entry (s2idle)' \
	'[  131.299554] PM: suspend entry (s2idle)' > "$T/grep.txt"
is "three grepped entry lines: three cycles, none completed" \
   "$(shape "$T/grep.txt" '[.cycles[] | [.first_line, .completed]]')" '[[1,false],[2,false],[3,false]]'
printf '%s\n' '[ 1505.314441] PM: suspend entry (deep)' \
	'[ 1505.326294] PM: suspend entry 2025-07-10 01:19:52.487634359 UTC' \
	'[ 1505.400000] PM: suspend exit' > "$T/marker.txt"
is "an entry line and Android's dated marker: one cycle" \
   "$(shape "$T/marker.txt" '[.cycles[] | [.first_line, .last_line, .mode_label]]')" '[[1,3,"deep"]]'
# CONFIG_PM_TEST_SUSPEND's "PM: suspend devices took 0.048 seconds" (prepare
# and suspend, in jiffies) and "resume devices took 0.260 seconds": the
# kernel's own figures, said (the i.MX8MP of tests/fixtures/corpus/, 31, 56)
"$PMSCOPE" analyze -q -j "$T/imx.json" \
	"$F/corpus/kernel6.18-imx8mp-evk-arm64-deep-enter-fails-pmdebug-took-serial-email/message.txt" 2> /dev/null
is "i.MX8MP: the kernel's two 'devices took' figures said, at their lines" \
   "$(jq -c '[.cycles[].findings[] | select(.text | contains("in jiffies")) | [.sources[0].line, (.text | sub(".*took "; ""))]]' "$T/imx.json")" \
   '[[31,"0.048 seconds"],[56,"0.260 seconds"]]'
# --- a line pasted twice: the am335x mail repeats line 60 ("[ 122.742365]
# PM: suspend of devices complete ...") at 84, after its cycle's exit;
# it was read as a cycle of its own (an excerpt, 84-100)
run "$F/corpus/kernel5.8-rc5-am335x-am437x-arm32-deep-quoted-dropped-email/message.txt"
is "am335x: two cycles, the repeated line in neither" \
   "$(q '[.cycles[]|"\(.first_line)-\(.last_line)"]|join(";")')" "48-81;100-150"
is "am335x: the repeat said, at its line" \
   "$(q "$FINDINGS"'[findings|select(.text|test("repeats"))|"\(.sources[0].line) \(.text)"]|join(";")')" \
   "84 line 84 repeats line 60 (stamp and words): passed over"
# --- a paste's mark of lines left out: in a cycle the kernel backed out
# of, lines a minute on are another attempt's (the Lenovo 81EU mail's
# "... etc ...", corpus.sh); the same mark a few ms into the back-out
# (the RZ/G3E's "...") leaves one cycle
for gap in 0.002 360.0; do
	awk -v g="$gap" 'BEGIN {
		printf "[  100.000000] PM: suspend entry (deep)\n"
		printf "[  120.000000] Freezing of tasks failed after 20.005 seconds (1 tasks refusing to freeze, wq_busy=0):\n"
		printf "[  120.000100] Call Trace:\n\n... etc ...\n\n"
		printf "[%12.6f]  rewind_stack_do_exit+0x17/0x20\n", 120.0001 + g
		printf "[%12.6f] OOM killer enabled.\n", 120.0002 + g
		printf "[%12.6f] Restarting tasks ... done.\n", 120.0003 + g
		printf "[%12.6f] PM: suspend exit\n", 120.0004 + g }' > "$T/etc.txt"
	eval "etc_$(echo "$gap" | tr -d .)=\$(shape \"\$T/etc.txt\" '[.cycles[] | [.first_line, .last_line, .aborted]]')"
done
is "lines left out, then 6 minutes on: two pieces, both aborted (a task's frame right before the second's thaw)" \
   "$etc_3600" '[[1,3,true],[7,10,true]]'
is "lines left out, 2 ms on: one cycle" "$etc_0002" '[[1,10,true]]'
# ... a thaw after a WARN's report (its "---[ end trace" last) or after a
# line of no trace opens a cycle the kernel did not back out of
for end in ' ---[ end trace 0000000000000000 ]---' ' usb 1-1: reset high-speed USB device'; do
	printf '%s\n' '[  480.000000]  rewind_stack_do_exit+0x17/0x20' "[  480.000050]$end" \
		'[  480.000100] OOM killer enabled.' '[  480.000200] Restarting tasks ... done.' \
		'[  480.000300] PM: suspend exit' > "$T/thaw.txt"
	is "a thaw after \"${end# }\": not backed out" \
	   "$(shape "$T/thaw.txt" '[.cycles[].aborted]')" '[false]'
done
printf '%s\n' '[  480.000000]  rewind_stack_do_exit+0x17/0x20' '[  480.000100] OOM killer enabled.' \
	'[  480.000200] Restarting tasks ... done.' > "$T/thaw.txt"
is "a thaw right after a task's frame: the freezer's dump, backed out, said at the frame" \
   "$(shape "$T/thaw.txt" '[.cycles[] | [.aborted, [.findings[] | select(.code == "aborted") | .sources[0].line]]]')" \
   '[[true,[1]]]'
# --- a log without stamps pasted between a mail's ``` fences: every line
# in them is the kernel's (the Genio's driver lines, corpus.sh), and a
# cycle whose start the paste lost begins at the paste's first line
printf '%s\n' 'The resume fails:' '```' \
	'mtk-pcie-gen3 112f0000.pcie: PCIe link down, current LTSSM state:' \
	'mtk-pcie-gen3 112f0000.pcie: PM: failed to resume noirq: error -110' \
	'dwmac4: Master AXI performs any burst length' \
	'SVSB_GPU_LOW: svs_init02_isr_handler: VOP74' '```' 'Thanks,' > "$T/fence.txt"
is "fenced paste: its cycle runs from its first line to its last" \
   "$(shape "$T/fence.txt")" '[[3,6]]'
sed '/```/d' "$T/fence.txt" > "$T/nofence.txt"
is "the same without fences: only its PM line is the kernel's" \
   "$(shape "$T/nofence.txt")" '[[3,3]]'
# --- a log without stamps the mail indented, shown as a diff of two logs
# (Geert's Salvator-XS, corpus.sh): a run of indented lines with two
# kernel lines is a paste, '+' comes off its added lines, its removed
# ('-') lines are the other log's; a paste that says a device's failure
# of the one before again (once a phase a cycle) is another cycle's, the
# one before an excerpt its author cut
printf '%s\n' 'It fails:' '' '    s2idle:' '' \
	'         Freezing user space processes' \
	'        +pca953x 4-0020: PM: failed to resume async noirq: error -16' '' \
	'    s2ram:' '' '         CPU7 is up' \
	'        +pca953x 4-0020: PM: failed to resume async noirq: error -110' \
	'        -PM: suspend exit' '         ...' '         PM: suspend exit' > "$T/diff.txt"
is "indented diff: two pastes, the first cut by its author, '-' not read" \
   "$(shape "$T/diff.txt" '[.cycles[] | [.first_line, .last_line, .completed, ([.findings[].code] | sort)]]')" \
   '[[5,6,false,["device-failed","excerpt"]],[10,14,true,["device-failed","note"]]]'
sed 's/^ *[+ ]//' "$T/diff.txt" > "$T/flat.txt"
is "the same flush left, no paste told apart: one cycle" \
   "$(shape "$T/flat.txt")" '[[5,14]]'
sed '/Freezing/d' "$T/diff.txt" > "$T/nofreeze.txt"
is "... and without a line that opens a cycle: still two" \
   "$(shape "$T/nofreeze.txt" '[.cycles[] | [.first_line, .last_line, .completed]]')" \
   '[[5,5,false],[9,13,true]]'
# ... a diff's removed lines come first in a hunk: its added lines say
# it is one, indented or between fences (each line after its mark)
printf '%s\n' 'Diff:' '' '         PM: suspend entry (s2idle)' '         Filesystems sync: 0.003 seconds' \
	'        -pca953x 4-0020: PM: dpm_run_callback(): pca953x_resume+0x0/0x160 returns -5' \
	'        -pca953x 4-0020: PM: failed to resume: error -5' '        +pca953x 4-0020: resumed fine' \
	'         Restarting tasks ... done.' '         PM: suspend exit' > "$T/minus.txt"
{ echo 'Diff:'; echo '```'; sed -n '3,9p' "$T/minus.txt" | sed 's/^        //'; echo '```'; } > "$T/minusfenced.txt"
for f in minus minusfenced; do
	is "$f: the removed failure is the other log's" \
	   "$(shape "$T/$f.txt" '[.cycles[] | [.mode, .completed, [.findings[] | select(.severity != "note") | .code]]]')" \
	   '[["s2idle",true,[]]]'
done
# ... one hang split in two paragraphs stays one cycle and a hang (a
# paste that says nothing again is no other cycle's), as it does when
# the second paste is the boot after it
printf '%s\n' 'Suspend hangs:' '' '    PM: suspend entry (deep)' '    Freezing user space processes' '' \
	'    ACPI: PM: Preparing to enter system sleep state S3' '    PM: Saving platform NVS memory' \
	> "$T/split.txt"
is "a hang in two paragraphs: one cycle, incomplete" \
   "$(shape "$T/split.txt" '[.cycles[] | [.first_line, .last_line, [.findings[].code | select(. != "timing")]]]')" \
   '[[3,7,["incomplete"]]]'
printf '%s\n' 'The second paste is after the hang:' '' '    PM: suspend entry (deep)' \
	'    Freezing user space processes' '' '    After the forced reboot:' \
	'    Linux version 6.12.0 (gcc)' '    Booting Linux on physical CPU 0x0' > "$T/hangpaste.txt"
is "a paste of a boot after a suspend's: still a hang" \
   "$(shape "$T/hangpaste.txt" '[.cycles[] | select(.mode != "boot") | [.first_line, [.findings[].code | select(. != "timing")]]]')" \
   '[[3,["incomplete"]]]'
# ... a kernel line quoted alone in prose is no paste, and a stamped log
# after it is read as it is (one cycle, its failure once)
printf '%s\n' 'It says' '' '    pca953x 4-0020: PM: failed to resume async noirq: error -16' '' \
	'[   34.457478] PM: suspend entry (deep)' \
	'[   34.500000] pca953x 4-0020: PM: failed to resume async noirq: error -16' \
	'[   34.600000] PM: suspend exit' > "$T/quoted.txt"
is "one indented kernel line in prose: not read" \
   "$(shape "$T/quoted.txt" '[.cycles[] | [.first_line, .last_line, [.findings[].code]]]')" \
   '[[5,7,["device-failed"]]]'
printf '%s\n' 'Before it:' '    CPU7 is up' '    i2c-rcar e66d8000.i2c: error -16' \
	'pca953x 4-0020: PM: failed to resume async noirq: error -16' > "$T/prose.txt"
is "an indented run without kernel lines is no paste" \
   "$(shape "$T/prose.txt")" '[[4,4]]'
sed 's/^pca953x/    pca953x/; s/^    i2c-rcar.*/    pca953x 4-0020: PM: dpm_run_callback(): pca953x_resume_noirq returns -16/' \
	"$T/prose.txt" > "$T/paste.txt"
is "... one with two is, from its first line" \
   "$(shape "$T/paste.txt")" '[[2,4]]'
printf '%s\n' 'Then:' '    root@board:~# echo mem > /sys/power/state' '    PM: suspend entry (deep)' \
	'    Freezing user space processes' '    -sh: echo: write error: Operation not supported' \
	> "$T/shell.txt"
is "a shell's error in an indented paste: no diff, the write failed" \
   "$(shape "$T/shell.txt" '[.cycles[] | [.aborted, [.findings[] | select(.text | test("diff")) | .code]]]')" \
   '[[true,[]]]'
# ... a grep of a hibernation's lines steps back to the boot kernel's
# clock at once and comes back to the image's: its restore
printf '%s\n' '[   46.925332] PM: hibernation: hibernation entry' \
	'[    0.073695] PM: hibernation: Registered nosave memory: [mem 0x00000000-0x00000fff]' \
	'[    4.200000] PM: Image successfully loaded' \
	'[   47.500000] PM: hibernation: hibernation exit' > "$T/hibgrep.txt"
is "a grep of a hibernation and its restore: one cycle, completed" \
   "$(shape "$T/hibgrep.txt" '[.cycles[] | [.first_line, .last_line, .completed]]')" '[[1,4,true]]'
# --- a step back inside a hibernation: its image's restore (the boot
# kernel's clock from 0) once it got past its first line; before, no
# image was written, and it is another excerpt (the Fedora mac, corpus.sh)
printf '%s\n' '[   46.925332] PM: hibernation: hibernation entry' \
	'[    0.073695] PM: hibernation: Registered nosave memory: [mem 0x00000000-0x00000fff]' > "$T/hib1.txt"
printf '%s\n' '[   46.925332] PM: hibernation: hibernation entry' \
	'[   46.930000] Freezing user space processes ... (elapsed 0.001 seconds) done.' \
	'[    0.073695] PM: hibernation: Registered nosave memory: [mem 0x00000000-0x00000fff]' > "$T/hib2.txt"
is "a step back after a hibernation's entry alone: another excerpt" "$(shape "$T/hib1.txt")" '[[1,1]]'
is "... after its freezing: the image's restore, the same cycle" "$(shape "$T/hib2.txt")" '[[1,3]]'
# --- a journal's user space after a mark, in a cycle that froze it: the
# paste left out the cycle's rest (the XPS 9360, corpus.sh); without one
# after the mark the cycle stays one that never finished
printf '%s\n' 'Feb 10 01:12:37 abreu kernel: PM: suspend entry (deep)' \
	'Feb 10 08:06:42 abreu kernel: Freezing user space processes' '[…]' \
	'Feb 10 08:11:03 abreu sudo[188932]:  pmenzel : TTY=pts/9 ; COMMAND=/usr/sbin/powertop' \
	'Feb 10 08:13:00 abreu kernel: NOHZ tick-stop error: local softirq work is pending, handler #08!!!' \
	> "$T/rest.txt"
is "user space logging after a mark: the cycle's rest left out, an excerpt" \
   "$(shape "$T/rest.txt" '[.cycles[] | [.first_line, .last_line, [.findings[].code]]]')" \
   '[[1,2,["excerpt"]]]'
sed 's/^\[…\]$/[…]\n-- Boot 3d8e1b6f0a1b4c2d9e8f7a6b5c4d3e2f --/' "$T/rest.txt" > "$T/reboot.txt"
is "... the next boot's user space after the mark: a hang still" \
   "$(shape "$T/reboot.txt" '[.cycles[] | [.first_line, [.findings[].code | select(. != "timing")]]]')" \
   '[[1,["incomplete"]]]'
sed '/sudo/d' "$T/rest.txt" > "$T/hung.txt"
is "... no user space after it: a cycle that never finished" \
   "$(shape "$T/hung.txt" '[.cycles[] | [.first_line, [.findings[].code | select(. != "timing")]]]')" '[[1,["incomplete"]]]'
sed '/\[…\]/d' "$T/rest.txt" > "$T/nomark.txt"
is "... and no mark: the journal's own order, no cut" \
   "$(shape "$T/nomark.txt" '[.cycles[] | [.first_line, [.findings[].code | select(. != "timing")]]]')" '[[1,["incomplete"]]]'
# --- a request turned away inside a cycle that holds the lock: its entry
# and its exit at once (KernelCI's grunt, corpus.sh) are a cycle of their
# own, aborted, after the one they came in, which goes on around them to
# its own end; cut by the next entry instead, it runs on to its last
# line within a minute. rtcwake's error after it is that request's.
printf '%s\n' 'rtcwake: wakeup from "freeze" using rtc0 at Mon Jan 10 18:29:00 2022' \
	'[   34.457478] PM: suspend entry (deep)' '[   34.469501] Filesystems sync: 0.000 seconds' \
	'[   34.473959] PM: suspend entry (s2idle)' '[   34.477976] PM: suspend exit' \
	'rtcwake: write error' \
	'[   34.481609] Freezing user space processes ... (elapsed 0.001 seconds) done.' \
	'[   34.490390] OOM killer disabled.' '[  200.000000] usb 1-1: new device' \
	'[  300.000000] PM: suspend entry (deep)' > "$T/refused.txt"
is "a request turned away: its own cycle, aborted, after the one it came in" \
   "$(shape "$T/refused.txt" '[.cycles[] | [.mode_label, .first_line, .last_line, .aborted, [.findings[] | select(.severity != "note") | "\(.code)@\(.sources[0].line)"]]]')" \
   '[["deep",2,8,false,["incomplete@8"]],["s2idle",4,5,true,["aborted@4"]],["deep",10,10,false,["incomplete@10"]]]'
printf '%s\n' '[   34.457478] PM: suspend entry (deep)' '[   34.469501] Filesystems sync: 0.000 seconds' \
	'[   34.473959] PM: suspend entry (s2idle)' '[   34.477976] PM: suspend exit' \
	'[   34.481609] Freezing user space processes ... (elapsed 0.001 seconds) done.' \
	'[   34.485000] PM: suspend entry (shallow)' '[   34.486000] PM: suspend exit' \
	'[   34.500000] PM: suspend devices took 0.010 seconds' '[   35.500000] OOM killer enabled.' \
	'[   35.600000] Restarting tasks ... done.' '[   35.700000] PM: suspend exit' > "$T/refused2.txt"
is "two requests turned away; the cycle they came in keeps its own exit" \
   "$(shape "$T/refused2.txt" '[.cycles[] | [.mode_label, .first_line, .last_line, .completed, .aborted]]')" \
   '[["deep",1,11,true,false],["s2idle",3,4,true,true],["shallow",6,7,true,true]]'
printf '%s\n' '[  100.000000] PM: suspend entry (deep)' '[  200.000000] PM: suspend entry (deep)' \
	'[  210.000000] PM: suspend exit' '[  300.000000] PM: suspend entry (deep)' \
	'[  310.000000] PM: suspend exit' > "$T/late.txt"
is "an exit seconds on is no refusal (a grep of entries, one cycle lost its exit)" \
   "$(shape "$T/late.txt" '[.cycles[] | [.first_line, .last_line, .completed, .aborted]]')" \
   '[[1,1,false,false],[2,3,true,false],[4,5,true,false]]'
sed 's/^\[ *[0-9.]*\] //' "$T/refused2.txt" > "$T/bare.txt"
is "... nor one a log without stamps cannot time" \
   "$(shape "$T/bare.txt" '[.cycles[] | select(.aborted) | .first_line]')" '[]'
printf '%s\n' '[  100.000000] PM: suspend entry (deep)' '[  100.010000] Filesystems sync: 0.000 seconds' \
	'[  100.050000] PM: suspend entry (deep)' '[  100.050100] PM: suspend exit' \
	'[  100.060000] Freezing user space processes' '[  100.100000] OOM killer enabled.' \
	'[  100.200000] Restarting tasks ... done.' '[  100.300000] PM: suspend exit' \
	'[  200.000000] usb 1-1: reset high-speed USB device number 2 using xhci_hcd' \
	'[  200.200000] usb 1-2: reset high-speed USB device number 3 using xhci_hcd' \
	'[  200.500000] OOM killer enabled.' '[  200.600000] Restarting tasks ... done.' \
	'[  200.700000] PM: suspend exit' > "$T/refusedlead.txt"
is "... the next cycle, its start lost, still takes its lines before it" \
   "$(shape "$T/refusedlead.txt" '[.cycles[] | [.first_line, .last_line, .aborted]]')" \
   '[[1,8,false],[3,4,true],[9,13,false]]'
printf '%s\n' 'rtcwake: wakeup from "mem" using rtc0 at Mon Jan 10 18:29:00 2022' \
	'[   34.457478] PM: suspend entry (deep)' '[   34.469501] PM: suspend exit' \
	'rtcwake: write error' > "$T/rtcwake.txt"
is "rtcwake's write error: the cycle begun since its command aborted" \
   "$(shape "$T/rtcwake.txt" '[.cycles[] | [.aborted, [.findings[] | select(.code == "aborted") | .sources[0].line]]]')" \
   '[[true,[4]]]'
# --- CONFIG_PM_TEST_SUSPEND's "suspend devices took" / "resume devices
# took" in a cycle without phase lines: where its devices went down and
# came up (the Alder Lake's ata hang, the i.MX8MP's refused entry): the
# suspend total ends, the resume total begins, with the kernel's figures;
# a log that stops after one stopped in what came next
printf '%s\n' '[  104.571459] PM: suspend entry (deep)' \
	'[  104.618685] Freezing user space processes' \
	'[  106.163215] PM: suspend devices took 1.514 seconds' \
	'[  107.003217] serial 00:01: activated' \
	'[  107.208945] PM: resume devices took 0.241 seconds' \
	'[  107.227538] OOM killer enabled.' '[  107.230710] Restarting tasks ... done.' \
	'[  107.259714] PM: suspend exit' > "$T/took.txt"
is "devices took: suspend and resume at the kernel's figures" \
   "$(shape "$T/took.txt" '[.cycles[] | [.totals.suspend_ns, .totals.resume_ns, [.phases[] | select(.kernel_ms) | "\(.name)=\(.kernel_ms)"]]]')" \
   '[[1591756000,291769000,["suspend=1514","resume=241"]]]'
head -4 "$T/took.txt" > "$T/tookhang.txt"
is "... a log that stops after the suspend's figure: after suspend" \
   "$(shape "$T/tookhang.txt" '[.cycles[].findings[] | select(.code == "incomplete") | .text]')" \
   '["cycle 1 did not complete: the log ends after suspend"]'
# ... the same where a line ended the machine's phase (the XPS 9360's
# "Waking up from system sleep state S3", then resume lines); a phase
# whose end is its last callback's says where the log ends: in it
printf '%s\n' '[   99.711230] PM: suspend entry (deep)' \
	'[  100.319908] ACPI: PM: Preparing to enter system sleep state S3' \
	'[  100.360217] ACPI: PM: Waking up from system sleep state S3' \
	'[  100.690996] DMAR: DRHD: handling fault status reg 2' > "$T/woke.txt"
is "a log that stops after the wake line: after machine" \
   "$(shape "$T/woke.txt" '[.cycles[].findings[] | select(.code == "incomplete") | .text]')" \
   '["cycle 1 did not complete: the log ends after machine"]'
# ... a wall clock a second back after the mark is the same attempt; a
# mark, then a step back in time (another excerpt), then a thaw opens no
# cycle across both pieces
printf '%s\n' 'Mar  7 02:16:06 kent kernel: PM: suspend entry (deep)' \
	'Mar  7 02:16:26 kent kernel: Freezing of tasks failed after 20.009 seconds (1 tasks refusing to freeze, wq_busy=0):' \
	'[...]' 'Mar  7 02:16:25 kent kernel: OOM killer enabled.' \
	'Mar  7 02:16:26 kent kernel: Restarting tasks ... done.' \
	'Mar  7 02:16:26 kent kernel: PM: suspend exit' > "$T/back.txt"
is "syslog back a second after the mark: one cycle" \
   "$(shape "$T/back.txt")" '[[1,6]]'
printf '%s\n' '[  100.000000] PM: suspend entry (deep)' \
	'[  120.000000] Freezing of tasks failed after 20.005 seconds (1 tasks refusing to freeze, wq_busy=0):' \
	'[  120.000100] Call Trace:' '... etc ...' '[  480.000000] usb 1-1: new high-speed USB device number 2' \
	'[   50.000000] OOM killer enabled.' '[   50.000100] Restarting tasks ... done.' > "$T/phantom.txt"
is "a mark, then another excerpt: no cycle across both (the thaw after the step back is its own)" \
   "$(shape "$T/phantom.txt")" '[[1,3],[6,7]]'
# ... a journal without stamps: a cycle whose start it lost does not take
# the lines since the cycle before; a "```" inside a line is no fence
{ echo 'Jan 09 10:00:00 host kernel: PM: suspend entry (deep)'
  echo 'Jan 09 10:00:01 host kernel: PM: suspend exit'
  for i in 1 2 3 4 5 6; do echo "Jan 09 10:00:0$i host kernel: wlp2s0: RX AssocResp from 00:11:22:33:44:55"; done
  echo 'Jan 09 10:00:09 host kernel: PM: suspend of devices complete after 12.345 msecs'
  echo 'Jan 09 10:00:09 host kernel: PM: suspend exit'; } > "$T/jk.txt"
is "journal without stamps: the cut cycle starts at its own first line" \
   "$(shape "$T/jk.txt")" '[[1,2],[9,10]]'
printf '%s\n' 'I ran ```cat /sys/power/mem_sleep``` first, then:' '```' \
	'mtk-pcie-gen3 112f0000.pcie: PCIe link down, current LTSSM state:' \
	'mtk-pcie-gen3 112f0000.pcie: PM: failed to resume noirq: error -110' \
	'dwmac4: Master AXI performs any burst length' '```' 'Jane Doe' > "$T/inline.txt"
is "a fence inside a line does not open one" \
   "$(shape "$T/inline.txt")" '[[3,5]]'
done_testing
