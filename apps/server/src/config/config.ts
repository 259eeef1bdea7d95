import path from 'node:path';
import { TRAVEL_RULE_JURISDICTIONS } from '@backdesk/contract/compliance/keys';
import { z } from 'zod';
import { parseSsoConfig } from './sso-config.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where to listen; loopback for the embedded demo, every interface with DATABASE_URL. */
  HOST: z.string().min(1).optional(),
  /** The app's own PostgreSQL role: no superuser, owns nothing (docs/decisions/0005-database-roles.md). */
  DATABASE_URL: z.string().url().optional(),
  /** The schema owner, for migrations and grants at start; without it DATABASE_URL must be migrated already. */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded PostgreSQL when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./data'),
  /** Seed demo members and data. Defaults on for the embedded database, off for DATABASE_URL. */
  DEMO: bool,
  DEMO_CUSTOMERS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Live demo activity (fraud check's simulator): `1` on, `0` off; unset, on for the embedded demo
   * database only (never against DATABASE_URL, never under NODE_ENV=test).
   */
  DEMO_ACTIVITY: z.enum(['0', '1', '']).optional(),
  /**
   * Where the demo's activity sends its rounds (this deployment's public API, no /api/v1); unset, the
   * node's own listening address on loopback.
   */
  DEMO_ACTIVITY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Secret for captcha signatures; generated per data folder when absent. */
  APP_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60 * 60),
  CAPTCHA_COUNTER_MIN: z.coerce.number().int().min(0).default(5_000),
  CAPTCHA_COUNTER_MAX: z.coerce.number().int().min(1).default(25_000),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  /** Sign-in throttling (docs/decisions/0006-sign-in-throttling.md): how far back failures count. */
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  /** Failures of one account from one address before each further attempt waits, twice as long each time. */
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().positive().default(5),
  /** Failures of one account from all addresses before addresses it never signed in from are slowed. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(50),
  /** Failures from one address across accounts before it is slowed (its members' known addresses aside). */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** The longest wait between two attempts. */
  LOGIN_MAX_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Requests per minute and address to each sign-in endpoint (captcha, login, refresh). */
  AUTH_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Requests per minute and member to the lists and their exports; 0 turns the limit off. */
  LIST_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Threads that parse and write ingestion batches, off the event loop that answers the checks (decision 0025). */
  INGEST_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** Batches one ingestion thread writes at once, each on a connection of the thread's own pool. */
  INGEST_THREAD_CONNECTIONS: z.coerce.number().int().min(1).max(16).default(2),
  /** The ingestion threads' nice value (Linux): below the thread that answers the checks; 0 is level. */
  INGEST_THREAD_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * A check that has waited this long in the node before its handler starts, or this long for one
   * of the checks' connections, is answered 503 at once (CHECK_OVERLOADED) instead of worked on
   * after the exchange's client gave up at 2 s.
   */
  CHECKS_SHED_AFTER_MS: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Connections of the real-time checks' own pool (decision 0025): checks never wait for ingestion's. */
  CHECKS_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(6),
  /** The longest one statement of a real-time check may run; the exchange's client holds at 2 s. */
  CHECKS_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1000),
  /** Secure cookies on every request; always on with NODE_ENV=production. */
  COOKIE_SECURE: bool,
  /** Extra origins allowed to make cookie-authenticated changes, comma separated. */
  ALLOWED_ORIGINS: z.string().default(''),
  /**
   * The address members open Backdesk at (https://backdesk.example.com): passkeys are bound to its
   * host name. Unset, the origin each request was made to is used (fine without a Host-rewriting proxy).
   */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .transform((url) => new URL(url).origin)
    .optional(),
  /**
   * Where other VASPs reach this deployment's TRP endpoints (https://backdesk.example.com/trp/v1),
   * sent as the callback of every inquiry (docs/decisions/0030-travel-rule-protocol.md). Unset:
   * PUBLIC_ORIGIN's /trp/v1, else this node's own listening address.
   */
  TRP_PUBLIC_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** Proxies in front: their number (hops) or addresses/CIDRs, comma separated. Never "true". */
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app to serve; empty to serve the API only. */
  WEB_DIST: z.string().optional(),
  /** A streaming replica for reports and heavy lists (docs/decisions/0011-several-nodes.md). */
  READ_DATABASE_URL: z.string().url().optional(),
  /** Staff single sign-on: a JSON array of OpenID Connect providers (docs/sso.md). */
  OIDC_PROVIDERS: z.string().optional(),
  /** Only the providers let staff in, but for SSO_BREAK_GLASS_USER (docs/sso.md). */
  SSO_ONLY: bool,
  /** The super who may still sign in with a password and two-factor when SSO_ONLY is on. */
  SSO_BREAK_GLASS_USER: z.string().optional(),
  /** Bearer token for GET /metrics (Prometheus); unset, the endpoint is off. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Run background jobs on this node (jobs/index.ts); on by default except under NODE_ENV=test. */
  JOBS: bool,
  /** How long one webhook attempt may take before it counts as failed (decision 0025 outbox). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Let webhooks reach private and loopback addresses (tests, a receiver in the same network). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: bool,
  /** Multiplies the retry delays (1: about three days in all); tests shrink it to milliseconds. */
  WEBHOOK_RETRY_SCALE: z.coerce.number().min(0).max(10).default(1),
  /** How long a rotated-out webhook secret still signs beside the new one. */
  WEBHOOK_SECRET_OVERLAP_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** Days an event stays in the feed and the delivery log once every delivery of it has ended. */
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** At SIGTERM, how long /readyz answers 503 before the listener closes, for the load balancer to notice. */
  DRAIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  /** When the log chains are sealed and old access-log rows expire: cron, once per period for all nodes. */
  LOG_SEAL_SCHEDULE: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'five cron fields')
    .default('0 * * * *'),
  /** An export of more rows than this runs as a background job and arrives in the inbox. */
  EXPORT_BACKGROUND_ROWS: z.coerce.number().int().positive().default(100_000),
  /** Where KYC document files live: `local` (DATA_DIR/documents) or `s3` (AWS S3, MinIO, Ceph RGW…). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** An S3-compatible endpoint (https://minio.internal:9000); unset for AWS S3 itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset to use the SDK's own credential chain (instance role, environment, profile). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name: MinIO and Ceph usually need it. */
  S3_FORCE_PATH_STYLE: bool,
  /** Largest KYC document upload in bytes. */
  KYC_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 1024 * 1024),
  /** Most pixels (width × height) an uploaded image may have: a guard against decompression bombs. */
  KYC_MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(50_000_000),
  /** clamd to scan uploads with (INSTREAM); unset, uploads are not virus-scanned. */
  CLAMD_HOST: z.string().min(1).optional(),
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  /** The exchange's own jurisdiction for the travel rule (docs/decisions/0026-travel-rule.md). */
  TRAVEL_RULE_JURISDICTION: z.enum(TRAVEL_RULE_JURISDICTIONS).default('TR'),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.CAPTCHA_COUNTER_MAX <= e.CAPTCHA_COUNTER_MIN) {
    throw new Error('Invalid configuration: CAPTCHA_COUNTER_MAX must be above CAPTCHA_COUNTER_MIN');
  }
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration: MIGRATION_DATABASE_URL needs DATABASE_URL, the role the app runs as',
    );
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new Error('Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    dataDir,
    demo: e.DEMO ?? !e.DATABASE_URL,
    demoCustomers: e.DEMO_CUSTOMERS,
    demoActivity:
      e.DEMO_ACTIVITY === '1' ||
      (e.DEMO_ACTIVITY !== '0' && !e.DATABASE_URL && e.NODE_ENV !== 'test' && (e.DEMO ?? true)),
    demoActivityUrl: e.DEMO_ACTIVITY_URL,
    appSecret: e.APP_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    captcha: {
      counterMin: e.CAPTCHA_COUNTER_MIN,
      counterMax: e.CAPTCHA_COUNTER_MAX,
      ttlSeconds: e.CAPTCHA_TTL_SECONDS,
    },
    loginLimits: {
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
      failuresBeforeDelay: e.LOGIN_FAILURES_BEFORE_DELAY,
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
    },
    authRequestsPerMinute: e.AUTH_REQUESTS_PER_MINUTE,
    listRequestsPerMinute: e.LIST_REQUESTS_PER_MINUTE,
    ingest: {
      threads: e.INGEST_THREADS,
      connections: e.INGEST_THREAD_CONNECTIONS,
      niceness: e.INGEST_THREAD_NICENESS,
    },
    checks: {
      poolSize: e.CHECKS_POOL_SIZE,
      statementTimeoutMs: e.CHECKS_STATEMENT_TIMEOUT_MS,
      shedAfterMs: e.CHECKS_SHED_AFTER_MS,
    },
    // In production a cookie never travels in clear, whatever the request says about itself.
    cookieSecure: e.NODE_ENV === 'production' || (e.COOKIE_SECURE ?? false),
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    publicOrigin: e.PUBLIC_ORIGIN,
    trpPublicUrl: e.TRP_PUBLIC_URL,
    travelRuleJurisdiction: e.TRAVEL_RULE_JURISDICTION,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    readDatabaseUrl: e.READ_DATABASE_URL,
    metricsToken: e.METRICS_TOKEN,
    sso: parseSsoConfig(e),
    jobs: e.JOBS ?? e.NODE_ENV !== 'test',
    drainDelaySeconds: e.DRAIN_DELAY_SECONDS,
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ?? false,
      retryScale: e.WEBHOOK_RETRY_SCALE,
      secretOverlapHours: e.WEBHOOK_SECRET_OVERLAP_HOURS,
      eventsRetentionDays: e.EVENTS_RETENTION_DAYS,
    },
    logSealSchedule: e.LOG_SEAL_SCHEDULE,
    exportBackgroundRows: e.EXPORT_BACKGROUND_ROWS,
    documents: {
      driver: e.STORAGE_DRIVER,
      localDir: path.join(dataDir, 'documents'),
      /** Uploads being checked; on the data folder's disk so the final rename stays atomic. */
      tempDir: path.join(dataDir, 'tmp', 'uploads'),
      s3:
        e.STORAGE_DRIVER === 's3' && e.S3_BUCKET
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
            }
          : undefined,
      maxUploadBytes: e.KYC_MAX_UPLOAD_BYTES,
      maxImagePixels: e.KYC_MAX_IMAGE_PIXELS,
      clamd: e.CLAMD_HOST ? { host: e.CLAMD_HOST, port: e.CLAMD_PORT } : undefined,
    },
  };
}

/**
 * Trusting every hop would let a client pick its own address with X-Forwarded-For and so escape
 * the per-address sign-in limits; only the proxies actually in front are trusted.
 */
function parseTrustProxy(value: string): false | string[] | ((address: string, hop: number) => boolean) {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  if (v === 'true') {
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: give the number of proxies in front (e.g. 1) or their addresses, not "true"',
    );
  }
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(host);

/**
 * Said at start when the server is reachable from other machines over plain HTTP: tokens, cookies and
 * customer data would cross the network in clear unless a TLS-terminating proxy sits in front.
 */
export function plainHttpWarning(config: Pick<Config, 'host' | 'trustProxy'>): string | undefined {
  if (isLoopback(config.host) || config.trustProxy !== false) return undefined;
  return (
    `Listening on ${config.host} over plain HTTP, reachable from other machines: put a TLS-terminating ` +
    'proxy in front and set TRUST_PROXY, or set HOST=127.0.0.1'
  );
}
