#!/usr/bin/env bash
# Removes Crypt Companion from the Pi: the service, the app, the device rules and the boot settings
# install.sh added. Saved games and settings stay unless --purge is given.
#     sudo deploy/uninstall.sh [--purge] [--dry-run]
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() {
    cat <<USAGE
usage: sudo deploy/uninstall.sh [--purge] [--dry-run]
Stops and removes Crypt Companion.
  --purge     also delete the saved games ($STATE_DIR), the settings ($CONF_DIR) and the user $APP_USER
  --dry-run   print every change it would make, and make none
USAGE
}

remove_service() {
    say "Service $UNIT_NAME"
    if unit_exists "$UNIT_NAME" || [ -e "$UNIT_PATH" ]; then
        run systemctl disable --now "$UNIT_NAME"
    fi
    remove_path "$UNIT_PATH"
    run systemctl daemon-reload
}

remove_device_rules() {
    say "Device rules and kernel module settings"
    remove_path "$UDEV_PATH"
    run udevadm control --reload-rules
    remove_path "$MODPROBE_PATH"
    remove_path "$MODULES_PATH"
}

restore_boot() {
    say "Boot settings"
    if [ -e "$BOOT_CONFIG" ] && grep -qF "$BOOT_MARK_BEGIN" "$BOOT_CONFIG"; then
        run sed -i "\\|^$BOOT_MARK_BEGIN\$|,\\|^$BOOT_MARK_END\$|d" "$BOOT_CONFIG"
        note "the serial login console stays off; 'sudo raspi-config' turns it back on"
    else
        note "no UART block in $BOOT_CONFIG"
    fi
    if [ -e "$PREVIOUS_TARGET_FILE" ]; then
        run systemctl set-default "$(cat "$PREVIOUS_TARGET_FILE")"
        remove_path "$PREVIOUS_TARGET_FILE"
    else
        note "boot target left as it is"
    fi
}

purge() {
    say "Saved games, settings and the user (--purge)"
    remove_path "$STATE_DIR"
    remove_path "$CONF_DIR"
    if getent passwd "$APP_USER" >/dev/null; then
        run userdel "$APP_USER"
    else
        note "no user $APP_USER"
    fi
}

main() {
    local purge_too=0 arg
    parse_common "$@"
    for arg in "${EXTRA_ARGS[@]}"; do
        case $arg in
            --purge) purge_too=1 ;;
            *) usage >&2; exit 2 ;;
        esac
    done
    ((DRY_RUN)) && say "Dry run: nothing will be changed"
    need_root
    remove_service
    remove_device_rules
    restore_boot
    say "The app in $PREFIX"
    remove_path "$PREFIX"
    if ((purge_too)); then
        purge
    else
        note "kept: saved games in $STATE_DIR, settings in $CONF_DIR, user $APP_USER (--purge removes them)"
    fi
    say "Done. System packages stay installed (others may use them)."
}

# Sourced by the tests to run one step at a time; run, it does everything.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
