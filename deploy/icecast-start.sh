#!/bin/sh
# Icecast for compose.yaml: deploy/icecast.xml with the passwords from the environment (.env,
# written by deploy/make-env.sh). An empty or placeholder password stops the container instead
# of serving a station anyone could take over.
set -eu
for name in ICECAST_SOURCE_PASSWORD ICECAST_RELAY_PASSWORD ICECAST_ADMIN_PASSWORD; do
  eval "value=\${$name:-}"
  case "$value" in
    '' | change-me* | hackme | password)
      echo "icecast: $name is empty or a placeholder; run deploy/make-env.sh to generate .env" >&2
      exit 2
      ;;
  esac
  case "$value" in
    *[!A-Za-z0-9._-]*)
      echo "icecast: $name may hold only letters, digits, '.', '_' and '-' (deploy/make-env.sh makes such)" >&2
      exit 2
      ;;
  esac
done
sed -e "s/@ICECAST_SOURCE_PASSWORD@/$ICECAST_SOURCE_PASSWORD/" \
  -e "s/@ICECAST_RELAY_PASSWORD@/$ICECAST_RELAY_PASSWORD/" \
  -e "s/@ICECAST_ADMIN_PASSWORD@/$ICECAST_ADMIN_PASSWORD/" \
  /etc/icecast2/icecast.xml.in >/tmp/icecast.xml
exec icecast2 -c /tmp/icecast.xml
