#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Which device a callback line is of. Devices of one name: a name is
# unique on a bus, not across buses. A
# callback line that names another parent or driver than the device of
# its name had is another device (model.h, twin); they were one device,
# every callback with the first one's driver and parent.
. "$(dirname "$0")/../tap.sh"
T=$TMPDIR_TEST
devs() {	# devs JSON NAME: its devices as "driver parent", one a line
	jq -r --arg d "$2" '[.cycles[].callbacks[] | select(.device == $d) |
		"\(.driver // "-") \(.parent // "-")"] | unique | .[]' "$1"
}

# ChromeOS IdeaPad, 5.15 (lines 3435 and 3465): the TPM's ACPI device,
# bound to tpm_crb, and the platform device of the same name
L=$FIXTURES/kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt
"$PMSCOPE" analyze -q --json "$T/i.json" "$L"
is "MSFT0101:00: two devices, each with its line's driver and parent" \
   "$(devs "$T/i.json" MSFT0101:00 | tr '\n' ';')" "platform platform;tpm_crb LNXSYBUS:00;"
is "tpm_pm_suspend is the tpm_crb device's (303.745 ms, line 3465)" \
   "$(jq -r '.cycles[].callbacks[] | select(.callback == "tpm_pm_suspend") |
	"\(.driver) \(.parent) \(.line) \(.kernel_us)"' "$T/i.json")" "tpm_crb LNXSYBUS:00 3465 303745"
# the same parent's name, another driver: the battery's ACPI device
# (line 3779) and its platform device (line 3457)
is "PNP0C0A:00: battery and platform, both under a PNP0C09:00" \
   "$(devs "$T/i.json" PNP0C0A:00 | tr '\n' ';')" "battery PNP0C09:00;platform PNP0C09:00;"
"$PMSCOPE" analyze "$L" > "$T/i.txt"
ok "the slowest list names tpm_crb for MSFT0101:00" \
   grep -q -E "^  MSFT0101:00 +tpm_crb +suspend +303.745" "$T/i.txt"

# QEMU q35 trace: the ATA port "ata11" (child of the AHCI controller)
# and its ata_port class device "ata11" (a child of the port)
"$PMSCOPE" analyze -q --json "$T/q.json" "$FIXTURES/qemu-q35-s3-async1-medium/trace.txt.xz"
is "ata11: the port (async and sync callbacks) and its class device" \
   "$(devs "$T/q.json" ata11 | tr '\n' ';')" "- 0000:00:1f.2;ata_port ata11;"
is "ata11's class device: its own 2 callbacks, as in the trace" \
   "$(jq '[.cycles[].callbacks[] | select(.device == "ata11" and .driver == "ata_port")] | length' "$T/q.json")" \
   "$(xz -dc "$FIXTURES/qemu-q35-s3-async1-medium/trace.txt.xz" | grep -c 'device_pm_callback_start: ata_port ata11,')"
is "QEMU0002:00: the ACPI device and fw_cfg's platform device" \
   "$(devs "$T/q.json" QEMU0002:00 | tr '\n' ';')" "acpi PNP0A08:00;fw_cfg pci0000:00;"

# Driver names with a blank (dev_driver_string "i8042 kbd", "int3400
# thermal"): the kernel log's device is the last word, as in a trace;
# the log's split at the first blank named devices "kbd 00:01"
"$PMSCOPE" analyze -q --json "$T/k.json" "$FIXTURES/kernel6.15-qemu-s2idle-printk-caller-hang/complete.log"
is "6.15 line 2722 'i8042 kbd 00:01: PM: calling': device 00:01 of i8042 kbd" \
   "$(devs "$T/k.json" 00:01)" "i8042 kbd pnp0"
is "no device named 'kbd 00:01'" "$(devs "$T/k.json" "kbd 00:01")" ""
"$PMSCOPE" analyze -q --json "$T/x.json" "$FIXTURES/kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt"
is "6.10 line 3025 'int3400 thermal INT3400:00': device INT3400:00" \
   "$(devs "$T/x.json" INT3400:00)" "int3400 thermal platform"

# Which device of a shared name is a child's parent: the PM core's order.
# The ACPI lid button (line 3513, "button PNP0C0D:00", parent PNP0C09:00)
# suspends at 30.694849, long after the platform EC (line 3459,
# 30.390883): a child suspends before its parent, so its parent is the
# ACPI EC (line 3515), which waits for it; the path said "gap" there.
# (The button's callback, "after 0 usecs", is on the path: a run of no length.)
is "the ACPI EC waits for its lid button, not the platform EC's child" \
   "$(jq -r '.cycles[] | select(.mode != "boot") | .phases[] | select(.kind == "suspend") | .critical_path[] |
	select(.device == "PNP0C0D:00" and .start_ns >= 30694871000) |
	"\(.kind) \(.start_ns) \(.end_ns) \(.inferred)"' "$T/i.json" | tr '\n' ';')" \
   "run 30694871000 30694871000 false;wait 30694871000 30694892000 false;"
