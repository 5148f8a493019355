#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on 127.0.0.1 for the API tests and prints its URL.
#   tools/postgres-throwaway.sh start [PORT]   -> prints postgres://... ; data in .tmp/pg-PORT
#   tools/postgres-throwaway.sh stop [PORT]
# One folder per port, so servers on two ports can run at once (CI's and a developer's, say).
set -euo pipefail
cmd=${1:-start}
port=${2:-54329}
root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/.tmp/pg-$port"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL server binaries not found: apt-get install postgresql" >&2; exit 1; }

# The server refuses to run as root: run it as the postgres system user then.
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"; mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
      -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start [PORT] | stop [PORT]" >&2; exit 2 ;;
esac
