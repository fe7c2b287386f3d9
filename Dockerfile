# syntax=docker/dockerfile:1
# The clinic's server as a container (OPS-16; docs/operations.md). Two stages: the first installs everything
# and runs `npm run build`; the second holds only what production runs: production dependencies, the
# server's JavaScript (dist/api) and the built site (site/dist), run by an unprivileged user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# bcrypt and sharp ship prebuilt binaries for linux-x64/arm64; the toolchain is only a fallback.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=1 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/clinic \
    BACKUP_DIR=/var/lib/clinic/backups
# pg_dump/pg_restore for `npm run backup` against a server database (D32); tini reaps and forwards SIGTERM.
# OPS-21: the data folder and /backups (where deploy/compose.yaml mounts its backups volume) belong to the
# unprivileged user with mode 0700; a new volume takes that owner and mode from the image. The server sets
# umask 077 itself and tightens what an older volume holds at start.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client tini && rm -rf /var/lib/apt/lists/* \
 && install -d -m 0700 -o node -g node /var/lib/clinic /backups
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/site/dist ./site/dist
# The invoice PDF's fonts with their licence (api/fonts/noto-sans-devanagari, read at run time).
COPY --from=build --chown=node:node /app/api/fonts ./api/fonts
USER node
EXPOSE 3000
VOLUME ["/var/lib/clinic"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# The Node flags and MALLOC_ARENA_MAX above are api/production-flags.ts's (docs/operations.md, "Memory").
CMD ["node", "--max-semi-space-size=2", "--max-old-space-size=192", "--liftoff-only", "dist/api/server.js"]
