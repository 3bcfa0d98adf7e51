# Node 20: the uWebSockets.js build we depend on ships binaries for Node 16/18/20 and needs
# glibc 2.36+ (Debian 12 "bookworm"), so the image is bookworm-based, not Alpine (musl).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
# `npm ci` runs `prepare`, which compiles src/ into dist/ and builds web/ into dist/web.
RUN npm ci

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
# Runtime dependencies only; scripts are skipped because dist/ comes from the build stage.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY config ./config
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (not npm) so SIGTERM reaches the service and shuts it down gracefully.
CMD ["node", "dist/main.js"]
