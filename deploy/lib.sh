# shellcheck shell=bash
# shellcheck disable=SC2034  # the settings below are read by the scripts that source this file
# Shared by install.sh, update.sh and uninstall.sh: where things go, and the dry-run machinery.
# Every change to the system goes through `run` or `put_file`, so `--dry-run` prints it instead;
# everything else these scripts do only reads.

APP=crypt-companion
APP_USER=companion
PREFIX=/opt/$APP
SRC=$PREFIX/src
VENV=$PREFIX/venv
CONF_DIR=/etc/$APP
STATE_DIR=/var/lib/$APP
UNIT_NAME=$APP.service
UNIT_PATH=/etc/systemd/system/$UNIT_NAME
UDEV_PATH=/etc/udev/rules.d/70-$APP.rules
MODPROBE_PATH=/etc/modprobe.d/$APP.conf
MODULES_PATH=/etc/modules-load.d/$APP.conf
BOOT_CONFIG=/boot/firmware/config.txt
BOOT_MARK_BEGIN="# >>> $APP (deploy/install.sh adds this block; deploy/uninstall.sh removes it)"
BOOT_MARK_END="# <<< $APP"
# Present while systemd runs as init (sd_booted(3)): absent in a chroot or a container without it.
SYSTEMD_RUN_DIR=/run/systemd/system
# Reloads that failed are remembered here until one succeeds; a boot clears it, and reloads anyway.
PENDING_DIR=/run/$APP-install
PREVIOUS_TARGET_FILE=$CONF_DIR/previous-default-target
# serial (tray, UART reader), GPIO, USB reader, display, GPU, touchscreen.
APP_GROUPS=(dialout gpio plugdev video render input)
DEPLOY_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(dirname "$DEPLOY_DIR")

DRY_RUN=0
ANY_MACHINE=0
REBOOT_NEEDED=0

say() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Runs a command that changes the system and says so, or only says it under --dry-run; a failure is
# named with its exit status. STEP_CHANGED records that the current step changed (or would change) something.
run() {
    STEP_CHANGED=1
    if ((DRY_RUN)); then
        printf '    would run:'
        printf ' %q' "$@"
        printf '\n'
        return 0
    fi
    printf '    run:'
    printf ' %q' "$@"
    printf '\n'
    local status=0
    "$@" || status=$?
    if ((status)); then
        printf '    failed (exit status %d): %s\n' "$status" "$*"
    fi
    return "$status"
}

# "would " before what a dry run only plans, so that a dry run and a real one print the same plan.
would() { if ((DRY_RUN)); then printf 'would '; fi; }

systemd_running() { [ -d "$SYSTEMD_RUN_DIR" ]; }
udevd_running() { udevadm control --ping >/dev/null 2>&1; }

# Installs a file from deploy/ unless the destination already has the same content; CHANGED says
# whether it did (or would).
put_file() {
    local src=$1 dest=$2 mode=$3
    CHANGED=0
    if cmp -s "$src" "$dest"; then
        note "unchanged: $dest"
    else
        CHANGED=1
        run install -D -m "$mode" "$src" "$dest"
    fi
}

remove_path() {
    if [ -e "$1" ] || [ -L "$1" ]; then
        run rm -rf -- "$1"
    else
        note "already absent: $1"
    fi
}

unit_exists() { systemctl cat "$1" >/dev/null 2>&1; }

# Parses the options every script shares; the remaining ones are left in EXTRA_ARGS.
parse_common() {
    EXTRA_ARGS=()
    local arg
    for arg in "$@"; do
        case $arg in
            --dry-run) DRY_RUN=1 ;;
            --any-machine) ANY_MACHINE=1 ;;
            -h | --help) usage; exit 0 ;;
            *) EXTRA_ARGS+=("$arg") ;;
        esac
    done
}

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        if ((DRY_RUN)); then
            warn "not root: a real run needs sudo (the dry run goes on)"
        else
            die "run this with sudo (or add --dry-run to see what it would do)"
        fi
    fi
}

# Raspberry Pi OS Bookworm, 64-bit, on a Pi 4 or 5: anything else is refused, except by a dry run.
check_platform() {
    local problems=() codename="" model=""
    if [ -r /etc/os-release ]; then
        codename=$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")
    fi
    [ "$codename" = bookworm ] || problems+=("this is not Debian/Raspberry Pi OS Bookworm (found '${codename:-unknown}')")
    [ "$(uname -m)" = aarch64 ] || problems+=("this is not a 64-bit ARM system (found $(uname -m)); use the 64-bit Raspberry Pi OS")
    if [ -r /proc/device-tree/model ]; then
        model=$(tr -d '\0' </proc/device-tree/model)
    fi
    case $model in
        "Raspberry Pi 4"* | "Raspberry Pi 5"*) note "machine: $model" ;;
        *) if ((ANY_MACHINE)); then
               note "machine: ${model:-unknown}, not a Raspberry Pi 4 or 5 (--any-machine: going on)"
           else
               problems+=("this is not a Raspberry Pi 4 or 5 (found '${model:-unknown}')")
           fi ;;
    esac
    if ((${#problems[@]})); then
        local p
        for p in "${problems[@]}"; do
            if ((DRY_RUN)); then warn "$p (a real run would stop here)"; else warn "$p"; fi
        done
        ((DRY_RUN)) || die "unsupported platform"
    fi
}
