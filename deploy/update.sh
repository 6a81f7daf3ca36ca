#!/usr/bin/env bash
# Updates Crypt Companion: pulls the new version into this checkout, then runs install.sh, which
# copies it into place, updates the venv, refreshes the rules and restarts the service.
#     sudo deploy/update.sh [--no-pull] [--dry-run]
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() {
    cat <<USAGE
usage: sudo deploy/update.sh [--no-pull] [--dry-run]
Pulls the new version into $REPO_DIR (as the checkout's owner) and reinstalls from it.
  --no-pull   install what the checkout holds now (after a manual git checkout, say)
  --dry-run   print every change it would make, and make none
USAGE
}

main() {
    local pull=1 arg
    parse_common "$@"
    for arg in "${EXTRA_ARGS[@]}"; do
        case $arg in
            --no-pull) pull=0 ;;
            *) usage >&2; exit 2 ;;
        esac
    done
    ((DRY_RUN)) && say "Dry run: nothing will be changed"
    need_root
    if ((pull)); then
        [ -e "$REPO_DIR/.git" ] || die "$REPO_DIR is not a git checkout: update it by hand, then run with --no-pull"
        say "New version into $REPO_DIR"
        # git refuses to work as root in a checkout someone else owns; pull as its owner instead.
        local owner
        owner=$(stat -c %U "$REPO_DIR")
        run runuser -u "$owner" -- git -C "$REPO_DIR" pull --ff-only
    fi
    local flags=()
    ((DRY_RUN)) && flags+=(--dry-run)
    exec "$DEPLOY_DIR/install.sh" "${flags[@]}"
}

main "$@"
