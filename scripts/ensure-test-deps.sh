#!/usr/bin/env bash
# What the test suites need beyond npm packages: Debian's Chromium (Playwright's own browser
# download does not work offline), fonts, openssl and jq. Installs them as root on Debian;
# elsewhere prints what is missing. The control-plane binaries come from
# test/cluster/install-binaries.sh, which the suites call themselves.
set -euo pipefail
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v openssl >/dev/null || missing+=(openssl)
command -v jq >/dev/null || missing+=(jq)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "[deps] installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${missing[@]}" >&2
else
  echo "[deps] missing: ${missing[*]}; install them (Debian: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
