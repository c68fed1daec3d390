// Gauges read at scrape time from the process's runtime: the PostgreSQL pool, the store and the audit
// chain's backlog. Nothing is measured between scrapes; a scrape before the runtime exists reports nothing.
import { Gauge } from 'prom-client';
import { existingRuntime } from './shared';
import { readAuditBacklog } from '../metrics/audit-queue';
import { processWide } from '../metrics/registry';

processWide('dependencies', (registry) => {
  const registers = [registry];
  const pool = new Gauge({
    name: 'vault_db_pool_connections',
    help: 'PostgreSQL request pool (absent on embedded PGlite): state=total (open), idle, waiting (requests queued for a connection), max (DATABASE_POOL_SIZE).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const stats = (await existingRuntime())?.db.poolStats?.();
      if (!stats) return;
      this.labels('total').set(stats.total);
      this.labels('idle').set(stats.idle);
      this.labels('waiting').set(stats.waiting);
      this.labels('max').set(stats.max);
    },
  });
  const store = new Gauge({
    name: 'vault_store_up',
    help: 'The volatile store answers commands right now (1) or not (0), by kind: redis, or memory (in-process).',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      this.reset();
      const runtime = await existingRuntime();
      if (runtime) this.labels(runtime.store.kind).set(runtime.store.isAvailable() ? 1 : 0);
    },
  });
  // Both audit gauges read one backlog: a scrape starts every collect() in the same tick, so the second
  // joins the read the first started (one bounded query a scrape, not one per gauge).
  let reading: Promise<Awaited<ReturnType<typeof readAuditBacklog>> | undefined> | undefined;
  const readBacklog = async () => {
    const runtime = await existingRuntime();
    return runtime ? readAuditBacklog(runtime.db.sql).catch(() => undefined) : undefined;
  };
  const backlog = () => (reading ??= readBacklog().finally(() => (reading = undefined)));
  const auditDepth = new Gauge({
    name: 'vault_audit_unsealed_rows',
    help: 'Audit rows written but not yet sealed into the chain (counted up to 100000).',
    registers,
    async collect() {
      const read = await backlog();
      if (read) this.set(read.depth);
    },
  });
  const auditLag = new Gauge({
    name: 'vault_audit_seal_lag_seconds',
    help: 'Age of the oldest audit row not yet sealed (0 when every row is sealed).',
    registers,
    async collect() {
      const read = await backlog();
      if (read) this.set(read.lagSeconds);
    },
  });
  return { pool, store, auditDepth, auditLag };
});
