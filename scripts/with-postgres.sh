#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server on loopback, its URL in TEST_DATABASE_URL; stops and removes
# the server when the command ends. Needs Debian's postgresql package (installed by .ci/run when missing).
# Usage: bash scripts/with-postgres.sh npm test
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "No PostgreSQL server binaries under /usr/lib/postgresql: apt-get install -y postgresql" >&2
  exit 1
fi
port=${PGPORT_TEST:-55432}
dir=$(mktemp -d /tmp/tidewell-pg-XXXXXX)
as_owner=()
# initdb and the server refuse to run as root: as root, they run as Debian's postgres user
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port for this run (TEST_DATABASE_URL)"
"$@"
