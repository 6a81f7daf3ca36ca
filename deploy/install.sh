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
usage: sudo deploy/install.sh [--dry-run]
Installs Crypt Companion from this checkout ($REPO_DIR) and starts it full screen at boot.
  --dry-run   print every change it would make, and make none
USAGE
}

install_packages() {
    say "System packages"
    local wanted=() missing=() pkg
    mapfile -t wanted < <(grep -v '^\s*#' "$DEPLOY_DIR/pi-packages.txt" | grep -v '^\s*$')
    for pkg in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if ((${#missing[@]} == 0)); then
        note "all installed: ${wanted[*]}"
        return
    fi
    run env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

create_user() {
    say "User $APP_USER (no login, no password, home $STATE_DIR)"
    if getent passwd "$APP_USER" >/dev/null; then
        note "exists"
    else
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Crypt Companion" "$APP_USER"
    fi
    local group
    for group in "${APP_GROUPS[@]}"; do
        if ! getent group "$group" >/dev/null; then
            warn "group $group does not exist on this system; skipped"
        elif id -nG "$APP_USER" 2>/dev/null | tr ' ' '\n' | grep -qx "$group"; then
            note "already in group $group"
        else
            run usermod -a -G "$group" "$APP_USER"
        fi
    done
}

# The app runs from a root-owned copy of this checkout (read-only to the service) and a venv beside
# it. The install is editable so the package finds data/ and locale/ beside its sources, as it does
# in a checkout. Neither the copy nor the venv holds the checkout's caches or its own venv.
COPY_EXCLUDES=(.git .venv __pycache__ '*.egg-info' .mypy_cache .ruff_cache .hypothesis .pytest_cache)

# The copy's owner is whoever installs (root) and its modes are ours, not the checkout's: from a
# checkout anyone may write to (0777), the code the service runs must still be writable by root only.
copy_tree() {
    tar -C "$1" "${COPY_EXCLUDES[@]/#/--exclude=}" -cf - . | tar -C "$2" --no-same-owner --no-same-permissions -xf -
    chmod -R u=rwX,go=rX "$2"
}

# Same content, and nothing in the copy owned by another user or writable by group or others.
same_tree() {
    diff -rq "${COPY_EXCLUDES[@]/#/--exclude=}" "$1" "$2" >/dev/null 2>&1 &&
        [ -z "$(find "$2" \( -perm /022 -o ! -user "$(id -u)" \) -print -quit)" ]
}

install_app() {
    say "The app in $VENV (from a copy of $REPO_DIR in $SRC)"
    if [ -x "$VENV/bin/companion" ] && same_tree "$REPO_DIR" "$SRC"; then
        note "unchanged: $SRC is this checkout, and $VENV has it"
        return
    fi
    run rm -rf "$SRC.new" "$SRC.old"
    run install -d -m 0755 "$SRC.new"
    run copy_tree "$REPO_DIR" "$SRC.new"
    if [ -e "$SRC" ]; then
        run mv "$SRC" "$SRC.old"
    fi
    run mv "$SRC.new" "$SRC"
    run rm -rf "$SRC.old"
    if [ -x "$VENV/bin/python" ]; then
        note "virtual environment exists"
    else
        run python3 -m venv "$VENV"
    fi
    run "$VENV/bin/pip" install --quiet --upgrade pip
    run "$VENV/bin/pip" install --quiet --upgrade -e "$SRC"
    # gpiozero's pin factory for the Pi 4 and 5; a wheel on PyPI for 64-bit ARM only.
    if [ "$(uname -m)" = aarch64 ]; then
        run "$VENV/bin/pip" install --quiet --upgrade "lgpio>=0.2.2"
    else
        note "not 64-bit ARM: lgpio skipped (the buttons will use mock pins)"
    fi
    # The service cannot write __pycache__ under a read-only /opt: compile once here.
    run "$VENV/bin/python" -m compileall -q "$SRC/companion"
}

install_config() {
    say "Settings in $CONF_DIR/config.toml"
    if [ -e "$CONF_DIR/config.toml" ]; then
        note "kept as it is (yours to edit; the shipped one is $DEPLOY_DIR/config.toml)"
    else
        run install -D -m 0644 "$DEPLOY_DIR/config.toml" "$CONF_DIR/config.toml"
    fi
}

install_device_rules() {
    say "Device names and permissions (udev), kernel modules"
    put_file "$DEPLOY_DIR/70-$APP.rules" "$UDEV_PATH" 0644
    if ((CHANGED)); then
        run udevadm control --reload-rules
        run udevadm trigger --subsystem-match=tty --subsystem-match=usb
    fi
    put_file "$DEPLOY_DIR/modprobe-$APP.conf" "$MODPROBE_PATH" 0644
    if ((CHANGED)); then
        REBOOT_NEEDED=1
    fi
    put_file "$DEPLOY_DIR/modules-$APP.conf" "$MODULES_PATH" 0644
    if systemctl is-active --quiet pcscd.socket 2>/dev/null || systemctl is-active --quiet pcscd 2>/dev/null; then
        warn "pcscd is running and will grab a USB ACR122U reader: 'sudo systemctl disable --now pcscd.socket pcscd'"
    fi
}

# The reader's device string (from the settings in force, else the shipped ones).
reader_device() {
    local config=$CONF_DIR/config.toml
    [ -e "$config" ] || config=$DEPLOY_DIR/config.toml
    python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb")).get("nfc", {}).get("device", "tty:AMA0:pn532"))' "$config"
}

# A PN532 on the header's UART needs that UART on GPIO 14/15 as ttyAMA0 (Pi 4: away from Bluetooth;
# Pi 5: UART0 switched on) and no login console on it.
configure_uart() {
    say "The header UART for a PN532 reader"
    local device
    device=$(reader_device)
    case $device in
        tty:*) ;;
        *) note "reader is $device, not on the UART: nothing to do"; return ;;
    esac
    if [ ! -e "$BOOT_CONFIG" ]; then
        warn "$BOOT_CONFIG not found: enable the UART by hand (hw/README.md)"
        return
    fi
    if grep -qF "$BOOT_MARK_BEGIN" "$BOOT_CONFIG"; then
        note "already set in $BOOT_CONFIG"
    else
        local block
        block=$(printf '%s\n' "$BOOT_MARK_BEGIN" "[pi4]" "enable_uart=1" "dtoverlay=disable-bt" \
            "[pi5]" "dtparam=uart0=on" "[all]" "$BOOT_MARK_END")
        if ((DRY_RUN)); then
            note "would append to $BOOT_CONFIG:"
            printf '%s\n' "$block" | sed 's/^/        /'
        else
            # A file that does not end in a newline would otherwise swallow the block's first line.
            [ -z "$(tail -c 1 "$BOOT_CONFIG")" ] || printf '\n' >>"$BOOT_CONFIG"
            printf '%s\n' "$block" >>"$BOOT_CONFIG"
        fi
        REBOOT_NEEDED=1
    fi
    if command -v raspi-config >/dev/null && [ "$(raspi-config nonint get_serial_cons 2>/dev/null)" = 0 ]; then
        run raspi-config nonint do_serial_cons 1
        REBOOT_NEEDED=1
    else
        note "no login console on the serial port"
    fi
}

boot_to_console() {
    say "Boot to the console (the app owns the display; no desktop)"
    local current
    current=$(systemctl get-default 2>/dev/null || echo unknown)
    if [ "$current" = multi-user.target ]; then
        note "already the default"
        return
    fi
    if ((DRY_RUN)); then
        note "would remember $current in $PREVIOUS_TARGET_FILE for uninstall.sh"
    else
        install -d -m 0755 "$CONF_DIR"
        printf '%s\n' "$current" >"$PREVIOUS_TARGET_FILE"
    fi
    run systemctl set-default multi-user.target
    REBOOT_NEEDED=1
}

install_service() {
    say "Service $UNIT_NAME (starts at boot, restarts on failure, logs to the journal)"
    put_file "$DEPLOY_DIR/$UNIT_NAME" "$UNIT_PATH" 0644
    if ((CHANGED)); then
        run systemctl daemon-reload
    fi
    run systemctl enable "$UNIT_NAME"
    if ((REBOOT_NEEDED)); then
        note "not started now: a reboot is needed first"
    else
        run systemctl restart "$UNIT_NAME"
    fi
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
    install_packages
    create_user
    install_app
    install_config
    install_device_rules
    configure_uart
    boot_to_console
    install_service
    say "Done."
    if ((REBOOT_NEEDED)); then
        note "Reboot now (sudo reboot): the app starts on the display after it."
    fi
    note "Check the machine: sudo -u $APP_USER $VENV/bin/companion doctor"
    note "Logs: journalctl -u $UNIT_NAME -f"
}

# Sourced by the tests to run one step at a time; run, it does everything.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
