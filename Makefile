# The two commands of the README: `make run` and `make test`. Both install what is missing
# (Debian packages, as root), configure with CMake + Ninja in Release, and build first.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CONFIG ?= configs/default.yaml

.PHONY: all deps configure build run test clean

all: build

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/hxsim --config $(CONFIG)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD_DIR)
