#!/bin/bash
# The official postgres image's start-up, for Debian's PostgreSQL: a first start on an empty PGDATA makes
# the cluster with POSTGRES_USER (default postgres) and POSTGRES_PASSWORD, creates POSTGRES_DB (default the
# user's name) and runs /docker-entrypoint-initdb.d/; every start then runs the server as user postgres.
set -Eeo pipefail
: "${PGDATA:=/var/lib/postgresql/data}"
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi

if [ "$1" = 'postgres' ] && [ "$(id -u)" = '0' ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi

if [ "$1" = 'postgres' ]; then
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "${POSTGRES_HOST_AUTH_METHOD:-}" != 'trust' ]; then
      echo 'Database is uninitialized and superuser password is not specified: set POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust).' >&2
      exit 1
    fi
    export POSTGRES_USER="${POSTGRES_USER:-postgres}"
    export POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"
    # shellcheck disable=SC2086
    initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "${POSTGRES_PASSWORD:-}") ${POSTGRES_INITDB_ARGS:-} -D "$PGDATA"
    printf '\nhost all all all %s\n' "${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}" >> "$PGDATA/pg_hba.conf"
    printf "\nlisten_addresses = '*'\n" >> "$PGDATA/postgresql.conf"
    # a server on the socket only while the first-start scripts run: nobody outside reaches a half-made database
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
    export PGPASSWORD="${POSTGRES_PASSWORD:-}"
    psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)
    if [ "$POSTGRES_DB" != 'postgres' ]; then
      "${psql[@]}" --dbname postgres --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";'
    fi
    for f in /docker-entrypoint-initdb.d/*; do
      case "$f" in
        *.sh) if [ -x "$f" ]; then echo "running $f"; "$f"; else echo "sourcing $f"; . "$f"; fi ;;
        *.sql) echo "running $f"; "${psql[@]}" --dbname "$POSTGRES_DB" -f "$f" ;;
        *.sql.gz) echo "running $f"; gunzip -c "$f" | "${psql[@]}" --dbname "$POSTGRES_DB" ;;
        *) [ -e "$f" ] && echo "ignoring $f" ;;
      esac
    done
    unset PGPASSWORD
    pg_ctl -D "$PGDATA" -m fast -w stop
    echo 'PostgreSQL init process complete; ready for start up.'
  fi
fi
exec "$@"
