# lietool: the only build entry.
#   make            build ./lietool, ./liblietool.a and ./liblietool.so (installs missing -dev packages first)
#   make python     the Python package, built in place (python/lietool/_lietool*.so)
#   make check      build and run every test; ends with "N passed, N failed"
#   make demo       the course sheet: derived series, witnesses, A5, rotations, report, error exponents
#   make paper      the paper's experiments beside the theory (lietool ssm paper, scripts/paper.sh)
#   make bench      timings against GAP and NumPy (ratios)
#   make install PREFIX=/usr/local   (the command line and the C library; the Python package: README, Python)
#   make wheel      the Python package as a wheel (build/wheel/lietool-*.whl), for pip install
#   make check SANITIZE=1   the same tests under ASan and UBSan
#   make DEV=1      the developer build: every warning an error (build/dev)

PREFIX   ?= /usr/local
CC       ?= cc
OPT      ?= -O2 -g
CFLAGS   ?= $(OPT)
DEB_PKGS  = libgmp-dev libmpfr-dev libflint-dev liblapacke-dev libopenblas-dev pkg-config
# What some checks of `make check` run (the rest of it runs without them,
# and a check whose tool is missing says so): torch and NumPy for the
# checkpoint and dataset references and the training script's test,
# pdflatex for the LaTeX fragments, Python's headers, setuptools and
# pytest for the Python package (check-python), python3-venv, pip and
# wheel for its offline install into a venv and `make wheel`, Open MPI for bch --mpi
# (lietool builds without it and then says --mpi is unavailable).
TEST_PKGS = python3-numpy python3-torch texlive-latex-base python3-dev python3-setuptools python3-pytest \
            python3-venv python3-pip python3-wheel libopenmpi-dev openmpi-bin
DATADIR   = $(PREFIX)/share/lietool

ifeq ($(SANITIZE),1)
  CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
  LDFLAGS += -fsanitize=address,undefined
  BUILD = build/san
else ifeq ($(DEV),1)
  CFLAGS += -Wmissing-prototypes -Wsign-compare -Werror
  BUILD = build/dev
else
  BUILD = build/rel
endif

BASE_CFLAGS = -std=c11 -pthread -Wall -Wextra -Wno-sign-compare -D_GNU_SOURCE -Iinclude \
             -DLT_DATADIR='"$(DATADIR)"'
ALL_CFLAGS = $(BASE_CFLAGS) $(CFLAGS)
# OpenBLAS and LAPACKE are loaded when first used (src/core/blas.c), not linked
LDLIBS   = -lflint -lmpfr -lgmp -lm -lpthread -ldl

LIB_SRC  = $(sort $(wildcard src/core/*.c src/perm/*.c src/liealg/*.c src/io/*.c src/free/*.c src/rep/*.c src/depth/*.c src/ssm/*.c src/model/*.c src/rotation/*.c src/dataset/*.c src/plot/*.c src/chartab/*.c src/doc/*.c src/write/*.c src/job/*.c))
CLI_SRC  = $(sort $(wildcard src/cli/*.c))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
# bch --mpi (src/mpi): in the lietool binary only, so the library needs no
# MPI; built with Open MPI when pkg-config finds it (libopenmpi-dev), else
# without (the object's name says which, so installing MPI rebuilds it).
MPI_CFLAGS := $(shell pkg-config --cflags ompi-c 2>/dev/null)
MPI_LIBS   := $(shell pkg-config --libs ompi-c 2>/dev/null)
# libmpi is loaded by bch --mpi and magnus --mpi when they start MPI (dlopen),
# not linked: its soname, from the library compiled against
MPI_SONAME := $(if $(MPI_LIBS),$(shell objdump -p "$$(pkg-config --variable=libdir ompi-c)/libmpi.so" 2>/dev/null | awk '/SONAME/ {print $$2}'))
MPI_KIND    = $(if $(MPI_LIBS),mpi,nompi)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o) $(BUILD)/src/mpi/bch-$(MPI_KIND).o
TEST_SRC = $(sort $(wildcard tests/t-*.c))
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# Fuzz harnesses: tests/fuzz/fuzz-NAME.c with its seeds in tests/fuzz/corpus/NAME/.
# make check replays each committed corpus once (build/*/tests/fuzz-NAME).
FUZZ_NAMES = $(sort $(patsubst tests/fuzz/fuzz-%.c,%,$(wildcard tests/fuzz/fuzz-*.c)))
REPLAY_BIN = $(FUZZ_NAMES:%=$(BUILD)/tests/fuzz-%)

# The shared library: the same sources compiled with -fPIC in $(BUILD)/pic
# (the static library and ./lietool keep their own objects), soname
# liblietool.so.SOMAJOR; $(BUILD)/pic/liblietool.a is the same objects as
# an archive, for the Python extension (python/setup.py).
VERSION  := $(shell sed -n 's/.*LIETOOL_VERSION "\(.*\)"/\1/p' include/lietool/core.h)
SOMAJOR   = $(firstword $(subst ., ,$(VERSION)))
SONAME    = liblietool.so.$(SOMAJOR)
PIC_OBJ   = $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
PIC_LIB   = $(BUILD)/pic/liblietool.a

ifeq ($(BUILD),build/rel)
  BIN = lietool
  LIB = liblietool.a
  SO_DIR = .
else
  BIN = $(BUILD)/lietool
  LIB = $(BUILD)/liblietool.a
  SO_DIR = $(BUILD)
endif
SO = $(SO_DIR)/liblietool.so.$(VERSION)
SO_LINKS = $(SO_DIR)/$(SONAME) $(SO_DIR)/liblietool.so

# every test program, built but not run (make DEV=1 tests: the developer build of all of it)
tests: deps
	@$(MAKE) --no-print-directory $(BIN) $(LIB) $(SO_LINKS) $(PIC_LIB) $(TEST_BIN) $(REPLAY_BIN)

.PHONY: wheel all deps test-deps tests check check-unit check-cli check-gap demo paper bench install uninstall clean fuzz valgrind check-install python check-python

all: deps
	@$(MAKE) --no-print-directory $(BIN) $(LIB) $(SO_LINKS) $(PIC_LIB)

# The Python package built in place (python/lietool/_lietool*.so, objects
# in build/python), for the tests and `PYTHONPATH=python`; `pip install
# ./python` installs it. Debian's python3 unless PYTHON says otherwise.
PYTHON ?= /usr/bin/python3
# Always the release objects (build/rel/pic), whatever DEV or SANITIZE say.
python: deps
	@$(MAKE) --no-print-directory DEV= SANITIZE= lietool build/rel/pic/liblietool.a
	@cd python && $(PYTHON) setup.py -q build_ext --force --inplace --build-temp ../build/python

# The package as a wheel, built offline with the setuptools and wheel of
# $(PYTHON) (python3-setuptools, python3-wheel, python3-pip): pip install
# build/wheel/lietool-*.whl puts it in any venv of the same CPython.
wheel: deps
	@$(MAKE) --no-print-directory DEV= SANITIZE= lietool build/rel/pic/liblietool.a
	@rm -rf python/build python/lietool.egg-info
	$(PYTHON) -m pip wheel -q --no-build-isolation --no-deps -w build/wheel ./python

# The package's tests (pytest); skipped, and said so, without python3-dev,
# numpy, setuptools or pytest. Ends with "python: N passed, N failed".
check-python: all
	@PYTHON=$(PYTHON) MAKE=$(MAKE) LT_SANITIZE=$(SANITIZE) sh tests/check-python.sh

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

# The packages of TEST_PKGS: installed when run as root, else the command to run.
test-deps:
	@missing=""; for p in $(TEST_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ]; then \
	  echo "installing (for make check):$$missing"; \
	  (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null \
	    || echo "lietool: apt-get install$$missing failed; the checks that need them will say so" >&2; \
	elif [ -n "$$missing" ]; then \
	  echo "some checks are skipped without:$$missing (sudo apt-get install -y$$missing)"; \
	fi

$(BUILD)/%.o: %.c $(wildcard include/*.h include/lietool/*.h src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/src/mpi/bch-mpi.o: src/mpi/bch.c src/mpi/bch.h $(wildcard include/lietool/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DLT_HAVE_MPI $(if $(MPI_SONAME),-DLT_MPI_SONAME='"$(MPI_SONAME)"') $(MPI_CFLAGS) -c -o $@ $<

$(BUILD)/src/mpi/bch-nompi.o: src/mpi/bch.c src/mpi/bch.h $(wildcard include/lietool/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# the forward passes' elementwise loops (exp, gelu, sigmoid without libm) vectorise at -O3
$(BUILD)/src/model/kernels.o: ALL_CFLAGS += -O3 -fno-trapping-math

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/pic/%.o: %.c $(wildcard include/*.h include/lietool/*.h src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<

$(PIC_LIB): $(PIC_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(SO): $(PIC_OBJ)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(LDLIBS)

$(SO_LINKS): $(SO)
	ln -sf $(notdir $(SO)) $@

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(BUILD)/tests/%: tests/%.c tests/unit.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# fuzz-options parses with the command line's own code: every CLI object but main.o
CLI_LIB_OBJ = $(filter-out $(BUILD)/src/cli/main.o,$(CLI_OBJ))
$(BUILD)/tests/fuzz-options: tests/fuzz/fuzz-options.c tests/fuzz/replay.c tests/fuzz/fuzz.h $(LIB) $(CLI_LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -DFUZZ_NAME='"options"' -DFUZZ_CORPUS='"$(abspath tests/fuzz/corpus/options)"' \
	  -DFUZZ_ALGEBRAS='"$(abspath algebras)"' -o $@ $< tests/fuzz/replay.c $(CLI_LIB_OBJ) $(LIB) $(LDLIBS)

# fuzz-checkpoint-dir reads bch and magnus checkpoints with src/mpi/bch.c (in the binary only)
$(BUILD)/tests/fuzz-checkpoint-dir: tests/fuzz/fuzz-checkpoint-dir.c tests/fuzz/replay.c tests/fuzz/fuzz.h $(LIB) $(BUILD)/src/mpi/bch-$(MPI_KIND).o
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -DFUZZ_NAME='"checkpoint-dir"' -DFUZZ_CORPUS='"$(abspath tests/fuzz/corpus/checkpoint-dir)"' \
	  -DFUZZ_ALGEBRAS='"$(abspath algebras)"' -o $@ $< tests/fuzz/replay.c $(BUILD)/src/mpi/bch-$(MPI_KIND).o $(LIB) $(LDLIBS)

$(BUILD)/tests/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/replay.c tests/fuzz/fuzz.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -DFUZZ_NAME='"$*"' -DFUZZ_CORPUS='"$(abspath tests/fuzz/corpus/$*)"' \
	  -DFUZZ_ALGEBRAS='"$(abspath algebras)"' -o $@ $< tests/fuzz/replay.c $(LIB) $(LDLIBS)

check: deps test-deps
	@$(MAKE) --no-print-directory $(BIN) $(LIB) $(TEST_BIN) $(REPLAY_BIN)
	@LIETOOL=$(abspath $(BIN)) LIETOOL_ALGEBRAS=$(abspath algebras) LT_SANITIZE=$(SANITIZE) sh tests/run.sh $(TEST_BIN) $(REPLAY_BIN) tests/check-layers.sh tests/check-latex.sh tests/check-verdict.sh tests/check-invariance.sh tests/check-closure.sh tests/check-checkpoints.sh tests/check-zoo.sh tests/check-train.sh tests/check-scan.sh tests/check-python.sh tests/check-mpi.sh

# make install PREFIX=tmp, a program built with pkg-config, the installed binary.
check-install: all
	@sh tests/install.sh

# The unit tests under valgrind (release build): any leak or error fails.
valgrind: deps
	@command -v valgrind >/dev/null || { echo "lietool: make valgrind needs valgrind (apt-get install valgrind)" >&2; exit 1; }
	@$(MAKE) --no-print-directory SANITIZE= liblietool.a
	@$(MAKE) --no-print-directory SANITIZE= $(TEST_SRC:tests/%.c=build/rel/tests/%)
	@fail=0; for t in $(TEST_SRC:tests/%.c=build/rel/tests/%); do \
	  if LIETOOL_ALGEBRAS=$(abspath algebras) valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
	       --errors-for-leak-kinds=definite,indirect --error-exitcode=1 $$t >build/rel/valgrind.out 2>&1; \
	  then echo "$$t: valgrind clean"; else echo "$$t: valgrind FAILED"; tail -n 40 build/rel/valgrind.out; fail=1; fi; \
	done; exit $$fail

# libFuzzer: every harness for FUZZ_SECONDS (make -j2 fuzz runs two at a
# time; FUZZ_NAMES="json matfile" picks some). The working corpus is
# build/fuzz/corpus/NAME (seeded from tests/fuzz/corpus/NAME), crashes go
# to build/fuzz/artifacts/NAME/, the log to build/fuzz/NAME.log.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_ARGS    ?= -max_len=4096 -timeout=20 -rss_limit_mb=2560
FUZZ_CFLAGS   = $(BASE_CFLAGS) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                -fno-sanitize-recover=undefined
FUZZ_OBJ      = $(LIB_SRC:%.c=build/fuzz/%.o)

build/fuzz/%.o: %.c $(wildcard include/*.h include/lietool/*.h src/*/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

.PRECIOUS: build/fuzz/fuzz-% build/fuzz/%.o

build/fuzz/liblietool.a: $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^

build/fuzz/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h build/fuzz/liblietool.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_ALGEBRAS='"$(abspath algebras)"' \
	  -o $@ $< build/fuzz/liblietool.a $(LDLIBS)

FUZZ_CLI_OBJ = $(filter-out build/fuzz/src/cli/main.o,$(CLI_SRC:%.c=build/fuzz/%.o)) build/fuzz/src/mpi/bch.o
build/fuzz/fuzz-options: tests/fuzz/fuzz-options.c tests/fuzz/fuzz.h build/fuzz/liblietool.a $(FUZZ_CLI_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_ALGEBRAS='"$(abspath algebras)"' \
	  -o $@ $< $(FUZZ_CLI_OBJ) build/fuzz/liblietool.a $(LDLIBS)

build/fuzz/fuzz-checkpoint-dir: tests/fuzz/fuzz-checkpoint-dir.c tests/fuzz/fuzz.h build/fuzz/liblietool.a build/fuzz/src/mpi/bch.o
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -DFUZZ_ALGEBRAS='"$(abspath algebras)"' \
	  -o $@ $< build/fuzz/src/mpi/bch.o build/fuzz/liblietool.a $(LDLIBS)

fuzz: deps $(FUZZ_NAMES:%=fuzz-run-%)
	@for h in $(FUZZ_NAMES); do \
	  printf '%-14s %s\n' "$$h" "$$(grep -E '^(#[0-9]+.*DONE|Done [0-9]+ runs)' build/fuzz/$$h.log | tail -n 1)"; \
	  ls build/fuzz/artifacts/$$h 2>/dev/null | sed "s|^|  failure: build/fuzz/artifacts/$$h/|"; \
	done; \
	! ls build/fuzz/artifacts/*/* >/dev/null 2>&1

fuzz-run-%: build/fuzz/fuzz-%
	@rm -rf build/fuzz/artifacts/$*; mkdir -p build/fuzz/corpus/$* build/fuzz/artifacts/$*
	@echo "fuzz: $* for $(FUZZ_SECONDS) s"
	@cd build/fuzz && ./fuzz-$* $(FUZZ_ARGS) -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	  -artifact_prefix=artifacts/$*/ corpus/$* ../../tests/fuzz/corpus/$* >$*.log 2>&1 \
	  || { echo "fuzz: $* found a failure (build/fuzz/$*.log):"; grep -m1 -E 'ERROR|runtime error|fuzz:' $*.log; }

demo: all
	@sh scripts/demo.sh ./lietool

paper: all
	@LIETOOL=$$PWD/lietool sh scripts/paper.sh

bench: all
	@sh bench/bench-groups.sh ./lietool
	@sh bench/bench-classes.sh ./lietool
	@sh bench/bench-chartab.sh ./lietool
	@sh bench/bench-lie.sh ./lietool
	@sh bench/bench-bch.sh ./lietool
	@/usr/bin/python3 bench/bench-bch-mpi.py ./lietool || true
	@sh bench/bench-ssm.sh ./lietool
	@sh bench/bench-ssm-eval.sh ./lietool

check-gap: all
	@sh tests/check-gap.sh ./lietool
	@sh tests/check-gap-lie.sh ./lietool
	@sh tests/check-gap-dataset.sh ./lietool
	@sh tests/check-gap-iso.sh ./lietool
	@sh tests/check-gap-chartab.sh ./lietool
	@sh tests/check-gap-names.sh ./lietool

# DATADIR/scripts: the trainer of ssm train (an installed lietool finds it in
# ../share/lietool/scripts) and the checkpoint writers it imports.
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include/lietool $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/man/man5 $(DESTDIR)$(DATADIR)/algebras/groups \
	  $(DESTDIR)$(DATADIR)/algebras/lie $(DESTDIR)$(DATADIR)/algebras/reps $(DESTDIR)$(DATADIR)/scripts \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 lietool $(DESTDIR)$(PREFIX)/bin/lietool
	install -m 644 liblietool.a $(DESTDIR)$(PREFIX)/lib/liblietool.a
	install -m 755 liblietool.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/liblietool.so.$(VERSION)
	ln -sf liblietool.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf liblietool.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/liblietool.so
	install -m 644 include/lietool.h $(DESTDIR)$(PREFIX)/include/lietool.h
	install -m 644 include/lietool/*.h $(DESTDIR)$(PREFIX)/include/lietool/
	install -m 644 man/lietool.1 $(DESTDIR)$(PREFIX)/share/man/man1/lietool.1
	install -m 644 man/lietool-formats.5 $(DESTDIR)$(PREFIX)/share/man/man5/lietool-formats.5
	install -m 644 algebras/groups/*.grp $(DESTDIR)$(DATADIR)/algebras/groups/
	install -m 644 algebras/lie/*.lie $(DESTDIR)$(DATADIR)/algebras/lie/
	install -m 644 algebras/reps/*.rep $(DESTDIR)$(DATADIR)/algebras/reps/
	install -m 644 scripts/train_wordproblem.py scripts/ckpt_reference.py $(DESTDIR)$(DATADIR)/scripts/
	install -m 644 scripts/lietool.bash-completion $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lietool
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	  lietool.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/lietool.pc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lietool $(DESTDIR)$(PREFIX)/lib/liblietool.a \
	  $(DESTDIR)$(PREFIX)/lib/liblietool.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME) $(DESTDIR)$(PREFIX)/lib/liblietool.so \
	  $(DESTDIR)$(PREFIX)/include/lietool.h $(DESTDIR)$(PREFIX)/lib/pkgconfig/lietool.pc \
	  $(DESTDIR)$(PREFIX)/share/man/man1/lietool.1 $(DESTDIR)$(PREFIX)/share/man/man5/lietool-formats.5 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lietool
	rm -rf $(DESTDIR)$(PREFIX)/include/lietool $(DESTDIR)$(DATADIR)

clean:
	rm -rf build lietool liblietool.a liblietool.so liblietool.so.* python/build python/lietool.egg-info python/lietool/_lietool*.so
