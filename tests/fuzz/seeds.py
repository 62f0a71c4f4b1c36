#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Cut the fuzzers' seed corpora (tests/fuzz/corpus/TARGET/) from the test
fixtures: short windows of real lines around the lines each parser cares
about, so every seed runs in well under a millisecond. Run from the top
of the tree; the seeds are kept in git, this says where they came from."""
import lzma, gzip, os, re, shutil, sys

F = 'tests/fixtures'
OUT = 'tests/fuzz/corpus'

def lines(path):
    op = lzma.open if path.endswith('.xz') else gzip.open if path.endswith('.gz') else open
    with op(os.path.join(F, path), 'rb') as f:
        return f.read().split(b'\n')

def windows(ls, pattern, before, after, count):
    rx = re.compile(pattern)
    hits = [i for i, l in enumerate(ls) if rx.search(l)]
    step = max(1, len(hits) // count)
    for i in hits[::step][:count]:
        yield b'\n'.join(ls[max(0, i - before):i + after]) + b'\n'

def put(target, name, data):
    os.makedirs(os.path.join(OUT, target), exist_ok=True)
    with open(os.path.join(OUT, target, name), 'wb') as f:
        f.write(data)

dmesg = {
    'ideapad': 'kernel5.15-chromeos-ideapad-mem-pmprint/ideapad_patch_complete.txt',
    'xps54': 'kernel5.4-xps9360-mem-sleepgraph-dmesg/Ixpees_mem_dmesg.txt',
    'xps610': 'kernel6.10-xps9360-boot-initcall-s2idle-pmprint/dmesg.txt',
    'hiber69': 'kernel6.9-xps9360-deep-hibernate-multicycle/messages.txt',
    'caller615': 'kernel6.15-qemu-s2idle-printk-caller-hang/complete.log',
    'skynet': 'pmgraph-2014-skynet-mem-k3.15/skynet_mem_dmesg.txt',
    'kmsg54': 'kernel5.4-lkp-lenovo80mk-freeze-10cycles-kmsg/kmsg.xz',
    'e7250': 'kernel5.13-latitude-e7250-boot-initcall/linux-5.13.9-messages.txt.gz',
    'bbb': 'kernel6.13-beaglebone-serial-boot-initcall/minicom_reverted.cap',
    'q35': 'pmscope-record-qemu-q35-s3-k6.1/dmesg.txt',
}
pm = rb'calling|returned|initcall|took|PM: |Freezing|Restarting|ACPI: (PM|Low)|suspend|resume|Disabling non-boot|Enabling non-boot|hibernat|probe of'
for tag, path in dmesg.items():
    ls = lines(path)
    for k, w in enumerate(windows(ls, pm, 4, 12, 6)):
        put('dmesg', '%s-%d' % (tag, k), w)
    for k, w in enumerate(windows(ls, rb'PM: suspend entry|PM: Syncing|PM: hibernation entry|Run /sbin/init|Freeing unused kernel', 2, 30, 2)):
        put('analyze', '%s-%d.log' % (tag, k), w)

ftrace = {
    'skynet': 'pmgraph-2014-skynet-mem-k3.15/skynet_mem_ftrace.txt',
    'q35': 'pmscope-record-qemu-q35-s3-k6.1/trace.txt',
    'tegra': 'kernel5.5-tegra-trace-cmd-suspend/trace.txt.xz',
    'report': 'qemu-q35-s3-tracecmd-dat/report.txt.xz',
    'ivy': 'pmgraph-2016-ivybridge-mem-devlate-k4.6/ivybridge_mem_ftrace.txt.xz',
    'boot': 'qemu-q35-boot-medium/trace.txt.xz',
}
for tag, path in ftrace.items():
    ls = lines(path)
    put('ftrace', '%s-head' % tag, b'\n'.join(ls[:20]) + b'\n')
    for k, w in enumerate(windows(ls, rb'suspend_resume|device_pm_callback|tracing_mark_write|initcall_|print:', 3, 15, 6)):
        put('ftrace', '%s-%d' % (tag, k), w)
    for k, w in enumerate(windows(ls, rb'suspend_enter\[.\] begin|machine_suspend\[.\] begin', 10, 60, 1)):
        put('analyze', '%s-%d.txt' % (tag, k), b'\n'.join(ls[:12]) + b'\n' + w)

fgraph = {
    'q35': 'qemu-q35-s3-fgraph-async1-small/trace.txt.xz',
    'report': 'qemu-q35-s3-tracecmd-fgraph/report.txt.xz',
}
for tag, path in fgraph.items():
    ls = lines(path)
    for k, w in enumerate(windows(ls, rb'device_pm_callback_start', 4, 40, 8)):
        put('fgraph', '%s-%d' % (tag, k), w)
    for k, w in enumerate(windows(ls, rb'device_pm_callback_start', 4, 80, 1)):
        put('analyze', 'fgraph-%s-%d.txt' % (tag, k), b'\n'.join(ls[:12]) + b'\n' + w)

sysf = {
    'record': ('pmscope-record-qemu-q35-s3-k6.1/sys/devices.txt', 'pmscope-record-qemu-q35-s3-k6.1/sys/devlinks.txt'),
    'async1': ('qemu-q35-s3-async1-medium/guest/sys/devices.txt', None),
}
for tag, (dev, link) in sysf.items():
    d = lines(dev)
    l = lines(link) if link else [b'']
    for k in range(0, min(len(d), 240), 40):
        put('sysfacts', '%s-%d' % (tag, k), b'\n'.join(d[k:k + 40]) + b'\n--\n' + b'\n'.join(l[:25]) + b'\n')

# record's facts and suspend counts: the third and fourth parts
for tag in ('pmscope-record-qemu-q35-s3-k6.1-dat', 'pmscope-record-qemu-q35-s3-k6.12-callgraph'):
    fa = lines(tag + '/sys/facts.txt')
    st = lines(tag + '/sys/sleep-stats.txt')
    put('sysfacts', 'facts-' + tag.split('-')[-1], b'\n--\n\n--\n' + b'\n'.join(fa) + b'\n--\n' + b'\n'.join(st) + b'\n')

os.makedirs(os.path.join(OUT, 'tracedat'), exist_ok=True)
shutil.copy(os.path.join(F, 'qemu-q35-s3-tracecmd-dat/trace.dat'), os.path.join(OUT, 'tracedat', 'q35-v7.dat'))
with lzma.open(os.path.join(F, 'qemu-q35-s3-tracecmd-dat/trace-v6.dat.xz')) as f:
    put('tracedat', 'q35-v6.dat', f.read())
shutil.copy(os.path.join(F, 'qemu-q35-s3-tracecmd-dat/trace.dat'), os.path.join(OUT, 'analyze', 'q35-v7.dat'))
shutil.copy(os.path.join(F, 'pmscope-record-qemu-q35-s3-k6.1/dmesg.txt'), os.path.join(OUT, 'analyze', 'q35-full.log'))

# a sleepgraph page: its head (the doctype and the version line that
# names it) and short windows of its two embedded logs, each in its block
ls = lines('pmgraph-2019-xps9360-example-html-k5.3/example_standard.html.xz')
head = [l for l in ls[:80] if l.startswith(b'<!DOCTYPE') or b'SleepGraph' in l]
dm = next(windows(ls[1426:1512], rb'PM: suspend entry', 2, 30, 1))
tr = next(windows(ls[1514:5887], rb'suspend_enter\[.\] begin', 10, 60, 1))
put('analyze', 'sleepgraph-page.html', b'\n'.join(head) + b'\n<div id="dmesglog" style="display:none;">\n' +
    dm + b'</div>\n<div id="ftracelog" style="display:none;">\n' + b'\n'.join(ls[1514:1526]) + b'\n' + tr + b'</div>\n')
