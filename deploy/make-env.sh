#!/bin/sh
# Writes .env beside compose.yaml with fresh secrets for `docker compose up`: the admin key and
# Icecast's source, relay and admin passwords (compose refuses to start without them, and the
# source and Icecast refuse placeholders). Run once; an existing .env is kept unless --force.
#   ./deploy/make-env.sh && docker compose up
set -eu
cd "$(dirname "$0")/.."
if [ -e .env ] && [ "${1:-}" != "--force" ]; then
  echo "make-env: .env exists; keeping it (./deploy/make-env.sh --force writes new secrets)" >&2
  exit 0
fi
# 24 random bytes as 48 hex characters: safe in a URL, an XML file and a shell alike.
secret() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }
umask 077
cat >.env <<ENV
# Written by deploy/make-env.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ). Keep it private.
# The first admin's key: sign in at http://localhost:8080/console with it.
ADMIN_API_KEY=$(secret)
ICECAST_SOURCE_PASSWORD=$(secret)
ICECAST_RELAY_PASSWORD=$(secret)
ICECAST_ADMIN_PASSWORD=$(secret)
ENV
echo "make-env: wrote .env; your admin key for /console is its ADMIN_API_KEY line"
