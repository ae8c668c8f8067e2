# fuzz/fuzz.mk - sanitizers and coverage-guided fuzzing (included by the Makefile; fuzz/README.md).
#
#   make sanitize                   the C extension built with ASan+UBSan, the C-core tests run on it
#   make fuzz FUZZ_SECONDS=300      every libFuzzer harness for FUZZ_SECONDS seconds each
#   make fuzz-ci                    the same, 20 seconds each (CI's bounded campaign)
#   make fuzz-regress               replay the committed corpus and every past crash (no fuzzing)
#
# Needs clang and its sanitizer runtimes (Debian: clang, libclang-rt-14-dev); installed when missing.

CLANG        ?= clang
comma        := ,
FUZZ_SECONDS ?= 300
FUZZ_TIMEOUT ?= 20
FUZZ_JOBS    ?= 1
FUZZ_BUILD   := build/fuzz
FUZZ_NAMES   := parse solve9 nxn canon generate human9 rules hodoku9
FUZZ_CORE    := $(filter-out csrc/module/%,$(wildcard csrc/*/*.c))
FUZZ_FLAGS   := -g -O1 -std=c11 -DSK9_NO_CLONES -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
                -fno-sanitize-recover=undefined -Icsrc
FUZZ_BINS    := $(addprefix $(FUZZ_BUILD)/fuzz_,$(FUZZ_NAMES))
SAN_FLAGS    := -DSK9_NO_CLONES -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -g
SAN_DIR      := build/asan
# The whole suite (about 4.5 minutes under ASan on 2 cores); a subset with SANITIZE_TESTS=... .
SANITIZE_TESTS ?= tests

.PHONY: sanitize fuzz fuzz-ci fuzz-build fuzz-regress clang-tools

clang-tools:
	@command -v $(CLANG) >/dev/null && test -f "$$($(CLANG) -print-file-name=libclang_rt.asan-x86_64.so)" || { \
	  echo "installing Debian packages with apt-get, as root (the sanitizer and fuzzing builds): clang libclang-rt-14-dev"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang libclang-rt-14-dev; }

# Bounds that keep the campaign off known slow spots (fuzz/README.md, "Findings").
$(FUZZ_BUILD)/fuzz_nxn: FUZZ_EXTRA = -DFZ_NMAX=16
$(FUZZ_BUILD)/fuzz_generate: FUZZ_EXTRA = -DFZ_FILL_KMAX=40

# The core is compiled once (instrumented, not linked with libFuzzer's main) and linked into
# every harness: eight full compiles of it took three minutes of CI.
FUZZ_OBJS    := $(patsubst csrc/%.c,$(FUZZ_BUILD)/obj/%.o,$(FUZZ_CORE))
FUZZ_OBJ_FLAGS := $(subst -fsanitize=fuzzer$(comma),-fsanitize=fuzzer-no-link$(comma),$(FUZZ_FLAGS))
.SECONDARY: $(FUZZ_OBJS)

$(FUZZ_BUILD)/obj/%.o: csrc/%.c $(wildcard csrc/*/*.h) | clang-tools
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_OBJ_FLAGS) -c $< -o $@

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_common.h fuzz/shapes.h $(FUZZ_OBJS) $(wildcard csrc/*/*.h) | clang-tools
	@mkdir -p $(FUZZ_BUILD)
	$(CLANG) $(FUZZ_FLAGS) $(FUZZ_EXTRA) $< $(FUZZ_OBJS) -o $@

fuzz-build: $(FUZZ_BINS)

# Each harness fuzzes a scratch corpus seeded from fuzz/corpus/<name> in libFuzzer's fork mode
# (one worker), which records a timeout (an input slower than FUZZ_TIMEOUT s) and goes on;
# crashes and timeouts go to $(FUZZ_BUILD)/artifacts/ and make the target fail after every
# harness has run.
fuzz: fuzz-build
	@mkdir -p $(FUZZ_BUILD)/artifacts; status=0; \
	for name in $(FUZZ_NAMES); do \
	  mkdir -p $(FUZZ_BUILD)/work/$$name; \
	  echo "== fuzz_$$name: $(FUZZ_SECONDS) s"; \
	  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  $(FUZZ_BUILD)/fuzz_$$name -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2048 \
	    -fork=1 -ignore_timeouts=1 -ignore_ooms=1 -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$name- \
	    $(FUZZ_BUILD)/work/$$name fuzz/corpus/$$name > $(FUZZ_BUILD)/fuzz_$$name.log 2>&1 \
	    || { status=1; echo "   FAILED: see $(FUZZ_BUILD)/fuzz_$$name.log"; }; \
	  grep -E '^#[0-9]+: cov: ' $(FUZZ_BUILD)/fuzz_$$name.log | tail -1; \
	  ls $(FUZZ_BUILD)/artifacts | grep "^$$name-" | sed 's/^/   found: /'; \
	done; \
	if ls $(FUZZ_BUILD)/artifacts | grep -q .; then status=1; fi; exit $$status

fuzz-ci:
	$(MAKE) fuzz FUZZ_SECONDS=20

# Replay the committed seeds and past crashes (fuzz/crashes/<name>-*) through every harness.
fuzz-regress: fuzz-build
	@for name in $(FUZZ_NAMES); do \
	  files="$$(ls fuzz/corpus/$$name/* fuzz/crashes/$$name-* 2>/dev/null)"; \
	  $(FUZZ_BUILD)/fuzz_$$name -runs=0 $$files >/dev/null 2>&1 && echo "fuzz_$$name: $$(echo $$files | wc -w) inputs ok" \
	    || { echo "fuzz_$$name: FAILED"; exit 1; }; \
	done

# The extension built by clang with ASan+UBSan in a copy of the sources ($(SAN_DIR)), then the
# tests run with that copy first on sys.path and the ASan runtime preloaded into Python.
sanitize: $(STAMP) | clang-tools
	rm -rf $(SAN_DIR) && mkdir -p $(SAN_DIR)
	cp -r setup.py pyproject.toml README.md LICENSE csrc src $(SAN_DIR)/
	rm -f $(SAN_DIR)/src/sudokit/_core*.so
	cd $(SAN_DIR) && CC=$(CLANG) LDSHARED="$(CLANG) -shared" CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
	  $(abspath $(PY)) -m pip wheel -q --no-deps -w wheel .
	cd $(SAN_DIR) && $(abspath $(PY)) -c "import glob, zipfile; z = zipfile.ZipFile(glob.glob('wheel/*.whl')[0]); \
	  [z.extract(n, 'src') for n in z.namelist() if n.startswith('sudokit/_core')]"
	nm -D $(SAN_DIR)/src/sudokit/_core*.so | grep -q __asan_report || { echo "the extension is not sanitized"; exit 1; }
	LD_PRELOAD="$$($(CLANG) -print-file-name=libclang_rt.asan-x86_64.so)" \
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	SUDOKIT_IMPL=c PYTHONPATH=$(abspath $(SAN_DIR))/src SUDOKIT_EXPECT_CORE=$(abspath $(SAN_DIR))/src/sudokit \
	  $(PY) -m pytest -q -p no:cacheprovider -n $(PYTEST_JOBS) --dist loadgroup $(SANITIZE_TESTS)
