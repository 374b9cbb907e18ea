#!/usr/bin/env python3
"""hxsim benchmarks: each case runs build/hxsim once and prints wall time (building the platform
and simulating apart), the process's CPU time in user and system mode (system: mostly the kernel
clearing the pages the heap grows into, which this project's virtual machines make slow),
simulated time, packet-hops, packet-hops per second of simulation, the
models' wake-ups (the engine's events: the SystemC kernel sees one process for all of them), peak
RSS and, for clocked networks, simulated cycles per second. A program that prints figures, never a test: nothing here passes or fails on speed.

    python3 bench/run.py            # the quick cases
    python3 bench/run.py --all      # also the long ones (minutes)
    python3 bench/run.py --hxsim /tmp/base/build/hxsim   # another build, e.g. a baseline
    python3 bench/run.py --only Hx2Mesh --repeat 3       # cases whose name contains a word, best of 3
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HXSIM = os.path.join(ROOT, "build", "hxsim")

# name, config, overrides, long?, clock period in ns (for cycles per second) or None
CASES = [
    ("mesh 8x8 DOR uniform 0.1 (4-stage, 2 VCs x 8 flits, 4-flit packets)", "configs/mesh-8x8.yaml",
     ["traffic.load=0.1", "run.warmup=10us", "run.duration=100us"], False, 1.0),
    ("Hx2Mesh 4x4 boards uniform 0.3 (64 accelerators)", "configs/default.yaml",
     ["traffic.load=0.3", "run.duration=100us"], False, None),
    ("Hx2Mesh 16x16 uniform 0.3 (1,024 accelerators)", "configs/paper/hx2mesh-16x16.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", "run.duration=10us"], False, None),
    ("4x4 board, all 16 routers verilated RTL, uniform 0.3 (co-simulation)", "configs/rtl-board-4x4.yaml",
     ["traffic.load=0.3", "run.duration=50us"], False, 1.0),
    ("4x4 board, the same with TLM routers", "configs/rtl-board-4x4.yaml",
     ["traffic.load=0.3", "run.duration=50us", "rtl.routers=[]"], False, 1.0),
    # Messages of one packet: the message's own costs (posting, its record, delivery, checking)
    # come with every packet instead of every eighth.
    ("Hx2Mesh 16x16 all-to-all 4 KiB per peer, one-packet messages", "configs/paper/hx2mesh-16x16.yaml",
     ["traffic.message_size=4KiB"], True, None),
    ("Hx2Mesh 16x16 all-to-all 64 KiB per peer", "configs/paper/hx2mesh-16x16.yaml",
     ["traffic.message_size=64KiB"], True, None),
    ("Hx2Mesh 16x16 all-to-all 1 MiB per peer", "configs/paper/hx2mesh-16x16.yaml", [], True, None),
    # A platform of few models whose deep queues hold millions of packets (prefetching by packets
    # in flight: docs/performance.md, thirty-first pass).
    ("Hx2Mesh 8x8 all-to-all 256 KiB per peer (256 accelerators)", "configs/paper/hx2mesh-16x16.yaml",
     ["topology.grid=[8,8]", "traffic.message_size=256KiB"], True, None),
    # 16,384 accelerators: building (the wall time of a 1 ns run is the build's), then 10 us of traffic.
    ("Hx2Mesh 64x64 build (a 1 ns run; 16,384 accelerators)", "configs/paper/hx2mesh-64x64.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "run.duration=1ns"], True, None),
    ("Hx4Mesh 32x32 build (a 1 ns run; 16,384 accelerators)", "configs/paper/hx4mesh-32x32.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "run.duration=1ns"], True, None),
    ("Hx2Mesh 64x64 uniform 0.3 for 10 us (16,384 accelerators)", "configs/paper/hx2mesh-64x64.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", "run.duration=10us"], True, None),
    ("3-level fat tree uniform 0.3 for 1 us (16,384 accelerators, 1,280 radix-64 switches)",
     "configs/paper/fat-tree-16k.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=8KiB", "run.duration=1us"], True, None),
] + [
    # Cost growth: the same per-accelerator load on 64, 1,024 and 16,384 accelerators.
    # Shorter runs on larger machines: each moves a few hundred thousand packet-hops or more.
    (f"growth: Hx2Mesh {n} accelerators, uniform 0.3 for {duration}", config,
     grid + ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", f"run.duration={duration}"],
     True, None)
    for n, config, grid, duration in (("64", "configs/paper/hx2mesh-16x16.yaml", ["topology.grid=[4,4]"], "200us"),
                                      ("1,024", "configs/paper/hx2mesh-16x16.yaml", [], "20us"),
                                      ("16,384", "configs/paper/hx2mesh-64x64.yaml", [], "2us"))
] + [
    # Where the cost grows: Hx2Mesh between the growth case's sizes, and the row and column
    # networks as fat trees or single switches at one size (docs/performance.md, twentieth pass).
    (f"size: Hx2Mesh {n} accelerators, {networks}, uniform 0.3 for {duration}", "configs/paper/hx2mesh-16x16.yaml",
     [f"topology.grid={grid}", f"topology.switch_radix={radix}", "traffic.pattern=uniform", "traffic.load=0.3",
      "traffic.message_size=64KiB", f"run.duration={duration}"], True, None)
    for n, grid, radix, networks, duration in (("256", "[8,8]", 64, "single switches", "60us"),
                                               ("1,024", "[16,16]", 16, "2-level fat trees of radix 16", "20us"),
                                               ("4,096", "[32,32]", 64, "single switches", "6us"),
                                               ("16,384", "[64,64]", 128, "single radix-128 switches", "2us"))
]


def run_case(name, config, overrides, clock_ns, repeat=1):
    # Best of `repeat` runs (the least disturbed by other work on the machine).
    results = [run_once(name, config, overrides, clock_ns) for _ in range(repeat)]
    results = [r for r in results if r is not None]
    if results:
        print(min(results)[1], flush=True)
        return min(results)[2]
    return None


# Runs hxsim as the child of a small process and writes the child's wall time, peak RSS and CPU
# times to a file (the wall time from the fork, without the start of the small process). The peak
# RSS a process reports includes that of the image it was forked from: measured as this script's
# direct child, hxsim would report this script's own RSS when it is larger (it grows when it reads
# the statistics of 16,384 accelerators), and a small case run after a large one would show 96 MiB.
LAUNCHER = """
import os, sys, time
start = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
wall = time.monotonic() - start
with open(sys.argv[1], "w") as f:
    f.write(f"{wall} {usage.ru_maxrss} {usage.ru_utime} {usage.ru_stime}")
sys.exit(os.waitstatus_to_exitcode(status))
"""


def hxsim_command(hxsim, config, overrides, stats_path):
    """The command line of one case: `config` (relative to the project) with its overrides, quiet,
    the statistics written to `stats_path`."""
    cmd = [hxsim, "-q", "--config", os.path.join(ROOT, config), "--stats-json", stats_path]
    for o in overrides:
        cmd += ["--set", o]
    return cmd


def run_once(name, config, overrides, clock_ns):
    with tempfile.TemporaryDirectory() as tmp:
        stats_path = os.path.join(tmp, "stats.json")
        cmd = hxsim_command(HXSIM, config, overrides, stats_path)
        usage_path = os.path.join(tmp, "usage")
        returncode = subprocess.call([sys.executable, "-c", LAUNCHER, usage_path] + cmd)
        if returncode != 0:
            print(f"{name}: hxsim exited {returncode}", file=sys.stderr)
            return None
        with open(usage_path) as f:
            wall, rss_kib, user, system = f.read().split()
            wall, rss_kib, user, system = float(wall), int(rss_kib), float(user), float(system)
        with open(stats_path) as f:
            s = json.load(f)
    hops = s["packet_hops"]
    # Rates are per second of simulation proper: building the platform is reported apart, and so
    # is the rest of the process (starting; after simulating, the statistics, written, and exit).
    simulate = max(s["wall_seconds"] - s["build_seconds"], 1e-9)
    line = (f"{name}\n  command: {' '.join(cmd[:1] + cmd[2:5])} {' '.join('--set ' + o for o in overrides)}\n"
            f"  wall {wall:.2f} s (build {s['build_seconds']:.2f} s, simulation {simulate:.2f} s, "
            f"start and end {max(wall - s['wall_seconds'], 0.0):.2f} s), "
            f"CPU user {user:.2f} s, system {system:.2f} s, simulated {s['simulated_ns'] / 1000:.1f} us, "
            f"packet-hops {hops}, {hops / simulate / 1e6:.3f} M packet-hops/s, ")
    if "wake_ups" in s:  # builds before 2026-12-03 do not count them
        line += f"model wake-ups {s['wake_ups']} ({s['wake_ups'] / max(hops, 1):.2f} per packet-hop), "
    line += f"peak RSS {rss_kib / 1024:.0f} MiB"
    if clock_ns:
        cycles = s["simulated_ns"] / clock_ns
        line += f", {cycles / simulate / 1000:.0f} k simulated cycles/s"
    return s["wall_seconds"], line, hops / simulate


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="also run the long cases")
    parser.add_argument("--hxsim", help="the simulator to measure (default: build/hxsim of this tree)")
    parser.add_argument("--only", action="append", help="run only cases whose name contains this (repeatable)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per case; the fastest is reported")
    args = parser.parse_args()
    global HXSIM
    if args.hxsim:
        HXSIM = os.path.abspath(args.hxsim)
    if not os.path.exists(HXSIM):
        sys.exit("build/hxsim is missing: run 'make' first")
    print(f"hxsim benchmarks, {os.cpu_count()} cores; one process per case, one core each")
    growth = []
    for name, config, overrides, long_case, clock in CASES:
        if args.only and not any(word in name for word in args.only):
            continue
        if long_case and not args.all and not args.only:
            continue
        rate = run_case(name, config, overrides, clock, args.repeat)
        if name.startswith("growth") and rate:
            growth.append(rate)
    if len(growth) == 3:
        print(f"cost growth: packet-hops/s at 16,384 accelerators / at 64 = {growth[2] / growth[0]:.2f} "
              f"(1,024 / 64 = {growth[1] / growth[0]:.2f})")


if __name__ == "__main__":
    main()
