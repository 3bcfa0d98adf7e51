# compose.yaml's stream source: ffmpeg encodes generated audio into Icecast, curl sets the titles
# (deploy/source/stream-source.sh, the script test/system/stream-source.test.ts runs).
FROM debian:trixie-slim
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg curl ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY source/stream-source.sh /usr/local/bin/stream-source
USER nobody
CMD ["stream-source"]
