#!/usr/bin/env bash
# Writes a new migration from the difference between the committed schema and the edited
# one (offline: `prisma migrate dev` needs a native engine these machines lack).
# Usage: npm run db:migration -- <name>
set -euo pipefail
name="${1:?usage: npm run db:migration -- <name>}"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
old="$(mktemp --suffix=.prisma)"
git show HEAD:prisma/schema.prisma > "$old"
mkdir -p "$dir"
node scripts/prisma.mjs migrate diff --from-schema-datamodel "$old" --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
echo "wrote $dir/migration.sql"
