# lietool: the only build entry.
#   make            build ./lietool and ./liblietool.a (installs missing -dev packages first)
#   make check      build and run every test; ends with "N passed, N failed"
#   make demo       the course sheet: derived series, witnesses, A5, rotations, report, error exponents
#   make bench      timings against GAP and NumPy (ratios)
#   make install PREFIX=/usr/local
#   make check SANITIZE=1   the same tests under ASan and UBSan

PREFIX   ?= /usr/local
CC       ?= cc
OPT      ?= -O2 -g
CFLAGS   ?= $(OPT)
DEB_PKGS  = libgmp-dev libmpfr-dev libflint-dev liblapacke-dev libopenblas-dev
DATADIR   = $(PREFIX)/share/lietool

ifeq ($(SANITIZE),1)
  CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
  LDFLAGS += -fsanitize=address,undefined
  BUILD = build/san
else
  BUILD = build/rel
endif

ALL_CFLAGS = -std=c11 -pthread -Wall -Wextra -Wno-sign-compare -D_GNU_SOURCE -Iinclude \
             -DLT_DATADIR='"$(DATADIR)"' $(CFLAGS)
LDLIBS   = -lflint -lmpfr -lgmp -llapacke -lopenblas -lm -lpthread

LIB_SRC  = $(sort $(wildcard src/core/*.c src/perm/*.c src/liealg/*.c src/io/*.c src/free/*.c src/depth/*.c src/ssm/*.c))
CLI_SRC  = $(sort $(wildcard src/cli/*.c))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_SRC = $(sort $(wildcard tests/t-*.c))
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

ifeq ($(SANITIZE),1)
  BIN = $(BUILD)/lietool
  LIB = $(BUILD)/liblietool.a
else
  BIN = lietool
  LIB = liblietool.a
endif

.PHONY: all deps check check-unit check-cli check-gap demo bench install uninstall clean

all: deps
	@$(MAKE) --no-print-directory $(BIN) $(LIB)

# Installs the Debian -dev packages that are missing (as root), or prints the
# command to run.
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
	      || { echo "lietool: apt-get install$$missing failed" >&2; exit 1; }; \
	  else \
	    echo "lietool needs:$$missing"; echo "run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

$(BUILD)/%.o: %.c $(wildcard include/*.h include/lietool/*.h src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(BUILD)/tests/%: tests/%.c tests/unit.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

check: deps
	@$(MAKE) --no-print-directory $(BIN) $(LIB) $(TEST_BIN)
	@LIETOOL=$(abspath $(BIN)) LIETOOL_ALGEBRAS=$(abspath algebras) sh tests/run.sh $(TEST_BIN) tests/check-latex.sh

demo: all
	@sh scripts/demo.sh ./lietool

bench: all
	@sh bench/bench-groups.sh ./lietool
	@sh bench/bench-lie.sh ./lietool
	@sh bench/bench-bch.sh ./lietool
	@sh bench/bench-ssm.sh ./lietool
	@sh bench/bench-ssm-eval.sh ./lietool

check-gap: all
	@sh tests/check-gap.sh ./lietool
	@sh tests/check-gap-lie.sh ./lietool
	@sh tests/check-gap-dataset.sh ./lietool
	@sh tests/check-gap-iso.sh ./lietool

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include/lietool $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/man/man5 $(DESTDIR)$(DATADIR)/algebras/groups \
	  $(DESTDIR)$(DATADIR)/algebras/lie $(DESTDIR)$(DATADIR)/algebras/reps
	install -m 755 lietool $(DESTDIR)$(PREFIX)/bin/lietool
	install -m 644 liblietool.a $(DESTDIR)$(PREFIX)/lib/liblietool.a
	install -m 644 include/lietool.h $(DESTDIR)$(PREFIX)/include/lietool.h
	install -m 644 include/lietool/*.h $(DESTDIR)$(PREFIX)/include/lietool/
	install -m 644 man/lietool.1 $(DESTDIR)$(PREFIX)/share/man/man1/lietool.1
	install -m 644 man/lietool-formats.5 $(DESTDIR)$(PREFIX)/share/man/man5/lietool-formats.5
	install -m 644 algebras/groups/*.grp $(DESTDIR)$(DATADIR)/algebras/groups/
	install -m 644 algebras/lie/*.lie $(DESTDIR)$(DATADIR)/algebras/lie/
	install -m 644 algebras/reps/*.rep $(DESTDIR)$(DATADIR)/algebras/reps/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(shell sed -n 's/.*LIETOOL_VERSION "\(.*\)"/\1/p' include/lietool/core.h)|' \
	  lietool.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/lietool.pc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lietool $(DESTDIR)$(PREFIX)/lib/liblietool.a \
	  $(DESTDIR)$(PREFIX)/include/lietool.h $(DESTDIR)$(PREFIX)/lib/pkgconfig/lietool.pc \
	  $(DESTDIR)$(PREFIX)/share/man/man1/lietool.1 $(DESTDIR)$(PREFIX)/share/man/man5/lietool-formats.5
	rm -rf $(DESTDIR)$(PREFIX)/include/lietool $(DESTDIR)$(DATADIR)

clean:
	rm -rf build lietool liblietool.a
