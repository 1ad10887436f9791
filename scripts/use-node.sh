# Source this file (bash) to get a supported Node.js on PATH.
#
# Orkeon supports Node >= 22.12. When the system Node is older (or missing), a
# pinned Node 24 LTS is installed from the npm registry package
# `node-<platform>-<arch>` (it ships the binary and the C headers) into
# `.tools/` at the repository root, which git ignores. A machine whose Node is
# already new enough is left alone.

ORKEON_NODE_MINIMUM="22.12.0"
ORKEON_NODE_PINNED="24.21.0"

orkeon_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

orkeon_node_is_supported() {
  command -v node >/dev/null 2>&1 || return 1
  node -e '
    const [min, cur] = [process.argv[1], process.versions.node].map((v) => v.split(".").map(Number));
    const ok = cur[0] !== min[0] ? cur[0] > min[0] : cur[1] !== min[1] ? cur[1] > min[1] : cur[2] >= min[2];
    process.exit(ok ? 0 : 1);
  ' "$ORKEON_NODE_MINIMUM" 2>/dev/null
}

orkeon_provision_node() {
  local platform arch package dir
  case "$(uname -s)" in
    Linux) platform=linux ;;
    Darwin) platform=darwin ;;
    *) echo "orkeon: cannot provision Node on $(uname -s); install Node >= $ORKEON_NODE_MINIMUM yourself" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "orkeon: cannot provision Node for $(uname -m); install Node >= $ORKEON_NODE_MINIMUM yourself" >&2; return 1 ;;
  esac
  package="node-$platform-$arch"
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
  # Native addons (node-gyp) must build against the headers of the Node that runs them;
  # scripts/setup.sh hands this folder to npm when it installs.
  export ORKEON_NODE_HEADERS="$dir/node_modules/$package"
}

if ! orkeon_node_is_supported; then
  orkeon_provision_node || return 1 2>/dev/null || exit 1
fi
