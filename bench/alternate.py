#!/usr/bin/env python3
"""Wall-time comparison of two or more builds on a noisy machine: runs one benchmark case
(bench/run.py's, chosen by a word of its name) with each build in turn, the order rotating every
round, and prints per build the median and least simulation seconds (wall minus build, from
--stats-json) and the median and range of its ratio to the first build, round by round. Back-to-back
runs of one build on a shared virtual machine vary by 10-60% (docs/performance.md); a ratio taken
within a round cancels the slow phases that last longer than a round. A program that prints
figures, never a test.

    python3 bench/alternate.py --only "64 KiB" --rounds 4 /tmp/base/hxsim build/hxsim
    python3 bench/alternate.py --only "1,024 accelerators" --set run.duration=20us --rounds 16 A B C

With --together (two builds, a machine of two cores or more), each round runs both builds at
the same time, one on core 0 and one on core 1, swapping cores every round: both then meet the
same phase of the machine, which one after the other they do not (docs/performance.md,
twenty-eighth pass). They also share the last-level cache and memory, so the ratio is that of two
builds under the same load, not of either alone.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from run import CASES, ROOT, hxsim_command  # bench/run.py: the cases and one way to run them


def start(hxsim, config, overrides, stats_path, core=None):
    cmd = hxsim_command(hxsim, config, overrides, stats_path)
    if core is not None:
        cmd = ["taskset", "-c", str(core)] + cmd
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, cwd=ROOT)


def seconds_of(process, hxsim, config, overrides, stats_path):
    returncode = process.wait()
    if returncode != 0:
        sys.exit(f"{hxsim} exited {returncode} on {config} with {' '.join(overrides)}")
    with open(stats_path) as f:
        s = json.load(f)
    return s["wall_seconds"] - s["build_seconds"]


def simulation_seconds(hxsim, config, overrides, stats_path):
    return seconds_of(start(hxsim, config, overrides, stats_path), hxsim, config, overrides, stats_path)


def together_seconds(builds, config, overrides, tmp, r):
    """Both builds at once, on cores r % 2 and (r + 1) % 2."""
    paths = {b: os.path.join(tmp, f"stats{i}.json") for i, b in enumerate(builds)}
    running = {b: start(b, config, overrides, paths[b], core=(r + i) % 2) for i, b in enumerate(builds)}
    return {b: seconds_of(running[b], b, config, overrides, paths[b]) for b in builds}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("builds", nargs="+", help="hxsim binaries; the first is the baseline")
    parser.add_argument("--only", required=True, help="the case whose name contains this (exactly one)")
    parser.add_argument("--set", action="append", default=[], help="an override added to the case's (repeatable)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--together", action="store_true",
                        help="run the two builds at the same time, one per core, swapping cores every round")
    args = parser.parse_args()
    if args.together and len(args.builds) != 2:
        sys.exit("--together compares exactly two builds")
    if args.together and shutil.which("taskset") is None:
        sys.exit("--together needs taskset (Debian package util-linux)")
    cases = [c for c in CASES if args.only in c[0]]
    if len(cases) != 1:
        sys.exit(f"--only {args.only!r} matches {len(cases)} cases of bench/run.py; it must match one")
    name, config, overrides = cases[0][0], cases[0][1], cases[0][2] + args.set
    builds = [os.path.abspath(b) for b in args.builds]
    for b in builds:
        if not os.access(b, os.X_OK):
            sys.exit(f"{b}: not an executable")
    print(f"{name}, overrides {' '.join(overrides)}; {args.rounds} rounds"
          f"{', both builds at once' if args.together else ''}", flush=True)
    seconds = {b: [] for b in builds}
    with tempfile.TemporaryDirectory() as tmp:
        stats_path = os.path.join(tmp, "stats.json")
        for r in range(args.rounds):
            if args.together:
                took = together_seconds(builds, config, overrides, tmp, r)
            else:
                order = builds[r % len(builds):] + builds[:r % len(builds)]
                took = {b: simulation_seconds(b, config, overrides, stats_path) for b in order}
            for b in builds:
                seconds[b].append(took[b])
            print(f"round {r + 1}: " + "  ".join(f"{took[b]:.2f}" for b in builds), flush=True)
    base = seconds[builds[0]]
    for b in builds:
        ratios = sorted(t / t0 for t, t0 in zip(seconds[b], base))
        print(f"{b}: median {statistics.median(seconds[b]):.3f} s, least {min(seconds[b]):.3f} s; "
              f"ratio to the first: median {statistics.median(ratios):.3f} ({ratios[0]:.2f} to {ratios[-1]:.2f})")


if __name__ == "__main__":
    main()
