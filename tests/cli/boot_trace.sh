#!/bin/sh
# Boot from a trace's initcall events (trace_event=initcall:*), alone and
# with the same boot's initcall_debug log: the q35 6.1 boot fixture.
. "$(dirname "$0")/../tap.sh"
D=$FIXTURES/qemu-q35-boot-medium
T=$TMPDIR_TEST
xz -dc "$D/trace.txt.xz" > "$T/trace.txt"
xz -dc "$D/dmesg.txt.xz" > "$T/dmesg.txt"

"$PMSCOPE" analyze -q -j "$T/t.json" "$T/trace.txt"
is "trace: one boot cycle" "$(jq -c '[.cycles[] | .mode]' "$T/t.json")" '["boot"]'
is "trace: a callback per initcall_start line (729)" "$(jq '.cycles[0].callbacks | length' "$T/t.json")" \
   "$(grep -c 'initcall_start:' "$T/trace.txt")"
# every start and end is its event's time stamp, and every return is 0;
# a finish ends the oldest open start of its function (some run twice)
is "trace: starts and ends = the event lines" \
   "$(jq -r '.cycles[0].callbacks[] | "\(.device) \(.start_ns) \(.end_ns) \(.ret)"' "$T/t.json" | sort | md5sum)" \
   "$(awk 'BEGIN { n = 0 } /initcall_(start|finish):/ {
		ts = $4; sub(/:$/, "", ts); split(ts, p, ".")
		ns = sprintf("%d%06d000", p[1], p[2]); sub(/^0+/, "", ns); if (ns == "") ns = 0
		f = $6; sub(/^func=/, "", f); sub(/\+.*/, "", f)
		if ($5 == "initcall_start:") { q[f, tail[f]++] = n; name[n] = f; start[n++] = ns }
		else { i = q[f, head[f]++]; end[i] = ns; match($0, /ret=-?[0-9]+/); ret[i] = substr($0, RSTART + 4, RLENGTH - 4) }
	} END { for (i = 0; i < n; i++) print name[i], start[i], end[i], ret[i] }' \
	"$T/trace.txt" | sort | md5sum)"
# init-1 2.616033 initcall_start crypto_kdf108_init, 3.551564 its finish:
# 935.531 ms (the log's initcall_debug line says 935416 usecs)
is "trace: crypto_kdf108_init 935.531 ms on pid 1" \
   "$(jq -c '.cycles[0].callbacks[] | select(.device == "crypto_kdf108_init") | [.end_ns - .start_ns, .pid, .async]' "$T/t.json")" \
   '[935531000,1,false]'
is "trace: pid 1 drives the boot" "$(jq .cycles[0].main_pid "$T/t.json")" 1
# built-in initcalls run in <idle>-0 and init-1; the first in another
# task (insmod-109, virtio_init, 5.928307) starts user_init
is "trace: phases kernel_init | user_init at the first module initcall" \
   "$(jq -c '[.cycles[0].phases[] | [.name, .start_ns]]' "$T/t.json")" \
   '[["kernel_init",0],["user_init",5928307000]]'
is "trace: a module initcall's driver is its module" \
   "$(jq -r '.cycles[0].callbacks[] | select(.device == "virtio_init") | .driver' "$T/t.json")" virtio

# Both logs of the boot: one cycle, the kernel log's (probes, quirks, /init)
mkdir -p "$T/run"
cp "$T/trace.txt" "$T/dmesg.txt" "$T/run/"
"$PMSCOPE" analyze -q -j "$T/m.json" "$T/run"
is "merged: one boot cycle" "$(jq '.cycles | length' "$T/m.json")" 1
is "merged: the log's 794 initcalls and probes" "$(jq '.cycles[0].callbacks | length' "$T/m.json")" \
   "$("$PMSCOPE" analyze -q -j - "$T/dmesg.txt" | jq '.cycles[0].callbacks | length')"
is "merged: said so" "$(jq "$FINDINGS"'[findings | select(.text | test("trace.s 729 initcall events agree"))] | length' "$T/m.json")" 1
"$PMSCOPE" analyze -q -j "$T/m2.json" "$T/trace.txt" "$T/dmesg.txt"
is "merged: either order" "$(jq -c '[.cycles[] | .callbacks | length]' "$T/m2.json")" '[794]'
done_testing
