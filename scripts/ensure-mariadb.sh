#!/usr/bin/env bash
# Make sure a MariaDB/MySQL server answers on the test address; start the local one if not.
# The address comes from PLANRAG_TEST_MYSQL_URL (default mysql://root:@127.0.0.1:3306).
set -euo pipefail
url="${PLANRAG_TEST_MYSQL_URL:-mysql://root:@127.0.0.1:3306}"
hostport="${url##*@}"; hostport="${hostport%%/*}"
host="${hostport%%:*}"; port="${hostport##*:}"; [ "$port" = "$hostport" ] && port=3306

answers() { (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; }

if answers; then exit 0; fi
echo "MariaDB is not answering on $host:$port; starting it" >&2
if command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ]; then
  if command -v start-stop-daemon >/dev/null 2>&1; then
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
  else
    (/usr/sbin/mariadbd >/dev/null 2>&1 &)
  fi
elif command -v service >/dev/null 2>&1; then
  service mariadb start || service mysql start
else
  echo "error: no MariaDB/MySQL server found; install mariadb-server or set PLANRAG_TEST_MYSQL_URL" >&2
  exit 1
fi
for _ in $(seq 1 60); do
  if answers; then exit 0; fi
  sleep 0.5
done
echo "error: MariaDB did not start within 30 s on $host:$port" >&2
exit 1
