# SPDX-License-Identifier: GPL-2.0
# pmscope: plain make, pkg-config for the libraries.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
# bash-completion loads completions/<command> from each of $XDG_DATA_DIRS.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
# Where systemd-sleep looks for hooks (not below PREFIX: systemd reads only
# its own folder); pmscope watch's is inert until 'pmscope watch enable'.
SLEEPDIR ?= $(shell $(PKG_CONFIG) --variable=systemdsleepdir systemd 2>/dev/null || \
		echo /usr/lib/systemd/system-sleep)
DESTDIR ?=

CC      ?= cc
PKG_CONFIG ?= pkg-config
PKGS    := libtraceevent libtracefs libtracecmd cairo libarchive zlib liblzma libxxhash json-c
# xxhash is compiled in (XXH_INLINE_ALL), not linked;
# libarchive, zlib, liblzma and cairo are compiled against, not linked: they are
# loaded the first time a compressed file is read (src/input/lines/unpack.c)
# or a PNG drawn (src/timeline/png.c); tests/tools/pngstat links cairo itself
LINK_PKGS := libtraceevent libtracefs libtracecmd json-c
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE
PKG_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell $(PKG_CONFIG) --libs $(LINK_PKGS) 2>/dev/null)
ALL_CFLAGS = $(WARN) -pthread -Iinclude -I$(B)/gen $(PKG_CFLAGS) $(CFLAGS)
LDLIBS  = -Wl,--as-needed $(PKG_LIBS) -lm -ldl -pthread

B       ?= build
# One folder per pipeline stage (README, Layout); inputs one folder per
# format under src/input/.
STAGES  := util format model input builder analysis report timeline capture cmd
SRC     := $(foreach s,$(STAGES),$(wildcard src/$(s)/*.c src/$(s)/*/*.c))
LIBSRC  := $(filter-out src/cmd/main.c,$(SRC))
OBJ     := $(SRC:src/%.c=$(B)/%.o)
LIBOBJ  := $(LIBSRC:src/%.c=$(B)/%.o)
# Each object depends on the headers it includes, as the compiler saw
# them (-MMD; -MP: a header removed is no error).
DEPFLAGS = -MMD -MP
TESTSRC := $(wildcard tests/unit/test_*.c)
TESTBIN := $(TESTSRC:tests/unit/%.c=$(B)/tests/%)

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# libFuzzer harnesses (tests/fuzz/): one per parser and one for the whole
# analyze path. Built with clang in build-fuzz; the same harness code is
# also linked with a replay main into every build, which runs the kept
# reproducers and seeds in the plain and sanitized test runs.
FUZZ_TARGETS := dmesg ftrace fgraph sysfacts tracedat analyze report
FUZZ_B       := build-fuzz
FUZZ_CFLAGS  := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
		-fno-sanitize-recover=all -fsanitize=fuzzer-no-link -DCHILD_CPU_BASE=1
# The trace.dat target also without ASan (tests/fuzz/README.md): its
# reading runs in a child, whose ASan reports libFuzzer never sees, and
# the fork of an ASan process cost 13 ms an input; what it keeps is run
# once more under ASan.
FUZZ_UB      := $(FUZZ_B)-ub
FUZZ_UB_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=undefined \
		-fno-sanitize-recover=all -fsanitize=fuzzer-no-link -DCHILD_CPU_BASE=1
FUZZ_SECONDS ?= 60
FUZZ_REPLAY  := $(FUZZ_TARGETS:%=$(B)/fuzz/replay_%)

.PHONY: rows-schema
.PHONY: all deps check check-asan check-plain check-clang build-only check-vm check-deb demo bench report-sums install uninstall clean
.PHONY: fuzz fuzz-build fuzz-bins check-fuzz

all: $(B)/pmscope

deps:
	@sh scripts/deps.sh build

$(B)/%.o: src/%.c | deps-build
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

-include $(OBJ:.o=.d)
# the flags are the Makefile's: an object from another of its versions
# (one built before -MMD has no dependency list) is built again
$(OBJ): Makefile

$(B)/pmscope: $(OBJ)
	@echo "  LINK    $@"
	@$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# Tests link the objects themselves: an ar archive keeps one member per
# base name, and stages share some (stats.c in analysis, report and cmd).
$(B)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(LIBOBJ)
	@mkdir -p $(dir $@)
	@echo "  TEST    $@"
	@$(CC) $(ALL_CFLAGS) -Isrc -DFIXTURES=\"$(CURDIR)/tests/fixtures\" -o $@ $< $(LIBOBJ) \
		$(LDLIBS) $$($(PKG_CONFIG) --libs cmocka)

# The HTML report's script and style sheet, embedded as C arrays. They sit
# inside CDATA in a script/style element: neither may contain "]]>" or "</".
HTML_ASSETS := src/timeline/html/timeline.js src/timeline/html/timeline.css
$(B)/gen/html_assets.h: $(HTML_ASSETS)
	@mkdir -p $(dir $@)
	@echo "  GEN     $@"
	@! grep -n -e ']]>' -e '</' $(HTML_ASSETS) || { echo "$@: ']]>' or '</' in an asset" >&2; exit 1; }
	@(cd src/timeline/html && xxd -i timeline.js && xxd -i timeline.css) > $@.tmp && mv $@.tmp $@

$(B)/timeline/html.o: $(B)/gen/html_assets.h

# The harnesses: with libFuzzer (only in $(FUZZ_B), clang) and with the
# replay main (every build).
$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(LIBOBJ)
	@mkdir -p $(dir $@)
	@echo "  FUZZER  $@"
	@$(CC) $(ALL_CFLAGS) -Isrc -fsanitize=fuzzer -DFUZZ_LIBFUZZER -o $@ $< $(LIBOBJ) $(LDLIBS)

$(B)/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.h $(LIBOBJ)
	@mkdir -p $(dir $@)
	@echo "  REPLAY  $@"
	@$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< tests/fuzz/replay.c $(LIBOBJ) $(LDLIBS)

fuzz-bins: $(FUZZ_TARGETS:%=$(B)/fuzz/fuzz_%)

# The renderers (report/, timeline/, format/) are checked by the
# sanitizers but not watched for coverage: they compute nothing, so what
# they do follows from the model the parsers built, and libFuzzer scans
# every counter of the binary after each input (with theirs, and their
# compare tracing, the analyze target ran 114 inputs a second, 153
# without).
ifneq ($(filter $(FUZZ_B) $(FUZZ_UB),$(B)),)
$(B)/report/%.o $(B)/timeline/%.o $(B)/format/%.o: ALL_CFLAGS += -fno-sanitize=fuzzer-no-link
endif

fuzz-build:
	@sh scripts/deps.sh test
	@$(MAKE) --no-print-directory fuzz-bins B=$(FUZZ_B) CC=clang CFLAGS="$(FUZZ_CFLAGS)"
	@$(MAKE) --no-print-directory $(FUZZ_UB)/fuzz/fuzz_tracedat B=$(FUZZ_UB) CC=clang \
		CFLAGS="$(FUZZ_UB_CFLAGS)"

# Each target for FUZZ_SECONDS on its seeds, new inputs kept in
# $(FUZZ_B)/corpus/TARGET; prints executions per target. Crashes land in
# $(FUZZ_B)/artifacts/: minimize, fix, and keep them in tests/fuzz/repro/.
fuzz: fuzz-build
	@sh tests/fuzz/run.sh $(FUZZ_B) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# make check: a few seconds each, so a regression on the seeds fails.
check-fuzz: fuzz-build
	@sh tests/fuzz/run.sh $(FUZZ_B) 4 $(FUZZ_TARGETS) > $(FUZZ_B)/test-results.tap 2>&1; \
		cat $(FUZZ_B)/test-results.tap

# Helpers of the CLI tests and the bench (tests/tools/).
$(B)/tests/pngstat: tests/tools/pngstat.c
	@mkdir -p $(dir $@)
	@$(CC) $(ALL_CFLAGS) -o $@ $< $(shell $(PKG_CONFIG) --libs cairo) $(LDLIBS)

$(B)/tests/datgen: tests/tools/datgen.c
	@mkdir -p $(dir $@)
	@$(CC) $(ALL_CFLAGS) -o $@ $<

$(B)/tests/memfloor: tests/tools/memfloor.c
	@mkdir -p $(dir $@)
	@$(CC) $(ALL_CFLAGS) -o $@ $<

$(B)/tests/leastread: tests/tools/leastread.c
	@mkdir -p $(dir $@)
	@$(CC) $(ALL_CFLAGS) -o $@ $<

# Installs missing packages once (or says what to install) before the first compile.
.PHONY: deps-build
deps-build:
	@test -f $(B)/.deps-ok || { sh scripts/deps.sh build && mkdir -p $(B) && touch $(B)/.deps-ok; }

# The test suite twice: a normal build, then AddressSanitizer + UBSan.
check:
	@sh scripts/deps.sh test
	@$(MAKE) --no-print-directory check-plain B=build
	@$(MAKE) --no-print-directory check-plain B=build-san CFLAGS="$(SAN_FLAGS)" \
		LDFLAGS="-fsanitize=address,undefined"
	@$(MAKE) --no-print-directory check-clang
	@$(MAKE) --no-print-directory check-fuzz
	@sh tests/summary.sh build build-san build-clang $(FUZZ_B)

# clang must build what gcc builds, with the same -Werror, and its binary
# must write the same reports (tests/reports.sums) and run the kept fuzz
# reproducers; the whole suite ran twice above, a third run would add
# minutes, not checks.
check-clang:
	@$(MAKE) --no-print-directory build-only B=build-clang CC=clang
	@echo "  CLANG   build-clang: pmscope and the unit tests build"
	@sh tests/run.sh build-clang same_reports.sh fuzz_repro.sh > build-clang/test-results.tap 2>&1; \
		cat build-clang/test-results.tap

build-only: $(B)/pmscope $(TESTBIN) $(B)/tests/pngstat $(FUZZ_REPLAY)

check-plain: $(B)/pmscope $(TESTBIN) $(B)/tests/pngstat $(FUZZ_REPLAY)
	@sh tests/run.sh $(B) > $(B)/test-results.tap 2>&1; st=$$?; cat $(B)/test-results.tap; exit 0

# Live capture on real kernels in QEMU (TCG): S3, s2idle, arm/collect,
# SIGINT, pm_test, function_graph; record stopped at each of its steps by
# every signal, SIGKILL and a crash. About half an hour (the signals most
# of it); the kernel download is cached in $(B)/vm-cache.
check-vm: $(B)/pmscope
	@sh scripts/deps.sh vm
	@bash tests/vm/run.sh $(B) > $(B)/vm-results.tap 2>&1; cat $(B)/vm-results.tap
	@mkdir -p $(B)/vm && cp $(B)/vm-results.tap $(B)/vm/test-results.tap
	@sh tests/summary.sh $(B)/vm

# The Debian package, built from a copy of the checkout under $(B)/deb:
# lintian, then the binary unpacked with dpkg -x analyzes a fixture.
check-deb:
	@sh scripts/deps.sh deb
	@mkdir -p $(B)/deb
	@sh tests/deb/run.sh $(B)/deb > $(B)/deb/test-results.tap 2>&1; cat $(B)/deb/test-results.tap
	@sh tests/summary.sh $(B)/deb

demo: $(B)/pmscope
	@sh scripts/demo.sh $(B)/pmscope

bench: $(B)/pmscope $(B)/tests/datgen $(B)/tests/memfloor $(B)/tests/leastread
	@sh scripts/bench.sh $(B)/pmscope

# After a change meant to change reports: the hashes of every fixture's
# reports, which tests/cli/same_reports.sh holds the build to.
report-sums: $(B)/pmscope
	@sh scripts/same-reports.sh --sums $(B)/pmscope > tests/reports.sums.tmp
	@mv tests/reports.sums.tmp tests/reports.sums
	@echo "  SUMS    tests/reports.sums: $$(wc -l < tests/reports.sums) outputs"

# After a change to a table of facts (src/report/tables.c): the schemas
# and loads of share/pmscope/sql/ and pmscope(1)'s ROWS columns made anew
# from it (tests/cli/rows_schema.sh holds them to it).
rows-schema: $(B)/pmscope
	@$(B)/pmscope --tables > $(B)/tables.tsv
	@for e in postgresql clickhouse sqlite bigquery; do \
		sh scripts/rows-schema.sh schema $$e < $(B)/tables.tsv > share/pmscope/sql/$$e/schema.sql; \
	done
	@for e in postgresql sqlite bigquery; do \
		sh scripts/rows-schema.sh load $$e < $(B)/tables.tsv > share/pmscope/sql/$$e/load.sql; \
	done
	@sh scripts/rows-schema.sh load clickhouse < $(B)/tables.tsv > share/pmscope/sql/clickhouse/load.sh
	@sh scripts/rows-schema.sh man < $(B)/tables.tsv > $(B)/rows.man
	@sed -e '/^\.\\" rows: made by/r $(B)/rows.man' -e '/^\.\\" rows: made by/,/^\.\\" rows: end/{//!d;}' \
		man/pmscope.1 > $(B)/pmscope.1 && mv $(B)/pmscope.1 man/pmscope.1
	@echo "  ROWS    share/pmscope/sql/*/schema.sql, load, pmscope(1) ROWS"

SQLDIR ?= $(PREFIX)/share/pmscope/sql

install: $(B)/pmscope
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(B)/pmscope $(DESTDIR)$(BINDIR)/pmscope
	install -m 644 man/pmscope.1 $(DESTDIR)$(MANDIR)/man1/pmscope.1
	install -m 644 completion/pmscope.bash $(DESTDIR)$(BASHCOMPDIR)/pmscope
	install -d $(DESTDIR)$(SLEEPDIR)
	sed 's|@BINDIR@|$(BINDIR)|g' share/system-sleep/pmscope.in > $(DESTDIR)$(SLEEPDIR)/pmscope
	chmod 755 $(DESTDIR)$(SLEEPDIR)/pmscope
	for e in postgresql clickhouse sqlite bigquery; do \
		install -d $(DESTDIR)$(SQLDIR)/$$e/questions; \
		install -m 644 share/pmscope/sql/$$e/*.sql $(DESTDIR)$(SQLDIR)/$$e/; \
		install -m 644 share/pmscope/sql/$$e/questions/*.sql $(DESTDIR)$(SQLDIR)/$$e/questions/; \
	done
	install -m 755 share/pmscope/sql/clickhouse/load.sh $(DESTDIR)$(SQLDIR)/clickhouse/load.sh

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/pmscope $(DESTDIR)$(MANDIR)/man1/pmscope.1 \
		$(DESTDIR)$(BASHCOMPDIR)/pmscope $(DESTDIR)$(SLEEPDIR)/pmscope
	rm -rf $(DESTDIR)$(SQLDIR)

clean:
	rm -rf build build-san build-clang $(FUZZ_B) $(FUZZ_UB)
