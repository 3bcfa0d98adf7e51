# Node 24 LTS on Debian 13 "trixie": the production runtime. The current uWebSockets.js build
# (v20.57) needs glibc >= 2.38, which trixie has (bookworm's 2.36 only loads the 2023 fallback
# build); not Alpine: the uWS binaries are built for glibc, not musl.
FROM node:24-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
# No dependency's install script runs here (whatever npm the base image ships): the build needs
# none of them, and one is a telemetry postinstall (@scarf/scarf, package.json allowScripts).
# `npm run build` compiles src/ into dist/ and builds web/ into dist/web.
RUN npm ci --ignore-scripts && npm run build

FROM node:24-trixie-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
# Runtime dependencies only; scripts are skipped because dist/ comes from the build stage. The
# 2023 uWS build is for glibc < 2.38 and never loads on trixie: it leaves the image (113 MB of the
# production node_modules; bufferutil and utf-8-validate stay, Socket.IO's ws uses them).
RUN npm ci --omit=dev --ignore-scripts \
    && rm -rf node_modules/uWebSockets.js-fallback \
    && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY config ./config
# The image exists for the current uWS build: refuse to build one that would fall back (and the
# fallback is not even there to fall back to).
RUN test ! -e node_modules/uWebSockets.js-fallback && node -e "import('./dist/http/uws.js').then((m) => { console.log('uWS', m.uwsBuild.name, m.uwsBuild.version, m.uwsBuild.reason); if (m.uwsBuild.name !== 'current') process.exit(1); })"
USER node
# 8080: the API and /socket.io; 9464: GET /metrics when METRICS_PORT=9464 (keep it private).
EXPOSE 8080 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (not npm) so SIGTERM reaches the service and shuts it down gracefully.
CMD ["node", "dist/main.js"]
