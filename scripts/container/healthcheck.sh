#!/bin/bash
# The container image's HEALTHCHECK: GET /api/v1/health on the address the server listens on
# (LOYALTY_BIND), with bash's /dev/tcp so the slim image needs no curl. Exit 0 only on a 200.
set -u
bind=${LOYALTY_BIND:-127.0.0.1:8080}
port=${bind##*:}
host=${bind%:*}
host=${host#\[}
host=${host%\]}
case "$host" in
  "" | 0.0.0.0) host=127.0.0.1 ;;
  ::) host=::1 ;;
esac
if ! { exec 3<> "/dev/tcp/$host/$port"; } 2> /dev/null; then
  echo "health: nothing listens on $host:$port"
  exit 1
fi
printf 'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
status=""
read -r -t 5 status <&3 || true
exec 3<&-
case "$status" in
  "HTTP/1.1 200"*) exit 0 ;;
esac
echo "health: ${status:-no answer within 5 s}"
exit 1
