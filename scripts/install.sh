#!/usr/bin/env bash
# Installs exactly what package-lock.json records. The lockfile lists every platform's
# optional builds, so `npm ci` accepts it: keep it that way by pinning versions whose
# optional builds all exist on the registry (next 16.4.5: 16.4.6's darwin/win32 SWC builds
# answer 404, npm/cli#4828) and run `npm ci` from a clean clone after a dependency change.
set -euo pipefail
cd "$(dirname "$0")/.."
exec npm ci --no-audit --no-fund
