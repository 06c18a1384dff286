#!/usr/bin/env python3
"""A `loom tune` sweep on a real Slurm: a one-node cluster started here.

Starts munged, slurmctld and slurmd for this machine in a temporary
directory (as root, no systemd), submits the shipped batch script
(schedules/slurm/loom-tune.sbatch) as a job array of 3 shards, waits for it,
merges the shard databases and checks that the merged points (and their
statuses) are those of a single-process sweep. Then it cancels one shard of a
second array in the middle (scancel), resubmits that task and checks that it
resumed from its database.

Exit codes: 0 passed, 1 failed, 77 skipped (Slurm or munge missing, not root,
or the daemons do not start; the reason is printed).
"""
import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

SKIP = 77
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SBATCH_SCRIPT = os.path.join(ROOT, "schedules", "slurm", "loom-tune.sbatch")


def skip(reason):
    print(f"SKIPPED: {reason}")
    sys.exit(SKIP)


def fail(reason, logs=()):
    print(f"FAILED: {reason}")
    for path in logs:
        if os.path.exists(path):
            print(f"--- {path}")
            with open(path, errors="replace") as f:
                print(f.read()[-3000:])
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, scratch):
        self.dir = scratch
        self.processes = []
        self.env = dict(os.environ)
        self.conf = os.path.join(scratch, "slurm.conf")
        self.env["SLURM_CONF"] = self.conf
        self.logs = [os.path.join(scratch, name)
                     for name in ("munged.log", "slurmctld.log", "slurmd.log")]

    def start(self):
        d = self.dir
        key = os.path.join(d, "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o400)
        self.socket = os.path.join(d, "munge.socket")
        munged = subprocess.run(
            ["munged", "--key-file", key, "--socket", self.socket,
             "--pid-file", os.path.join(d, "munged.pid"),
             "--log-file", os.path.join(d, "munged.log"),
             "--seed-file", os.path.join(d, "munged.seed"), "--force"],
            capture_output=True, text=True)
        if munged.returncode != 0:
            skip("munged does not start: " + (munged.stderr or munged.stdout).strip())
        for name in ("state", "spool"):
            os.makedirs(os.path.join(d, name), exist_ok=True)
        host = socket.gethostname().split(".")[0]
        cpus = os.cpu_count() or 1
        with open(self.conf, "w") as f:
            f.write(f"""ClusterName=loomtest
SlurmctldHost={host}
AuthType=auth/munge
AuthInfo=socket={self.socket}
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
SlurmctldPort={free_port()}
SlurmdPort={free_port()}
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/slurmctld.log
SlurmdLogFile={d}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName={host} CPUs={cpus} State=UNKNOWN
PartitionName=debug Nodes={host} Default=YES MaxTime=INFINITE State=UP
""")
        for daemon in ("slurmctld", "slurmd"):
            self.processes.append(subprocess.Popen(
                [daemon, "-D", "-f", self.conf], env=self.env,
                stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for p in self.processes:
                if p.poll() is not None:
                    self.stop()
                    skip(f"a Slurm daemon exited at start (code {p.returncode}); "
                         f"see {self.logs}")
            state = subprocess.run(["sinfo", "-h", "-o", "%t"], env=self.env,
                                   capture_output=True, text=True)
            if state.returncode == 0 and state.stdout.strip() in ("idle", "mix", "alloc"):
                return
            time.sleep(0.5)
        self.stop()
        skip("the Slurm node did not become idle within 60 s")

    def run(self, *argv, check=True):
        result = subprocess.run(list(argv), env=self.env, capture_output=True,
                                text=True, cwd=self.dir)
        if check and result.returncode != 0:
            fail(f"{' '.join(argv)} exited with {result.returncode}: "
                 f"{result.stdout}{result.stderr}", self.logs)
        return result

    def stop(self):
        for p in self.processes:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in self.processes:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
        pid_file = os.path.join(self.dir, "munged.pid")
        if os.path.exists(pid_file):
            try:
                with open(pid_file) as f:
                    os.kill(int(f.read().strip()), signal.SIGTERM)
            except (OSError, ValueError):
                pass


def read_points(path):
    """{point: status} of the tuning records in a database."""
    points = {}
    with open(path) as f:
        for line in f:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if record.get("schema") == "loom-tune-record":
                points[json.dumps(record["point"], sort_keys=True)] = record["status"]
    return points


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loom", required=True)
    parser.add_argument("--payload", required=True,
                        help="a payload with an embedded tunable schedule")
    args = parser.parse_args()
    loom = os.path.abspath(args.loom)
    payload = os.path.abspath(args.payload)

    missing = [tool for tool in ("munged", "slurmctld", "slurmd", "sbatch", "sinfo",
                                 "squeue", "scancel") if not shutil.which(tool)]
    if missing:
        skip("not installed: " + ", ".join(missing) +
             " (Debian: apt-get install slurm-wlm munge)")
    if os.geteuid() != 0:
        skip("starting slurmctld, slurmd and munged needs root")

    scratch = tempfile.mkdtemp(prefix="loom-slurm-")
    cluster = Cluster(scratch)
    cluster.start()
    try:
        # 12 of the payload's 48 points keep CI short.
        space = ["--constraint", "how == 0 && tile_n == 8"]
        tune = space + ["--min-time", "0.01", "--warmup", "0"]
        # A single-process sweep: the points every shard together must give.
        cluster.run(loom, "tune", payload, *tune, "--db", "single.jsonl")
        single = read_points(os.path.join(scratch, "single.jsonl"))

        # The job array, with the shipped batch script.
        submitted = cluster.run(
            "sbatch", "--wait", "--array=0-2", f"--export=ALL,LOOM={loom}",
            SBATCH_SCRIPT, "3", payload, *tune)
        print(submitted.stdout.strip())
        shards = [os.path.join(scratch, f"{os.path.basename(payload)[:-5]}.shard-{i}-of-3.jsonl")
                  for i in range(3)]
        for shard in shards:
            if not os.path.exists(shard):
                fail(f"the array task did not write {shard}",
                     cluster.logs + [os.path.join(scratch, n) for n in os.listdir(scratch)
                                     if n.startswith("loom-tune-")])
        cluster.run(loom, "tune", "merge", *shards, "-o", "merged.jsonl")
        merged = read_points(os.path.join(scratch, "merged.jsonl"))
        sizes = [len(read_points(s)) for s in shards]
        if merged != single:
            fail(f"the merged shards ({len(merged)} points) differ from the single "
                 f"sweep ({len(single)} points)")
        print(f"3 shards ({' + '.join(map(str, sizes))} points) merged equal the "
              f"single-process sweep ({len(single)} points)")

        # A shard cancelled in the middle resumes from its database.
        slow = space + ["--min-time", "0.3", "--warmup", "0"]
        job = cluster.run("sbatch", "--parsable", "--array=0-1",
                          f"--export=ALL,LOOM={loom},LOOM_TUNE_DB_PREFIX=resume",
                          SBATCH_SCRIPT, "2", payload, *slow).stdout.strip()
        victim = os.path.join(scratch, "resume.shard-1-of-2.jsonl")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if os.path.exists(victim) and len(read_points(victim)) >= 2:
                break
            time.sleep(0.2)
        else:
            fail("shard 1 recorded nothing within 120 s", cluster.logs)
        cluster.run("scancel", f"{job}_1")
        while cluster.run("squeue", "-h", "-j", job, check=False).stdout.strip():
            time.sleep(0.5)
        before = read_points(victim)
        cluster.run("sbatch", "--wait", "--array=1",
                    f"--export=ALL,LOOM={loom},LOOM_TUNE_DB_PREFIX=resume",
                    SBATCH_SCRIPT, "2", payload, *slow)
        after = read_points(victim)
        log = [n for n in os.listdir(scratch) if n.startswith("loom-tune-") and n.endswith("_1.log")]
        resumed_text = ""
        for name in log:
            with open(os.path.join(scratch, name)) as f:
                resumed_text += f.read()
        expected = {p: s for p, s in single.items()}
        shard1 = {p for p in after}
        if not set(before) <= shard1:
            fail("records of the cancelled shard were lost")
        reused = f"{len(before)} from the database"
        if reused not in resumed_text:
            fail(f"the resubmitted shard did not reuse the {len(before)} records it had "
                 f"({reused!r} not in its log)")
        full = read_points(os.path.join(scratch, "resume.shard-0-of-2.jsonl"))
        full.update(after)
        if set(full) != set(expected):
            fail(f"after the resume the shards hold {len(full)} points, the single sweep "
                 f"{len(expected)}")
        print(f"shard 1 cancelled after {len(before)} points and resubmitted: it reused "
              f"them and finished ({len(after)} points)")
        print("PASSED")
        return 0
    finally:
        cluster.stop()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
