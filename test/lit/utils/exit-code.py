"""Run a command with stderr merged into stdout; then print its exit code.

Used by lit tests as `%{exit-code} loom run ... | FileCheck %s` to check both
the messages and the exit code of a command that is meant to fail.
"""
import subprocess
import sys

result = subprocess.run(sys.argv[1:], stderr=subprocess.STDOUT)
sys.stdout.flush()
print(f"exit code: {result.returncode}")
