#!/bin/sh
# The tests and benchmark of several app processes run Debian's nginx with deploy/nginx as it
# is. Install it when it is missing and we may (root with apt-get); otherwise say so: those
# tests are then skipped.
set -e
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
    exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
    echo "installing Debian's nginx for the tests of several app processes ..."
    apt-get install -y -q nginx-light >/dev/null 2>&1 || \
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q nginx-light >/dev/null; }
    exit 0
fi
echo "note: nginx is missing and cannot be installed here; the tests of several app processes will be skipped" >&2
