#!/usr/bin/env bash
# Builds the local busybox test image's two tarballs (metadata.tar.gz, rootfs.tar.gz) in the folder
# given ($1), unless they are there already. Used by lxd-setup.sh and lxd-cluster-setup.sh.
# Needs a static /bin/busybox (Debian's busybox-static).
set -euo pipefail
WORK=${1:?usage: lxd-build-image.sh <folder>}
if [ -s "$WORK/rootfs.tar.gz" ] && [ -s "$WORK/metadata.tar.gz" ]; then exit 0; fi
/bin/busybox --list | grep -qx mkpasswd || { echo "needs busybox-static (/bin/busybox)" >&2; exit 1; }
rm -rf "$WORK"; mkdir -p "$WORK"/rootfs/{bin,sbin,etc,proc,sys,dev,tmp,root,var/log,run}
cp /bin/busybox "$WORK"/rootfs/bin/
# link every applet (the ARCHITECTURE.md list lacks `mount`, so its sysinit line failed on the console)
(cd "$WORK"/rootfs/bin && for a in $(./busybox --list); do [ "$a" = busybox ] || ln -sf busybox "$a"; done)
ln -s ../bin/busybox "$WORK"/rootfs/sbin/init
printf '::sysinit:/bin/mount -t proc proc /proc\n::respawn:/bin/sh -c "while true; do echo heartbeat; sleep 5; done"\n' > "$WORK"/rootfs/etc/inittab
printf 'root:x:0:0:root:/root:/bin/sh\n' > "$WORK"/rootfs/etc/passwd
printf 'root:x:0:\n' > "$WORK"/rootfs/etc/group
printf 'root:*:19000:0:99999:7:::\n' > "$WORK"/rootfs/etc/shadow; chmod 600 "$WORK"/rootfs/etc/shadow
printf 'architecture: x86_64\ncreation_date: %s\nproperties:\n  os: busybox\n  description: nuvem busybox test image\n' "$(date +%s)" > "$WORK"/metadata.yaml
tar czf "$WORK"/rootfs.tar.gz -C "$WORK"/rootfs . && tar czf "$WORK"/metadata.tar.gz -C "$WORK" metadata.yaml
