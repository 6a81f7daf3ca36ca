#!/usr/bin/env bash
# Installs Crypt Companion on Raspberry Pi OS Bookworm (Pi 4 or Pi 5), or brings an installation up
# to date with this checkout. Safe to run again: each step looks first and only changes what differs.
#     sudo deploy/install.sh            install, then start the app on the display
#     deploy/install.sh --dry-run       print what it would do, change nothing
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() {
    cat <<USAGE
usage: sudo deploy/install.sh [--dry-run] [--any-machine]
Installs Crypt Companion from this checkout ($REPO_DIR) and starts it full screen at boot.
  --dry-run       print every change it would make, and make none
  --any-machine   go on where this is not a Raspberry Pi 4 or 5 (make pi-rehearsal: an arm64 root under qemu)
USAGE
}

# Each step ends in one of: changed, unchanged, skipped (does not apply here, and why), deferred (left for the
# next boot or a command, printed) or failed; main() stops at a failure and names what is left undone.
skip() { STEP_STATUS=skipped; STEP_WHY=$1; }
defer() { STEP_STATUS=deferred; STEP_WHY=$1; FINISH+=("$2"); }

# An X server here (a desktop, or a kiosk on X): SDL's X11 driver takes its GL from the desktop libGL.so.1
# even with KIVY_GL_BACKEND=sdl2, so those packages come too. The console (KMS) needs only EGL/GLES.
X_PACKAGES=(libgl1 libglx-mesa0)
x_server() {
    local pkg
    for pkg in xserver-xorg-core xvfb xwayland; do
        if installed "$pkg"; then
            printf '%s\n' "$pkg"
            return 0
        fi
    done
    return 1
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

install_packages() {
    local wanted=() missing=() pkg server
    mapfile -t wanted < <(grep -v '^\s*#' "$DEPLOY_DIR/pi-packages.txt" | grep -v '^\s*$')
    if server=$(x_server); then
        note "X server found ($server): ${X_PACKAGES[*]} too, for the app under X"
        wanted+=("${X_PACKAGES[@]}")
    else
        note "no X server: the console's EGL/GLES only (under X add: sudo apt-get install ${X_PACKAGES[*]})"
    fi
    for pkg in "${wanted[@]}"; do
        installed "$pkg" || missing+=("$pkg")
    done
    if ((${#missing[@]} == 0)); then
        note "all installed: ${wanted[*]}"
        return
    fi
    note "missing: ${missing[*]}"
    run env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

create_user() {
    if getent passwd "$APP_USER" >/dev/null; then
        note "exists"
    else
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Crypt Companion" "$APP_USER" || return
    fi
    local group
    for group in "${APP_GROUPS[@]}"; do
        if ! getent group "$group" >/dev/null; then
            note "group $group does not exist on this system: not joined"
        elif id -nG "$APP_USER" 2>/dev/null | tr ' ' '\n' | grep -qx "$group"; then
            note "already in group $group"
        else
            run usermod -a -G "$group" "$APP_USER" || return
        fi
    done
}

# The app runs from a root-owned copy of this checkout (read-only to the service) and a venv beside
# it. The install is editable so the package finds data/ and locale/ beside its sources, as it does
# in a checkout. Neither the copy nor the venv holds the checkout's caches or its own venv.
COPY_EXCLUDES=(.git .venv __pycache__ '*.egg-info' .mypy_cache .ruff_cache .hypothesis .pytest_cache .pi-rehearsal)
# Written once the venv has the copy installed: a copy whose pip install failed is not up to date.
INSTALLED_MARK=$PREFIX/.installed

# The copy's owner is whoever installs (root) and its modes are ours, not the checkout's: from a
# checkout anyone may write to (0777), the code the service runs must still be writable by root only.
copy_tree() {
    tar -C "$1" "${COPY_EXCLUDES[@]/#/--exclude=}" -cf - . | tar -C "$2" --no-same-owner --no-same-permissions -xf -
    chmod -R u=rwX,go=rX "$2"
}

# Same content, and nothing in the copy owned by another user or writable by group or others. A symlink's
# own mode is always 0777 and means nothing, so links are checked for their owner only.
same_tree() {
    diff -rq "${COPY_EXCLUDES[@]/#/--exclude=}" "$1" "$2" >/dev/null 2>&1 &&
        [ -z "$(find "$2" \( \( ! -type l -perm /022 \) -o ! -user "$(id -u)" \) -print -quit)" ]
}

install_app() {
    note "a copy of $REPO_DIR in $SRC, installed into $VENV"
    if [ -x "$VENV/bin/companion" ] && [ -e "$INSTALLED_MARK" ] && same_tree "$REPO_DIR" "$SRC"; then
        note "unchanged: $SRC is this checkout, and $VENV has it"
        return
    fi
    run rm -rf "$SRC.new" "$SRC.old" "$INSTALLED_MARK" || return
    run install -d -m 0755 "$SRC.new" || return
    run copy_tree "$REPO_DIR" "$SRC.new" || return
    if [ -e "$SRC" ]; then
        run mv "$SRC" "$SRC.old" || return
    fi
    run mv "$SRC.new" "$SRC" || return
    run rm -rf "$SRC.old" || return
    if [ -x "$VENV/bin/python" ]; then
        note "virtual environment exists"
    else
        run python3 -m venv "$VENV" || return
    fi
    run "$VENV/bin/pip" install --quiet --upgrade pip ||
        note "pip could not upgrade itself (its message is above): going on with the venv's own pip"
    run "$VENV/bin/pip" install --quiet --upgrade -e "$SRC" ||
        pip_failed "the app and its Python packages" || return
    # gpiozero's pin factory for the Pi 4 and 5; a wheel on PyPI for 64-bit ARM only.
    if [ "$(uname -m)" = aarch64 ]; then
        run "$VENV/bin/pip" install --quiet --upgrade "lgpio>=0.2.2" || pip_failed "lgpio (the GPIO library)" || return
    else
        note "not 64-bit ARM: lgpio skipped (the buttons will use mock pins)"
    fi
    # The service cannot write __pycache__ under a read-only /opt: compile once here.
    run "$VENV/bin/python" -m compileall -q "$SRC/companion" || return
    run touch "$INSTALLED_MARK"
}

# pip's own messages are long; this is the one line to read, and the next run installs the app again.
pip_failed() {
    note "pip could not install $1 (its messages are above: usually the network or PyPI); $VENV is"
    note "incomplete and the next run of deploy/install.sh installs it again"
    return 1
}

install_config() {
    if [ -e "$CONF_DIR/config.toml" ]; then
        note "kept as it is (yours to edit; the shipped one is $DEPLOY_DIR/config.toml)"
    else
        run install -D -m 0644 "$DEPLOY_DIR/config.toml" "$CONF_DIR/config.toml"
    fi
}

install_device_rules() {
    put_file "$DEPLOY_DIR/70-$APP.rules" "$UDEV_PATH" 0644 || return
    ((CHANGED)) && pending udev
    put_file "$DEPLOY_DIR/modprobe-$APP.conf" "$MODPROBE_PATH" 0644 || return
    ((CHANGED)) && REBOOT_NEEDED=1
    put_file "$DEPLOY_DIR/modules-$APP.conf" "$MODULES_PATH" 0644 || return
    if ! is_pending udev; then
        :
    elif ! udevd_running; then
        defer "udevd is not running here: the rules apply when it starts (at the next boot)" \
            "sudo udevadm control --reload-rules && sudo udevadm trigger  (once udevd runs)"
    else
        run udevadm control --reload-rules || return
        run udevadm trigger --subsystem-match=tty --subsystem-match=usb || return
        done_pending udev
    fi
    if systemctl is-active --quiet pcscd.socket 2>/dev/null || systemctl is-active --quiet pcscd 2>/dev/null; then
        warn "pcscd is running and will grab a USB ACR122U reader: 'sudo systemctl disable --now pcscd.socket pcscd'"
    fi
}

# A reload owed since a file changed: remembered under /run until it succeeds, so that a run that failed to
# reload (and a later run that finds the file unchanged) still reloads. A boot clears /run, and reloads.
pending() {
    if ((DRY_RUN)); then
        PENDING_DRY+=("$1")
    else
        mkdir -p "$PENDING_DIR" && touch "$PENDING_DIR/$1"
    fi
}
is_pending() { [ -e "$PENDING_DIR/$1" ] || [[ " ${PENDING_DRY[*]} " == *" $1 "* ]]; }
done_pending() { ((DRY_RUN)) || rm -f "$PENDING_DIR/$1"; }
PENDING_DRY=()

# The reader's device string (from the settings in force, else the shipped ones).
reader_device() {
    local config=$CONF_DIR/config.toml
    [ -e "$config" ] || config=$DEPLOY_DIR/config.toml
    python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb")).get("nfc", {}).get("device", "tty:AMA0:pn532"))' "$config"
}

# A PN532 on the header's UART needs that UART on GPIO 14/15 as ttyAMA0 (Pi 4: away from Bluetooth;
# Pi 5: UART0 switched on) and no login console on it.
configure_uart() {
    local device
    device=$(reader_device) || return
    case $device in
        tty:*) ;;
        *) skip "the reader is $device, not on the UART: nothing to do"; return ;;
    esac
    if [ ! -e "$BOOT_CONFIG" ]; then
        skip "$BOOT_CONFIG not found: enable the UART by hand (hw/README.md)"
        return
    fi
    if grep -qF "$BOOT_MARK_BEGIN" "$BOOT_CONFIG"; then
        note "already set in $BOOT_CONFIG"
    else
        local block
        block=$(printf '%s\n' "$BOOT_MARK_BEGIN" "[pi4]" "enable_uart=1" "dtoverlay=disable-bt" \
            "[pi5]" "dtparam=uart0=on" "[all]" "$BOOT_MARK_END")
        note "$(would)append to $BOOT_CONFIG (the UART on GPIO 14/15 as /dev/ttyAMA0; read at the next boot):"
        printf '%s\n' "$block" | sed 's/^/        /'
        STEP_CHANGED=1
        if ((!DRY_RUN)); then
            # A file that does not end in a newline would otherwise swallow the block's first line.
            { [ -z "$(tail -c 1 "$BOOT_CONFIG")" ] || printf '\n' >>"$BOOT_CONFIG"; } &&
                printf '%s\n' "$block" >>"$BOOT_CONFIG" || return
        fi
        REBOOT_NEEDED=1
    fi
    if command -v raspi-config >/dev/null && [ "$(raspi-config nonint get_serial_cons 2>/dev/null)" = 0 ]; then
        run raspi-config nonint do_serial_cons 1 || return
        REBOOT_NEEDED=1
    else
        note "no login console on the serial port"
    fi
}

boot_to_console() {
    local current
    current=$(systemctl get-default 2>/dev/null || echo unknown)
    if [ "$current" = multi-user.target ]; then
        note "already the default"
        return
    fi
    note "$(would)remember $current in $PREVIOUS_TARGET_FILE for uninstall.sh"
    if ((!DRY_RUN)); then
        install -d -m 0755 "$CONF_DIR" && printf '%s\n' "$current" >"$PREVIOUS_TARGET_FILE" || return
    fi
    run systemctl set-default multi-user.target || return
    REBOOT_NEEDED=1
}

install_service() {
    put_file "$DEPLOY_DIR/$UNIT_NAME" "$UNIT_PATH" 0644 || return
    ((CHANGED)) && pending daemon-reload
    if systemctl is-enabled --quiet "$UNIT_NAME" 2>/dev/null; then
        note "enabled already"
    else
        run systemctl enable "$UNIT_NAME" || return
    fi
    if ! systemd_running; then
        defer "systemd is not running here (a chroot or container): the unit starts at the next boot" \
            "sudo systemctl daemon-reload && sudo systemctl restart $UNIT_NAME  (on the booted system)"
        return
    fi
    if is_pending daemon-reload; then
        run systemctl daemon-reload || return
        done_pending daemon-reload
    fi
    if ((REBOOT_NEEDED)); then
        defer "not started now: a reboot is needed first (boot settings changed)" "sudo reboot"
    elif ((STEP_CHANGED)) || ! systemctl is-active --quiet "$UNIT_NAME" 2>/dev/null || [ -n "$APP_CHANGED" ]; then
        run systemctl restart "$UNIT_NAME"
    else
        note "running, and nothing it runs changed"
    fi
}


# Runs one step and records how it ended. The step runs in an `if`, where `set -e` does not apply: every
# command in a step that may fail is followed by `|| return`, so the step's status is its first failure.
run_step() {
    local function=$1 title=$2
    say "$title"
    STEP_CHANGED=0 STEP_STATUS="" STEP_WHY=""
    if "$function"; then
        [ -n "$STEP_STATUS" ] || STEP_STATUS=$( ((STEP_CHANGED)) && echo changed || echo unchanged)
    else
        STEP_STATUS=failed
    fi
    [ "$function" = install_app ] && ((STEP_CHANGED)) && APP_CHANGED=1
    note "-> $STEP_STATUS${STEP_WHY:+: $STEP_WHY}"
    SUMMARY+=("$(printf '%-10s %s%s' "$STEP_STATUS" "${title%% (*}" "${STEP_WHY:+: $STEP_WHY}")")
    [ "$STEP_STATUS" != failed ]
}

main() {
    # Whatever the caller's umask, what this creates (the venv, compiled files, settings) is not
    # writable by group or others.
    umask 022
    parse_common "$@"
    ((${#EXTRA_ARGS[@]} == 0)) || { usage >&2; exit 2; }
    ((DRY_RUN)) && say "Dry run: nothing will be changed"
    need_root
    check_platform
    SUMMARY=() FINISH=() APP_CHANGED=""
    local steps=(
        "install_packages|System packages"
        "create_user|User $APP_USER (no login, no password, home $STATE_DIR)"
        "install_app|The app in $VENV"
        "install_config|Settings in $CONF_DIR/config.toml"
        "install_device_rules|Device names and permissions (udev), kernel modules"
        "configure_uart|The header UART for a PN532 reader"
        "boot_to_console|Boot to the console (the app owns the display; no desktop)"
        "install_service|Service $UNIT_NAME (starts at boot, stops on a missing display, logs to the journal)"
    )
    local entry i failed=""
    for i in "${!steps[@]}"; do
        entry=${steps[i]}
        if ! run_step "${entry%%|*}" "${entry#*|}"; then
            failed=${entry#*|}
            local rest
            for rest in "${steps[@]:i+1}"; do
                rest=${rest#*|}
                SUMMARY+=("$(printf '%-10s %s' "not done" "${rest%% (*}")")
            done
            break
        fi
    done
    say "Summary$( ((DRY_RUN)) && echo " of the dry run (what a real run would do)")"
    printf '    %s\n' "${SUMMARY[@]}"
    if [ -n "$failed" ]; then
        printf 'error: the step "%s" failed (its message is above); the steps after it were not done.\n' "$failed" >&2
        printf 'Fix that, then run deploy/install.sh again: it starts over and skips what is done.\n' >&2
        exit 1
    fi
    if ((${#FINISH[@]})); then
        note "To finish:"
        printf '        %s\n' "${FINISH[@]}"
    fi
    note "Check the machine: sudo -u $APP_USER $VENV/bin/companion doctor"
    note "Logs: journalctl -u $UNIT_NAME -f"
}

# Sourced by the tests to run one step at a time; run, it does everything.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
