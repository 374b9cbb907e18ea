#!/usr/bin/env python3
"""hxsim counted profiles: each case runs build/hxsim under callgrind with its cache model and
prints, per packet-hop, the instructions, first-level data misses and last-level data misses of
the simulation proper (the scheduler's passes, not building the platform), with the model
wake-ups. Unlike wall time these counts repeat exactly from run to run and do not depend on what
else the machine does, so two builds compare to a fraction of a per cent where wall time cannot
tell 10% apart (docs/performance.md). A program that prints figures, never a test.

    python3 bench/profile.py                                  # every case, build/hxsim
    python3 bench/profile.py --hxsim /tmp/base/hxsim --hxsim build/hxsim   # two builds, change in %
    python3 bench/profile.py --only uniform --jobs 2          # cases whose name contains a word

Needs valgrind (Debian package `valgrind`). The cache model is the L1d of this project's
machines (48 KiB, 12-way) and a last level the size of one core's L2 (2 MiB, 16-way; --ll-kib):
a run's state is far larger than either, and what misses there is what a hop waits for.
Packet-hops are those of the packets delivered, as in the statistics: a short open-loop run also
works on packets still in flight at its end, so its figures a hop read high. Compare builds on
one case, not cases with each other.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from run import ROOT, hxsim_command  # bench/run.py: one way to build a case's command line

# name, config, overrides. Sized to a few minutes under callgrind each (about 50 times slower than
# running natively).
CASES = [
    ("all-to-all stand-in: Hx2Mesh 8x8 boards of 2x2 (256 accelerators), 32 KiB per peer",
     "configs/paper/hx2mesh-16x16.yaml", ["topology.grid=[8,8]", "traffic.message_size=32KiB"]),
    ("Hx2Mesh 16x16 uniform 0.3 for 5 us (1,024 accelerators)", "configs/paper/hx2mesh-16x16.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", "run.duration=5us"]),
    ("mesh 8x8 DOR uniform 0.1 for 20 us", "configs/mesh-8x8.yaml",
     ["traffic.load=0.1", "run.warmup=2us", "run.duration=20us"]),
    # A leaf routes up adaptively over 32 ports of 3 VCs each: the routing cost of fat trees, and of
    # the 2-level fat trees that join the rows and columns of a 16,384-accelerator Hx2Mesh.
    ("nonblocking fat tree (1,024 endpoints) uniform 0.3 for 2 us", "configs/paper/fat-tree-1024.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", "run.duration=2us"]),
]

SUMMARY = {
    "instructions": re.compile(r"I\s+refs:\s+([\d,]+)"),
    "d1_misses": re.compile(r"D1\s+misses:\s+([\d,]+)"),
    "ll_data_misses": re.compile(r"LLd misses:\s+([\d,]+)"),
}


def profile(hxsim, config, overrides, ll_kib):
    """Counts of one run: callgrind's totals and the run's own statistics."""
    with tempfile.TemporaryDirectory() as tmp:
        stats_path = os.path.join(tmp, "stats.json")
        cmd = ["valgrind", "--tool=callgrind", "--cache-sim=yes", "--D1=49152,12,64",
               f"--LL={ll_kib * 1024},16,64", "--toggle-collect=hxsim::wake_scheduler::run()",
               f"--callgrind-out-file={os.path.join(tmp, 'callgrind.out')}"]
        cmd += hxsim_command(hxsim, config, overrides, stats_path)
        run = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} exited {run.returncode}:\n{run.stderr[-2000:]}")
        counts = {}
        for key, pattern in SUMMARY.items():
            match = pattern.search(run.stderr)
            if match is None:
                raise RuntimeError(f"callgrind printed no '{key}' total for {hxsim}:\n{run.stderr[-2000:]}")
            counts[key] = int(match.group(1).replace(",", ""))
        with open(stats_path) as f:
            stats = json.load(f)
        counts["packet_hops"] = stats["packet_hops"]
        counts["wake_ups"] = stats.get("wake_ups", 0)
        return counts


def describe(counts):
    hops = max(counts["packet_hops"], 1)
    return (f"packet-hops {counts['packet_hops']}, instructions {counts['instructions'] / 1e6:,.1f} M "
            f"({counts['instructions'] / hops:,.0f} a hop), D1 misses {counts['d1_misses'] / 1e6:.2f} M "
            f"({counts['d1_misses'] / hops:.1f} a hop), last-level data misses "
            f"{counts['ll_data_misses'] / 1e6:.3f} M ({counts['ll_data_misses'] / hops:.2f} a hop), "
            f"wake-ups {counts['wake_ups'] / hops:.2f} a hop")


def change(base, new, key):
    return f"{key} {base[key] / 1e6:,.3f} M -> {new[key] / 1e6:,.3f} M ({(new[key] / base[key] - 1) * 100:+.2f}%)"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hxsim", action="append",
                        help="a build to profile (default: build/hxsim); twice: the first is the baseline")
    parser.add_argument("--only", action="append", help="run only cases whose name contains this (repeatable)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="runs at once (counts do not depend on it)")
    parser.add_argument("--ll-kib", type=int, default=2048, help="size of the modelled last-level cache")
    args = parser.parse_args()
    builds = [os.path.abspath(b) for b in (args.hxsim or [os.path.join(ROOT, "build", "hxsim")])]
    if len(builds) > 2:
        sys.exit("--hxsim: one build, or two to compare")
    for b in builds:
        if not os.path.exists(b):
            sys.exit(f"{b} is missing: run 'make' first")
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is missing: apt-get install valgrind")
    cases = [c for c in CASES if not args.only or any(word in c[0] for word in args.only)]
    if not cases:
        sys.exit(f"no case matches --only {args.only}")

    print(f"hxsim counted profiles (callgrind; D1 48 KiB, last level {args.ll_kib} KiB)")
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        jobs = {(name, b): pool.submit(profile, b, config, overrides, args.ll_kib)
                for name, config, overrides in cases for b in builds}
        for name, config, overrides in cases:
            print(f"{name}\n  command: hxsim -c {config} {' '.join('--set ' + o for o in overrides)}")
            results = [jobs[(name, b)].result() for b in builds]
            for b, counts in zip(builds, results):
                print(f"  {b}: {describe(counts)}")
            if len(results) == 2:
                base, new = results
                if base["packet_hops"] != new["packet_hops"] or base["wake_ups"] != new["wake_ups"]:
                    print("  note: the builds moved different packet-hops or woke differently: compare per hop")
                print("  change: " + "; ".join(change(base, new, k)
                                              for k in ("instructions", "d1_misses", "ll_data_misses")))


if __name__ == "__main__":
    main()
