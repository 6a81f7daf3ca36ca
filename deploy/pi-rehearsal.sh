#!/usr/bin/env bash
# The Pi install rehearsed without a Pi (`make pi-rehearsal`): a Debian bookworm arm64 root filesystem run
# under qemu-user-static (the closest stand-in for Raspberry Pi OS Lite 64-bit), deploy/install.sh run in it
# twice, the app started as the unit starts it (under Xvfb, then with no display), and `companion doctor`.
# Prints each step's time and result. Needs root (debootstrap, chroot) and the network (Debian, PyPI).
#     sudo deploy/pi-rehearsal.sh CACHE_DIR
# CACHE_DIR keeps the debootstrapped root (base/, about 6 + 9 minutes to make once) and the rehearsal's copy
# of it (root/, made afresh each time); neither belongs in git.
#
# What it cannot show (the emulation's limits, not the app's): no /proc/device-tree/model (install.sh runs
# with --any-machine), no systemd or udevd running in a chroot (the installer defers their reloads, as it
# says), no /dev/dri (the KMS path), no touchscreen, and nothing about speed: qemu is many times slower.
set -euo pipefail

CACHE=${1:?usage: sudo deploy/pi-rehearsal.sh CACHE_DIR}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
HOST_PACKAGES=(debootstrap qemu-user-static binfmt-support)
# Raspberry Pi OS Lite's own share of what the installer expects to find; xvfb stands in for an X session.
BASE_PACKAGES=python3,python3-venv,systemd,udev,sudo,ca-certificates,xvfb,xauth
CHECKOUT=/home/pi/crypt-companion
UNIT=$REPO/deploy/crypt-companion.service
BASE=$CACHE/base
ROOT=$CACHE/root
RESULTS=()

# Runs one step: its output indented, then its time and result; the rehearsal stops at the first failure.
# The expected exit status comes first (the app with no display must fail, with its own status); "any" takes
# whatever comes (the doctor's findings are the result).
step() {
    local title=$1 expect=$2 status=0 started
    shift 2
    printf '\n=== %s\n' "$title"
    started=$(date +%s)
    # Not `"$@" || …`: in that context bash ignores `set -e` inside the step, which would go on past a failure.
    set +e
    (set -e; "$@") 2>&1 | sed -u 's/^/  | /'
    status=${PIPESTATUS[0]}
    set -e
    local seconds=$(($(date +%s) - started)) result
    if [ "$status" = "$expect" ] || [ "$expect" = any ]; then
        result="ok (exit $status)"
    else
        result="FAILED (exit $status, expected $expect)"
    fi
    printf '=== %s: %s in %d s\n' "$title" "$result" "$seconds"
    RESULTS+=("$(printf '%5d s  %-22s %s' "$seconds" "$result" "$title")")
    if [ "$status" != "$expect" ] && [ "$expect" != any ]; then
        summary
        exit 1
    fi
}

summary() {
    printf '\n=== Rehearsal summary (Debian bookworm arm64 under qemu-user-static)\n'
    printf '  %s\n' "${RESULTS[@]}"
}

host_tools() {
    local missing=() pkg
    for pkg in "${HOST_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if ((${#missing[@]})); then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
    else
        echo "installed: ${HOST_PACKAGES[*]}"
    fi
}

# Every program in the root is an arm64 binary that runs other arm64 binaries (dpkg, pip, bash): only the
# kernel's binfmt_misc can hand each of them to qemu, so without it the rehearsal cannot go on.
binfmt() {
    local entry=/proc/sys/fs/binfmt_misc/qemu-aarch64
    [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    [ -e "$entry" ] || update-binfmts --enable qemu-aarch64
    if ! grep -qx enabled "$entry" 2>/dev/null; then
        echo "binfmt_misc cannot hand arm64 programs to qemu here (no $entry): the rehearsal needs it" >&2
        return 1
    fi
    grep -E '^(interpreter|flags)' "$entry"
}

base_root() {
    if [ -x "$BASE/usr/bin/python3" ]; then
        echo "cached: $BASE ($(du -sh "$BASE" | cut -f1))"
        return
    fi
    rm -rf "$BASE.tmp"
    debootstrap --arch=arm64 --variant=minbase --include="$BASE_PACKAGES" bookworm "$BASE.tmp" "$MIRROR"
    mv "$BASE.tmp" "$BASE"
}

# A fresh copy of the cached root, the host's DNS and CA certificates (a TLS-inspecting proxy's own CA
# included), the Pi's boot config (so the UART step has its file), and the checkout as a Pi user clones it.
fresh_root() {
    unmount
    rm -rf "$ROOT"
    cp -a "$BASE" "$ROOT"
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/ssl/certs/ca-certificates.crt"
    mkdir -p "$ROOT/boot/firmware" "$ROOT$CHECKOUT"
    printf '%s\n' "# Raspberry Pi OS's, shortened" "dtparam=audio=on" "camera_auto_detect=1" \
        "dtoverlay=vc4-kms-v3d" "[all]" >"$ROOT/boot/firmware/config.txt"
    tar -C "$REPO" --exclude=.git --exclude=.venv --exclude=__pycache__ --exclude=.pi-rehearsal \
        --exclude=.mypy_cache --exclude=.ruff_cache --exclude=.hypothesis --exclude=.pytest_cache -cf - . |
        tar -C "$ROOT$CHECKOUT" -xf -
    echo "root: $ROOT ($(du -sh "$ROOT" | cut -f1)), checkout at $CHECKOUT"
    mount -t proc proc "$ROOT/proc"
    mount -t sysfs sysfs "$ROOT/sys"
    mount --bind /dev "$ROOT/dev"
    mount --bind /dev/pts "$ROOT/dev/pts"
}

unmount() {
    local m
    for m in dev/pts dev sys proc; do
        if mountpoint -q "$ROOT/$m" 2>/dev/null; then umount -l "$ROOT/$m"; fi
    done
}

# A command in the root with a clean environment (none of this machine's settings leak in but its CA file).
in_root() {
    chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 PIP_CERT=/etc/ssl/certs/ca-certificates.crt "$@"
}

install_once() { in_root "$CHECKOUT/deploy/install.sh" --any-machine; }

# The second run must change nothing: every step unchanged, skipped or deferred.
install_again() {
    local out
    out=$(install_once)
    printf '%s\n' "$out"
    if printf '%s\n' "$out" | grep -E '^    (changed|failed) '; then
        echo "the second run changed something (above)" >&2
        return 1
    fi
}

# The unit's Environment= lines, as `env` arguments.
unit_env() { sed -n 's/^Environment=//p' "$UNIT"; }

# As the unit starts it: its user, folder and environment; systemd's StateDirectory= made by hand.
as_unit() {
    local env=()
    mapfile -t env < <(unit_env)
    in_root install -d -o companion -g companion -m 0750 /var/lib/crypt-companion
    in_root runuser -u companion -- /usr/bin/env "${env[@]}" "$@"
}

# Under Xvfb (SDL's X11 driver instead of the unit's kmsdrm): up to its main loop, then `systemctl stop`'s
# SIGTERM, which it must take as its own Exit (status 0).
app_under_xvfb() {
    in_root bash -c 'Xvfb :7 -screen 0 800x480x24 -nolisten tcp >/tmp/xvfb.log 2>&1 & echo $! >/tmp/xvfb.pid'
    local log=$ROOT/tmp/app.log pidfile=$ROOT/var/lib/crypt-companion/app.pid waited=0 status=0 runner
    until [ -e "$ROOT/tmp/.X11-unix/X7" ] || ((waited++ > 60)); do sleep 1; done
    rm -f "$pidfile"
    # The settings in force, but the reader `reader` rather than `auto`: with no reader, `auto` falls back to
    # the emulated field, whose UDP socket asks for SO_TIMESTAMPNS, which qemu-user does not translate
    # ("[Errno 92] Protocol not available"; the Pi's kernel has it). `reader` waits for a reader instead.
    awk '/^\[/{nfc=($0=="[nfc]")} nfc&&/^backend =/{$0="backend = \"reader\""} 1' \
        "$ROOT/etc/crypt-companion/config.toml" >"$ROOT/etc/crypt-companion/rehearsal.toml"
    as_unit SDL_VIDEODRIVER=x11 DISPLAY=:7 COMPANION_CONFIG=/etc/crypt-companion/rehearsal.toml bash -c \
        'cd /var/lib/crypt-companion && echo $$ >app.pid && exec /opt/crypt-companion/venv/bin/companion run' \
        >"$log" 2>&1 &
    runner=$!
    waited=0
    until grep -qs "Start application main loop" "$log" || ! kill -0 "$runner" 2>/dev/null || ((waited++ > 900)); do
        sleep 1
    done
    if grep -q "Start application main loop" "$log"; then
        echo "main loop after ${waited} s: sending SIGTERM, as systemctl stop does"
        kill -TERM "$(cat "$pidfile")"
    fi
    wait "$runner" || status=$?
    kill "$(cat "$ROOT/tmp/xvfb.pid")" 2>/dev/null || true
    cat "$log"
    grep -q "Start application main loop" "$log" || status=${status/#0/1}
    return "$status"
}

# With no display at all, as on a Pi whose screen is missing: one line, and an exit status the unit does not
# restart on.
app_without_display() {
    as_unit bash -c 'cd /var/lib/crypt-companion && exec /opt/crypt-companion/venv/bin/companion run'
}

doctor() { as_unit /opt/crypt-companion/venv/bin/companion doctor; }

main() {
    [ "$(id -u)" = 0 ] || { echo "run it as root (debootstrap and chroot need it): sudo $0 $CACHE" >&2; exit 1; }
    mkdir -p "$CACHE"
    CACHE=$(cd "$CACHE" && pwd) BASE=$CACHE/base ROOT=$CACHE/root
    trap unmount EXIT
    step "host tools (${HOST_PACKAGES[*]})" 0 host_tools
    step "binfmt_misc hands arm64 programs to qemu" 0 binfmt
    step "Debian bookworm arm64 root (debootstrap, cached)" 0 base_root
    step "fresh copy of the root, the checkout in it" 0 fresh_root
    step "deploy/install.sh, first run" 0 install_once
    step "deploy/install.sh, second run (changes nothing)" 0 install_again
    step "the app as the unit starts it, under Xvfb" 0 app_under_xvfb
    step "the app as the unit starts it, no display" 69 app_without_display
    step "companion doctor as the service user" any doctor
    summary
}

# Sourced, it only defines the steps (to run one again by hand).
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
