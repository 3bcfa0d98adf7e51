# Icecast 2.4 from Debian's package: the same server the test suite polls.
FROM debian:trixie-slim
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends icecast2 \
    && rm -rf /var/lib/apt/lists/*
# A template: icecast-start.sh fills in the passwords from the environment (.env) at start.
COPY icecast.xml /etc/icecast2/icecast.xml.in
COPY icecast-start.sh /usr/local/bin/icecast-start
# Debian's package made this user; Icecast refuses to run as root without changeowner.
USER icecast2
EXPOSE 8000
CMD ["icecast-start"]
