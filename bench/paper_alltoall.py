#!/usr/bin/env python3
"""The paper's all-to-all (hammingmesh.md sections 5 and 6) on the ~1,024-accelerator
configurations of configs/paper/: every accelerator exchanges m bytes with every other; the metric
is the slowest accelerator's m * (N-1) / completion time. Prints simulated completion time and
per-accelerator bandwidth next to the published values, and writes a table (Markdown and JSON) and
a plot (SVG, bandwidth versus message size, one line per topology) to docs/results/.

    python3 bench/paper_alltoall.py                       # 16 B .. 64 KiB (tens of minutes)
    python3 bench/paper_alltoall.py --sizes 1MiB --topologies hx2mesh-16x16 hx4mesh-8x8
    python3 bench/paper_alltoall.py --sizes 16B 256B 4KiB 64KiB 1MiB   # the paper's range (hours)
    python3 bench/paper_alltoall.py --jobs 2 ...          # runs in parallel, one core each
    python3 bench/paper_alltoall.py --missing ...         # only the runs alltoall.json lacks
    python3 bench/paper_alltoall.py --tables-only         # rewrite table and plot from alltoall.json

Each finished run is merged into docs/results/alltoall.json at once (replacing an earlier run of
the same topology and size), and the table and plot are rewritten from all rows: sweeps can be
run in parts, in parallel processes. A program that prints figures; nothing here is a test.
"""
import argparse
import concurrent.futures
import fcntl
import json
import math
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HXSIM = os.path.join(ROOT, "build", "hxsim")
RESULTS = os.path.join(ROOT, "docs", "results")

# name -> (label, config)
TOPOLOGIES = {
    "hx2mesh-16x16": ("Hx2Mesh 16x16 (2x2 boards)", "configs/paper/hx2mesh-16x16.yaml"),
    "hx4mesh-8x8": ("Hx4Mesh 8x8 (4x4 boards)", "configs/paper/hx4mesh-8x8.yaml"),
    "hyperx-32x32": ("2D HyperX 32x32 (Hx1Mesh)", "configs/paper/hyperx-32x32.yaml"),
    "torus-32x32": ("2D torus 32x32", "configs/paper/torus-32x32.yaml"),
    "fat-tree": ("nonblocking fat tree", "configs/paper/fat-tree-1024.yaml"),
    "fat-tree-50": ("50% tapered fat tree", "configs/paper/fat-tree-50-1024.yaml"),
    "fat-tree-75": ("75% tapered fat tree", "configs/paper/fat-tree-75-1024.yaml"),
    "dragonfly": ("Dragonfly (UGAL), 1,056 accelerators", "configs/paper/dragonfly-1024.yaml"),
}

# hammingmesh.md section 6: all-to-all at 1 MiB per peer, 1,024 accelerators.
PUBLISHED = {
    ("hx2mesh-16x16", 1 << 20): (21.1e6, 406.0),  # completion ns, Gb/s per accelerator
    ("hx4mesh-8x8", 1 << 20): (48.8e6, 176.0),
}

INJECTION_GBPS = 1600.0  # every configuration's NIC (hammingmesh.md section 3)

UNITS = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20}


def parse_size(text):
    for unit in sorted(UNITS, key=len, reverse=True):
        if text.endswith(unit) and text[: -len(unit)].isdigit():
            return int(text[: -len(unit)]) * UNITS[unit]
    raise argparse.ArgumentTypeError(f"'{text}': expected a size such as 16B, 4KiB or 1MiB")


def size_text(n):
    for unit in ("MiB", "KiB"):
        if n % UNITS[unit] == 0:
            return f"{n // UNITS[unit]}{unit}"
    return f"{n}B"


def run(hxsim, config, size):
    with tempfile.TemporaryDirectory() as tmp:
        stats_path = os.path.join(tmp, "stats.json")
        cmd = [hxsim, "-q", "-c", os.path.join(ROOT, config), "--set", f"traffic.message_size={size_text(size)}",
               "--stats-json", stats_path]
        start = time.monotonic()
        proc = subprocess.run(cmd)
        wall = time.monotonic() - start
        if proc.returncode != 0:
            print(f"  {' '.join(cmd)}: exit {proc.returncode}", file=sys.stderr)
            return None
        with open(stats_path) as f:
            s = json.load(f)
    return {"completion_ns": s["completion_ns"], "gbps": s["alltoall_gbps_per_accelerator"],
            "accelerators": s["config"]["accelerators"], "packet_hops": s["packet_hops"], "wall_s": wall,
            "command": f"build/hxsim -c {config} --set traffic.message_size={size_text(size)}"}


def svg_plot(rows, names, sizes):
    """Bandwidth per accelerator versus message size (log x), one polyline per topology."""
    width, height, left, bottom, top, right = 720, 420, 70, 50, 20, 230
    ymax = max([r["gbps"] for r in rows] + [1.0]) * 1.1
    low, high = math.log2(min(sizes)), math.log2(max(sizes))
    span = max(high - low, 1.0)

    def px(s):  # log2 scale: message sizes span five orders of magnitude
        return left + (width - left - right) * (math.log2(s) - low) / span

    def py(g):
        return height - bottom - (height - bottom - top) * g / ymax

    colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
           f'font-size="12">', f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="black"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="black"/>']
    for s in sizes:
        out.append(f'<text x="{px(s):.1f}" y="{height - bottom + 18}" text-anchor="middle">{size_text(s)}</text>')
    for k in range(6):
        g = ymax * k / 5
        out.append(f'<text x="{left - 8}" y="{py(g) + 4:.1f}" text-anchor="end">{g:.0f}</text>')
        out.append(f'<line x1="{left}" y1="{py(g):.1f}" x2="{width - right}" y2="{py(g):.1f}" stroke="#ddd"/>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">message size per peer'
               f'</text>')
    out.append(f'<text x="16" y="{(top + height - bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(top + height - bottom) / 2})">Gb/s per accelerator (slowest)</text>')
    for i, name in enumerate(names):
        pts = [(r["size"], r["gbps"]) for r in rows if r["topology"] == name]
        if not pts:
            continue
        c = colors[i % len(colors)]
        out.append(f'<polyline fill="none" stroke="{c}" stroke-width="2" points="'
                   + " ".join(f"{px(s):.1f},{py(g):.1f}" for s, g in pts) + '"/>')
        for s, g in pts:
            out.append(f'<circle cx="{px(s):.1f}" cy="{py(g):.1f}" r="3" fill="{c}"/>')
        ly = top + 18 * i + 10
        out.append(f'<line x1="{width - right + 15}" y1="{ly}" x2="{width - right + 35}" y2="{ly}" stroke="{c}" '
                   f'stroke-width="2"/>')
        out.append(f'<text x="{width - right + 40}" y="{ly + 4}">{TOPOLOGIES[name][0]}</text>')
    for (name, s), (_, g) in PUBLISHED.items():
        if name in names and min(sizes) <= s <= max(sizes):
            out.append(f'<rect x="{px(s) - 4:.1f}" y="{py(g) - 4:.1f}" width="8" height="8" fill="none" '
                       f'stroke="black"/>')
    out.append(f'<text x="{width - right + 15}" y="{top + 18 * len(names) + 14}">squares: published</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def merge_and_write(row, names_order):
    """Merges one run into alltoall.json under a lock, then rewrites the table and the plot."""
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, ".alltoall.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        path = os.path.join(RESULTS, "alltoall.json")
        rows = []
        if os.path.exists(path):
            with open(path) as f:
                rows = json.load(f)
        rows = [r for r in rows if (r["topology"], r["size"]) != (row["topology"], row["size"])] + [row]
        rows = [r for r in rows if r["topology"] in TOPOLOGIES]
        rows.sort(key=lambda r: (names_order.index(r["topology"]), r["size"]))
        with open(path + ".tmp", "w") as f:
            json.dump(rows, f, indent=2)
        os.replace(path + ".tmp", path)
        write_outputs(rows, names_order)


def write_outputs(rows, names_order):
    """The table (alltoall.md) and the plot (alltoall.svg) of all `rows`."""
    write_table(rows)
    names = [n for n in names_order if any(r["topology"] == n for r in rows)]
    with open(os.path.join(RESULTS, "alltoall.svg"), "w") as f:
        f.write(svg_plot(rows, names, sorted({r["size"] for r in rows})))


def summary_table(rows):
    """Gb/s per accelerator (share of injection) by topology and message size; blank: not run."""
    sizes = sorted({r["size"] for r in rows})
    names = [n for n in TOPOLOGIES if any(r["topology"] == n for r in rows)]
    by = {(r["topology"], r["size"]): r for r in rows}
    out = ["| topology | " + " | ".join(size_text(s) for s in sizes) + " | published (1 MiB) |",
           "|---|" + "---|" * len(sizes) + "---|"]
    for n in names:
        cells = []
        for s in sizes:
            r = by.get((n, s))
            cells.append(f"{r['gbps']:.1f} ({r['gbps'] / INJECTION_GBPS:.1%})" if r else "")
        pub = PUBLISHED.get((n, 1 << 20))
        out.append(f"| {TOPOLOGIES[n][0]} | " + " | ".join(cells) + f" | {f'{pub[1]:.0f}' if pub else ''} |")
    return "\n".join(out) + "\n"


def write_table(rows):
    with open(os.path.join(RESULTS, "alltoall.md"), "w") as f:
        f.write("# All-to-all, per-accelerator bandwidth of the slowest accelerator\n\n"
                "Written by `python3 bench/paper_alltoall.py` (its docstring has the options); "
                "configurations in `configs/paper/`; modelling choices in `docs/results/README.md`.\n\n"
                + summary_table(rows) +
                "\n## Every run\n\n"
                "| topology | m per peer | completion | Gb/s per accelerator | published | packet-hops | wall | command |\n"
                "|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            pub = f"{r['published_gbps']:.0f}" if r["published_gbps"] else ""
            f.write(f"| {TOPOLOGIES[r['topology']][0]} | {size_text(r['size'])} | {r['completion_ns'] / 1e3:.1f} us | "
                    f"{r['gbps']:.1f} | {pub} | {r['packet_hops']:,} | {r['wall_s']:.0f} s | `{r['command']}` |\n")
        f.write("\nPublished (hammingmesh.md section 6), all-to-all at 1 MiB per peer: "
                + "; ".join(f"{TOPOLOGIES[n][0]}: {g:.0f} Gb/s ({c / 1e6:.1f} ms)"
                            for (n, size), (c, g) in sorted(PUBLISHED.items()))
                + ". Plot: `alltoall.svg` (squares: published). Wall: one core of this project's 2-core machine.\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=parse_size,
                        default=[16, 256, 4 << 10, 64 << 10], help="bytes per peer (default 16B 256B 4KiB 64KiB)")
    parser.add_argument("--topologies", nargs="+", choices=list(TOPOLOGIES), default=list(TOPOLOGIES))
    parser.add_argument("--jobs", type=int, default=1, help="runs in parallel (default 1)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/results alone")
    parser.add_argument("--missing", action="store_true",
                        help="skip the runs docs/results/alltoall.json already has (resume a sweep)")
    parser.add_argument("--hxsim", default=HXSIM,
                        help="the simulator binary (default build/hxsim; a copy keeps long runs apart from rebuilds)")
    parser.add_argument("--tables-only", action="store_true",
                        help="run nothing: rewrite the table and the plot from docs/results/alltoall.json")
    args = parser.parse_args()
    if args.tables_only:
        with open(os.path.join(RESULTS, ".alltoall.lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # a sweep may be merging a run
            with open(os.path.join(RESULTS, "alltoall.json")) as f:
                write_outputs(json.load(f), list(TOPOLOGIES))
        return
    if not os.path.exists(args.hxsim):
        sys.exit(f"{args.hxsim} is missing: run 'make' first")

    sizes = sorted(set(args.sizes))
    print(f"{'topology':38} {'m':>7} {'completion':>14} {'Gb/s/acc':>9} {'published':>22} {'wall':>8}", flush=True)
    jobs = [(name, size) for size in sizes for name in args.topologies]  # a whole curve point by point
    if args.missing and os.path.exists(os.path.join(RESULTS, "alltoall.json")):
        with open(os.path.join(RESULTS, "alltoall.json")) as f:
            done = {(r["topology"], r["size"]) for r in json.load(f)}
        jobs = [j for j in jobs if j not in done]

    def one(job):
        name, size = job
        label, config = TOPOLOGIES[name]
        r = run(args.hxsim, config, size)
        if r is None:
            return
        pub = PUBLISHED.get((name, size))
        pub_text = f"{pub[0] / 1e6:.1f} ms {pub[1]:.0f} Gb/s ({(r['gbps'] / pub[1] - 1) * 100:+.1f}%)" if pub else ""
        print(f"{label:38} {size_text(size):>7} {r['completion_ns'] / 1e3:>11.1f} us {r['gbps']:>9.1f} "
              f"{pub_text:>22} {r['wall_s']:>7.1f}s", flush=True)
        if not args.no_write:
            merge_and_write(dict(r, topology=name, size=size, published_gbps=pub[1] if pub else None),
                            list(TOPOLOGIES))

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(one, jobs))
    if not args.no_write:
        print(f"wrote {RESULTS}/alltoall.md, alltoall.json, alltoall.svg")


if __name__ == "__main__":
    main()
