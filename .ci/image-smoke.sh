#!/usr/bin/env bash
# The Dockerfile's runtime stage, without Docker: in a scratch folder, production dependencies only
# (`npm ci --omit=dev` from the lock file) and dist/, then test/deploy/image-smoke.ts starts the api
# and a worker from there with NODE_ENV=production and checks readiness and a write round trip.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
RUNTIME_DIR="$(mktemp -d /tmp/aag-runtime.XXXXXX)"
trap 'rm -rf "$RUNTIME_DIR"' EXIT

cp package.json package-lock.json "$RUNTIME_DIR/"
(cd "$RUNTIME_DIR" && npm ci --omit=dev --no-audit --no-fund --ignore-scripts=false >/dev/null)
npx tsc -p tsconfig.build.json --outDir "$RUNTIME_DIR/dist"
node scripts/copy-static.mjs "$RUNTIME_DIR/dist"
if [ -d "$RUNTIME_DIR/node_modules/typescript" ] || [ -d "$RUNTIME_DIR/node_modules/jest" ]; then
  echo "dev dependencies leaked into the runtime install"; exit 1
fi
RUNTIME_DIR="$RUNTIME_DIR" node --import tsx "$ROOT/test/deploy/image-smoke.ts"
echo "image runtime stage: OK"
