#!/bin/sh
# Installs the real peers and infrastructure the tests run against that the npm workspace does not bring: each
# script in scripts/ensure.d/ (in name order) installs one thing, pinned, into an ignored folder of the repository,
# and does nothing when it is already there. The README's test command and .ci/run both call this.
set -e
dir=$(dirname "$0")/ensure.d
for script in "$dir"/*.sh; do
  [ -e "$script" ] || continue
  sh "$script"
done
