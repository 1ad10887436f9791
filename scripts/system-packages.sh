#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: PostgreSQL
# (the PostgreSQL store's tests start a real server). Needs root for apt-get;
# without it, says what to install.
set -euo pipefail

if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "orkeon: the tests need PostgreSQL's server binaries: install the Debian package 'postgresql' (apt-get install postgresql)" >&2
  exit 1
fi
echo "orkeon: installing PostgreSQL from Debian's packages (once)" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
