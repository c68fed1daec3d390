# syntax=docker/dockerfile:1
# Vault's production image: `docker build -t vault .`, then for example
#   docker run --read-only --tmpfs /tmp -v vault-data:/data -p 3000:3000 \
#     -e DATABASE_URL=… -e REDIS_URL=… -e VAULT_MASTER_KEY=… -e APP_URL=https://vault.example.com vault
# The build stage installs everything, builds Next.js and the server bundle, then keeps only the production
# dependencies; the runtime stage copies the result, owned by root and read-only to the non-root user that
# runs it. Only VAULT_DATA_DIR (/data) and /tmp need to be writable. Migrations run at start under an
# advisory lock, so several containers may start at once.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first (cached while package*.json do not change). --ignore-scripts: this project runs no
# dependency install scripts (allowScripts in package.json; npm 10 in this image would run them), and the
# Prisma client is generated explicitly below.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/prisma-generate.mjs \
 && npm run build \
 && rm -rf .next/cache \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:20-bookworm-slim
# A fixed numeric id, so Kubernetes can check runAsNonRoot (deploy/helm/vault runs it as 10001).
RUN groupadd --system --gid 10001 vault \
 && useradd --system --uid 10001 --gid vault --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin vault \
 && mkdir /data && chown vault:vault /data
WORKDIR /app
COPY --from=build /app/package.json /app/next.config.mjs ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
# The guides, rendered by the app at /guides from these same files (lib/guides/render-guide.ts).
COPY --from=build /app/README.md ./README.md
COPY --from=build /app/docs ./docs
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 VAULT_DATA_DIR=/data
USER 10001:10001
VOLUME ["/data"]
EXPOSE 3000
# No curl in the slim image: Node asks /health (liveness: the process answers).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server itself, not `npm start` (which would try to build when no build is found) nor npm (signals),
# with the flags npm start gives it (scripts/server-node-flags.mjs).
# The operator CLI in the container: `node dist/cli.mjs <command>`.
CMD ["node", "--max-semi-space-size=32", "dist/server.mjs"]
