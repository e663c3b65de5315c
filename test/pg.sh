#!/usr/bin/env bash
# Runs a command with DATABASE_URL set to a throwaway PostgreSQL cluster (issue 15): initdb in a new temporary folder
# (as the postgres user when run as root, as PostgreSQL requires), listening only on a Unix socket inside that folder
# (no TCP port, so it can clash with no other server), stopped and removed when the command ends, however it ends.
# The tests then run the server layer a second time on it (test/run.mjs server-pg).
#
#   test/pg.sh npm test                       what .ci/run does
#   test/pg.sh node test/run.mjs server-pg    the PostgreSQL pass alone
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "test/pg.sh: PostgreSQL is not installed (Debian: apt-get install postgresql)" >&2
  exit 1
fi
[ $# -gt 0 ] || set -- npm test

dir=$(mktemp -d "${TMPDIR:-/tmp}/signup-pg.XXXXXX")
# Run from inside the folder: the postgres user may not be allowed into the caller's working directory.
as_pg() {
  if [ "$(id -u)" = 0 ]; then (cd "$dir" && runuser -u postgres -- "$@"); else (cd "$dir" && "$@"); fi
}
cleanup() {
  as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi

as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}
# The port only names the socket file (listen_addresses is empty). Default durability settings: fsync and
# synchronous_commit on, as the durability tests assume.
port=$((30000 + RANDOM % 20000))
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses='' -k $dir -p $port -c max_connections=200" start >/dev/null || {
  cat "$dir/server.log" >&2
  exit 1
}
export DATABASE_URL="postgres://postgres@localhost/postgres?host=$dir&port=$port"
echo "test/pg.sh: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on $dir (socket), DATABASE_URL exported"
"$@"
