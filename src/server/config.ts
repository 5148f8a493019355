// The environment variables the server reads, parsed once, with their defaults; docs/configuration.md's table
// mirrors this file. One more is read where the pool is made (db/index.ts: DATABASE_POOL_SIZE, with DATABASE_URL).
import path from 'node:path';
import { LOGIN_VARIANTS, type LoginVariant } from '../shared/customers.ts';
import { DEPLOYMENTS, type Deployment } from '../shared/deployment.ts';
import { EXACT_COUNT_LIMIT, TEXT_COUNT_LIMIT, type CountLimits } from '../shared/list-query.ts';
import type { LogFormat } from './logOptions.ts';

export type { LoginVariant } from '../shared/customers.ts';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL: a streaming replica of DATABASE_URL the read-only routes (lists, reports, dashboard) use. */
  databaseReadUrl: string | undefined;
  /** SHUTDOWN_TIMEOUT_MS: how long a graceful stop may take before the process exits anyway (src/server/lifecycle.ts). */
  shutdownTimeoutMs: number;
  /**
   * TRUST_PROXY: the proxies (addresses, CIDR ranges, or loopback, linklocal, uniquelocal; comma-separated) whose
   * X-Forwarded-For names the client's address; null: the connection's own address is the client's.
   */
  trustProxy: string | null;
  /** Session lifetime in seconds. */
  sessionTtl: number;
  demoPassword: string;
  seedDemo: boolean;
  technicalBreak: boolean;
  loginVariant: LoginVariant;
  deviceAuthorization: boolean;
  appName: string;
  supportEmail: string;
  poweredBy: { text: string; url: string } | null;
  /** Lifetime of SMS and e-mail codes, seconds. */
  codeTtl: number;
  /** Failed logins before an identity is blocked, and for how long (seconds). */
  loginMaxFailures: number;
  loginBlockSeconds: number;
  /** Failed guesses one source address may make across all identities before it is blocked too. */
  loginSourceMaxFailures: number;
  /** The last resort: failed logins of an identity across all sources before its unknown devices are blocked everywhere. */
  loginIdentityMaxFailures: number;
  /** Requests per minute one source address may make to the login and restore routes. */
  authRateLimit: number;
  /** Calls a minute one integration API key may make. */
  apiKeyRateLimit: number;
  /**
   * LIST_EXACT_COUNT_LIMIT, LIST_TEXT_COUNT_LIMIT: a list's total is exact up to this many matching rows (the second
   * when the request matches text), "more than" beyond (toolkit/list.ts).
   */
  listCountLimits: CountLimits;
  /** Lifetime of the restore flow's e-mail codes, seconds. */
  restoreCodeTtl: number;
  outboxFile: string | null;
  /** SMTP server of e-mails (SMTP_URL, smtp:// or smtps://); null: e-mails go to the outbox file. */
  smtpUrl: string | null;
  /** The sender of e-mails (SMTP_FROM), by default the support address. */
  smtpFrom: string;
  /** HTTP SMS gateway (SMS_GATEWAY_URL); null: SMS messages go to the outbox file. */
  smsGatewayUrl: string | null;
  /** Sent to the gateway as `Authorization: Bearer <token>` (SMS_GATEWAY_TOKEN). */
  smsGatewayToken: string | null;
  /** Requests to the gateway in flight at once for bulk messages, over kept-alive connections (SMS_GATEWAY_CONCURRENCY). */
  smsGatewayConcurrency: number;
  /** The gateway's batch endpoint for bulk messages (SMS_GATEWAY_BATCH_URL); null: one request per message. */
  smsGatewayBatchUrl: string | null;
  /** Webhooks may be delivered to private addresses (WEBHOOK_PRIVATE_ADDRESSES=allow): a receiver inside one's own network. */
  webhookPrivateAddresses: boolean;
  /** How long a webhook endpoint has to answer, ms (WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs: number;
  /** How often the payout expiry job runs, ms (EXPIRY_INTERVAL_MS). */
  expiryIntervalMs: number;
  /** How often the ledger check runs, ms (LEDGER_CHECK_INTERVAL_MS; an hour by default; 0: never by itself). */
  ledgerCheckIntervalMs: number;
  /** The address recipients open (the collection page), in payout SMS messages: PUBLIC_URL. */
  publicUrl: string;
  logLevel: string;
  /** LOG_FORMAT: `pretty` (readable lines, the default) or `json` (pino's JSON lines, for a log collector). */
  logFormat: LogFormat;
  clientDir: string;
  /** DEPLOYMENT: which of the two deployments this is; the panel and the collection page show a banner on `test`. */
  deployment: Deployment;
  /** SENTRY_DSN: where the server reports errors and traces; null: no reporting, and the SDK is never loaded. */
  sentryDsn: string | null;
  /** SENTRY_CLIENT_DSN: the same for the panel and the collection page, given to them by /api/config. */
  sentryClientDsn: string | null;
  /** PANEL_ORIGIN: the one origin that may call the API from a browser when the panel is served apart from it (CORS). */
  panelOrigin: string | null;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`Expected a boolean, got "${value}"`);
}

/** A URL of one of the protocols, checked at start rather than at the first message; never echoed (it may hold a password). */
function url(name: string, value: string | undefined, protocols: string[]): string | null {
  if (value === undefined || value === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return value;
}

/** An origin (scheme, host and port, nothing after them): a browser sends exactly that in its Origin header. */
function origin(name: string, value: string | undefined): string | null {
  const checked = url(name, value, ['http:', 'https:']);
  if (checked === null) return null;
  const parsed = new URL(checked);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username) throw new Error(`${name} must be an origin such as https://panel.example.com, with no path`);
  return parsed.origin;
}

function privateAddresses(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'refuse') return false;
  if (value === 'allow') return true;
  throw new Error(`WEBHOOK_PRIVATE_ADDRESSES must be allow or refuse, got "${value}"`);
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be ${allowed.join(' or ')}, got "${value}"`);
  return value as T;
}

function int(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

/** A replica only beside a primary: PGlite has no replicas, and reads must never go elsewhere than the writes' database. */
function readUrl(env: NodeJS.ProcessEnv): string | undefined {
  const value = url('DATABASE_READ_URL', env.DATABASE_READ_URL, ['postgres:', 'postgresql:']);
  if (value && !env.DATABASE_URL) throw new Error('DATABASE_READ_URL needs DATABASE_URL (a replica of that database)');
  return value ?? undefined;
}

/** The batch endpoint only beside the gateway's own URL, which codes keep using one message at a time. */
function batchUrl(env: NodeJS.ProcessEnv): string | null {
  const value = url('SMS_GATEWAY_BATCH_URL', env.SMS_GATEWAY_BATCH_URL, ['http:', 'https:']);
  if (value && !env.SMS_GATEWAY_URL) throw new Error('SMS_GATEWAY_BATCH_URL needs SMS_GATEWAY_URL (codes are sent there one at a time)');
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const variant = (env.LOGIN_VARIANT || 'LOGIN_PASSWORD') as LoginVariant;
  if (!LOGIN_VARIANTS.includes(variant)) {
    throw new Error(`LOGIN_VARIANT must be LOGIN_PASSWORD, LOGIN or PHONE, got "${variant}"`);
  }
  const port = int('PORT', env.PORT, 3000);
  const loginMaxFailures = int('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 5, 1);
  // Above one source's limit, so that no single source can reach it (ten times it unless set).
  const loginIdentityMaxFailures = int('LOGIN_IDENTITY_MAX_FAILURES', env.LOGIN_IDENTITY_MAX_FAILURES, loginMaxFailures * 10, loginMaxFailures + 1);
  const supportEmail = env.SUPPORT_EMAIL || 'support@example.com';
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: readUrl(env),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000, 1000),
    trustProxy: env.TRUST_PROXY?.trim() || null,
    sessionTtl: int('SESSION_TTL', env.SESSION_TTL, 1800, 1),
    demoPassword: env.DEMO_PASSWORD || 'Demo123!',
    seedDemo: bool(env.SEED_DEMO, true),
    technicalBreak: bool(env.TECHNICAL_BREAK, false),
    loginVariant: variant,
    deviceAuthorization: bool(env.DEVICE_AUTHORIZATION, true),
    appName: env.APP_NAME || 'Payout Panel',
    supportEmail,
    poweredBy: env.POWERED_BY_URL ? { text: env.POWERED_BY_TEXT || 'Powered by', url: env.POWERED_BY_URL } : null,
    codeTtl: int('CODE_TTL', env.CODE_TTL, 300, 1),
    loginMaxFailures,
    loginIdentityMaxFailures,
    loginBlockSeconds: int('LOGIN_BLOCK_SECONDS', env.LOGIN_BLOCK_SECONDS, 300, 1),
    loginSourceMaxFailures: int('LOGIN_SOURCE_MAX_FAILURES', env.LOGIN_SOURCE_MAX_FAILURES, 30, 1),
    authRateLimit: int('AUTH_RATE_LIMIT', env.AUTH_RATE_LIMIT, 60, 1),
    apiKeyRateLimit: int('API_KEY_RATE_LIMIT', env.API_KEY_RATE_LIMIT, 120, 1),
    listCountLimits: {
      exact: int('LIST_EXACT_COUNT_LIMIT', env.LIST_EXACT_COUNT_LIMIT, EXACT_COUNT_LIMIT, 1),
      text: int('LIST_TEXT_COUNT_LIMIT', env.LIST_TEXT_COUNT_LIMIT, TEXT_COUNT_LIMIT, 1),
    },
    restoreCodeTtl: int('RESTORE_CODE_TTL', env.RESTORE_CODE_TTL, 900, 1),
    outboxFile: env.OUTBOX_FILE === 'off' ? null : path.resolve(env.OUTBOX_FILE || path.join(dataDir, 'outbox.jsonl')),
    smtpUrl: url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']),
    smtpFrom: env.SMTP_FROM || supportEmail,
    smsGatewayUrl: url('SMS_GATEWAY_URL', env.SMS_GATEWAY_URL, ['http:', 'https:']),
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || null,
    smsGatewayConcurrency: int('SMS_GATEWAY_CONCURRENCY', env.SMS_GATEWAY_CONCURRENCY, 16, 1),
    smsGatewayBatchUrl: batchUrl(env),
    webhookPrivateAddresses: privateAddresses(env.WEBHOOK_PRIVATE_ADDRESSES),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000, 100),
    expiryIntervalMs: int('EXPIRY_INTERVAL_MS', env.EXPIRY_INTERVAL_MS, 60_000, 1000),
    ledgerCheckIntervalMs: int('LEDGER_CHECK_INTERVAL_MS', env.LEDGER_CHECK_INTERVAL_MS, 3_600_000),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: oneOf('LOG_FORMAT', env.LOG_FORMAT, ['pretty', 'json'] as const, 'pretty'),
    clientDir: path.resolve(env.CLIENT_DIR || './dist/client'),
    deployment: oneOf('DEPLOYMENT', env.DEPLOYMENT, DEPLOYMENTS, 'production'),
    sentryDsn: url('SENTRY_DSN', env.SENTRY_DSN, ['http:', 'https:']),
    sentryClientDsn: url('SENTRY_CLIENT_DSN', env.SENTRY_CLIENT_DSN, ['http:', 'https:']),
    panelOrigin: origin('PANEL_ORIGIN', env.PANEL_ORIGIN),
  };
}
