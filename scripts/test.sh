#!/usr/bin/env bash
# `npm test`: build what `npm start` runs and the SDK (sdk/dist, which the SDK tests import),
# type-check, lint (layers, eslint, paths, the OpenAPI document), run every shell block of
# README.md as written (scripts/readme-check.mjs), then both Vitest projects (vitest.config.ts:
# unit, and integration against the real server, PostgreSQL and Redis) and the dashboard's
# Playwright suite (Debian's Chromium against the real server). Writes the results to
# .test-results/ for the summary line CI prints.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p .test-results
rm -rf .test-results/vitest.json .test-results/playwright.json .test-results/readme.json .test-results/exit-code .test-results/screenshots

status=0
npm run -s build || status=$?
if [ "$status" -eq 0 ]; then
  # The SDK (sdk/) compiles against its committed types; its tests import sdk/dist.
  npm run -s sdk:build || status=$?
fi
if [ "$status" -eq 0 ]; then
  npm run -s typecheck || status=$?
fi
if [ "$status" -eq 0 ]; then
  # The folder import graph only points down (docs/architecture.md, "Layers").
  npm run -s lint:layers || status=$?
fi
if [ "$status" -eq 0 ]; then
  # Type-aware lint: no floating or misused promises, no non-errors thrown (eslint.config.mjs;
  # docs/development.md, "The linter").
  npm run -s lint || status=$?
fi
if [ "$status" -eq 0 ]; then
  # Every repository path a comment or document names exists (docs/development.md, "The path check").
  node scripts/check-paths.mjs || status=$?
fi
if [ "$status" -eq 0 ]; then
  # The public contract passes Redocly's recommended rules and Spectral's spectral:oas with no warnings.
  npm run -s lint:openapi || status=$?
fi
if [ "$status" -eq 0 ]; then
  # The README's commands run top to bottom against the built server (docs/development.md,
  # "The README check"); the suites below run even when it failed: every count goes into the summary.
  node scripts/readme-check.mjs || status=$?
  npx vitest run --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json "$@" || status=$?
  # The dashboard suite runs even when Vitest failed: both counts go into the summary.
  npx playwright test || status=$?
fi
echo "$status" > .test-results/exit-code
node scripts/test-summary.mjs
exit "$status"
