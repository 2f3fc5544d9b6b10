#!/usr/bin/env bash
# Puts one exact Node.js release in the per-user cache and prints its bin directory:
#   scripts/install-node.sh 24.22.3   ->   ~/.cache/apiscope/node/24.22.3/package/bin
# The binary comes from the npm registry's node-linux-<arch> package (the registry npm is
# configured with; no other network), so CI can run the suites on the Node line Electron 40 and
# newer bring and package.json declares, on a machine whose own Node is older.
set -euo pipefail
version="${1:?usage: scripts/install-node.sh VERSION}"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "install-node: no node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
[ "$(uname -s)" = Linux ] || { echo "install-node: Linux only" >&2; exit 1; }
cache="${APISCOPE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/apiscope}/node/$version"
bin="$cache/package/bin"
if ! "$bin/node" --version >/dev/null 2>&1; then
  rm -rf "$cache" && mkdir -p "$cache"
  tarball=$(cd "$cache" && npm pack --silent "node-linux-$arch@$version") ||
    { echo "install-node: npm pack node-linux-$arch@$version failed" >&2; exit 1; }
  tar -xzf "$cache/$tarball" -C "$cache" && rm -f "$cache/$tarball"
fi
got=$("$bin/node" --version)
[ "$got" = "v$version" ] || { echo "install-node: $bin/node is $got, not v$version" >&2; exit 1; }
echo "$bin"
