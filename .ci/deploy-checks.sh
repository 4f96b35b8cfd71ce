#!/usr/bin/env bash
# Deployment checks, called from .ci/run (kept apart from its other steps):
#  1. docker-compose (Debian's 1.29) accepts the production file and the development override;
#  2. the image's runtime stage works without Docker: production dependencies only, from the
#     lock file, plus dist/, started as ROLE=api and ROLE=worker with NODE_ENV=production.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

if ! command -v docker-compose >/dev/null 2>&1; then
  echo "installing docker-compose"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y docker-compose
fi

# The compose files read .env; check them against the example in a scratch copy.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cp docker-compose.yml docker-compose.dev.yml Dockerfile "$scratch/"
cp .env.example "$scratch/.env"
(cd "$scratch" && docker-compose -f docker-compose.yml config -q && docker-compose -f docker-compose.yml -f docker-compose.dev.yml config -q)
echo "docker-compose accepts docker-compose.yml and docker-compose.dev.yml"

bash "$ROOT/.ci/image-smoke.sh"
