# Loom: the two set-up commands are `make demo` and `make test`.
# Both install what is missing (Debian 12, apt-get, sudo when not root),
# configure, build, and then run the flagship demo or the whole test suite.
# Every step is idempotent: a second run only rebuilds what changed.

BUILD_DIR ?= build
LLVM_PREFIX ?= /usr/lib/llvm-22
JOBS ?= $(shell nproc)
CMAKE_BUILD_TYPE ?= Release
# clang-22 (a package of the set) compiles Loom's MLIR-heavy sources about a
# quarter faster than GCC 12 (docs/testing.md has the measurement).
# COMPILERS= keeps CMake's default compiler.
COMPILERS ?= -DCMAKE_C_COMPILER=$(LLVM_PREFIX)/bin/clang \
  -DCMAKE_CXX_COMPILER=$(LLVM_PREFIX)/bin/clang++

PACKAGES := cmake ninja-build g++ python3 libzstd-dev \
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22 \
  libomp-22-dev nlohmann-json3-dev libgtest-dev python3-psutil bsdutils \
  libdnnl-dev libopenblas-dev libclang-rt-22-dev

# Only the tests need these: Chromium loads the HTML report of loom report,
# Google Benchmark's compare.py (with scipy) reads loom bench --format gbench.
# Slurm and munge: a one-node cluster runs a loom tune job array. perf
# profiles a kernel through loom run --jitdump.
TEST_PACKAGES := chromium libbenchmark-tools python3-scipy python3-numpy \
  slurm-wlm munge linux-perf

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test deps test-deps configure build docs format clean fuzz \
  sanitize

demo: build
	$(BUILD_DIR)/bin/loom run schedules/matmul/matmul.mlir \
	  --schedule schedules/matmul/schedule.mlir \
	  --schedule-lib schedules/lib/vector.mlir

test: build test-deps
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

deps test-deps:
	@missing=""; for p in $(if $(filter test-deps,$@),$(TEST_PACKAGES),$(PACKAGES)); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" \
	    || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	else echo "All required Debian packages are installed."; fi

$(BUILD_DIR)/build.ninja: | deps
	cmake -G Ninja -S . -B $(BUILD_DIR) \
	  -DCMAKE_BUILD_TYPE=$(CMAKE_BUILD_TYPE) $(COMPILERS) \
	  -DCMAKE_PREFIX_PATH=$(LLVM_PREFIX)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

docs: build
	cp $(BUILD_DIR)/transforms/LoomPasses.md docs/passes.md
	cp $(BUILD_DIR)/dialect/LoomTransformOps.md docs/transform-ops.md
	$(BUILD_DIR)/bin/loom run --options-markdown > docs/options.md

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

# Each libFuzzer target (test/fuzz) for FUZZ_SECONDS; what a target finds
# lands in build/fuzz/work-NAME/ (a crash as crash-*).
FUZZ_SECONDS ?= 300
fuzz: build
	@for pair in npy:Npy suite:Suite record:Results tune-db:TuneDatabase; do \
	  corpus=$${pair%%:*}; target=$${pair#*:}; \
	  echo "== fuzz-$$target for $(FUZZ_SECONDS) s"; \
	  test/fuzz/run.sh $(BUILD_DIR)/fuzz/fuzz-$$target $$corpus $(FUZZ_SECONDS) \
	    $(BUILD_DIR)/fuzz/work-$$corpus 2>&1 | grep -E '^(Done|stat::number_of_executed|==|SUMMARY)' \
	    || exit 1; \
	done

# A separate build with AddressSanitizer and UndefinedBehaviorSanitizer; the
# unit tests and the lit suite run with it (test/sanitizer-suppressions.txt
# lists what is suppressed and why).
SANITIZE_DIR ?= build-sanitize
sanitize: deps test-deps
	cmake -G Ninja -S . -B $(SANITIZE_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(COMPILERS) \
	  -DCMAKE_PREFIX_PATH=$(LLVM_PREFIX) -DLOOM_SANITIZE=ON
	cmake --build $(SANITIZE_DIR) -j $(JOBS)
	cd $(SANITIZE_DIR) && ctest --output-on-failure -j $(JOBS) -E '^fuzz-' 

clean:
	rm -rf $(BUILD_DIR)
