# hs - build, test, install.  `make help` lists the targets.
#
# Outputs go under $(O) (default: the tree itself): tools in $(O)/bin, the
# library, objects and plugins in $(O)/build.  `make check-asan` builds a
# second tree in build-asan/ with AddressSanitizer + UBSan.

PREFIX  ?= /usr/local
DESTDIR ?=
O       ?= .
SAN     ?=

bindir      = $(PREFIX)/bin
libdir      = $(PREFIX)/lib
includedir  = $(PREFIX)/include
plugindir   = $(libdir)/hs/plugins
datadir     = $(PREFIX)/share/hs
mandir      = $(PREFIX)/share/man
compdir     = $(PREFIX)/share/bash-completion/completions
pkgconfdir  = $(libdir)/pkgconfig

CC      ?= cc
PKGS     = libxml-2.0 libarchive
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
WARN     = -Wall -Wextra -Werror
ifeq ($(SAN),1)
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
endif
# The fuzzing build (make fuzz): libhs instrumented for libFuzzer, with ASan+UBSan.
ifeq ($(SAN),fuzz)
SANFLAGS = -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
endif
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -MMD -MP -fPIC $(WARN) $(CFLAGS) $(SANFLAGS) -Ilib $(PKG_CFLAGS) \
	-DHS_PLUGINDIR='"$(plugindir)"' -DHS_DATADIR='"$(datadir)"'
LDLIBS   = $(PKG_LIBS) -lglpk -ldl -lm
# Tools export libhs to plugins (-rdynamic), so plugins link against nothing.
TOOL_LDFLAGS = $(SANFLAGS) -rdynamic

B        = $(O)/build
LIB_SRC  = $(wildcard lib/*/*.c) $(wildcard formats/*.c)
LIB_OBJ  = $(patsubst %.c,$(B)/obj/%.o,$(LIB_SRC))
LIB_A    = $(B)/libhs.a
TOOLS    = $(patsubst cmd/%.c,$(O)/bin/%,$(wildcard cmd/hs-*.c))
# A plugin is plugins/NAME.c, or the files of plugins/NAME/ (a family that
# outgrew one file): either way one NAME.so.
PLUGINS  = $(patsubst plugins/%.c,$(B)/plugins/%.so,$(wildcard plugins/*.c)) \
	   $(patsubst plugins/%/,$(B)/plugins/%.so,$(wildcard plugins/*/))
TPLUGINS = $(patsubst tests/plugins/%.c,$(B)/tests/plugins/%.so,$(wildcard tests/plugins/*.c))
UNITS    = $(patsubst tests/unit/%.c,$(B)/tests/%,$(wildcard tests/unit/test_*.c))
# The SimGrid reference for hs-sim's flow model (tests/simgrid/), built only
# where libsimgrid-dev is installed.
SIMGRID_LIBS := $(shell pkg-config --libs simgrid 2>/dev/null)
SIMGRID_REF  = $(if $(SIMGRID_LIBS),$(B)/tests/simgrid/hs-simgrid-ref)

.SECONDARY:
.PHONY: FORCE all deps check check-asan check-run demo bench install install-data uninstall clean help doc-svg \
	fuzz fuzz-run fuzz-cov

all: $(TOOLS) $(PLUGINS) $(B)/hs.pc $(B)/hs-uninstalled.pc

help:
	@echo 'make            build tools (bin/hs-*), plugins and libhs'
	@echo 'make demo       install missing dependencies, build, run a pipeline on built-in examples (files in demo/)'
	@echo 'make check      install missing dependencies, build, run every test (C unit + bats)'
	@echo 'make check-asan the same tests under AddressSanitizer + UBSan (build-asan/)'
	@echo 'make fuzz       run each libFuzzer target FUZZ_S seconds (default 60; build-fuzz/)'
	@echo 'make fuzz-cov   line coverage of the fuzz corpora (llvm-cov)'
	@echo 'make doc-svg    regenerate the README pictures (share/doc/*.svg)'
	@echo 'make bench      benchmarks: whole processes, medians of 5 runs paired with a baseline'
	@echo 'make install    install into $$(DESTDIR)$$(PREFIX) (default /usr/local)'

deps:
	@sh share/deps.sh

# PREFIX is compiled in (the plugin directory) and written to hs.pc: a change
# of PREFIX rebuilds everything.
$(B)/prefix.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' > $@
FORCE:

$(B)/obj/%.o: %.c $(B)/prefix.stamp
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# Header (and included .c) dependencies written by -MMD.
-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)

$(LIB_A): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(O)/bin/%: $(B)/obj/cmd/%.o $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(TOOL_LDFLAGS) -o $@ $< -Wl,--whole-archive $(LIB_A) -Wl,--no-whole-archive $(LDLIBS)

# Plugins that need libraries of their own: NAME_LIBS (the Batsim bridge:
# its JSON wire format and its ZeroMQ transport).
batsim_LIBS := $(shell pkg-config --libs jansson libzmq 2>/dev/null)
# The same for unit tests (test_NAME_LIBS) and fuzz targets (fuzz_NAME_LIBS)
# that include a plugin's sources.
test_batsim_wire_LIBS := $(batsim_LIBS)
test_batsim_link_LIBS := $(batsim_LIBS)
fuzz_batsim_proto_LIBS := $(batsim_LIBS)

.SECONDEXPANSION:
$(B)/plugins/%.so: $$(addprefix $(B)/obj/,$$(addsuffix .o,$$(basename $$(wildcard plugins/$$*.c plugins/$$*/*.c))))
	@mkdir -p $(dir $@)
	$(CC) -shared $(SANFLAGS) -o $@ $^ -lm $($*_LIBS)

$(B)/tests/plugins/%.so: $(B)/obj/tests/plugins/%.o
	@mkdir -p $(dir $@)
	$(CC) -shared $(SANFLAGS) -o $@ $< -lm

# A test plugin that is not a shared library at all (loader error case).
$(B)/tests/plugins/notelf.so:
	@mkdir -p $(dir $@)
	printf 'this is not a shared object\n' > $@

$(B)/tests/%: $(B)/obj/tests/unit/%.o $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(TOOL_LDFLAGS) -o $@ $< -Wl,--whole-archive $(LIB_A) -Wl,--no-whole-archive $(LDLIBS) $($*_LIBS)

REF_OBJ = $(patsubst %,$(B)/obj/tests/simgrid/%.o,hs-simgrid-ref ref_platform ref_routes)
$(B)/tests/simgrid/hs-simgrid-ref: $(REF_OBJ) $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(TOOL_LDFLAGS) -o $@ $(REF_OBJ) -Wl,--whole-archive $(LIB_A) -Wl,--no-whole-archive $(LDLIBS) $(SIMGRID_LIBS)

$(B)/hs.pc: Makefile $(B)/prefix.stamp
	@mkdir -p $(dir $@)
	printf 'prefix=%s\nincludedir=$${prefix}/include\nplugindir=%s\n\nName: hs\nDescription: hs scheduling toolkit plugin API\nVersion: %s\nCflags: -I$${includedir}\n' \
		'$(PREFIX)' '$(plugindir)' "$$(sed -n 's/^#define HS_VERSION "\(.*\)"/\1/p' lib/hs/util.h)" > $@

# The same for this tree, not installed: pkg-config prefers NAME-uninstalled.pc,
# so PKG_CONFIG_PATH=$(B) builds a plugin (the template) against lib/hs here.
$(B)/hs-uninstalled.pc: $(B)/hs.pc
	sed -e 's|^includedir=.*|includedir=$(CURDIR)/lib|' -e 's|^plugindir=.*|plugindir=$(abspath $(B))/plugins|' \
		$(B)/hs.pc > $@

# ---- tests ----
check: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory check-run

check-run: all $(UNITS) $(TPLUGINS) $(B)/tests/plugins/notelf.so $(SIMGRID_REF)
	@HS_BIN=$(abspath $(O)/bin) HS_BUILD=$(abspath $(B)) sh tests/run.sh

check-asan: deps
	@$(MAKE) --no-print-directory O=build-asan SAN=1 OPT=-O1 check-run

# ---- fuzzing ----
# libFuzzer targets (clang): one per tests/fuzz/fuzz_NAME.c, its seeds in
# tests/fuzz/NAME/ (tests/fuzz/README.md).  A new target is one file there.
FUZZ_S  ?= 60
FUZZ_SEED ?=
FUZZ_CC ?= clang
FUZZ_NAMES = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))

fuzz: deps
	@$(MAKE) --no-print-directory O=build-fuzz CC=$(FUZZ_CC) SAN=fuzz OPT=-O1 fuzz-run

fuzz-run: $(patsubst %,$(B)/fuzz/%,$(FUZZ_NAMES))
	@FUZZ_SEED=$(FUZZ_SEED) sh tests/fuzz/run.sh $(B) $(FUZZ_S) $(FUZZ_NAMES)

# Line coverage of what the corpora reach (llvm-cov), for each target.
fuzz-cov:
	@sh tests/fuzz/coverage.sh build-fuzz/build $(FUZZ_NAMES)

$(B)/fuzz/%: $(B)/obj/tests/fuzz/fuzz_%.o $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) -fsanitize=fuzzer,address,undefined -o $@ $< $(LIB_A) $(LDLIBS) $(fuzz_$*_LIBS)


# `make demo DEMO=DIR`: where the demo leaves its streams and pictures.
DEMO ?= demo
demo: deps
	@$(MAKE) --no-print-directory all
	@sh share/demo.sh $(O)/bin $(DEMO)

# The README's pictures (share/doc/*.svg), made by the tools; a test keeps
# the committed files equal to what the code makes.
doc-svg: all
	@sh share/doc/figures.sh $(O)/bin share/doc

bench: deps
	@$(MAKE) --no-print-directory all
	@sh bench/run.sh

# ---- install ----
# The man pages and the plugin template's README name the default install
# paths; the installed copies name those of this PREFIX.
INSTALL_PATHS = -e 's|/usr/local/share/hs|$(datadir)|g' -e 's|/usr/local/lib/hs/plugins|$(plugindir)|g' \
	-e 's|/usr/local/share/man|$(mandir)|g' -e 's|/usr/local/share/bash-completion/completions|$(compdir)|g'
install: all install-data
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(plugindir) $(DESTDIR)$(includedir)/hs \
		$(DESTDIR)$(pkgconfdir) $(DESTDIR)$(compdir)
	install -m 755 $(TOOLS) $(DESTDIR)$(bindir)
	install -m 755 $(PLUGINS) $(DESTDIR)$(plugindir)
	install -m 644 lib/hs/*.h $(DESTDIR)$(includedir)/hs
	install -m 644 $(B)/hs.pc $(DESTDIR)$(pkgconfdir)/hs.pc
	install -m 644 completions/hs.bash $(DESTDIR)$(compdir)/hs
	for t in $(notdir $(TOOLS)); do ln -sf hs $(DESTDIR)$(compdir)/$$t; done

# Man pages, platforms and examples: nothing to build.
install-data:
	install -d $(DESTDIR)$(datadir)
	for s in 1 5 7; do \
		ls share/man/*.$$s >/dev/null 2>&1 || continue; \
		install -d $(DESTDIR)$(mandir)/man$$s; \
		for f in share/man/*.$$s; do \
			sed $(INSTALL_PATHS) $$f > $(DESTDIR)$(mandir)/man$$s/$${f##*/}; \
			chmod 644 $(DESTDIR)$(mandir)/man$$s/$${f##*/}; \
		done; \
	done
	cp -R share/platforms share/examples share/workloads $(DESTDIR)$(datadir)/
	sed $(INSTALL_PATHS) share/examples/plugin-template/README.md \
		> $(DESTDIR)$(datadir)/examples/plugin-template/README.md

uninstall:
	rm -f $(addprefix $(DESTDIR)$(bindir)/,$(notdir $(TOOLS)))
	rm -rf $(DESTDIR)$(plugindir) $(DESTDIR)$(includedir)/hs $(DESTDIR)$(datadir)
	rm -f $(DESTDIR)$(pkgconfdir)/hs.pc $(DESTDIR)$(compdir)/hs
	for t in $(notdir $(TOOLS)); do rm -f $(DESTDIR)$(compdir)/$$t; done

clean:
	rm -rf bin build build-asan build-fuzz

# Benchmark helpers (bench/*.c), built on demand by bench/run.sh.
BENCHES = $(patsubst bench/%.c,$(B)/bench/%,$(wildcard bench/*.c))
benches: $(BENCHES)
$(B)/bench/%: $(B)/obj/bench/%.o $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(TOOL_LDFLAGS) -o $@ $< -Wl,--whole-archive $(LIB_A) -Wl,--no-whole-archive $(LDLIBS)
