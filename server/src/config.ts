import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CREDIT_PRICES } from '@kaleido/common';
import webPush from 'web-push';
import { z } from 'zod';
import type { UploadLimits } from './features/uploads/upload-limits.js';
import { describeProviders, loadProvidersSetup, type ProvidersSetup } from './providers/providers-config.js';

/** The whole configuration of a Kaleido process, read and validated once at start (see README's table). */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where the SQLite file, files, outbox and generated secrets live. */
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** The origin people reach this server at; used for links in e-mails, canonical URLs and CSRF origin checks. */
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** 32+ bytes used to derive signing and encryption keys. Never logged. */
  serverSecret: string;
  /** The built single-page app (web/dist); null serves the API only. */
  webDistDir: string | null;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  mail: { smtpUrl: string | null; from: string };
  /** `s3://bucket/prefix?endpoint=…` for S3-compatible storage, `file:///path`, or null for DATA_DIR/files. */
  storageUrl: string | null;
  /** How many generation jobs this process runs at once (0: this process runs no jobs). */
  workerConcurrency: number;
  /**
   * Whether this process runs its periodic tasks (job recovery, monthly resets, unsaved clean-up with
   * workers; the session sweep in any process). Off: another process of the installation runs them.
   */
  scheduler: boolean;
  /** Webhook deliveries: `allowPrivate` lets targets resolve to private addresses (self-hosted setups, tests). */
  webhooks: { allowPrivate: boolean };
  /** `ADMIN_REQUIRE_2FA=true`: every `/api/admin` route refuses an administrator without a second factor. */
  adminRequire2fa?: boolean;
  /** Per-IP limits of the sign-up and sign-in endpoints. */
  rateLimits: { signupsPerHour: number; loginsPerMinute: number };
  /** Credits per generation (DECISIONS: image 1, video 3), changeable by the operator. */
  prices: { image: number; video: number };
  /** Social sign-in providers (OpenID Connect), in the order the sign-in page shows them. */
  social: SocialProviderConfig[];
  /** Web Push (VAPID) identity; absent: push notifications are off. */
  push?: PushConfig;
  /** AI generation providers (PROVIDERS_FILE and shortcuts); absent: only the built-in Sketch renderer. */
  providers?: ProvidersSetup;
  /** Upload limits and per-plan storage quotas (issue 16); absent parts: the shared defaults. */
  uploads?: Partial<UploadLimits>;
  /** GET /metrics asks for `Authorization: Bearer <token>` when set (METRICS_TOKEN); absent: open. */
  metricsToken?: string;
}

/** The VAPID key pair (base64url, uncompressed P-256) and the contact push services may use. */
export interface PushConfig {
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /** `mailto:` address or https URL (RFC 8292). */
  subject: string;
}

export interface SocialProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((url) => !url || /^(postgres(ql)?|sqlite):/.test(url), {
      message: 'must start with postgres://, postgresql:// or sqlite:',
    }),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SERVER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, 'must be a mailto: address or an https URL')
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: booleanish.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  STORAGE_URL: z
    .string()
    .regex(/^(s3|file):\/\//, 'must be s3://bucket/prefix?… or file:///path')
    .optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
  SCHEDULER: booleanish.default(true),
  WEBHOOK_ALLOW_PRIVATE: booleanish.default(false),
  ADMIN_REQUIRE_2FA: booleanish.default(false),
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGINS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  CREDIT_PRICE_IMAGE: z.coerce.number().int().min(0).max(10_000).default(CREDIT_PRICES.image),
  CREDIT_PRICE_VIDEO: z.coerce.number().int().min(0).max(10_000).default(CREDIT_PRICES.video),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be smtp://… or smtps://…' }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('Single sign-on'),
  OIDC_ID: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'lower-case letters, digits and dashes')
    .default('oidc'),
  /** A Bearer token GET /metrics asks for; unset: the endpoint is open (keep it off the internet). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Read by main.ts before anything else: set, the OpenTelemetry SDK is loaded and spans exported there. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
});

/** Every environment variable the configuration reads (the compose file's test checks against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZEnvironment.shape);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface LoadConfigOptions {
  /** Directory relative paths are resolved against (default: the working directory). */
  cwd?: string;
  /** Default location of the built web app when WEB_DIST_DIR is not set. */
  defaultWebDistDir?: string;
}

/** Reads `env` into an AppConfig, or throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions = {}): AppConfig {
  const parsed = ZEnvironment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const vars = parsed.data;
  const cwd = options.cwd ?? process.cwd();
  const dataDir = path.resolve(cwd, vars.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  const database: AppConfig['database'] =
    vars.DATABASE_URL && /^postgres/.test(vars.DATABASE_URL)
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : {
          kind: 'sqlite',
          file: vars.DATABASE_URL
            ? path.resolve(cwd, vars.DATABASE_URL.replace(/^sqlite:(\/\/)?/, ''))
            : path.join(dataDir, 'kaleido.db'),
        };

  const webDistCandidate = vars.WEB_DIST_DIR
    ? path.resolve(cwd, vars.WEB_DIST_DIR)
    : (options.defaultWebDistDir ?? null);
  const webDistDir =
    webDistCandidate && existsSync(path.join(webDistCandidate, 'index.html')) ? webDistCandidate : null;

  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');

  const social: SocialProviderConfig[] = [];
  if (vars.GOOGLE_CLIENT_ID || vars.GOOGLE_CLIENT_SECRET) {
    if (!vars.GOOGLE_CLIENT_ID || !vars.GOOGLE_CLIENT_SECRET) {
      throw new ConfigError(
        'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      );
    }
    social.push({
      id: 'google',
      name: 'Google',
      issuer: vars.GOOGLE_ISSUER,
      clientId: vars.GOOGLE_CLIENT_ID,
      clientSecret: vars.GOOGLE_CLIENT_SECRET,
    });
  }
  if (vars.OIDC_ISSUER || vars.OIDC_CLIENT_ID || vars.OIDC_CLIENT_SECRET) {
    if (!vars.OIDC_ISSUER || !vars.OIDC_CLIENT_ID || !vars.OIDC_CLIENT_SECRET) {
      throw new ConfigError(
        'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together',
      );
    }
    if (vars.OIDC_ID === 'google' && social.length) {
      throw new ConfigError('Invalid configuration:\n  OIDC_ID: "google" is taken by the Google provider');
    }
    social.push({
      id: vars.OIDC_ID,
      name: vars.OIDC_NAME,
      issuer: vars.OIDC_ISSUER,
      clientId: vars.OIDC_CLIENT_ID,
      clientSecret: vars.OIDC_CLIENT_SECRET,
    });
  }

  if (Boolean(vars.VAPID_PUBLIC_KEY) !== Boolean(vars.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  const vapid =
    vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY
      ? { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY }
      : readOrCreateVapidKeys(dataDir);
  const push: PushConfig = {
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    subject: vars.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(publicUrl).hostname}`,
  };

  let providers: ProvidersSetup;
  try {
    providers = loadProvidersSetup(env, { cwd, publicUrl });
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }

  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    dataDir,
    database,
    publicUrl,
    logLevel: vars.LOG_LEVEL,
    serverSecret: vars.SERVER_SECRET ?? readOrCreateSecret(dataDir),
    webDistDir,
    trustProxy: vars.TRUST_PROXY,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    mail: {
      smtpUrl: vars.SMTP_URL ?? null,
      from: vars.MAIL_FROM ?? `Kaleido <no-reply@${new URL(publicUrl).hostname}>`,
    },
    social,
    push,
    providers,
    storageUrl: vars.STORAGE_URL ?? null,
    ...(vars.METRICS_TOKEN ? { metricsToken: vars.METRICS_TOKEN } : {}),
    workerConcurrency: vars.WORKER_CONCURRENCY,
    scheduler: vars.SCHEDULER,
    webhooks: { allowPrivate: vars.WEBHOOK_ALLOW_PRIVATE },
    adminRequire2fa: vars.ADMIN_REQUIRE_2FA,
    prices: { image: vars.CREDIT_PRICE_IMAGE, video: vars.CREDIT_PRICE_VIDEO },
    rateLimits: {
      signupsPerHour: vars.RATE_LIMIT_SIGNUPS_PER_HOUR,
      loginsPerMinute: vars.RATE_LIMIT_LOGINS_PER_MINUTE,
    },
  };
}

/** The server secret lives in DATA_DIR/secrets/server-secret, created once with owner-only permissions. */
function readOrCreateSecret(dataDir: string): string {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'server-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) throw new ConfigError(`${file} holds a secret shorter than 32 characters`);
    return secret;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Write to a private temporary file, then link it into place: atomic, and a concurrent first start
  // by another process simply loses the race and reads the winner's secret.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readOrCreateSecret(dataDir);
}

/** Writes `content` to `file` once, atomically: a concurrent first start loses the race and keeps the winner's. */
function writeOnce(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, content, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** The VAPID key pair lives in DATA_DIR/secrets/vapid.json, generated once (like the server secret). */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'secrets', 'vapid.json');
  if (!existsSync(file)) writeOnce(file, `${JSON.stringify(webPush.generateVAPIDKeys())}\n`);
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new ConfigError(`${file} does not hold a VAPID key pair`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** What may be logged about the configuration: never the secret or database credentials. */
export function describeConfig(config: AppConfig): Record<string, unknown> {
  return {
    env: config.env,
    host: config.host,
    port: config.port,
    dataDir: config.dataDir,
    database:
      config.database.kind === 'sqlite'
        ? { kind: 'sqlite', file: config.database.file }
        : { kind: 'postgres', url: redactUrl(config.database.url) },
    publicUrl: config.publicUrl,
    webDistDir: config.webDistDir,
    trustProxy: config.trustProxy,
    mail: { kind: config.mail.smtpUrl ? 'smtp' : 'outbox', from: config.mail.from },
    storage: config.storageUrl ? config.storageUrl.replace(/\/\/[^@/]*@/, '//***@') : 'disk',
    workerConcurrency: config.workerConcurrency,
    scheduler: config.scheduler,
    metrics: config.metricsToken ? 'token' : 'open',
    webhooks: config.webhooks,
    social: config.social.map((provider) => ({ id: provider.id, issuer: provider.issuer })),
    push: config.push ? { vapidPublicKey: config.push.vapidPublicKey, subject: config.push.subject } : null,
    providers: config.providers ? describeProviders(config.providers) : [],
  };
}

function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable url)';
  }
}
