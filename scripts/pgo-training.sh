#!/usr/bin/env bash
# Training runs for profile-guided optimisation (CMakeLists.txt, HXSIM_PGO): the simulator built
# to count its branches runs short cases of the configurations that the benchmarks and users run,
# a few seconds in all. Usage: scripts/pgo-training.sh HXSIM_TRAINING_BINARY (from the project root).
set -euo pipefail
hxsim=$1
run() { "$hxsim" -q "$@" >/dev/null; }
# HammingMesh: the paper's all-to-all on a quarter of its platform, uniform traffic at 0.3.
run -c configs/paper/hx2mesh-16x16.yaml --set topology.grid=[8,8] --set traffic.message_size=32KiB
run -c configs/paper/hx2mesh-16x16.yaml --set traffic.pattern=uniform --set traffic.load=0.3 \
    --set traffic.message_size=64KiB --set run.duration=5us
run -c configs/default.yaml --set traffic.load=0.3 --set run.duration=20us
# The clocked 8x8 mesh of the benchmarks, a torus, a fat tree and a Dragonfly.
run -c configs/mesh-8x8.yaml --set traffic.load=0.1 --set run.warmup=10us --set run.duration=30us
run -c configs/torus-8x8.yaml --set run.duration=20us
run -c configs/paper/fat-tree-1024.yaml --set traffic.pattern=uniform --set traffic.load=0.3 \
    --set traffic.message_size=64KiB --set run.duration=3us
run -c configs/paper/dragonfly-1024.yaml --set traffic.pattern=uniform --set traffic.load=0.3 \
    --set traffic.message_size=64KiB --set run.duration=3us
