#!/bin/sh
# As the official redis image: options may come alone (`--appendonly yes`), the server runs as redis in
# /data, and protected mode is off unless the command sets it.
set -e
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = "redis-server" ]; then
  case " $* " in *" --protected-mode "*) ;; *) set -- "$@" --protected-mode no ;; esac
  chown -R redis:redis /data 2>/dev/null || true
  exec setpriv --reuid=redis --regid=redis --init-groups "$@"
fi
exec "$@"
