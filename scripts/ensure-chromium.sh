#!/bin/sh
# The viewer's browser tests drive Debian's Chromium (playwright's own browser download cannot be reached here).
# Installs it with apt-get when it is missing; does nothing when it is there. The README's test command and .ci/run
# both call this.
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
echo "installing chromium (apt-get) for the viewer's browser tests"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq chromium >/dev/null
