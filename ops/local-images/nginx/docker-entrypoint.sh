#!/bin/sh
# As the official nginx image: run the start-up scripts in /docker-entrypoint.d/ (in name order) when the
# command is nginx, then the command.
set -e
if [ "$1" = "nginx" ] || [ "$1" = "nginx-debug" ]; then
  for script in $(find /docker-entrypoint.d/ -maxdepth 1 -type f -name '*.sh' | sort); do
    if [ -x "$script" ]; then
      echo "$0: running $script"
      "$script"
    else
      echo "$0: ignoring $script, not executable"
    fi
  done
fi
exec "$@"
