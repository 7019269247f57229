#!/usr/bin/env bash
# Idempotent LXD setup for tests (Debian 12, run as root, no systemd needed).
# Reuses a running daemon, an existing "default" pool, root disk and "nuvem-test" image.
set -euo pipefail
SOCK=${LXD_SOCKET:-/var/lib/lxd/unix.socket}
ALIAS=${LXD_TEST_IMAGE:-nuvem-test}
WORK=${LXD_IMG_DIR:-/tmp/nuvem-lxd-img}
api() { curl -s --unix-socket "$SOCK" "$@"; }                # prints JSON body
code() { curl -s -o /dev/null -w '%{http_code}' --unix-socket "$SOCK" "$@"; }  # prints HTTP status
ts() { date +%s.%N; }
T0=$(ts); step() { echo "[$(awk -v a="$(ts)" -v b="$T0" "BEGIN{printf \"%6.2f\", a-b}")s] $*"; }

# 1. packages
if ! command -v lxd >/dev/null || [ ! -x /bin/busybox ] || ! /bin/busybox --list | grep -qx mkpasswd; then
  step "installing lxd busybox-static"
  apt-get install -y lxd busybox-static >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y lxd busybox-static >/dev/null; }
  # note: Debian's `busybox` (dynamic) package conflicts with busybox-static; /bin/busybox must be static to run in the image
fi
command -v jq >/dev/null || apt-get install -y jq >/dev/null
step "packages ok ($(dpkg-query -W -f='${Version}' lxd))"

# 2. daemon: running <=> GET /1.0 over the socket answers 200. Started from / : a daemon started from a
# folder since deleted (an earlier CI run's clone) fails every snapshot (the rsync it runs cannot getcwd),
# so such a daemon is stopped and started again.
started_in_deleted_folder() {
  local pid; pid=$(pgrep -of -- "--logfile $1" || true)
  [ -n "$pid" ] && [[ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" == *" (deleted)" ]]
}
if started_in_deleted_folder /var/log/lxd.log; then
  step "restarting lxd daemon (started from a folder since deleted)"
  lxd shutdown --timeout 60 || pkill -f -- "--logfile /var/log/lxd.log" || true
fi
if [ "$(code lxd/1.0 2>/dev/null)" != 200 ]; then
  step "starting lxd daemon"
  (cd / && setsid -f lxd --group root --logfile /var/log/lxd.log </dev/null >/dev/null 2>&1)
  lxd waitready --timeout 60
fi
step "daemon up: $(api lxd/1.0 | jq -r '.metadata.environment.server_version + " driver=" + .metadata.environment.driver')"

# 3. storage pool "default" (dir). Do NOT use `lxd init --auto`: it fails creating lxdbr0
if [ "$(code lxd/1.0/storage-pools/default)" = 404 ]; then
  step "creating storage pool default (dir)"
  r=$(api -X POST -H 'Content-Type: application/json' -d '{"name":"default","driver":"dir","config":{}}' lxd/1.0/storage-pools)
  [ "$(echo "$r" | jq -r .type)" = sync ] || { echo "pool create failed: $r" >&2; exit 1; }
fi
step "pool: $(api lxd/1.0/storage-pools/default | jq -c '.metadata|{name,driver,status}')"

# 4. root disk in default profile (PATCH merges devices; safe to repeat). No nic => containers have only lo.
if [ "$(api lxd/1.0/profiles/default | jq -r '.metadata.devices.root.pool // empty')" != default ]; then
  step "adding root disk to default profile"
  r=$(api -X PATCH -H 'Content-Type: application/json' -d '{"devices":{"root":{"type":"disk","path":"/","pool":"default"}}}' lxd/1.0/profiles/default)
  [ "$(echo "$r" | jq -r .type)" = sync ] || { echo "profile patch failed: $r" >&2; exit 1; }
fi
step "profile devices: $(api lxd/1.0/profiles/default | jq -c .metadata.devices)"

# 5. busybox image with alias
if [ "$(code lxd/1.0/images/aliases/$ALIAS)" != 200 ]; then
  step "building busybox image"
  rm -rf "$WORK"
  bash "$(dirname "$0")/lxd-build-image.sh" "$WORK"
  lxc image import "$WORK"/metadata.tar.gz "$WORK"/rootfs.tar.gz --alias "$ALIAS"
fi
step "image: $(api lxd/1.0/images/aliases/$ALIAS | jq -r .metadata.target)"

# 6. HTTPS API on 127.0.0.1:8443 with a trusted client certificate (tests the LXD_URL connection)
TLS=${LXD_TLS_DIR:-/tmp/nuvem-lxd-tls}
mkdir -p "$TLS"
if [ ! -s "$TLS/client.crt" ] || [ ! -s "$TLS/client.key" ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:secp384r1 -sha384 -nodes -days 3650 \
    -subj "/CN=nuvem-tests" -keyout "$TLS/client.key" -out "$TLS/client.crt" >/dev/null 2>&1
fi
if [ "$(api lxd/1.0 | jq -r '.metadata.config["core.https_address"] // empty')" = "" ]; then
  r=$(api -X PATCH -H 'Content-Type: application/json' -d '{"config":{"core.https_address":"127.0.0.1:8443"}}' lxd/1.0)
  [ "$(echo "$r" | jq -r .type)" = sync ] || { echo "https listener failed: $r" >&2; exit 1; }
fi
FP=$(openssl x509 -in "$TLS/client.crt" -outform der | sha256sum | cut -d' ' -f1)
if [ "$(code lxd/1.0/certificates/$FP)" != 200 ]; then
  CERT=$(sed '/-----/d' "$TLS/client.crt" | tr -d '\n')
  r=$(api -X POST -H 'Content-Type: application/json' -d "{\"type\":\"client\",\"name\":\"nuvem-tests\",\"certificate\":\"$CERT\"}" lxd/1.0/certificates)
  [ "$(echo "$r" | jq -r .type)" = sync ] || { echo "trusting the client certificate failed: $r" >&2; exit 1; }
fi
cp /var/lib/lxd/server.crt "$TLS/server.crt"
step "https: $(curl -s --cert "$TLS/client.crt" --key "$TLS/client.key" --cacert "$TLS/server.crt" https://127.0.0.1:8443/1.0 | jq -r .metadata.auth) at https://127.0.0.1:8443"
step "done"
