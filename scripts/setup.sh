# Source this file (bash): a supported Node on PATH and the workspace's
# dependencies installed from package-lock.json. Safe to run again; it only
# reinstalls when package-lock.json or the Node version changed since the last
# install, or when ORKEON_FORCE_INSTALL=1.

case "${BASH_SOURCE[0]}" in */*) orkeon_scripts="${BASH_SOURCE[0]%/*}" ;; *) orkeon_scripts=. ;; esac
source "$orkeon_scripts/use-node.sh" || return 1 2>/dev/null || exit 1

orkeon_install_stamp="$orkeon_root/node_modules/.orkeon-installed"
# Sourced on every start of ./orkeon: when nothing changed this costs a few file tests (and one
# `node --version` when the system Node is used), no other program.
orkeon_installed_for=""
if [ -f "$orkeon_install_stamp" ]; then read -r orkeon_installed_for <"$orkeon_install_stamp" || true; fi
if [ "${ORKEON_FORCE_INSTALL:-0}" = 1 ] || [ ! -f "$orkeon_install_stamp" ] || [ "$orkeon_root/package-lock.json" -nt "$orkeon_install_stamp" ] \
  || [ "$orkeon_installed_for" != "$orkeon_node_version" ]; then
  echo "orkeon: installing dependencies (npm ci)" >&2
  (
    cd "$orkeon_root" || exit 1
    if [ -n "${ORKEON_NODE_HEADERS:-}" ]; then export npm_config_nodedir="$ORKEON_NODE_HEADERS"; fi
    npm ci --no-audit --no-fund --loglevel=error >&2
  ) || return 1 2>/dev/null || exit 1
  echo "$orkeon_node_version" >"$orkeon_install_stamp"
fi
