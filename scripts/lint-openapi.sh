#!/usr/bin/env bash
# `npm run lint:openapi`: writes the built server's OpenAPI document (as a deployment with
# PUBLIC_BASE_URL would serve it) and lints it with Redocly's recommended-strict rules
# (redocly.lint.yaml, passed explicitly: no redocly.yaml in the project root, see there),
# then with Spectral's spectral:oas ruleset (.spectral.yaml); a warning of either fails it.
# Needs `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .test-results
PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-https://api.agentworkforce.dev}" node dist/openapi.mjs > .test-results/openapi.json
REDOCLY_TELEMETRY=off npx --no-install redocly lint .test-results/openapi.json --config redocly.lint.yaml 2> >(grep -v -e "DeprecationWarning" -e "node --trace-deprecation" -e "[║╔╚]" -e "^$" >&2)
npx --no-install spectral lint .test-results/openapi.json --ruleset .spectral.yaml --fail-severity warn --quiet
