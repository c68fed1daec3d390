// The only reader of process.env. Validated once, with messages that name the variable.
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './core/client-ip';
import { parseHostPortList } from './core/host-port-list';

const positiveInt = (name: string) =>
  z.coerce.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`).positive(`${name} must be positive`);

const optionalUrl = (name: string, protocols: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || (URL.canParse(value) && protocols.test(new URL(value).protocol)), {
      message: `${name} must be a URL (${protocols.source.replace(/[\\^$()]/g, '')})`,
    });

/** `host:port,host:port` → [{ host, port }]; unset → undefined. */
const hostPortList = (name: string, example: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const list = parseHostPortList(value);
      if (!list) context.addIssue({ code: 'custom', message: `${name} must be a comma-separated list of host:port (e.g. ${example})` });
      return list ?? undefined;
    });

const ZEnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: positiveInt('PORT').max(65535, 'PORT must be at most 65535').default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl('APP_URL', /^(https?:)$/),
  /** Public base URL of the hosted checkout (session `url`s, the origin pay/cancel accept); default APP_URL. */
  CHECKOUT_URL: optionalUrl('CHECKOUT_URL', /^(https?:)$/),
  /** Shortest `expiresInSeconds` a checkout session may ask for (lowered only in tests). */
  CHECKOUT_MIN_EXPIRY_SECONDS: positiveInt('CHECKOUT_MIN_EXPIRY_SECONDS').max(86_400, 'CHECKOUT_MIN_EXPIRY_SECONDS must be at most 86400').default(60),
  /**
   * Card testing: POST /checkout/{id}/pay requests per client IP per minute, across sessions (default 10).
   * Each session also takes at most max(10, this) per minute (lib/checkout/limit-checkout-pay.ts). Beyond
   * either: 429 `rate_limited` with Retry-After. Raised only by test suites that pay many sessions.
   */
  CHECKOUT_PAY_LIMIT_PER_MINUTE: positiveInt('CHECKOUT_PAY_LIMIT_PER_MINUTE').default(10),
  LOGIN_ATTEMPTS_PER_IP: positiveInt('LOGIN_ATTEMPTS_PER_IP').default(100),
  COLLECT_SUBMIT_LIMIT_PER_MINUTE: positiveInt('COLLECT_SUBMIT_LIMIT_PER_MINUTE').default(20),
  DATABASE_URL: optionalUrl('DATABASE_URL', /^(postgres|postgresql):$/),
  // Behind PgBouncer (docs/production.md, "Behind PgBouncer"): `pgbouncer` = DATABASE_URL is a transaction-mode pool, so no
  // named prepared statements; migrations (a session advisory lock) and LISTEN need a session: DATABASE_DIRECT_URL.
  DATABASE_POOLER: z.enum(['none', 'pgbouncer'], { error: 'DATABASE_POOLER must be none or pgbouncer' }).default('none'),
  DATABASE_DIRECT_URL: optionalUrl('DATABASE_DIRECT_URL', /^(postgres|postgresql):$/),
  REDIS_URL: optionalUrl('REDIS_URL', /^(redis|rediss):$/),
  /**
   * Without REDIS_URL: the most values (CVC sessions, idempotency records, …) the in-process store holds;
   * past it new ones are refused with 503 rather than memory growing without end. Rate-limit counters have
   * a bound of the same size and are evicted oldest first.
   */
  MEMORY_STORE_MAX_ENTRIES: positiveInt('MEMORY_STORE_MAX_ENTRIES').default(100_000),
  /** Prefix of every Redis key, so several vaults (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w.:-]{1,64}$/, 'REDIS_KEY_PREFIX must be 1-64 letters, digits, `_.:-`').default('vault:'),
  VAULT_DATA_DIR: z.string().default('./data'),
  VAULT_MASTER_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || Buffer.from(value, 'base64').length === 32, {
      message: 'VAULT_MASTER_KEY must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)',
    }),
  CVC_SESSION_TTL_SECONDS: positiveInt('CVC_SESSION_TTL_SECONDS').default(90),
  TEST_CVC_SESSION_TTL_SECONDS: positiveInt('TEST_CVC_SESSION_TTL_SECONDS').default(365 * 24 * 60 * 60),
  PROXY_TIMEOUT_MS: positiveInt('PROXY_TIMEOUT_MS').default(30_000),
  /** Hosts PSP calls may reach although private: test projects without a list, or a project listing them. */
  PROXY_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((host) => host.trim()).filter(Boolean)),
  /** Webhook endpoints only: localhost or private/loopback/link-local hosts a receiver may be on (every project). */
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((host) => host.trim()).filter(Boolean)),
  /**
   * A production project whose allowed_proxy_hosts is null sends card data to no host, always. true: the
   * same for test projects. false (default): a test project without a list reaches any public host.
   */
  PROXY_REQUIRE_ALLOW_LIST: z
    .enum(['0', '1', 'true', 'false'], { error: 'PROXY_REQUIRE_ALLOW_LIST must be true or false' })
    .default('false')
    .transform((value) => value === '1' || value === 'true'),
  /** Most projects one account may have (every creation: dashboard, API, /internal/provision, CLI). */
  MAX_PROJECTS_PER_ACCOUNT: positiveInt('MAX_PROJECTS_PER_ACCOUNT').default(100),
  DATABASE_POOL_SIZE: positiveInt('DATABASE_POOL_SIZE').default(20),
  /** Issue 26: the largest encrypted file POST /api/imports takes (413 beyond); default 2 GiB. */
  IMPORT_MAX_BYTES: positiveInt('IMPORT_MAX_BYTES').default(2 * 1024 * 1024 * 1024),
  /**
   * PostgreSQL: the longest wait for a query's answer and for a new connection (TCP keep-alive is on), so a
   * black-holed database answers 503 within this bound instead of holding requests. Migrations are exempt.
   */
  DATABASE_QUERY_TIMEOUT_MS: positiveInt('DATABASE_QUERY_TIMEOUT_MS').default(5_000),
  /** Redis: the longest wait for a command's answer; a frozen Redis answers 503 within this bound. */
  REDIS_COMMAND_TIMEOUT_MS: positiveInt('REDIS_COMMAND_TIMEOUT_MS').default(1_000),
  // Redis high availability (lib/store/redis-topology.ts): Sentinel or Cluster, each winning over REDIS_URL.
  REDIS_SENTINELS: hostPortList('REDIS_SENTINELS', '10.0.0.1:26379,10.0.0.2:26379'),
  REDIS_SENTINEL_NAME: z.string().trim().min(1, 'REDIS_SENTINEL_NAME must not be blank').optional(),
  REDIS_CLUSTER_NODES: hostPortList('REDIS_CLUSTER_NODES', '10.0.0.1:6379,10.0.0.2:6379'),
  /** The data nodes' password under Sentinel or Cluster (REDIS_URL carries its own). */
  REDIS_PASSWORD: z.string().optional(),
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  /**
   * true: TLS to every Redis node (Sentinel, Cluster, or REDIS_URL, like `rediss://`), verified against
   * Node's trust store plus NODE_EXTRA_CA_CERTS; there is no way to turn verification off.
   */
  REDIS_TLS: z
    .enum(['0', '1', 'true', 'false'], { error: 'REDIS_TLS must be true or false' })
    .default('false')
    .transform((value) => value === '1' || value === 'true'),
  /** Dashboard/API sessions end after this much inactivity, before their JWT expires (PCI DSS 8.2.8). */
  SESSION_IDLE_TIMEOUT_SECONDS: positiveInt('SESSION_IDLE_TIMEOUT_SECONDS').default(900),
  /** Outgoing mail (password reset, email verification); unset: .eml files in VAULT_DATA_DIR/outbox. */
  SMTP_URL: optionalUrl('SMTP_URL', /^(smtp|smtps):$/),
  MAIL_FROM: z.string().default('Vault <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VAULT_ADMIN_EMAIL: z.email('VAULT_ADMIN_EMAIL must be an email address').optional(),
  VAULT_ADMIN_PASSWORD: z.string().min(12, 'VAULT_ADMIN_PASSWORD must be at least 12 characters').optional(),
  /**
   * Behind reverse proxies: which hops of X-Forwarded-For to believe. `false` (default): none, the socket
   * address is the client; `true`/`1` or a hop count; or a comma list of the proxies' IPs/CIDRs. The client
   * is the right-most X-Forwarded-For address that is not a trusted hop (lib/core/client-ip.ts).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** `closed` (default): the registration routes answer 403 and people join by invitation; `open`: anyone may register. */
  VAULT_REGISTRATION: z.enum(['closed', 'open'], { error: 'VAULT_REGISTRATION must be closed or open' }).default('closed'),
  /**
   * `on` (default): this process seals the audit chain in the background every 2 s. `off`: it does not (readers
   * of the log still seal first): for benchmarks measuring the sealer's cost, and for operators who leave sealing
   * to one dedicated node (left `on`) and keep it off the API nodes. Some process must seal, or rows stay unsealed.
   */
  AUDIT_SEALER: z
    .enum(['on', 'off', '1', '0', 'true', 'false'], { error: 'AUDIT_SEALER must be on or off' })
    .default('on')
    .transform((value) => value === 'on' || value === '1' || value === 'true'),
  /**
   * An append-only file each new audit seal's anchor is appended to (`<ISO time> <index>:<mac>`, one line per
   * seal), on another volume and shipped off the machine in production; `vault audit verify` checks its newest
   * line by itself. Unset: anchors are only logged (`audit.anchor`).
   */
  AUDIT_ANCHOR_FILE: z.string().trim().min(1, 'AUDIT_ANCHOR_FILE must not be blank').optional(),
  /** Events (GET /api/events) are kept this many days, then deleted with their deliveries. */
  EVENT_RETENTION_DAYS: positiveInt('EVENT_RETENTION_DAYS').default(30),
  /** `on` (default): this process delivers webhooks (claims due deliveries) and runs the event sweepers. */
  WEBHOOK_WORKER: z
    .enum(['on', 'off', '1', '0', 'true', 'false'], { error: 'WEBHOOK_WORKER must be on or off' })
    .default('on')
    .transform((value) => value === 'on' || value === '1' || value === 'true'),
  /** One webhook attempt's limit: connecting, sending, and the whole answer. */
  WEBHOOK_TIMEOUT_MS: positiveInt('WEBHOOK_TIMEOUT_MS').default(15_000),
  /**
   * Seconds before each attempt, counted from the previous one (the first from the event); ±20 % jitter.
   * Default: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. Shorter only for tests.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('0,5,300,1800,7200,18000,36000,36000')
    .transform((value, context) => {
      const delays = value.split(',').map((part) => Number(part.trim()));
      if (delays.length === 0 || delays.length > 20 || delays.some((delay) => !Number.isFinite(delay) || delay < 0)) {
        context.addIssue({ code: 'custom', message: 'WEBHOOK_RETRY_SCHEDULE must be 1-20 comma-separated non-negative numbers of seconds' });
        return z.NEVER;
      }
      return delays;
    }),
  /** An endpoint failing for this long without a success is disabled and the account's owners mailed (5 days). */
  WEBHOOK_DISABLE_AFTER_SECONDS: positiveInt('WEBHOOK_DISABLE_AFTER_SECONDS').default(5 * 24 * 60 * 60),
  /** How often an idle worker looks for due deliveries (events written by this process wake it at once). */
  WEBHOOK_POLL_INTERVAL_MS: positiveInt('WEBHOOK_POLL_INTERVAL_MS').default(1_000),
  /** Deliveries one process sends at once. */
  WEBHOOK_CONCURRENCY: positiveInt('WEBHOOK_CONCURRENCY').default(32),
  /** How often open checkout sessions past their deadline are expired (and their event written). */
  CHECKOUT_EXPIRY_SWEEP_MS: positiveInt('CHECKOUT_EXPIRY_SWEEP_MS').default(30_000),
  /** How often the audit chain is verified in the background (new seals; the whole chain once a day). */
  AUDIT_VERIFY_INTERVAL_SECONDS: positiveInt('AUDIT_VERIFY_INTERVAL_SECONDS').default(300),
  // Observability: GET /metrics and OpenTelemetry tracing (docs/operations.md, "Metrics and tracing").
  /** A second listener on HOST serving only GET /metrics, with no token: keep it off the public network. Unset: none. */
  METRICS_PORT: positiveInt('METRICS_PORT').max(65535, 'METRICS_PORT must be at most 65535').optional(),
  /** Serves GET /metrics on the main port to `Authorization: Bearer <METRICS_TOKEN>`. Unset: 404 there. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** OTLP/HTTP (JSON) collector base URL; traces go to `<url>/v1/traces`. Unset: no tracing code is even loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl('OTEL_EXPORTER_OTLP_ENDPOINT', /^(https?:)$/),
  OTEL_SERVICE_NAME: z.string().trim().min(1, 'OTEL_SERVICE_NAME must not be blank').default('vault'),
  /** Serve only the vault API (no dashboard pages): for API-only nodes behind a load balancer, and tests. */
  VAULT_API_ONLY: z
    .enum(['0', '1', 'true', 'false'])
    .default('false')
    .transform((value) => value === '1' || value === 'true'),
  // Operator CLI (`vault doctor`).
  /** Read by Node itself at start (extra CAs for PSP and webhook TLS); here only so `vault doctor` can check the file. */
  NODE_EXTRA_CA_CERTS: z.string().optional(),
});

/** Every variable the vault reads: deploy manifests may set only these (tests/helpers/config-variables.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZEnvSchema.shape);

export type Config = Omit<z.output<typeof ZEnvSchema>, 'APP_URL' | 'CHECKOUT_URL' | 'VAULT_MASTER_KEY'> & {
  APP_URL: string;
  CHECKOUT_URL: string;
  VAULT_MASTER_KEY?: string;
  embedded: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]));
  const result = ZEnvSchema.safeParse(blankToUndefined);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const parsed = result.data;
  const embedded = !parsed.DATABASE_URL;
  const poolerProblem = databasePoolerProblem(parsed);
  if (poolerProblem) throw new ConfigError([poolerProblem]);
  if (!embedded && parsed.NODE_ENV === 'production' && !parsed.VAULT_MASTER_KEY) {
    throw new ConfigError([
      'VAULT_MASTER_KEY: required when NODE_ENV=production with DATABASE_URL (it is only generated for the embedded default)',
    ]);
  }
  if (parsed.METRICS_PORT !== undefined && parsed.METRICS_PORT === parsed.PORT) {
    throw new ConfigError(['METRICS_PORT: must differ from PORT (METRICS_TOKEN serves /metrics on the main port)']);
  }
  const redisProblems = [
    parsed.REDIS_SENTINELS && parsed.REDIS_CLUSTER_NODES && 'REDIS_SENTINELS, REDIS_CLUSTER_NODES: set one of them (Sentinel or Cluster), not both',
    parsed.REDIS_SENTINELS && !parsed.REDIS_SENTINEL_NAME && 'REDIS_SENTINEL_NAME: required with REDIS_SENTINELS (the name the sentinels monitor the primary under)',
  ].filter((problem): problem is string => Boolean(problem));
  if (redisProblems.length) throw new ConfigError(redisProblems);
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  return {
    ...parsed,
    APP_URL: appUrl,
    CHECKOUT_URL: (parsed.CHECKOUT_URL ?? appUrl).replace(/\/+$/, ''),
    VAULT_MASTER_KEY: parsed.VAULT_MASTER_KEY || undefined,
    embedded,
  };
}

function databasePoolerProblem(parsed: Pick<z.output<typeof ZEnvSchema>, 'DATABASE_URL' | 'DATABASE_POOLER' | 'DATABASE_DIRECT_URL'>): string | undefined {
  if (parsed.DATABASE_DIRECT_URL && !parsed.DATABASE_URL) return 'DATABASE_DIRECT_URL: only used with DATABASE_URL (the embedded database has no pooler)';
  if (parsed.DATABASE_POOLER === 'pgbouncer' && !parsed.DATABASE_URL) return 'DATABASE_POOLER: pgbouncer needs DATABASE_URL (the PgBouncer pool)';
  if (parsed.DATABASE_POOLER === 'pgbouncer' && !parsed.DATABASE_DIRECT_URL) {
    return 'DATABASE_DIRECT_URL: required with DATABASE_POOLER=pgbouncer: migrations take a session-level lock and webhooks LISTEN, which a transaction-mode pool cannot hold; point it at PostgreSQL itself or a session-mode PgBouncer pool';
  }
  return undefined;
}

let cached: Config | undefined;

/** The process configuration, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * next-auth (the dashboard's sign-in) reads its public URL from NEXTAUTH_URL by itself. Here that is always
 * APP_URL, so it is published from the validated configuration rather than being a second setting.
 */
export function publishNextAuthUrl(config: Pick<Config, 'APP_URL'>): void {
  process.env.NEXTAUTH_URL = config.APP_URL;
}
