# syntax=docker/dockerfile:1
# One image for every role: ROLE=api (HTTP on PORT) or ROLE=worker (health and metrics on
# WORKER_HTTP_PORT); `node dist/api/migrate.js` is the one-off migration command.
# Node 26, the Active LTS ("Lithium"). The code also runs on Node 20, which CI still uses, so
# `engines` admits both; moving to a newer LTS is this one argument.
ARG NODE_IMAGE=node:26-bookworm-slim

# --- build: dev dependencies, TypeScript compile ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY api ./api
COPY shared ./shared
COPY workers ./workers
COPY tsconfig.build.json ./
COPY scripts ./scripts
RUN npx tsc -p tsconfig.build.json && node scripts/copy-static.mjs dist

# --- runtime: production dependencies from the lock file and dist/ only ---
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    ROLE=api \
    PORT=3000 \
    WORKER_HTTP_PORT=9464 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The node image's unprivileged user; nothing under /app is writable by it.
USER node
EXPOSE 3000 9464
# Probes the role's own port: the api's /healthz, or the worker's ops port.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const p=process.env.ROLE==='worker'?process.env.WORKER_HTTP_PORT:process.env.PORT;fetch('http://127.0.0.1:'+p+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec form: node is PID 1's child-free main process and receives SIGTERM for a graceful drain.
CMD ["sh", "-c", "if [ \"$ROLE\" = worker ]; then exec node --max-semi-space-size=8 --heap-growing-percent=30 dist/workers/main.js; else exec node dist/api/main.js; fi"]
