# lit configuration of Loom's tool tests. The tree mirrors the source tree:
# dialect/ (transform.loom.* ops, loom-lsp-server), transforms/ (loom-opt
# passes and pipelines), schedules/ (the shipped
# schedules applied by loom-opt), runner/ (the loom tool), docs/ (examples
# the documentation shows).
import os

import lit.formats

config.name = "Loom"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "utils", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.loom_obj_root, "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.loom_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
)
# Deterministic, non-interactive output.
config.environment["TERM"] = "dumb"
# A cache of `loom peak` of the user must not change what loom run reports:
# tests get their own (empty) cache directory.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root, "xdg-cache")

utils = os.path.join(config.test_source_root, "utils")
config.substitutions.append(("%{docs}", os.path.join(config.loom_src_root, "docs")))
config.substitutions.append(("%{schedules}", os.path.join(config.loom_src_root, "schedules")))
# The linalg op suite (test/ops): payloads and ops.py, which runs them.
config.substitutions.append(("%{ops}", os.path.join(config.loom_src_root, "test", "ops")))
config.substitutions.append(("%{inputs}", os.path.join(config.test_source_root, "runner", "Inputs")))
# `%{exit-code} CMD` runs CMD with stderr merged into stdout, then prints
# "exit code: N" and succeeds, so FileCheck can check both.
config.substitutions.append(
    ("%{exit-code}", f"{config.python_executable} {os.path.join(utils, 'exit-code.py')}")
)
# `%{json-get} FILE KEY.PATH` prints one field of a JSON file.
config.substitutions.append(
    ("%{json-get}", f"{config.python_executable} {os.path.join(utils, 'json-get.py')}")
)

# `make sanitize`: the tools are built with ASan and UBSan. Their options
# come from ctest; tests that cap the address space (ulimit -v, which ASan's
# shadow memory cannot live under) are unsupported there.
if config.loom_sanitize.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("asan")
    for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
        if name in os.environ:
            config.environment[name] = os.environ[name]

# Host CPU features that machine-code checks depend on.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = next((l.split(":", 1)[1].split() for l in cpuinfo if l.startswith("flags")), [])
except OSError:
    flags = []
if "fma" in flags:
    config.available_features.add("fma")
if "avx512f" in flags:
    config.available_features.add("avx512f")

# `%{python} %{utils}/script.py` runs a test helper.
config.substitutions.append(("%{python}", config.python_executable))
config.substitutions.append(("%{utils}", utils))

# Consumers of loom bench's output, when installed (`make test` installs
# them): headless Chromium for the HTML report, Google Benchmark's compare.py
# (libbenchmark-tools, with python3-scipy) for the gbench format.
import shutil
import subprocess

chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%{chromium}", chromium))
else:
    lit_config.note("chromium is not installed: the test of the HTML report in a browser is skipped (apt-get install chromium)")
gbench_compare = "/usr/share/benchmark/compare.py"
if os.path.exists(gbench_compare) and subprocess.run(
    ["/usr/bin/python3", "-c", "import scipy"], capture_output=True
).returncode == 0:
    config.available_features.add("gbench-compare")
    config.substitutions.append(("%{gbench-compare}", f"/usr/bin/python3 {gbench_compare}"))
else:
    lit_config.note("Google Benchmark's compare.py is not installed: its reading of loom bench --format gbench is not tested (apt-get install libbenchmark-tools python3-scipy)")

# NumPy (python3-numpy, which `make test` installs) reads and writes the .npy
# files of loom run --input/--save-outputs in a test of the round trip.
if subprocess.run(["/usr/bin/python3", "-c", "import numpy"], capture_output=True).returncode == 0:
    config.available_features.add("numpy")
    config.substitutions.append(("%{numpy-python}", "/usr/bin/python3"))
else:
    lit_config.note("NumPy is not installed: the .npy round trip with NumPy is not tested (apt-get install python3-numpy)")

# perf (linux-perf, which `make test` installs) samples a run and names the
# kernel's code from the jitdump of loom run --jitdump; it needs the kernel to
# let it sample (perf_event_paranoid, or root), which containers may not.
import tempfile
perf = shutil.which("perf")
perf_works = False
if perf:
    with tempfile.TemporaryDirectory() as scratch:
        perf_works = subprocess.run(
            [perf, "record", "-q", "-e", "cpu-clock", "-o", os.path.join(scratch, "perf.data"), "true"],
            capture_output=True,
        ).returncode == 0
if perf_works:
    config.available_features.add("perf")
else:
    lit_config.note("perf is missing or may not sample here: the profile of a kernel through loom run --jitdump is not tested (apt-get install linux-perf; kernel.perf_event_paranoid)")

# libLoomPeers (oneDNN and OpenBLAS behind library calls) is built when
# libdnnl-dev and libopenblas-dev are installed, which `make` does.
if os.path.exists(os.path.join(config.loom_obj_root, "lib", "libLoomPeers.so")):
    config.available_features.add("peers")
else:
    lit_config.note("libLoomPeers was not built: the library-call tests are skipped (apt-get install libdnnl-dev libopenblas-dev)")
