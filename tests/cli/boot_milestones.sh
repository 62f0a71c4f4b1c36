#!/bin/sh
# Boot milestones (issue 42), read from boot logs and excerpts as patch
# authors paste them, with or without the banner or initcall_debug: each
# stamp and line below was read in the file by hand. The NVMe patch's two
# six-line excerpts (its mail of 2020-02-29, SOURCE.md) compared; real
# boots whole and cut; the boot headline ends at a milestone (issue 36).
. "$(dirname "$0")/../tap.sh"
F=$FIXTURES
T=$TMPDIR_TEST
N=$F/kernel5.6-aws-c5-nvme-boot-excerpts-email
# ms NAME...: "name ts_ms line" of cycle 1's milestones, one a line
ms() { jq -r '.cycles[0].milestones[] | "\(.name) \(.ts_ns / 1000000) \(.line)"' "$1"; }

# --- the excerpts are the mail's, as it quotes them
is "before.txt: the mail's lines after \"Before:\"" \
   "$(sed -n '/^Before:$/,/^$/p' "$N/message.eml" | sed '1d;$d' | cmp - "$N/before.txt" && echo same)" same
is "after.txt: the mail's lines after \"After:\"" \
   "$(sed -n '/^After:$/,/^$/p' "$N/message.eml" | sed '1d;$d' | cmp - "$N/after.txt" && echo same)" same

# --- each a boot excerpt: its six lines, its start not in it
"$PMSCOPE" analyze -j "$T/b.json" "$N/before.txt" > "$T/b.txt"
is "before: exit 0, a clean excerpt" "$?" 0
is "before: one boot, ok" "$(jq -r '[.verdict, (.cycles | length), .cycles[0].mode] | join(" ")' "$T/b.json")" \
   "ok 1 boot"
is "before: the six lines' milestones, their stamps and lines" "$(ms "$T/b.json")" \
"initcall nvme_init 546.936 1
nvme0 queues 764.178 3
nvme0n1 partitions 768.424 4
nvme0n1p1 mounted 774.132 5
root mounted 774.146 6
init /sbin/init 788.141 8"
is "before: the steps, as a person subtracts them" \
   "$(jq -c '[.cycles[0].milestones[].step_ns]' "$T/b.json")" \
   '[null,217242000,4246000,5708000,14000,13995000]'
is "before: its boot is up at init" \
   "$(jq -c '.cycles[0].boot_totals | [.boot_ns, .boot_end]' "$T/b.json")" '[788141000,"init /sbin/init"]'
is "before: the log begins inside it, a note" \
   "$(jq -r '[.cycles[0].findings[] | "\(.code) \(.severity)"] | join(";")' "$T/b.json")" \
   "log-start-lost note"
is "before: text, the headline" \
   "$(grep '^  boot  ' "$T/b.txt" | tr -s ' ')" " boot 788.141 ms to init /sbin/init (line 8), 6 milestones"
is "before: text, the queues' line" \
   "$(grep '^    nvme0 queues ' "$T/b.txt" | tr -s ' ')" " nvme0 queues 764.178 217.242 3"
"$PMSCOPE" analyze -q -j "$T/a.json" "$N/after.txt"
is "after: exit 0" "$?" 0
is "after: its milestones" "$(ms "$T/a.json" | tr '\n' ';')" \
   "initcall nvme_init 537.088 1;nvme0 queues 543.457 3;nvme0n1 partitions 548.473 4;nvme0n1p1 mounted 554.339 5;root mounted 554.344 6;init /sbin/init 567.931 8;"
# the issue quotes them with the blanks squeezed (the partition line's
# leading blank lost): the same milestones
tr -s ' ' < "$N/before.txt" > "$T/squeezed.txt"
"$PMSCOPE" analyze -q -j "$T/s.json" "$T/squeezed.txt"
is "blanks squeezed: the same" "$(ms "$T/s.json")" "$(ms "$T/b.json")"

# --- compare: init 220.210 ms earlier, because the queues came sooner
"$PMSCOPE" compare -j "$T/c.json" --html "$T/c.html" "$N/before.txt" "$N/after.txt" > "$T/c.txt"
is "compare: exit 0" "$?" 0
is "compare: init 788.141 -> 567.931 ms" \
   "$(grep '^  init /sbin/init ' "$T/c.txt" | tr -s ' ')" \
   " init /sbin/init 788.141 567.931 -220.210 13.995 13.587"
is "compare: the NVMe queues 764.178 -> 543.457 ms, the step that moved" \
   "$(grep '^  nvme0 queues ' "$T/c.txt" | tr -s ' ')" \
   " nvme0 queues 764.178 543.457 -220.721 217.242 6.369 *"
is "compare: only that step marked" "$(grep -c ' \*$' "$T/c.txt")" 1
is "compare: the lines to paste" \
   "$(sed -n '/^  init \/sbin\/init:/,/after initcall/p' "$T/c.txt")" \
"  init /sbin/init: 788.141 -> 567.931 ms (-220.210 ms)
  moved by nvme0 queues: 764.178 -> 543.457 ms (-220.721 ms),
    217.242 -> 6.369 ms after initcall nvme_init"
is "compare: the headline row" "$(grep '^  boot ' "$T/c.txt" | tr -s ' ')" " boot 788.141 567.931 -220.210 -27.9%"
is "compare: 80 columns" "$(grep -v "$F" "$T/c.txt" | awk 'length > 80' | wc -l)" 0
is "compare JSON: the mover and the boot's end" \
   "$(jq -c '[.milestone_moved, .milestone_boot_end]' "$T/c.json")" '["nvme0 queues","init /sbin/init"]'
is "compare JSON: init" \
   "$(jq -c '.milestones[] | select(.name == "init /sbin/init") | [.before_ns, .after_ns, .change_ns]' "$T/c.json")" \
   '[788141000,567931000,-220210000]'
is "compare JSON: the queues' step after nvme_init, before and after" \
   "$(jq -c '.milestones[] | select(.name == "nvme0 queues") |
	[.before_ns, .after_ns, .step_from, .step_before_ns, .step_after_ns, .moved]' "$T/c.json")" \
   '[764178000,543457000,"initcall nvme_init",217242000,6369000,true]'
is "compare JSON: each side's milestones" \
   "$(jq -c '[.before.milestones[].median_ns, .after.milestones[].median_ns] | length' "$T/c.json")" 12
is "compare page: the milestones, the moved one bold" \
   "$(grep -c '<tr class="moved"><td class="name">nvme0 queues</td><td>764.178</td><td>543.457</td><td>-220.721</td><td>217.242</td><td>6.369</td></tr>' "$T/c.html")" 1
is "compare page: the lines to paste" \
   "$(sed -n 's/<p class="story" id="[a-z-]*">\(.*\)<\/p>/\1/p' "$T/c.html" | sed 's/&gt;/>/g')" \
"init /sbin/init: 788.141 -> 567.931 ms (-220.210 ms)
moved by nvme0 queues: 764.178 -> 543.457 ms (-220.721 ms), 217.242 -> 6.369 ms after initcall nvme_init"
ok "compare page: well-formed XHTML" xmllint --noout "$T/c.html"

# --- the page of one: a table of the milestones, the boot's end marked
"$PMSCOPE" analyze -q --html "$T/b.html" "$N/before.txt"
is "page: a row per milestone" "$(grep -c '^<tr[^>]*><td><a href="#cycle=1">1</a></td><td class="name">' "$T/b.html")" 6
is "page: init's row is where the headline ends" \
   "$(grep -c '^<tr class="bootend"><td><a href="#cycle=1">1</a></td><td class="name">init /sbin/init</td><td>788.141</td><td>13.995</td><td>8</td>' "$T/b.html")" 1
ok "page: well-formed XHTML" xmllint --noout "$T/b.html"

# --- whole boots. Latitude 5.13 (initcall_debug, Debian's initramfs):
# "console [tty0] enabled" 0.061256 (line 211), initmem freed 0.371477
# (1872), "Run /init" 0.474494 (1879), "ata2: SATA link up" 1.240379
# (1923), " sda: sda1 sda2 sda3" 1.267469 (1943), "[sda] Attached SCSI
# disk" 1.297523 (1944), "EXT4-fs (dm-0): mounted filesystem" 3.960093
# (1960: the initramfs's first mount, the root, after the passphrase),
# systemd's banner on the root 4.102888 (1971), sda2 (/boot) 6.475088
# (2423), "wlan0: link becomes ready" 12.582594 (2484)
L=$F/kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz
"$PMSCOPE" analyze -j "$T/l.json" "$L" > "$T/l.txt"
is "latitude: its milestones" "$(ms "$T/l.json")" \
"console tty0 61.256 211
init memory freed 371.477 1872
init /init 474.494 1879
ata2 link up 1240.379 1923
sda partitions 1267.469 1943
sda attached 1297.523 1944
dm-0 mounted 3960.093 1960
root mounted 3960.093 1960
systemd 4102.888 1971
sda2 mounted 6475.088 2423
wlan0 link up 12582.594 2484"
# the headline to systemd on the root, not to the last initcall (12.5 s:
# modules udev loaded), which is a line of its own with those after it
is "latitude: text, the headline ends at systemd on the root" \
   "$(grep '^  boot  ' "$T/l.txt" | tr -s ' ')" \
   " boot 4102.888 ms to systemd on the root (line 1971), 772 initcalls and probes"
is "latitude: the initcalls begun after it, counted from the callbacks" \
   "$(jq '.cycles[0].boot_totals.late_initcalls' "$T/l.json")" \
   "$(jq '[.cycles[0].callbacks[] | select(.start_ns >= 4102888000)] | length' "$T/l.json")"
is "latitude: text, modules loaded late on their own line" \
   "$(grep '^  later ' "$T/l.txt" | tr -s ' ')" \
   " later 12524.834 ms to the last of 120 begun after it: crypto_ctr_module_init"
is "latitude: text, the boot's end marked" "$(grep -c '^    systemd  *4102.888 .* 1971  boot$' "$T/l.txt")" 1
# X13s 6.13 (Fedora, systemd in the initrd): "Run /init" 0.690048 (2909),
# the initrd's banner 0.715057 (2918, "Running in initrd." 2920), the
# NVMe queues 3.922020 (3653) and partitions 3.927320 (3654), btrfs's
# first mount of nvme0n1p3 4.428857 (3740): the root; the root's banner
# 5.288895 (3852)
xz -dc "$F/kernel6.13-thinkpad-x13s-arm64-boot-initcall/dmesg.txt.xz" > "$T/x13s.txt"
"$PMSCOPE" analyze -q -j "$T/x.json" "$T/x13s.txt"
is "X13s: from /init to the root's systemd" \
   "$(ms "$T/x.json" | sed -n '/^init \/init/,/^systemd [0-9]/p')" \
"init /init 690.048 2909
systemd (initrd) 715.057 2918
1c20000.pcie link up 2554.503 3346
1c00000.pcie link up 2994.994 3509
nvme0 queues 3922.02 3653
nvme0n1 partitions 3927.32 3654
nvme0n1p3 mounted 4428.857 3740
root mounted 4428.857 3740
systemd 5288.895 3852"
is "X13s: the boot is up at systemd on the root" \
   "$(jq -c '.cycles[0].boot_totals | [.boot_ns, .boot_end]' "$T/x.json")" '[5288895000,"systemd"]'
# NanoPi R4S 6.6, no initcall_debug, no PM line: a boot all the same, from
# its banner (line 2, 0.000000): "console [ttyS2] enabled" 0.281840 (169),
# "bootconsole [uart0] disabled" 0.282623 (170), "mmc1: new high speed
# SDHC card" 1.961572 (337), " mmcblk1: p1" 1.975717 (339), " sda: sda1"
# 2.459192 (345), "[sda] Attached SCSI removable disk" 2.460372 (346),
# "Freeing unused kernel memory" 2.462455 (347), "Run /sbin/init" 2.596070
# (350, the last line)
P=$F/kernel6.6-nanopi-r4s-arm64-boot-no-pm-dmesg/dmesg.log
"$PMSCOPE" analyze -j "$T/p.json" "$P" > "$T/p.txt"
is "nanopi: exit 0, a boot from its banner" \
   "$?$(jq -r '.cycles[0] | " \(.mode) \(.first_line) \(.start_ns)"' "$T/p.json")" "0 boot 2 0"
is "nanopi: its milestones" "$(ms "$T/p.json")" \
"console ttyS2 281.84 169
bootconsole uart0 off 282.623 170
mmc1 attached 1961.572 337
mmcblk1 partitions 1975.717 339
sda partitions 2459.192 345
sda attached 2460.372 346
init memory freed 2462.455 347
init /sbin/init 2596.07 350"
is "nanopi: text, no initcall said missing" "$(grep -c 'last initcall' "$T/p.txt")" 0
is "nanopi: no critical path of one gap" \
   "$(jq '[.cycles[0].phases[].critical_path | length] | add' "$T/p.json")" 0
"$PMSCOPE" analyze -q --html "$T/p.html" "$P"
is "nanopi page: its eight milestones, init last, where the headline ends" \
   "$(sed -n 's/^<tr\( class="bootend"\)\{0,1\}><td><a href="#cycle=1">1<\/a><\/td><td class="name">\([^<]*\)<\/td><td>\([0-9.]*\)<\/td>.*/\2 \3\1/p' "$T/p.html" | tr '\n' ';')" \
   'console ttyS2 281.840;bootconsole uart0 off 282.623;mmc1 attached 1961.572;mmcblk1 partitions 1975.717;sda partitions 2459.192;sda attached 2460.372;init memory freed 2462.455;init /sbin/init 2596.070 class="bootend";'

# --- cut boots. The NanoPi's log from line 300 (no banner, no
# initcall_debug): a boot once "Freeing unused kernel memory" comes, its
# milestones from the first one kept (337), on the kernel's clock from 0
sed -n '300,$p' "$P" > "$T/tail.txt"
"$PMSCOPE" analyze -q -j "$T/t.json" "$T/tail.txt"
is "cut at its start: exit 0, a boot" "$?$(jq -r '" \(.cycles | length) \(.cycles[0].mode) \(.cycles[0].start_ns)"' "$T/t.json")" \
   "0 1 boot 0"
is "cut at its start: the milestones it shows, lines of the cut file" \
   "$(ms "$T/t.json" | tr '\n' ';')" \
   "mmc1 attached 1961.572 38;mmcblk1 partitions 1975.717 40;sda partitions 2459.192 46;sda attached 2460.372 47;init memory freed 2462.455 48;init /sbin/init 2596.07 51;"
is "cut at its start: a note says so" \
   "$(jq -r '[.cycles[0].findings[].code] | join(" ")' "$T/t.json")" log-start-lost
# its first 340 lines: the banner, the consoles, the card, no init: a boot
# cut short or hung (a failure, exit 1, as a suspend whose start the log
# shows and not its end: a lab must not pass a boot that hung), timed
# first to last event
head -n 340 "$P" > "$T/head.txt"
"$PMSCOPE" analyze -j "$T/h.json" "$T/head.txt" > "$T/h.txt"
is "cut before init: exit 1, a boot-cut failure" \
   "$?$(jq -r '" \(.cycles[0].mode) \(.verdict) " + ([.cycles[].findings[], .findings[] | "\(.code):\(.severity)"] | join(","))' "$T/h.json")" \
   "1 boot failed boot-cut:failure"
# the banner and one milestone, nothing more: the same (the stop hook's log)
printf '%s\n' '[    0.000000] Linux version 6.1.0-57-amd64 (gcc)' \
	'[    2.000000] EXT4-fs (sda1): mounted filesystem' > "$T/two.txt"
"$PMSCOPE" analyze -q -j "$T/2.json" "$T/two.txt"
is "banner and a mount: exit 1, boot-cut at line 2" \
   "$?$(jq -r '" \(.verdict) " + ([.cycles[].findings[] | "\(.code):\(.sources[0].line)"] | join(","))' "$T/2.json")" \
   "1 failed boot-cut:2"
# kernels that print neither "Run /init" nor "Freeing unused kernel": ARM
# before 3.11 says "Freeing init memory: 236K"; a systemd[1] line says pid
# 1 runs whatever came before it: complete boots, no boot-cut
printf '%s\n' '[    0.000000] Linux version 3.10.0 (gcc)' \
	'[    1.000000] EXT4-fs (mmcblk0p2): mounted filesystem' \
	'[    2.000000] Freeing init memory: 236K' > "$T/arm.txt"
"$PMSCOPE" analyze -q -j "$T/arm.json" "$T/arm.txt"
is "ARM 3.10's 'Freeing init memory': exit 0, user space from line 3" \
	"$?$(jq -r '" " + ([.cycles[0].phases[] | "\(.name)@\(.start_ns / 1e9)"] | join(","))' "$T/arm.json")" \
	"0 kernel_init@0,user_init@2"
printf '%s\n' '[    0.000000] Linux version 3.10.0 (gcc)' \
	'[    1.000000] EXT4-fs (mmcblk0p2): mounted filesystem' \
	'[    3.000000] systemd[1]: systemd 204 running in system mode.' > "$T/sd.txt"
"$PMSCOPE" analyze -q "$T/sd.txt"
is "a systemd[1] line and no init line: exit 0" "$?" 0
# initcall lines pasted without the banner, before /init: an excerpt, a note
printf '%s\n' '[    0.100000] calling  foo_init+0x0/0x10 @ 1' \
	'[    0.200000] initcall foo_init+0x0/0x10 returned 0 after 100000 usecs' > "$T/ex.txt"
"$PMSCOPE" analyze -q -j "$T/ex.json" "$T/ex.txt"
is "initcalls pasted alone: exit 0, an excerpt" \
   "$?$(jq -r '" \(.verdict) " + ([.cycles[].findings[] | "\(.code):\(.severity)"] | join(","))' "$T/ex.json")" \
   "0 ok log-start-lost:note,excerpt:note"
is "cut before init: no milestone ends it, first to last event" \
   "$(grep '^  boot  ' "$T/h.txt" | tr -s ' ')" " boot 1975.717 ms, 0 initcalls and probes"
# one line only a boot prints, pasted alone: a boot of that line
printf '[    0.774146] VFS: Mounted root (ext4 filesystem) on device 259:1.\n' > "$T/one.txt"
"$PMSCOPE" analyze -q -j "$T/o.json" "$T/one.txt"
is "one line: the root mounted" "$?$(jq -r '" \(.cycles[0].milestones[0].name) \(.cycles[0].boot_totals.boot_ns)"' "$T/o.json")" \
   "0 root mounted 774146000"

# --- no boot where the log shows none: a suspend log's USB disk plugged
# in before its cycle (a milestone's shape, no banner, nothing only a boot
# prints), or after it
printf '%s\n' '[ 5000.000000] sd 6:0:0:0: [sdb] Attached SCSI removable disk' \
	'[ 5000.100000]  sdb: sdb1' \
	'[ 5010.000000] PM: suspend entry (deep)' \
	'[ 5010.500000] PM: suspend exit' \
	'[ 5020.000000] EXT4-fs (sdb1): mounted filesystem with ordered data mode.' > "$T/usb.txt"
"$PMSCOPE" analyze -q -j "$T/u.json" "$T/usb.txt"
is "a suspend log's disk: no boot" "$(jq -c '[.cycles[].mode]' "$T/u.json")" '["mem"]'
# initcall_debug on the command line: the boot begins at its banner
# ("Linux version", line 2, 0.000000), as one without it does, not at its
# first calling line (con_init's, 0.061235, line 209): a person reads the
# boot from there (issue 36's corpus)
is "latitude: the boot begins at its banner" \
   "$(jq -c '.cycles[0] | [.first_line, .start_ns]' "$T/l.json")" '[2,0]'

# --- a real suspend log cut inside its cycle at both ends: an excerpt,
# a note, exit 0 (the 5.8 XPS: lines 100 to 700, in suspend to in resume)
sed -n '100,700p' "$F/kernel5.8-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt" > "$T/cut.txt"
"$PMSCOPE" analyze -q -j "$T/cut.json" "$T/cut.txt"
is "cut suspend: exit 0, a clean excerpt" \
   "$?$(jq -r '" \(.verdict) \(.counts.failure) " + ([.cycles[0].findings[] | select(.code == "excerpt") | .severity] | join(","))' "$T/cut.json")" \
   "0 ok 0 note"

# --- a silence of more than 30 s after the root is mounted ends the boot:
# what comes after it is hot-plug (a disk plugged in 40 s later), said
# where the boot would have taken it; before the root, a boot may wait
# that long (a passphrase), and the mount after it is still its
printf '%s\n' '[    0.000000] Linux version 6.12.0 (x)' \
	'[    1.000000] Run /init as init process' \
	'[    3.000000] EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode.' \
	'[    4.000000] systemd[1]: systemd 252 running in system mode (+PAM)' \
	'[   44.100000] sd 6:0:0:0: [sdb] Attached SCSI removable disk' > "$T/late.txt"
"$PMSCOPE" analyze -q -j "$T/late.json" "$T/late.txt"
is "silence after the root: the boot ends at systemd, line 4" \
   "$(jq -c '.cycles[0] | [.first_line, .last_line, [.milestones[].name]]' "$T/late.json")" \
   '[1,4,["init /init","nvme0n1p2 mounted","root mounted","systemd"]]'
is "silence after the root: said at the disk's line" \
   "$(jq -r '[.cycles[].findings[], .findings[]? | select(.text | test("not the boot")) | .sources[0].line] | join(",")' "$T/late.json")" '5'
printf '%s\n' '[    0.000000] Linux version 6.12.0 (x)' \
	'[    1.000000] Run /init as init process' \
	'[   61.000000] EXT4-fs (dm-0): mounted filesystem with ordered data mode.' \
	'[   62.000000] systemd[1]: systemd 252 running in system mode (+PAM)' > "$T/pass.txt"
"$PMSCOPE" analyze -q -j "$T/pass.json" "$T/pass.txt"
is "silence before the root (a passphrase): the boot runs on to systemd" \
   "$(jq -c '.cycles[0] | [.last_line, (.milestones | length)]' "$T/pass.json")" '[4,4]'

# ... but a boot that mounted its root and never ran init, then fell
# silent, is cut short or hung: the boot-cut warning, as before
printf '%s\n' '[    0.000000] Linux version 6.12.0 (x)' \
	'[    2.500100] VFS: Mounted root (ext4 filesystem) readonly on device 8:2.' \
	'[   62.000000] random: crng init done' > "$T/noinit.txt"
"$PMSCOPE" analyze -q -j "$T/noinit.json" "$T/noinit.txt"
is "root mounted, no init, then silence: boot-cut" \
   "$(jq -r '[.cycles[].findings[], .findings[]? | .code] | map(select(. == "boot-cut")) | length' "$T/noinit.json")" '1'
# two pasted boots (no banners, the clock back between them): the second
# waits 40 s for a passphrase before its root, still its boot
printf '%s\n' '[    1.000000] Run /init as init process' \
	'[    3.000000] EXT4-fs (sda2): mounted filesystem with ordered data mode.' \
	'[   20.000000] systemd[1]: systemd 252 running in system mode (+PAM)' '' \
	'[    1.200000] Run /init as init process' '[    2.500000] random: crng init done' \
	'[   41.000000] EXT4-fs (dm-0): mounted filesystem with ordered data mode.' \
	'[   42.000000] systemd[1]: systemd 252 running in system mode (+PAM)' > "$T/two.txt"
"$PMSCOPE" analyze -q -j "$T/two.json" "$T/two.txt"
is "a second pasted boot's passphrase wait: its root and systemd are its" \
   "$(jq -c '[.cycles[] | [.first_line, .last_line]]' "$T/two.json")" '[[1,3],[5,8]]'

# --- bad input: a crafted boot of 6000 mounts keeps 4096, in time (then
# init runs: a boot that ends)
{ echo '[    0.000000] Linux version 6.1.0 (x)'
  awk 'BEGIN { for (i = 0; i < 6000; i++) printf "[%5d.%06d] EXT4-fs (d%d): mounted filesystem\n", 1 + i / 1000, i % 1000000, i }'
  echo '[    7.000000] Run /init as init process'
} > "$T/many.txt"
"$PMSCOPE" analyze -q -j "$T/m.json" "$T/many.txt"
is "6000 mounts: exit 0, 4096 kept" "$?$(jq -r '" \(.cycles[0].milestones | length)"' "$T/m.json")" "0 4096"
done_testing
