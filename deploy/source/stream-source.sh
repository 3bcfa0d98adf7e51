#!/bin/sh
# The station's sound for `docker compose up`: audio generated at start (a soft two-tone drone, no
# file to license) encoded to MP3 by ffmpeg and sent to Icecast as the source of $ICECAST_MOUNT,
# with a title that changes every $TITLE_SECONDS seconds. ffmpeg cannot change an ICY title
# mid-stream, so the titles go through Icecast's /admin/metadata (as a playout system's would).
# compose.yaml runs this very script (deploy/source.Dockerfile); test/system/stream-source.test.ts
# runs it against the suite's Icecast and plays the result in Chromium.
set -eu

: "${ICECAST_HOST:=icecast}"
: "${ICECAST_PORT:=8000}"
: "${ICECAST_MOUNT:=/live.mp3}"
: "${TITLE_SECONDS:=30}"
: "${ICECAST_SOURCE_PASSWORD:=}"
: "${ICECAST_ADMIN_USER:=admin}"
: "${ICECAST_ADMIN_PASSWORD:=}"

# A placeholder password is a station anyone can take over: refuse it rather than stream.
for pair in "ICECAST_SOURCE_PASSWORD=$ICECAST_SOURCE_PASSWORD" "ICECAST_ADMIN_PASSWORD=$ICECAST_ADMIN_PASSWORD"; do
  name=${pair%%=*}
  value=${pair#*=}
  case "$value" in
    '' | change-me* | hackme | password)
      echo "stream-source: $name is empty or a placeholder; run deploy/make-env.sh to generate .env" >&2
      exit 2
      ;;
  esac
done

base="http://$ICECAST_HOST:$ICECAST_PORT"
# Two sine tones, the higher one swelling every 4 s: gentle enough to leave playing.
audio='aevalsrc=exprs=0.15*sin(2*PI*220*t)+0.08*sin(2*PI*330*t)*(0.5+0.5*sin(2*PI*0.25*t)):s=44100'

ffmpeg -hide_banner -loglevel warning -re -f lavfi -i "$audio" \
  -c:a libmp3lame -b:a 128k -ac 2 -content_type audio/mpeg -ice_name "radio-hub generated tone" \
  -f mp3 "icecast://source:$ICECAST_SOURCE_PASSWORD@$ICECAST_HOST:$ICECAST_PORT$ICECAST_MOUNT" &
encoder=$!
trap 'kill "$encoder" 2>/dev/null; exit 0' TERM INT

# Titles in "Artist - Title" form, as the hub reads them; spaces are the only character to encode.
part=0
while kill -0 "$encoder" 2>/dev/null; do
  part=$((part % 3 + 1))
  song="Generated tone - Part $part"
  if curl -fsS -o /dev/null -u "$ICECAST_ADMIN_USER:$ICECAST_ADMIN_PASSWORD" \
    "$base/admin/metadata?mount=$ICECAST_MOUNT&mode=updinfo&song=$(printf %s "$song" | sed 's/ /%20/g')"; then
    echo "stream-source: now \"$song\""
    # In the background, so a stop (TERM) is handled at once, not after the sleep.
    sleep "$TITLE_SECONDS" &
    wait $! || true
  else
    # Icecast has not taken the source yet: try again shortly, same part.
    part=$((part - 1))
    sleep 1
  fi
done
wait "$encoder"
