#!/usr/bin/env bash
# Provides the real control-plane binaries the test suite runs against (see
# ../shared/guides/test-cluster.md): etcd, etcdctl, kube-apiserver, kube-controller-manager,
# kube-scheduler and kubectl, of the version APISCOPE_K8S names: 1.37 (the default, what a current
# minikube runs) or 1.20 (the oldest server Apiscope supports). Order of preference:
#   1. $KUBEBUILDER_ASSETS, a folder that already holds them (the envtest convention);
#   2. the per-user cache ${APISCOPE_CACHE:-~/.cache/apiscope}/k8s-<version>/bin;
#   3. a build: 1.37 from the k8s.io/kubernetes and go.etcd.io/etcd Go modules
#      (test/cluster/k8s-1.37/go.mod and test/cluster/etcd/go.mod pin the versions) with Go and the
#      Go module proxy; 1.20 from Debian's `kubernetes` source package with Go 1.15 (as root on
#      Debian only).
# Prints the folder holding the binaries as its last line of stdout; progress goes to stderr.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
SERIES=${APISCOPE_K8S:-1.37}
CACHE_ROOT="${APISCOPE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/apiscope}"
NEEDED=(kube-apiserver kube-controller-manager kube-scheduler kubectl)

say() { printf '[cluster] %s\n' "$*" >&2; }
have_all() {
  local dir=$1
  for b in "${NEEDED[@]}" etcd etcdctl; do [ -x "$dir/$b" ] || return 1; done
}
# The version a go.mod requires of one module, e.g. "v1.37.2".
required_version() { sed -nE "s#^(require)?[[:space:]]*$2 (v[^ ]+).*#\\2#p" "$1" | head -n1; }

case "$SERIES" in
  1.37) K8S_VERSION=$(required_version "$HERE/k8s-1.37/go.mod" k8s.io/kubernetes) ;;
  1.20) K8S_VERSION=v1.20.2 ;;
  *)
    say "APISCOPE_K8S=$SERIES: this harness builds 1.37 or 1.20"
    exit 2
    ;;
esac
CACHE_BIN="$CACHE_ROOT/k8s-$K8S_VERSION/bin"

if [ -n "${KUBEBUILDER_ASSETS:-}" ]; then
  if have_all "$KUBEBUILDER_ASSETS"; then echo "$KUBEBUILDER_ASSETS"; exit 0; fi
  say "KUBEBUILDER_ASSETS=$KUBEBUILDER_ASSETS lacks one of: ${NEEDED[*]} etcd etcdctl; ignoring it"
fi

if have_all "$CACHE_BIN" 2>/dev/null; then echo "$CACHE_BIN"; exit 0; fi

# --- 1.37: from the Go modules -------------------------------------------------------------------
if [ "$SERIES" = 1.37 ]; then
  GO=$(command -v go || true)
  [ -z "$GO" ] && [ -x /usr/local/go/bin/go ] && GO=/usr/local/go/bin/go
  proxy=$([ -n "$GO" ] && "$GO" env GOPROXY 2>/dev/null || true)
  no_go() {
    cat >&2 <<MSG
[cluster] Kubernetes $K8S_VERSION is built from its Go module: $1.
[cluster] Either install Go 1.26 with access to a Go module proxy, or fetch the binaries another way
[cluster] and point KUBEBUILDER_ASSETS at them, e.g. with setup-envtest:
[cluster]   KUBEBUILDER_ASSETS=\$(setup-envtest use -p path ${K8S_VERSION#v}) and add kube-controller-manager,
[cluster]   kube-scheduler and etcdctl of the same release to that folder.
MSG
    exit 2
  }
  [ -z "$GO" ] && no_go "this machine has no Go toolchain"
  [ "$proxy" = off ] && no_go "GOPROXY=off leaves no module proxy to fetch it from"
  ETCD_VERSION=$(required_version "$HERE/etcd/go.mod" go.etcd.io/etcd/server/v3)
  mkdir -p "$CACHE_BIN"
  # The Go module and build caches ($GOMODCACHE, $GOCACHE) are Go's own, outside the repo: a
  # rebuild after the binaries' cache is cleared is mostly linking (about 3 minutes here).
  export CGO_ENABLED=0 GOFLAGS=-mod=mod GOTOOLCHAIN=local
  start=$(date +%s)
  say "building Kubernetes $K8S_VERSION (${NEEDED[*]}) from the Go module; cold, about 20 minutes on 2 cores"
  # What Kubernetes' own build stamps in (hack/lib/version.sh), so /version and `kubectl version`
  # say v1.37.x; the module has no commit, and the build date is the release's module date.
  minor=${K8S_VERSION#v1.}; minor=${minor%%.*}
  built=$(cd "$HERE/k8s-1.37" && "$GO" mod download -json "k8s.io/kubernetes@$K8S_VERSION" |
    sed -nE 's/.*"Info": "([^"]+)".*/\1/p' | xargs cat | sed -nE 's/.*"Time":"([^"]+)".*/\1/p')
  ldflags=""
  for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ldflags+=" -X $pkg.gitVersion=$K8S_VERSION -X $pkg.gitMajor=1 -X $pkg.gitMinor=$minor"
    ldflags+=" -X $pkg.gitTreeState=clean -X $pkg.gitCommit= -X $pkg.buildDate=${built:-1970-01-01T00:00:00Z}"
  done
  (cd "$HERE/k8s-1.37" && "$GO" build -trimpath -ldflags="$ldflags" -o "$CACHE_BIN/" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager \
    k8s.io/kubernetes/cmd/kube-scheduler k8s.io/kubernetes/cmd/kubectl >&2) ||
    no_go "the build failed (above); is the module proxy ($proxy) reachable?"
  say "building etcd $ETCD_VERSION from its Go module"
  (cd "$HERE/etcd" && "$GO" build -trimpath -o "$CACHE_BIN/etcd" go.etcd.io/etcd/server/v3 >&2 &&
    "$GO" build -trimpath -o "$CACHE_BIN/etcdctl" go.etcd.io/etcd/etcdctl/v3 >&2) ||
    no_go "the etcd build failed (above); is the module proxy ($proxy) reachable?"
  say "built in $(($(date +%s) - start)) s into $CACHE_BIN"
  "$CACHE_BIN/kube-apiserver" --version >&2
  have_all "$CACHE_BIN"
  echo "$CACHE_BIN"
  exit 0
fi

# --- 1.20: from Debian's source package ----------------------------------------------------------
link_etcd() {
  for b in etcd etcdctl; do
    [ -x "$CACHE_BIN/$b" ] && continue
    local src
    src=$(command -v "$b" || true)
    [ -n "$src" ] && ln -sf "$src" "$CACHE_BIN/$b"
  done
}

is_debian_root() { [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null; }

if ! is_debian_root; then
  cat >&2 <<MSG
[cluster] The control-plane binaries are missing and this script can only build them as root on Debian.
[cluster] Either point KUBEBUILDER_ASSETS at a folder holding: ${NEEDED[*]} etcd etcdctl
[cluster] (e.g. from 'setup-envtest use -p path'), or run as root on Debian bookworm:
[cluster]   sudo APISCOPE_K8S=$SERIES APISCOPE_CACHE=$CACHE_ROOT bash test/cluster/install-binaries.sh
MSG
  exit 2
fi

export DEBIAN_FRONTEND=noninteractive
mkdir -p "$CACHE_BIN"

# Debian's own mirror, as the machine's apt sources already name it.
MIRROR=$( { grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources || true; \
            grep -hsE '^deb ' /etc/apt/sources.list || true; } \
  | grep -oE 'https?://[^ ]+' | grep -v security | head -n1 | sed 's:/*$::' || true)
if [ -z "$MIRROR" ]; then
  cat >&2 <<MSG
[cluster] Kubernetes 1.20 is built from Debian's source package, and no Debian mirror was found in
[cluster] /etc/apt/sources.list or /etc/apt/sources.list.d/*.sources. Add the mirror this machine uses
[cluster] there (a 'deb' line or a 'URIs:' field), or point KUBEBUILDER_ASSETS at 1.20 binaries.
MSG
  exit 2
fi

if [ ! -f /etc/apt/sources.list.d/apiscope-src.sources ]; then
  say "adding deb-src for the machine's mirror, bookworm"
  cat > /etc/apt/sources.list.d/apiscope-src.sources <<SRC
Types: deb-src
URIs: $MIRROR
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi
say "apt-get update and install etcd, build tools"
apt-get update -qq >&2
apt-get install -y -qq etcd-server etcd-client dpkg-dev rsync jq openssl make >&2
link_etcd
if have_all "$CACHE_BIN"; then echo "$CACHE_BIN"; exit 0; fi

WORK="$CACHE_ROOT/build"
mkdir -p "$WORK"

# Go 1.15 from bullseye, through a private apt configuration (system sources untouched).
GOROOT_DIR="$WORK/go115/usr/lib/go-1.15"
if [ ! -x "$GOROOT_DIR/bin/go" ]; then
  say "fetching Go 1.15 from bullseye"
  APTDIR="$WORK/apt-bullseye"
  mkdir -p "$APTDIR/lists/partial" "$APTDIR/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $MIRROR bullseye main" > "$APTDIR/sources.list"
  APTOPTS=(-o "Dir::Etc::SourceList=$APTDIR/sources.list" -o Dir::Etc::SourceParts=/dev/null
           -o "Dir::State::Lists=$APTDIR/lists" -o "Dir::Cache::Archives=$APTDIR/archives")
  apt-get "${APTOPTS[@]}" update -qq >&2
  (cd "$APTDIR" && apt-get "${APTOPTS[@]}" download golang-1.15-go golang-1.15-src >&2)
  rm -rf "$WORK/go115"; mkdir -p "$WORK/go115"
  for deb in "$APTDIR"/golang-1.15-*.deb; do dpkg -x "$deb" "$WORK/go115"; done
fi

SRC_PARENT="$WORK/src"
SRC_TREE=$(ls -d "$SRC_PARENT"/kubernetes-*/ 2>/dev/null | head -n1 || true)
if [ -z "$SRC_TREE" ]; then
  say "apt-get source kubernetes (34 MB)"
  rm -rf "$SRC_PARENT"; mkdir -p "$SRC_PARENT"
  (cd "$SRC_PARENT" && apt-get source -qq kubernetes >&2)
  SRC_TREE=$(ls -d "$SRC_PARENT"/kubernetes-*/ | head -n1)
fi
SRC_TREE=${SRC_TREE%/}

say "building ${NEEDED[*]} with Go 1.15 in $SRC_TREE (about 4-8 minutes on 2 cores)"
(
  cd "$SRC_TREE"
  rm -rf _output
  mkdir -p .go/src/k8s.io "$WORK/home"
  [ -e .go/src/k8s.io/kubernetes ] || ln -s ../../.. .go/src/k8s.io/kubernetes
  export GOROOT="$GOROOT_DIR" PATH="$GOROOT_DIR/bin:$PATH" GOPATH="$SRC_TREE/.go" \
         CGO_ENABLED=0 HOME="$WORK/home" GOFLAGS= GO111MODULE=off
  cd .go/src/k8s.io/kubernetes
  make WHAT="cmd/kube-apiserver cmd/kube-controller-manager cmd/kube-scheduler cmd/kubectl" >&2
)
for b in "${NEEDED[@]}"; do
  install -m 0755 "$SRC_TREE/_output/local/bin/linux/amd64/$b" "$CACHE_BIN/$b"
done
link_etcd
"$CACHE_BIN/kube-apiserver" --version >&2
have_all "$CACHE_BIN"
echo "$CACHE_BIN"
