import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { AUTH_MESSAGES, errorMessageId, generationFailedCode, type TJobKind } from '@kaleido/common';
import Fastify from 'fastify';
import type { AppConfig } from './config.js';
import { accountRoutes } from './features/accounts/account.routes.js';
import { createAccountService } from './features/accounts/account.service.js';
import { createAccountDataRegistry } from './features/accounts/account-data.js';
import { presentMe } from './features/accounts/accounts.presenter.js';
import { createAccountsService } from './features/accounts/accounts.service.js';
import { createUsersRepository } from './features/accounts/users.repository.js';
import { createAdminRepository } from './features/admin/admin.repository.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { type AdminService, createAdminService } from './features/admin/admin.service.js';
import { registerAdminGuard } from './features/admin/admin-guard.js';
import { createAnalyticsRepository } from './features/analytics/analytics.repository.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { createAnalyticsService } from './features/analytics/analytics.service.js';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes.js';
import { buildAppOpenApiDocument } from './features/api-docs/app-openapi.js';
import { createApiKeysRepository } from './features/api-keys/api-keys.repository.js';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes.js';
import { createApiKeysService } from './features/api-keys/api-keys.service.js';
import { createAuditRepository } from './features/audit/audit.repository.js';
import { auditRoutes } from './features/audit/audit.routes.js';
import { createAuditService } from './features/audit/audit.service.js';
import { createSecurityAudit } from './features/audit/security-events.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService } from './features/auth/auth.service.js';
import { createAuthTokensRepository } from './features/auth/auth-tokens.repository.js';
import { createAuthenticator, sessionCookieName } from './features/auth/authn.js';
import { oidcRoutes } from './features/auth/oidc.routes.js';
import { createOidcService } from './features/auth/oidc.service.js';
import { createPasskeysService } from './features/auth/passkeys.service.js';
import { createSessionsRepository } from './features/auth/sessions.repository.js';
import { createTwoFactorRepository } from './features/auth/two-factor.repository.js';
import {
  createSecondStepGate,
  createTwoFactorCookies,
  twoFactorRoutes,
} from './features/auth/two-factor.routes.js';
import { createTwoFactorService } from './features/auth/two-factor.service.js';
import { createBillingRepository } from './features/billing/billing.repository.js';
import { billingRoutes } from './features/billing/billing.routes.js';
import { type BillingService, createBillingService } from './features/billing/billing.service.js';
import { totalCredits } from './features/credits/balance.js';
import { createCreditsRepository } from './features/credits/credits.repository.js';
import { creditsRoutes } from './features/credits/credits.routes.js';
import { createCreditsService } from './features/credits/credits.service.js';
import { filesRoutes } from './features/files/files.routes.js';
import { createGalleryRepository } from './features/gallery/gallery.repository.js';
import { galleryRoutes } from './features/gallery/gallery.routes.js';
import { createGalleryService } from './features/gallery/gallery.service.js';
import { createGenerationEvents } from './features/generations/generation-events.js';
import { createGenerationRunner, type RunnerOptions } from './features/generations/generation-runner.js';
import { createGenerationsRepository } from './features/generations/generations.repository.js';
import { generationsRoutes } from './features/generations/generations.routes.js';
import { createGenerationsService } from './features/generations/generations.service.js';
import { createProviderRegistry } from './features/generations/provider-registry.js';
import { providerWebhookRoutes } from './features/generations/provider-webhooks.routes.js';
import { readToolOptions } from './features/generations/tool-options.js';
import { createUnsavedCleanup, type UnsavedCleanup } from './features/generations/unsaved-cleanup.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createHealthService } from './features/health/health.service.js';
import { createAssetsRepository } from './features/library/assets.repository.js';
import { presentAsset } from './features/library/library.presenter.js';
import { libraryRoutes } from './features/library/library.routes.js';
import { createLibraryService } from './features/library/library.service.js';
import { createModerationRepository } from './features/moderation/moderation.repository.js';
import { moderationRoutes } from './features/moderation/moderation.routes.js';
import { createModerationService } from './features/moderation/moderation.service.js';
import { createNotificationsRepository } from './features/notifications/notifications.repository.js';
import { notificationsRoutes, UNSUBSCRIBE_PATH } from './features/notifications/notifications.routes.js';
import { createNotificationsService } from './features/notifications/notifications.service.js';
import { createUnsubscribeTokens } from './features/notifications/unsubscribe-tokens.js';
import { createOpenAICompatPresenter } from './features/openai-compat/openai-compat.presenter.js';
import { openAICompatRoutes } from './features/openai-compat/openai-compat.routes.js';
import { createOpenAICompatService } from './features/openai-compat/openai-compat.service.js';
import { buildOpenApiDocument } from './features/public-api/openapi.js';
import { createPublicAccountRepository } from './features/public-api/public-account.repository.js';
import { createPublicApiAuth } from './features/public-api/public-api.auth.js';
import { createPublicApiPresenter } from './features/public-api/public-api.presenter.js';
import { publicApiRoutes } from './features/public-api/public-api.routes.js';
import { createPublicApiService } from './features/public-api/public-api.service.js';
import { publicResourcesRoutes } from './features/public-api/public-resources.routes.js';
import { createPublicResourcesService } from './features/public-api/public-resources.service.js';
import { publicToolsRoutes } from './features/public-api/public-tools.routes.js';
import { createPushRepository } from './features/push/push.repository.js';
import { pushRoutes } from './features/push/push.routes.js';
import { createPushService } from './features/push/push.service.js';
import { realtimeRoutes } from './features/realtime/realtime.routes.js';
import { createRealtimeService } from './features/realtime/realtime.service.js';
import { createRealtimeRenderers } from './features/realtime/renderers.js';
import { createSettingFlags } from './features/settings/setting-flags.js';
import { createSettingsRepository } from './features/settings/settings.repository.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { createSettingsService } from './features/settings/settings.service.js';
import { createSharingRepository } from './features/sharing/sharing.repository.js';
import { sharingRoutes } from './features/sharing/sharing.routes.js';
import { createSharingService } from './features/sharing/sharing.service.js';
import {
  type AnnouncementEmailsService,
  createAnnouncementEmailsService,
} from './features/site-settings/announcement-emails.service.js';
import { createInvitesService } from './features/site-settings/invites.service.js';
import { createSiteSettingsRepository } from './features/site-settings/site-settings.repository.js';
import { siteSettingsRoutes } from './features/site-settings/site-settings.routes.js';
import { createSiteSettingsService } from './features/site-settings/site-settings.service.js';
import { toolsRoutes } from './features/tools/tools.routes.js';
import { createToolsService } from './features/tools/tools.service.js';
import { createTrainedModels } from './features/trainings/trained-models.js';
import { publicTrainingsRoutes } from './features/trainings/trainings.public-routes.js';
import { createTrainingsRepository } from './features/trainings/trainings.repository.js';
import { trainingsRoutes } from './features/trainings/trainings.routes.js';
import { createTrainingsService, type TrainingOptions } from './features/trainings/trainings.service.js';
import { uploadLimits } from './features/uploads/upload-limits.js';
import { uploadsRoutes } from './features/uploads/uploads.routes.js';
import { createUploadsService } from './features/uploads/uploads.service.js';
import { createUsageRepository } from './features/usage/usage.repository.js';
import { usageRoutes } from './features/usage/usage.routes.js';
import { createUsageService } from './features/usage/usage.service.js';
import { createWebhooksRepository } from './features/webhooks/webhooks.repository.js';
import { webhooksRoutes } from './features/webhooks/webhooks.routes.js';
import { createWebhooksService, type DeliveryOptions } from './features/webhooks/webhooks.service.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Database } from './platform/db/database.js';
import type { Executor } from './platform/db/executor.js';
import { collectAllowedMethods } from './platform/http/allowed-methods.js';
import { AppError } from './platform/http/app-error.js';
import { registerCsrfProtection } from './platform/http/csrf.js';
import { registerErrorHandling, sendRouteNotFound } from './platform/http/error-handler.js';
import { collectRoutes, documentedRoutes } from './platform/http/openapi.js';
import { createRequestLimiter, databaseRateLimitStore } from './platform/http/request-limiter.js';
import { type App, useContractSchemas } from './platform/http/route-schemas.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerSpa, type Spa } from './platform/http/spa.js';
import { englishOf } from './platform/i18n/api-messages.js';
import { createRequestLocale } from './platform/i18n/request-locale.js';
import { createIdempotency } from './platform/idempotency/idempotency.js';
import { createIdempotencyRepository } from './platform/idempotency/idempotency.repository.js';
import { deriveKey } from './platform/keys.js';
import { lazyRequestLoggers, loggerOptions } from './platform/logger.js';
import { createMailer, type Mailer } from './platform/mail/index.js';
import { type Resolver, resolveTarget, SafeFetchError } from './platform/net/safe-fetch.js';
import { createJobObserver } from './platform/observability/job-observer.js';
import { createMetrics } from './platform/observability/metrics.js';
import { metricsRoutes } from './platform/observability/metrics.routes.js';
import { observeQueue } from './platform/observability/observed-queue.js';
import { queueStats } from './platform/observability/queue-stats.js';
import { tracing } from './platform/observability/tracing.js';
import { createTestModePaymentProvider, type PaymentProvider } from './platform/payments/index.js';
import { createJobQueue, type JobQueue } from './platform/queue/index.js';
import { createScheduler, type Scheduler } from './platform/scheduler.js';
import { createFileStore, type FileStore } from './platform/storage/index.js';
import { createUrlSigner } from './platform/storage/signed-urls.js';
import { createConfiguredProviders, type GenerationProvider } from './providers/index.js';
import { VERSION } from './version.js';

/** What the app is built from; main.ts makes the real ones, tests make their own. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  /** Default: the configured mailer (SMTP or the outbox folder). */
  mailer?: Mailer;
  /** Default: the configured providers (the built-in Sketch renderer plus configured AI services). */
  providers?: GenerationProvider[];
  /** Default: the configured store (disk or S3). */
  store?: FileStore;
  /** Default: embedded for SQLite, pg-boss for PostgreSQL. */
  queue?: JobQueue;
  /** Tuning of the job runner (tests shorten leases). */
  runnerOptions?: Partial<RunnerOptions>;
  /** How webhook targets' host names resolve (tests: a name resolving to 127.0.0.1). */
  webhookResolver?: Resolver;
  /** Tuning of webhook deliveries (tests shorten the retry schedule). */
  webhookOptions?: Partial<DeliveryOptions>;
  /** Train's polling and lease (tests poll fast). */
  trainingOptions?: Partial<TrainingOptions>;
  /** Default: the embedded test-mode payment provider. */
  payments?: PaymentProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled jobs this app runs on a timer, callable directly (tests drive them with their clock). */
    jobs: {
      runMonthlyResets: BillingService['runMonthlyResets'];
      cleanupUnsaved: UnsavedCleanup;
      /** Announcement e-mails whose process stopped; `idle` waits for the ones this process sends. */
      announcementEmails: Pick<AnnouncementEmailsService, 'run' | 'idle'>;
    };
    /** This process's periodic tasks; main.ts starts them after listening when its role runs them. */
    scheduler: Scheduler;
    /** Services the operator's CLI calls on an app it builds without listening (grant-credits, disable). */
    operations: { admin: AdminService };
  }
}

/** How often a process with workers looks for jobs whose lease lapsed or whose delivery was lost. */
const JOB_RECOVERY_INTERVAL_MS = 15_000;
/** Webhook deliveries a process with workers attempts at once. */
const WEBHOOK_CONCURRENCY = 4;
/** Training ticks at once per process (each is short: a submit or one status read). */
const TRAINING_CONCURRENCY = 2;
/** How often each process looks for billing months that have ended. */
const BILLING_JOB_INTERVAL_MS = 60_000;
/** How often each process deletes unsaved results past their 7 days. */
const UNSAVED_CLEANUP_INTERVAL_MS = 60 * 60_000;
/** How often each process deletes expired sessions. */
const SESSION_SWEEP_INTERVAL_MS = 60 * 60_000;

const API_PREFIX = /^\/(api|health)(\/|$)/;
const HAS_FILE_EXTENSION = /\/[^/]+\.[a-z0-9]+$/i;

/**
 * Builds the Fastify app: infrastructure first, then feature modules, then the SPA fallback.
 * It does not listen; main.ts does. The database belongs to the caller, who closes it.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const startedAt = clock.now();

  const app = useContractSchemas(
    Fastify({
      logger: loggerOptions(config.logLevel),
      childLoggerFactory: lazyRequestLoggers,
      trustProxy: config.trustProxy,
      genReqId: () => randomUUID(),
      bodyLimit: 1024 * 1024,
      return503OnClosing: true,
      routerOptions: { ignoreTrailingSlash: true },
    }),
    // Development and the test suites check every answer against its contract; production only
    // serialises by it (see route-schemas.ts).
    { validateResponses: config.env !== 'production' },
  );
  // Every route's schemas, for the OpenAPI documents (generated from the routes, not written by hand).
  collectRoutes(app);
  // A known path with another method answers 405 with Allow (see the 404 handler below).
  const allowedMethods = collectAllowedMethods(app);

  const https = config.publicUrl.startsWith('https:');
  const mailer =
    deps.mailer ??
    createMailer(config, (file, message) =>
      app.log.info({ file, to: message.to, subject: message.subject }, 'e-mail written to the outbox'),
    );

  // Errors are answered in the request's language (`requestLocale`, below: used once requests arrive).
  registerErrorHandling(app, { localeOf: (request) => requestLocale.of(request) });
  await registerSecurityHeaders(app, { https, webDistDir: config.webDistDir });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie, { secret: deriveKey(config.serverSecret, 'cookie-signing').toString('base64') });
  // Per-IP limits (sign-up, sign-in, billing) count in the database, like the API keys' limits, so
  // every process sharing the database shares them.
  const requestLimiter = createRequestLimiter(database);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(requestLimiter),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyAttempts, {
        headers: { 'Retry-After': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
  const cookieName = sessionCookieName(https);
  registerCsrfProtection(app, {
    appOrigin: new URL(config.publicUrl).origin,
    sessionCookie: cookieName,
    // One-click unsubscribe (RFC 8058): mail programs POST from anywhere; the signed token authorises it.
    exempt: [UNSUBSCRIBE_PATH],
  });
  // Set on arrival (a synchronous hook), so every answer carries it, errors included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  // Prometheus metrics: every answer counted by route template, GET /metrics (platform/observability).
  const metrics = createMetrics({
    queue: () => queueStats(database),
    providers: () => registry.health(),
    now: () => clock.now(),
  });
  metricsRoutes(app, { metrics, token: config.metricsToken ?? null });

  // Repositories and services, wired explicitly.
  const db = database.kysely;
  const users = createUsersRepository(db);
  // The audit log (issue 20): administrative actions and security events, appended by the services.
  const audit = createAuditService({ audit: createAuditRepository(db), clock, log: app.log });
  const securityAudit = createSecurityAudit({ audit, users });
  const credits = createCreditsService({
    credits: createCreditsRepository(db, database.dialect),
    clock,
    observe: (operation, amount) => metrics.credits.inc({ operation }, amount),
  });
  const accounts = createAccountsService({
    database,
    users,
    credits,
    settings: createSettingsRepository(db),
    clock,
    // Sign-ups open, invite-only or closed, and the starting credits (site settings; `invites` is
    // created below, used only once requests arrive).
    admitSignup: (input, trx) => invites.admitSignup(input, trx),
  });
  const sessions = createSessionsRepository(db);
  const auth = createAuthService({
    config,
    database,
    users,
    sessions,
    tokens: createAuthTokensRepository(db),
    accounts,
    mailer,
    clock,
    // Security e-mails (always sent); `notifications` is created below, used only once requests arrive.
    onSecurityEvent: (userId, event, meta) => notifications.security(userId, event, meta),
    // The audit log's sign-in events (failures, lockouts, a disabled account's tries).
    onSignInFailed: (email, userId, ip) => void securityAudit.signInFailed(email, userId, ip),
    onLockout: (email, ip) => void securityAudit.lockout(email, ip),
    onSignInRefused: (user, ip) => void securityAudit.signInRefused(user, ip),
  });
  const authn = createAuthenticator({ auth, cookieName, https });
  // Two-factor sign-in and passkeys; security e-mails through `notifications` (created below).
  const twoFactorRepository = createTwoFactorRepository(db);
  const twoFactor = createTwoFactorService({
    database,
    repository: twoFactorRepository,
    users,
    auth,
    clock,
    encryptionKey: deriveKey(config.serverSecret, 'totp-secrets'),
    onSecurityEvent: (userId, event, meta) => {
      notifications.security(userId, event, meta);
      void securityAudit.securityEvent(userId, event, meta);
    },
  });
  const passkeys = createPasskeysService({
    publicUrl: config.publicUrl,
    repository: twoFactorRepository,
    users,
    clock,
    onSecurityEvent: (userId, event, meta) => {
      notifications.security(userId, event, meta);
      void securityAudit.securityEvent(userId, event, meta);
    },
  });
  const twoFactorCookies = createTwoFactorCookies({ https });
  const secondStep = createSecondStepGate({ twoFactor, cookies: twoFactorCookies });
  const oidc = createOidcService({
    providers: config.social,
    publicUrl: config.publicUrl,
    database,
    users,
    sessions,
    accounts,
    auth,
    // `notifications` is created below, used only once requests arrive.
    notifyAccountLinked: (userId, notice) => notifications.accountLinked(userId, notice),
    clock,
    onMailError: (error) => app.log.error({ err: error }, 'could not send the account-link notice'),
  });
  const webhooksRepository = createWebhooksRepository(db);
  const webhookPolicy = { allowPrivate: config.webhooks.allowPrivate, resolver: deps.webhookResolver };
  const settings = createSettingsService({
    database,
    settings: createSettingsRepository(db),
    users,
    clock,
    // A webhook URL that resolves to a private address is refused when saved (unless allowed).
    async checkWebhookUrl(url) {
      await resolveTarget(url, webhookPolicy).catch((error: unknown) => {
        if (error instanceof SafeFetchError && error.code === 'BLOCKED_ADDRESS') {
          const message = 'api.settings.webhookUrlPrivate' as const;
          throw new AppError('VALIDATION_FAILED', message, { problems: [{ path: 'webhookUrl', message }] });
        }
        // A name that does not resolve yet is the receiver's business: its deliveries will say so.
      });
    },
    webhookUrlSaved: (userId) => webhooksRepository.enable(userId),
    twoFactorEnabled: (userId) => twoFactor.hasSecondFactor(userId),
  });
  // E-mail notifications, receipts and security notices, with signed one-click unsubscribe links.
  const notifications = createNotificationsService({
    publicUrl: config.publicUrl,
    mailer,
    notifications: createNotificationsRepository(db),
    settings: (userId) => settings.get(userId),
    updateSettings: (userId, patch) => settings.update(userId, patch),
    tokens: createUnsubscribeTokens(deriveKey(config.serverSecret, 'email-unsubscribe')),
    clock,
    log: app.log,
  });
  // Single settings read by the features that follow them (integrations, data collection, debug mode).
  const settingFlags = createSettingFlags({ settings: createSettingsRepository(db) });
  // The language of error answers: the signed-in person's setting (a public-API key speaks for its
  // owner), else Accept-Language; resolved only when an error is answered.
  const requestLocale = createRequestLocale({
    signedIn: async (request) => (await authn.optional(request))?.user.id ?? null,
    language: (userId) => settingFlags.value(userId, 'language'),
  });
  // One Idempotency-Key mechanism for the generate calls and purchases.
  const idempotency = createIdempotency({ repository: createIdempotencyRepository(db), clock });
  const billing = createBillingService({
    database,
    billing: createBillingRepository(db),
    users,
    credits,
    payments: deps.payments ?? createTestModePaymentProvider(),
    clock,
    idempotency,
    notify: notifications.billing,
  });

  // Generation: providers, storage, queue, the job runner and the library.
  const providers = deps.providers ?? (await createConfiguredProviders(config));
  // Trained models (Train, issue 21) render through one more registry provider, `trained`.
  const trainingsRepository = createTrainingsRepository(db);
  const trainedModels = createTrainedModels({ trainings: trainingsRepository, providers });
  const registry = createProviderRegistry(providers, [trainedModels.provider]);
  // What each provider lacks at start (an unreachable server, a workflow file missing on a ComfyUI
  // server, checked against its /object_info), for the operator's log; jobs avoid what is unusable.
  app.addHook('onReady', async () => {
    void registry.health(30_000).then((states) => {
      for (const state of states.filter((entry) => !entry.ok || entry.detail)) {
        app.log.warn(
          { provider: state.id, detail: state.detail },
          state.ok ? 'generation provider partly usable' : 'generation provider not usable',
        );
      }
    });
  });
  const store = deps.store ?? createFileStore(config);
  const signer = createUrlSigner(deriveKey(config.serverSecret, 'file-urls'));
  // Observed: readiness asks whether it runs, and a job continues the trace of the request that made it.
  const queue = observeQueue(
    deps.queue ?? createJobQueue(config, (error) => app.log.error({ err: error }, 'job queue error')),
    { name: 'generation', tracing },
  );
  const events = createGenerationEvents();
  const generationsRepository = createGenerationsRepository(db);
  const assets = createAssetsRepository(db, database.dialect);
  const apiKeysRepository = createApiKeysRepository(db);
  // The usage records of reads still waiting to be written go in before the database closes.
  app.addHook('onClose', () => apiKeysRepository.flushDeferredRequests());
  const apiKeys = createApiKeysService({
    database,
    keys: apiKeysRepository,
    encryptionKey: deriveKey(config.serverSecret, 'api-key-encryption'),
    clock,
    webhookPolicy,
    onKeyEvent: (event, trx) => securityAudit.keyEvent(event, trx),
  });
  // Web Push when a job ends (the person's browsers that subscribed, if they want alerts).
  const push = config.push
    ? createPushService({
        config: config.push,
        push: createPushRepository(db),
        settings: (userId) => settings.get(userId),
        balance: async (userId) => {
          const user = await users.findById(userId);
          return user ? totalCredits(user) : 0;
        },
        clock,
        log: app.log,
      })
    : null;
  // Signed webhooks: deliveries are durable jobs of a second queue of the same kind as the first.
  const webhookQueue = createJobQueue(
    config,
    (error) => app.log.error({ err: error }, 'webhook queue error'),
    'webhook',
  );
  const webhooks = createWebhooksService({
    database,
    webhooks: webhooksRepository,
    queue: webhookQueue,
    clock,
    log: app.log,
    publicUrl: config.publicUrl,
    encryptionKey: deriveKey(config.serverSecret, 'webhook-secrets'),
    policy: webhookPolicy,
    async accountUrl(userId, trx) {
      if (!(await settingFlags.integrationsEnabled(userId, trx))) return null;
      return (await settingFlags.value(userId, 'webhookUrl', trx)) || null;
    },
    keyUrl: (apiKeyId, trx) => webhooksRepository.keyUrl(apiKeyId, trx),
    generationOf: (id, trx) => generationsRepository.find(id, trx),
    assetOf: async (id, trx) => {
      const row = await assets.find(id, trx);
      return row ? presentAsset(row, signer) : null;
    },
    onDisabled: (userId, target) => notifications.webhookDisabled(userId, target),
    options: deps.webhookOptions,
    onAttempt: (outcome) => metrics.webhookDeliveries.inc({ outcome }),
  });
  // Deliveries written in a job's ending transaction, enqueued once it committed.
  const endedDeliveries = new Map<string, string[]>();
  const failureMessage = (kind: TJobKind) => englishOf(errorMessageId(generationFailedCode(kind)));
  const runner = createGenerationRunner({
    database,
    generations: generationsRepository,
    assets,
    credits,
    registry,
    store,
    queue,
    events,
    clock,
    log: app.log,
    failureMessage,
    options: deps.runnerOptions,
    observer: createJobObserver({ metrics, tracing }),
    keepsPromptText: (userId, trx) => settingFlags.keepsPromptText(userId, trx),
    autoSave: (userId) => settingFlags.value(userId, 'autoSaveEnabled'),
    // A job made through an API key: its request log learns the outcome; a failure returns the allowance.
    async onEnded(row, outcome, trx) {
      const deliveries = await webhooks.generationEnded(row, outcome, trx);
      if (deliveries.length) endedDeliveries.set(row.id, deliveries);
      if (!row.api_key_id) return;
      if (outcome !== 'succeeded') await apiKeysRepository.returnAllowance(row.api_key_id, row.cost, trx);
      await apiKeysRepository.settleRequests(row.id, outcome === 'succeeded' ? 'success' : outcome, trx);
    },
    async afterEnded(row, outcome, assetId) {
      await enqueueEndedDeliveries(row.id);
      notifications.generationEnded(row, outcome);
      await push?.notifyGenerationEnded(
        row.user_id,
        { id: row.id, kind: row.kind, prompt: row.prompt, error: null, cost: row.cost },
        outcome,
        assetId,
      );
    },
  });
  async function enqueueEndedDeliveries(jobId: string) {
    const deliveries = endedDeliveries.get(jobId);
    endedDeliveries.delete(jobId);
    if (deliveries) await webhooks.enqueue(deliveries);
  }
  const generations = createGenerationsService({
    database,
    generations: generationsRepository,
    assets,
    credits,
    queue,
    registry,
    events,
    signer,
    prices: config.prices,
    clock,
    idempotency,
    abortLocal: runner.abortLocal,
    // A queued job cancelled before any worker took it: as at any other end, an API key's job gives
    // its allowance back and its request log learns the outcome.
    async onCancelled(row, trx) {
      const deliveries = await webhooks.generationEnded(row, 'cancelled', trx);
      if (deliveries.length) endedDeliveries.set(row.id, deliveries);
      if (!row.api_key_id) return;
      await apiKeysRepository.returnAllowance(row.api_key_id, row.cost, trx);
      await apiKeysRepository.settleRequests(row.id, 'cancelled', trx);
    },
    async afterCancelled(row) {
      await enqueueEndedDeliveries(row.id);
      // An inpaint mask lives only as long as its job (the runner deletes it when a job it ran ends).
      const tool = readToolOptions(row.tool_options);
      if (tool?.tool === 'edit' && tool.maskKey) await store.delete(tool.maskKey).catch(() => undefined);
    },
    debugMode: (userId) => settingFlags.debugMode(userId),
    // The visible mark: always on the Free plan; paid plans choose (`watermarkEnabled`). API jobs too:
    // the key owner is the account.
    watermarkFor: async (userId, knownPlan) => {
      const plan = knownPlan ?? (await users.findById(userId))?.plan;
      return !plan || plan === 'free' || (await settingFlags.value(userId, 'watermarkEnabled'));
    },
    // Every route's jobs: blocked terms and the plan's models (site settings), before any reservation.
    admission: (userId) => siteSettings.admission(userId),
    personalModel: async (userId, kind, modelId) =>
      kind === 'image' ? trainedModels.resolve(userId, modelId) : null,
  });

  // Train (issue 21): trainings are durable jobs of a third queue of the same kind.
  const trainingQueue = createJobQueue(
    config,
    (error) => app.log.error({ err: error }, 'training queue error'),
    'training',
  );
  const trainings = createTrainingsService({
    database,
    trainings: trainingsRepository,
    assets,
    credits,
    registry,
    store,
    queue: trainingQueue,
    clock,
    log: app.log,
    options: deps.trainingOptions,
  });

  // Site settings and moderation (issue 20): stored in the database, effective in every process.
  const siteSettingsRepository = createSiteSettingsRepository(db);
  const recordAudit = (entry: Parameters<typeof audit.record>[0], trx: Executor) => audit.record(entry, trx);
  const siteSettings = createSiteSettingsService({
    database,
    repository: siteSettingsRepository,
    users,
    registry,
    clock,
    audit: recordAudit,
  });
  const invites = createInvitesService({
    database,
    repository: siteSettingsRepository,
    siteSettings,
    clock,
    publicUrl: config.publicUrl,
    audit: recordAudit,
  });
  const announcementEmails = createAnnouncementEmailsService({
    database,
    repository: siteSettingsRepository,
    recipients: (options) => notifications.consentingRecipients(options),
    send: (recipient, message) => notifications.announcement(recipient, message),
    clock,
    log: app.log,
    audit: recordAudit,
  });
  const moderation = createModerationService({
    database,
    repository: createModerationRepository(db),
    signer,
    clock,
    audit: recordAudit,
    // The people console's disable (`admin`, created below): sessions end, keys stop, its own audit row.
    disableAccount: async (actor, userId, reason) => {
      await admin.disableUser(actor, userId, reason);
    },
  });

  // Periodic tasks: registered here, started by main.ts (not by tests, which call `app.jobs`); stopped
  // (runs under way awaited) before the queue and the store close.
  const scheduler = createScheduler({ log: app.log });
  app.decorate('scheduler', scheduler);

  // Workers start when the app is ready and finish their jobs before it closes; the scheduler looks
  // again for lapsed leases and lost deliveries every 15 s.
  app.addHook('onReady', async () => {
    if (config.workerConcurrency === 0) return;
    await runner.recover({ orphanRunning: queue.kind === 'embedded' });
    await queue.start(runner.run, config.workerConcurrency);
    // Webhook deliveries: those pending when the process stopped are handed out again, each when due.
    await webhooks.recover();
    await webhookQueue.start(webhooks.attempt, WEBHOOK_CONCURRENCY);
    // Trainings under way when the process stopped: followed again (the same remote training).
    await trainings.recover();
    await trainingQueue.start(trainings.tick, TRAINING_CONCURRENCY);
  });
  if (config.workerConcurrency > 0) {
    scheduler.add({
      name: 'job-recovery',
      everyMs: JOB_RECOVERY_INTERVAL_MS,
      run: () => runner.recover(),
      failure: 'job recovery failed',
    });
    scheduler.add({
      name: 'webhook-recovery',
      everyMs: JOB_RECOVERY_INTERVAL_MS,
      run: () => webhooks.recover({ dueOnly: true }),
      failure: 'webhook delivery recovery failed',
    });
    scheduler.add({
      name: 'training-recovery',
      everyMs: JOB_RECOVERY_INTERVAL_MS,
      run: () => trainings.recover(),
      failure: 'training recovery failed',
    });
  }
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await queue.stop();
    await webhookQueue.stop();
    await trainingQueue.stop();
    await Promise.allSettled(providers.map((provider) => provider.close?.()));
    await store.close?.();
  });

  // What each feature keeps about a person: exported on request, deleted with the account.
  const accountData = createAccountDataRegistry();
  accountData.register({
    key: 'profile',
    async export(userId) {
      const user = await users.findById(userId);
      return user ? presentMe(user, await users.socialProviders(userId)) : null;
    },
  });
  accountData.register({ key: 'settings', export: (userId) => settings.get(userId) });
  accountData.register({
    key: 'assets',
    export: async (userId) => (await assets.listAll(userId)).map((row) => presentAsset(row, signer)),
    afterDelete: (userId) => store.deletePrefix(`users/${userId}/`),
  });
  const usageRepository = createUsageRepository(db);
  accountData.register({ key: 'usageStats', export: (userId) => usageRepository.usageStats(userId) });
  // Keys are exported without their secrets.
  accountData.register({ key: 'apiKeys', export: (userId) => apiKeys.list(userId) });
  // Two-factor: what is on, and the passkeys' names and dates (no key material). Rows cascade.
  accountData.register({ key: 'twoFactor', export: (userId) => twoFactor.exportData(userId) });
  // First-party analytics: page views and feature use (no IP, no user agent).
  const analytics = createAnalyticsService({
    analytics: createAnalyticsRepository(db, database.dialect),
    analyticsEnabled: async (userId) => (await settings.get(userId)).analyticsEnabled,
    clock,
  });
  accountData.register({
    key: 'analyticsEvents',
    export: async (userId) =>
      (await analytics.listForUser(userId)).map((row) => ({
        name: row.name,
        path: row.path,
        properties: JSON.parse(row.properties) as unknown,
        device: row.device,
        createdAt: row.created_at,
      })),
  });
  // Cards as brand, last 4 and expiry only; purchases and invoices.
  accountData.register({ key: 'billing', export: (userId) => billing.exportData(userId) });
  const account = createAccountService({
    database,
    registry: accountData,
    users,
    clock,
    onAfterDeleteError: (key, error) =>
      app.log.error({ err: error, key }, 'account deletion clean-up failed'),
  });

  // Expired sessions are swept hourly (each process; deleting twice is harmless).
  scheduler.add({
    name: 'session-sweep',
    everyMs: SESSION_SWEEP_INTERVAL_MS,
    run: () => auth.purgeExpired(),
    failure: 'session sweep failed',
  });

  // The home gallery's samples: rendered once per installation by the built-in renderer, in the background.
  const sharingRepository = createSharingRepository(db, database.dialect);
  const gallery = createGalleryService({
    gallery: createGalleryRepository(db),
    sharing: sharingRepository,
    store,
    signer,
    clock,
    renderer: providers.find((provider) => provider.id === 'sketch') ?? null,
    log: app.log,
  });
  const galleryAbort = new AbortController();
  let gallerySamples: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (config.workerConcurrency === 0) return;
    gallerySamples = gallery
      .ensureSamples(galleryAbort.signal)
      .catch((error) => app.log.warn({ err: error }, 'gallery samples could not be rendered'));
  });
  app.addHook('onClose', async () => {
    galleryAbort.abort();
    await gallerySamples;
  });

  // Scheduled jobs, in every process with workers. Each is safe to run in several processes at once:
  // a monthly reset is claimed by one guarded update; an unsaved result is deleted by one guarded delete.
  const cleanupUnsaved = createUnsavedCleanup({
    database,
    assets,
    generations: generationsRepository,
    store,
    clock,
    log: app.log,
  });
  app.decorate('jobs', {
    runMonthlyResets: (batch?: number) => billing.runMonthlyResets(batch),
    cleanupUnsaved,
    announcementEmails,
  });
  app.addHook('onClose', () => announcementEmails.idle());
  if (config.workerConcurrency > 0) {
    // A sending whose process stopped goes on from its last batch once its lease lapses.
    scheduler.add({
      name: 'announcement-emails',
      everyMs: JOB_RECOVERY_INTERVAL_MS,
      run: () => announcementEmails.run(),
      failure: 'announcement e-mails failed',
    });
  }
  if (config.workerConcurrency > 0) {
    scheduler.add({
      name: 'monthly-resets',
      everyMs: BILLING_JOB_INTERVAL_MS,
      runAtStart: true,
      run: () => billing.runMonthlyResets(),
      failure: 'monthly credit reset failed',
    });
    scheduler.add({
      name: 'unsaved-cleanup',
      everyMs: UNSAVED_CLEANUP_INTERVAL_MS,
      runAtStart: true,
      run: () => cleanupUnsaved(),
      failure: 'unsaved results clean-up failed',
    });
  }

  // Administration (issue 20): one guard in front of every /api/admin route (API keys refused, an
  // administrator's session, a second factor when ADMIN_REQUIRE_2FA=true); audited actions.
  registerAdminGuard(app, {
    authn,
    requireSecondFactor: config.adminRequire2fa ?? false,
    hasSecondFactor: (userId) => twoFactor.hasSecondFactor(userId),
  });
  const admin = createAdminService({
    database,
    admin: createAdminRepository(db, database.dialect),
    users,
    sessions,
    credits,
    twoFactor,
    auth,
    generations,
    generationsRepository,
    audit,
    providerHealth: () => registry.health(),
    languageOf: (userId) => settingFlags.value(userId, 'language'),
    clock,
    log: app.log,
  });
  app.decorate('operations', { admin });

  // Feature modules.
  healthRoutes(app, {
    health: createHealthService({
      database,
      version: VERSION,
      clock,
      startedAt,
      providers: () => registry.health(),
      store,
      ...(config.workerConcurrency > 0 ? { queueRunning: () => queue.running } : {}),
    }),
  });
  authRoutes(app, {
    auth,
    authn,
    users,
    credits,
    database,
    clock,
    limits: config.rateLimits,
    secondStep,
    admin,
  });
  oidcRoutes(app, { oidc, authn, publicUrl: config.publicUrl, https, secondStep });
  twoFactorRoutes(app, {
    auth,
    authn,
    users,
    twoFactor,
    passkeys,
    cookies: twoFactorCookies,
    limits: config.rateLimits,
  });
  adminRoutes(app, { authn, admin });
  auditRoutes(app, { authn, audit });
  settingsRoutes(app, { authn, settings });
  if (push) pushRoutes(app, { authn, push });
  accountRoutes(app, { authn, auth, account });
  filesRoutes(app, { store, signer });
  generationsRoutes(app, {
    authn,
    generations,
    events,
    registry,
    prices: config.prices,
    watch: (jobId, userId) => notifications.watch(jobId, userId),
    allowedModels: (userId) => siteSettings.allowedModels(userId),
    personalModels: (userId) => trainedModels.personal(userId),
  });
  trainingsRoutes(app, { authn, trainings });
  siteSettingsRoutes(app, { authn, siteSettings, invites, announcements: announcementEmails });
  moderationRoutes(app, { authn, moderation });
  providerWebhookRoutes(app, { registry });
  libraryRoutes(app, { authn, library: createLibraryService({ assets, store }), signer });
  // Uploads and the creative tools (issue 16): jobs of the same engine, assets of the same library.
  const limits = uploadLimits(config.uploads);
  const uploads = createUploadsService({
    store,
    assets,
    clock,
    limits,
    planOf: async (userId) => (await users.findById(userId))?.plan ?? 'free',
  });
  const tools = createToolsService({
    registry,
    generations,
    assets,
    store,
    uploadLimits: limits,
    preferredModel: (userId, candidates) => siteSettings.preferredModel(userId, candidates),
  });
  uploadsRoutes(app, { authn, uploads, signer, limits });
  toolsRoutes(app, { authn, tools, generations });
  // Realtime (issue 21): live previews over a WebSocket, "Keep" as a job of the same engine.
  const realtimeRenderers = createRealtimeRenderers({ registry });
  app.addHook('onClose', () => realtimeRenderers.close());
  await realtimeRoutes(app, {
    authn,
    generations,
    appOrigin: new URL(config.publicUrl).origin,
    realtime: createRealtimeService({
      clock,
      renderers: () => realtimeRenderers.list(),
      generations,
      uploads,
      assets,
      store,
      imagePrice: () => config.prices.image,
    }),
  });
  creditsRoutes(app, { authn, credits });
  apiKeysRoutes(app, { authn, keys: apiKeys });
  webhooksRoutes(app, { authn, webhooks });
  billingRoutes(app, { authn, billing, localeOf: requestLocale.of });
  notificationsRoutes(app, { authn, notifications });
  galleryRoutes(app, { gallery, authn });
  sharingRoutes(app, {
    authn,
    sharing: createSharingService({ sharing: sharingRepository, users, assets, signer }),
  });
  analyticsRoutes(app, { authn, analytics });
  usageRoutes(app, {
    authn,
    usage: createUsageService({ usage: usageRepository, billing }),
    localeOf: requestLocale.of,
  });
  apiDocsRoutes(app, {
    document: () =>
      buildAppOpenApiDocument(documentedRoutes(app), {
        cookieName,
        signedInHooks: [authn.signedIn, authn.signedInAdmin],
      }),
  });
  let openapi: ReturnType<typeof buildOpenApiDocument> | undefined;
  // One set of key checks for `/api/v1` and the OpenAI-compatible routes.
  const publicApiAuth = createPublicApiAuth({
    keysRepository: apiKeysRepository,
    limiter: requestLimiter,
    integrationsEnabled: (userId) => settingFlags.integrationsEnabled(userId),
    speaksFor: (request, userId) => requestLocale.speaksFor(request, userId),
    clock,
  });
  publicApiRoutes(app, {
    auth: publicApiAuth,
    service: createPublicApiService({
      keys: apiKeys,
      users,
      generations,
      presenter: createPublicApiPresenter(config.publicUrl),
      recordAccepted: publicApiAuth.recordAccepted,
    }),
    openapi: () => {
      openapi ??= buildOpenApiDocument(documentedRoutes(app), config.prices, config.publicUrl);
      return openapi;
    },
  });
  // The public API's listing, cancel, events, assets, models and account (issue 15).
  const publicPresenter = createPublicApiPresenter(config.publicUrl);
  publicResourcesRoutes(app, {
    auth: publicApiAuth,
    presenter: publicPresenter,
    service: createPublicResourcesService({
      generations,
      generationsRepository,
      library: createLibraryService({ assets, store }),
      users,
      keys: apiKeys,
      accounts: createPublicAccountRepository(db, apiKeysRepository),
      registry,
      prices: config.prices,
      signer,
      presenter: publicPresenter,
      clock,
      allowedModels: (userId) => siteSettings.allowedModels(userId),
      personalModels: (userId) => trainedModels.personal(userId),
    }),
  });
  publicTrainingsRoutes(app, { auth: publicApiAuth, trainings });
  // The public API's uploads, enhance and edit (issue 16), answered like its generators.
  publicToolsRoutes(app, {
    auth: publicApiAuth,
    service: createPublicApiService({
      keys: apiKeys,
      users,
      generations,
      presenter: publicPresenter,
      recordAccepted: publicApiAuth.recordAccepted,
    }),
    tools,
    uploads,
    presenter: publicPresenter,
    signer,
    limits,
  });
  openAICompatRoutes(app, {
    auth: publicApiAuth,
    service: createOpenAICompatService({
      users,
      keys: apiKeys,
      generations,
      registry,
      assets,
      store,
      tools,
      uploads,
      prices: config.prices,
      presenter: createOpenAICompatPresenter({ publicUrl: config.publicUrl, signer }),
      clock,
      startedAt,
      preferredModel: (userId, candidates) => siteSettings.preferredModel(userId, candidates),
      allowedModels: (userId) => siteSettings.allowedModels(userId),
    }),
    localeOf: requestLocale.of,
    limits,
  });

  // The single-page app and the 404 answer.
  const spa: Spa | null = config.webDistDir
    ? await registerSpa(app, config.webDistDir, {
        publicView: () => siteSettings.publicView(null),
        onChange: (listener) => siteSettings.onChange(listener),
        socialProviders: () => oidc.list(),
        publicUrl: config.publicUrl,
      })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isNavigation = request.method === 'GET' || request.method === 'HEAD';
    if (spa && isNavigation && !API_PREFIX.test(pathname) && !HAS_FILE_EXTENSION.test(pathname)) {
      return spa.sendShell(reply, pathname);
    }
    const refusal = API_PREFIX.test(pathname) ? allowedMethods.refusal(request.method, pathname) : null;
    if (refusal) throw refusal;
    return reply.status(404).send(await sendRouteNotFound(request, requestLocale.of));
  });

  return app;
}
