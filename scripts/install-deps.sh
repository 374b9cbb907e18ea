#!/usr/bin/env bash
# Installs the Debian packages hxsim needs, only those that are missing. Idempotent.
set -euo pipefail

packages=(
  cmake ninja-build g++ make pkgconf
  libsystemc-dev verilator zlib1g-dev
  libfmt-dev libyaml-cpp-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "error: missing Debian packages: ${missing[*]}" >&2
  echo "       run 'make' as root, or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Another apt process (unattended upgrades) may hold the lock for a while: wait and retry.
for attempt in 1 2 3 4 5 6; do
  if apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; then
    exit 0
  fi
  echo "apt-get failed (attempt $attempt), retrying in 10 s" >&2
  sleep 10
done
echo "error: could not install: ${missing[*]}" >&2
exit 1
