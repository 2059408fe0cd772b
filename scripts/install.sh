#!/usr/bin/env bash
# Installs dependencies from the lockfile. `npm ci` is tried first; npm 11 writes lockfiles
# without the entries of optional platform packages it cannot resolve (here: next 16.4.6's
# darwin/win32 SWC builds, npm/cli#4828), which `npm ci` then rejects as out of sync. In
# that case `npm install --no-save` installs the same locked versions without rewriting it.
set -uo pipefail
cd "$(dirname "$0")/.."
if npm ci --no-audit --no-fund; then
  exit 0
fi
echo "npm ci refused the lockfile; installing the locked versions with npm install --no-save" >&2
npm install --no-save --no-audit --no-fund
