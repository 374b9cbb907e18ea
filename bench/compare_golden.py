#!/usr/bin/env python3
"""Golden comparison for engine changes that must not change any result: runs a fixed set of
configurations and compares each run's statistics JSON (--stats-json), minus wall_seconds, with a
recorded copy. A tool for performance work, not a test.

    python3 bench/compare_golden.py record DIR [--hxsim BIN]   # write DIR/<case>.json (e.g. with HEAD's binary)
    python3 bench/compare_golden.py compare DIR [--hxsim BIN]  # re-run, diff against DIR; exit 1 on any difference
    python3 bench/compare_golden.py compare DIR --ignore wake_ups  # a change that only drops wake-ups with nothing to do

BIN defaults to build/hxsim of this tree; configurations are read from this tree's configs/.
Cases run in parallel with --jobs (default 1: keep the machine free for others).
"""
import argparse
import concurrent.futures
import difflib
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name, config, overrides
CASES = [
    ("default", "configs/default.yaml", []),
    ("mesh-dor-0.1", "configs/mesh-8x8.yaml", ["traffic.load=0.1", "run.warmup=2us", "run.duration=20us"]),
    ("mesh-dor-0.4", "configs/mesh-8x8.yaml", ["traffic.load=0.4", "run.warmup=2us", "run.duration=20us"]),
    ("torus-0.3", "configs/torus-8x8.yaml", ["traffic.load=0.3"]),
    ("mesh-adaptive-0.3", "configs/mesh-8x8.yaml", ["routing.algorithm=min-adaptive", "traffic.load=0.3"]),
    ("mesh-wormhole-0.3", "configs/mesh-8x8.yaml", ["router.flow_control=wormhole", "traffic.load=0.3"]),
    ("hx4mesh-uniform-0.4", "configs/paper/hx4mesh-8x8.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.4", "run.duration=3us"]),
    ("hx2mesh-16x16-uniform-0.3", "configs/paper/hx2mesh-16x16.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", "run.duration=5us"]),
    ("rtl-board", "configs/rtl-board-4x4.yaml", []),
    ("rtl-board-tlm", "configs/rtl-board-4x4.yaml", ["rtl.routers=[]"]),
    ("default-alltoall-16KiB", "configs/default.yaml", ["traffic.pattern=alltoall", "traffic.message_size=16KiB"]),
    ("default-islip-age", "configs/default.yaml",
     ["router.allocator=islip", "router.allocator_iterations=2", "router.arbitration=age", "run.duration=5us"]),
    ("mesh-outbuf-0.3", "configs/mesh-8x8.yaml", ["router.output_buffer=64B", "traffic.load=0.3"]),
    ("fat-tree-1024-uniform-0.3", "configs/paper/fat-tree-1024.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", "run.duration=5us"]),
    ("fat-tree-50-1024-uniform-0.3", "configs/paper/fat-tree-50-1024.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", "run.duration=5us"]),
    ("dragonfly-1024-uniform-0.3", "configs/paper/dragonfly-1024.yaml",
     ["traffic.pattern=uniform", "traffic.load=0.3", "traffic.message_size=64KiB", "run.duration=5us"]),
]


def run_case(hxsim, case):
    name, config, overrides = case
    with tempfile.TemporaryDirectory() as tmp:
        stats = os.path.join(tmp, "stats.json")
        cmd = [hxsim, "-q", "--config", os.path.join(ROOT, config), "--stats-json", stats]
        for o in overrides:
            cmd += ["--set", o]
        start = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.monotonic() - start
        result = {"exit": proc.returncode, "stderr": proc.stderr}
        if os.path.exists(stats):
            with open(stats) as f:
                s = json.load(f)
            s.pop("wall_seconds", None)
            s.pop("build_seconds", None)
            result["stats"] = s
    return name, result, wall


def without(text, keys):
    """A recorded result's text with the statistics `keys` taken out."""
    result = json.loads(text)
    for key in keys:
        result.get("stats", {}).pop(key, None)
    return json.dumps(result, indent=1, sort_keys=True) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["record", "compare"])
    parser.add_argument("dir")
    parser.add_argument("--hxsim", default=os.path.join(ROOT, "build", "hxsim"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", action="append", help="run only the named case (repeatable)")
    parser.add_argument("--ignore", action="append", default=[], metavar="KEY",
                        help="compare: leave this statistic out of both sides, e.g. wake_ups, the work measure "
                             "a change to when models wake alters while every result stays the same (repeatable)")
    args = parser.parse_args()
    cases = [c for c in CASES if not args.only or c[0] in args.only]
    os.makedirs(args.dir, exist_ok=True)
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, result, wall in pool.map(lambda c: run_case(os.path.abspath(args.hxsim), c), cases):
            text = json.dumps(result, indent=1, sort_keys=True) + "\n"
            path = os.path.join(args.dir, name + ".json")
            if args.mode == "record":
                with open(path, "w") as f:
                    f.write(text)
                print(f"{name}: recorded (exit {result['exit']}, {wall:.2f} s)", flush=True)
                continue
            with open(path) as f:
                golden = f.read()
            if args.ignore:
                golden, text = (without(t, args.ignore) for t in (golden, text))
            if golden == text:
                print(f"{name}: identical ({wall:.2f} s)", flush=True)
            else:
                failed += 1
                print(f"{name}: DIFFERENT ({wall:.2f} s)", flush=True)
                sys.stdout.writelines(list(difflib.unified_diff(golden.splitlines(True), text.splitlines(True),
                                                                "golden", "now", n=1))[:40])
    if args.mode == "compare":
        print("all identical" if failed == 0 else f"{failed} case(s) differ")
        sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
