#!/usr/bin/env python3
# Split a version 6 trace.dat (little endian) into the tracefs files it was
# made from: events/header_page, header_event, events/SYS/EVENT/format (named
# by the format's "name:" line), printk_formats, saved_cmdlines and
# per_cpu/cpuN/trace_pipe_raw.   split_tracedat.py trace.dat OUTDIR
import os, struct, sys
d = open(sys.argv[1], 'rb').read(); out = sys.argv[2]; p = 0
def take(n):
    global p; b = d[p:p + n]; p += n; return b
def u(n): return int.from_bytes(take(n), 'little')
def cstr():
    global p; e = d.index(b'\0', p); s = d[p:e]; p = e + 1; return s.decode()
def put(rel, data):
    path = os.path.join(out, rel); os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, 'wb').write(data)
assert take(3) == b'\x17\x08\x44' and take(7) == b'tracing' and cstr() == '6'
take(1); take(1); page = u(4)
for name in ('header_page', 'header_event'):
    assert cstr() == name; put('events/' + name, take(u(8)))
def formats(system):
    for _ in range(u(4)):
        f = take(u(8)); name = f.split(b'\n')[0].split(b': ')[1].decode()
        put('events/%s/%s/format' % (system, name), f)
formats('ftrace')
for _ in range(u(4)):
    formats(cstr())
take(u(4))                      # kallsyms
put('printk_formats', take(u(4)))
put('saved_cmdlines', take(u(8)))
ncpu = u(4)
assert take(10) == b'options  \0'
while u(2):
    take(u(4))
assert take(10) == b'flyrecord\0'
for cpu in range(ncpu):
    off, size = u(8), u(8)
    put('per_cpu/cpu%d/trace_pipe_raw' % cpu, d[off:off + size])
