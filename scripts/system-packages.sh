#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: PostgreSQL
# (the PostgreSQL store's and database tools' tests start a real server),
# MariaDB (the database tools), Dovecot's IMAP server (the e-mail tools) and Redis
# (the Redis memory store) and Chromium (the Studio page's browser tests, driven by playwright-core).
# Needs root for apt-get; without it, says what to install.
set -euo pipefail

missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v mariadbd >/dev/null 2>&1 || missing+=(mariadb-server)
command -v dovecot >/dev/null 2>&1 || missing+=(dovecot-imapd)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "orkeon: the tests need these Debian packages: ${missing[*]} (apt-get install ${missing[*]})" >&2
  exit 1
fi
echo "orkeon: installing ${missing[*]} from Debian's packages (once)" >&2
apt-get update -qq
# The packages' own services need not start: the tests start their servers themselves.
if [ ! -e /usr/sbin/policy-rc.d ]; then printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d; fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
