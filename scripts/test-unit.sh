#!/usr/bin/env bash
# `npm run test:unit`: the Vitest `unit` project (vitest.config.ts): no build, no server, no
# PostgreSQL, no Redis. The one generated input, the Prisma client in src/generated/, is
# written when it is missing or older than prisma/schema.prisma. Arguments go to Vitest
# (`npm run test:unit -- tests/unit/errors.test.ts`, `-- --watch`).
set -euo pipefail
cd "$(dirname "$0")/.."
client=src/generated/prisma/client.ts
if [ ! -f "$client" ] || [ prisma/schema.prisma -nt "$client" ]; then
  npm run -s db:generate >/dev/null
fi
if [ "${1:-}" = "--watch" ]; then shift; exec npx vitest --project unit "$@"; fi
exec npx vitest run --project unit "$@"
