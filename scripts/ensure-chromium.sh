#!/bin/sh
# The browser tests drive Debian's chromium (never a downloaded browser). Install it when it
# is missing and we may (root with apt-get); otherwise say so: those tests are then skipped.
set -e
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
    echo "installing Debian's chromium for the browser tests ..."
    apt-get install -y -q chromium >/dev/null 2>&1 || \
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null; }
    exit 0
fi
echo "note: /usr/bin/chromium is missing and cannot be installed here; browser tests will be skipped" >&2
