# The site's production image, in three stages (see "Containers" in
# docs/operating.md). Containers cannot be built on the team's machines: the
# tests run what this image runs instead (the production install of
# src/server/__tests__/production-install.build.test.ts, the health checks,
# the shutdown).

# 1. The build: every package, then `npm run build` (the pages into public/,
#    the server and the waitlist's command line compiled into dist/).
FROM node:24-slim AS build
WORKDIR /src
# better-sqlite3 compiles where no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The packages the compiled programs load: package.json's dependencies
#    alone, no Gatsby, no TypeScript tooling.
FROM node:24-slim AS runtime-packages
WORKDIR /srv/storyling
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image: Node, those packages, dist/ and public/, run by an unprivileged user.
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=9000 \
    WAITLIST_DB_PATH=/data/waitlist.sqlite \
    MAIL_OUTBOX_DIR=/data/outbox
WORKDIR /srv/storyling
COPY --from=runtime-packages /srv/storyling/node_modules ./node_modules
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/scripts/run-compiled.mjs ./scripts/run-compiled.mjs
COPY --from=build /src/dist ./dist
COPY --from=build /src/public ./public
# What the command line reads: the announcements' Markdown (ANNOUNCEMENTS_DIR).
COPY --from=build /src/content/announcements ./content/announcements
# The SQLite waitlist and the mails written without SMTP_URL live in /data.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 9000
# Liveness: the process serves (it touches no database). A load balancer asks /readyz instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 9000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM starts the clean shutdown; give it longer than SHUTDOWN_TIMEOUT_MS (docker stop -t 15).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=32", "--heap-growing-percent=30", "dist/server.js"]
