import type {
  TAssetKind,
  TAssetTool,
  TAuditAction,
  TAuditTargetType,
  TCreditLedgerKind,
  TGenerationType,
  TJobKind,
} from '@kaleido/common';
import type { Generated } from 'kysely';

/** Kysely's view of the tables (see migrations/). Timestamps are ISO-8601 UTC strings. */
export interface UsersTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  display_name: string;
  /** PHC string; null for accounts that only sign in through a social provider. */
  password_hash: string | null;
  role: 'user' | 'admin';
  plan: 'free' | 'pro' | 'enterprise';
  /** Cached balances of the credit ledger's two buckets, never below zero (CHECK constraints). */
  credits_monthly: Generated<number>;
  credits_purchased: Generated<number>;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
  /** When the person consented to marketing e-mails; null: no consent. */
  marketing_consent_at: Generated<string | null>;
  /** The browser's IANA zone, used when the timezone setting is 'auto'. */
  detected_time_zone: Generated<string | null>;
  /** When the last "credits running low" e-mail was sent (one per crossing of the mark). */
  low_credits_mailed_at: Generated<string | null>;
  /** The public handle, lower-case and unique (migration 0009 gave every existing account one). */
  handle: string | null;
  /** A copy of the profileVisibility setting, kept by the settings service (indexed gallery queries). */
  profile_visibility: Generated<'public' | 'friends' | 'private'>;
  /** When an administrator disabled the account (migration 0016); null: it may sign in. */
  disabled_at: Generated<string | null>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the session secret; the secret itself is never stored. */
  token_hash: string;
  remember: number;
  created_at: string;
  /** When the person last proved who they are (sign-in or re-authentication). */
  authenticated_at: string;
  /** 'passkey': a passkey alone (two factors in one). */
  auth_method: 'password' | 'social' | 'passkey';
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface UserSettingsTable {
  user_id: string;
  /** JSON object of the settings fields (validated by the contract schema). */
  data: string;
  created_at: string;
  updated_at: string;
}

export interface OauthAccountsTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: string;
}

export interface OneTimeTokensTable {
  /** SHA-256 of the token; the token itself is only ever in the e-mail. */
  token_hash: string;
  kind: 'password-reset';
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface AuthThrottleTable {
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** An authenticator app (TOTP); `enabled_at` null while its setup waits for the first code. */
export interface UserTotpTable {
  user_id: string;
  /** The base32 secret sealed with AES-256-GCM (key derived from the server secret). */
  secret_sealed: string;
  enabled_at: string | null;
  /** The last accepted time step: a code of this step or an earlier one is refused (no replay). */
  last_step: number | null;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 of the normalised code; the code itself is shown once. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A WebAuthn credential. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url credential id, unique across accounts. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  counter: number;
  /** JSON array of authenticator transports. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** "Trust this device": SHA-256 of the cookie's secret, revocable. */
export interface TrustedDevicesTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** A short-lived, single-use step of a sign-in or a passkey registration. */
export interface AuthChallengesTable {
  id: string;
  kind: 'second-factor' | 'passkey-register' | 'passkey-login';
  user_id: string | null;
  /** The WebAuthn challenge issued for this step (base64url), if any. */
  webauthn_challenge: string | null;
  /** JSON: what the step carries (the session's remember flag and sign-in method). */
  data: string;
  created_at: string;
  expires_at: string;
}

export interface AppStateTable {
  key: string;
  value: string;
  created_at: string;
}

export type CreditLedgerKind = TCreditLedgerKind;

/** Append-only: every change of a balance is one entry with the balances after it. */
export interface CreditLedgerTable {
  id: string;
  user_id: string;
  kind: CreditLedgerKind;
  delta_monthly: number;
  delta_purchased: number;
  balance_monthly: number;
  balance_purchased: number;
  reference: string | null;
  note: string | null;
  created_at: string;
}

export type GenerationStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** One generation job: its request, life cycle, credit reservation and result. */
export interface GenerationsTable {
  id: string;
  user_id: string;
  kind: TJobKind;
  status: GenerationStatus;
  progress: number;
  stage: string | null;
  prompt: string;
  negative_prompt: string | null;
  /** JSON of the validated options (style, aspect ratio, resolution, …). */
  options: string;
  provider: string;
  model: string;
  seed: number;
  cost: number;
  /** Where the reservation came from, so a refund returns to the same buckets. */
  reserved_monthly: number;
  reserved_purchased: number;
  credit_state: 'reserved' | 'charged' | 'refunded';
  attempts: number;
  /** A running job's worker holds it until this time and renews it; past it, the job is recovered. */
  lease_until: string | null;
  cancel_requested: number;
  provider_state: string | null;
  preview_key: string | null;
  asset_id: string | null;
  error: string | null;
  error_code: string | null;
  details: string | null;
  api_key_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
  /** Heartbeat of an open page of the owner following the job (event stream or polling). */
  watched_at: Generated<string | null>;
  /** JSON of what the runner measured (stages, the provider's error text); null (the default) until it ends. */
  diagnostics: Generated<string | null>;
  /** 1: the output carries the visible mark (decided when the job was accepted). */
  watermark: Generated<number>;
  /** When the clean-up deleted the unsaved result (asset_id is then null). */
  result_expired_at: Generated<string | null>;
  /** A public API request's own webhook target (`webhook`), null otherwise. */
  webhook_url: Generated<string | null>;
  /** JSON array of the event names that request wants (`webhook_events_filter`); null: all. */
  webhook_events: Generated<string | null>;
  /** The tool of the job (issues 16, 21); `generate` for the generators. */
  tool: Generated<TAssetTool>;
  /** JSON array of the assets a tool job works on. */
  source_asset_ids: Generated<string>;
  /** JSON of the tool's request (scale, quality, mode, …); null for generations. */
  tool_options: Generated<string | null>;
}

export interface AssetsTable {
  id: string;
  user_id: string;
  generation_id: string | null;
  /** `audio` only for uploads (issue 16); `model`: a GLB 3D object (issue 21). */
  kind: TAssetKind;
  prompt: string;
  settings: string;
  file_key: string;
  thumbnail_key: string | null;
  content_type: string;
  size_bytes: number;
  width: number;
  height: number;
  duration_seconds: number | null;
  fps: number | null;
  seed: number;
  provider: string;
  model: string;
  created_at: string;
  /** 1: in the library; 0: only in the generator's history (auto-save off), deleted after 7 days. */
  saved: Generated<number>;
  /** 0/1: shown on the owner's profile and in the gallery as their profile visibility allows. */
  shared: Generated<number>;
  /** Made by a job or uploaded by its owner (issue 16). */
  origin: Generated<'generated' | 'uploaded'>;
  /** The tool whose job made it; null for uploads. */
  tool: Generated<TAssetTool | null>;
  /** JSON array of the assets it was made from (kept when they are deleted). */
  source_asset_ids: Generated<string>;
  /** 0/1: hidden by an administrator from the gallery and public profiles (issue 20). */
  hidden: Generated<number>;
}

/** Lineage: one row per (derived asset, source asset). */
export interface AssetSourcesTable {
  asset_id: string;
  source_asset_id: string;
  position: number;
}

export interface UsageLogsTable {
  id: string;
  user_id: string;
  generation_id: string;
  kind: TJobKind;
  /** Null when the person had data collection off at the time (no prompt text kept). */
  prompt: string | null;
  credits: number;
  api_key_id: string | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  /** 'developer' keys of the API Keys page, or the account's one 'personal' key (Settings). */
  kind: 'developer' | 'personal';
  name: string;
  description: string;
  plan: 'free' | 'basic' | 'pro' | 'enterprise';
  /** JSON array of permission slugs, e.g. ["images:create","videos:create","generations:read"]. */
  permissions: string;
  /** SHA-256 of the whole secret: the lookup. */
  key_hash: string;
  /** AES-256-GCM of the secret under a key derived from the server secret, for the owner's reveal. */
  key_encrypted: string;
  /** The first characters of the secret, for display. */
  key_preview: string;
  is_active: number;
  /** This month's remaining allowance; refilled to the plan's figure when the month changes. */
  credits_remaining: number;
  /** The month (YYYY-MM, UTC) the allowance belongs to. */
  credits_period: string;
  usage_count: number;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
  /** The key's own webhook target: events of jobs made with the key go there too. */
  webhook_url: Generated<string | null>;
  /** JSON array of scopes (API_KEY_SCOPES); what the key may do. */
  scopes: string;
  /** When the key stops working (401); null: never. */
  expires_at: string | null;
  /** The owner's cap on what the key spends per `credits_period`, in credits; null: none. */
  monthly_spend_cap: number | null;
  /** Credits charged through the key in `credits_period` (refunds given back); reset with the allowance. */
  credits_spent: number;
  /** After a rotation, the old secret's hash, accepted until `previous_key_expires_at`. */
  previous_key_hash: string | null;
  previous_key_expires_at: string | null;
}

export interface ApiRequestsTable {
  id: string;
  api_key_id: string;
  user_id: string;
  endpoint: string;
  kind: TGenerationType | null;
  outcome:
    | 'success'
    | 'accepted'
    | 'failed'
    | 'cancelled'
    | 'rate_limited'
    | 'insufficient_credits'
    | 'forbidden'
    | 'invalid';
  status_code: number;
  credits: number;
  latency_ms: number;
  generation_id: string | null;
  created_at: string;
}

/**
 * One Idempotency-Key in use (platform/idempotency): unique per caller (the API key, or else the
 * person) and operation, with the hash of the request it came with and what it made.
 */
export interface IdempotencyKeysTable {
  operation: 'generation' | 'purchase' | 'renewal';
  user_id: string;
  /** The public API's caller; null for the person's own keys (browser sessions, purchases). */
  api_key_id: string | null;
  key: string;
  request_hash: string;
  /** The generation's or the purchase's id. */
  resource_id: string;
  created_at: string;
}

/** Each account's billing month (anchored at its start or last upgrade) and a downgrade waiting for it. */
export interface BillingAccountsTable {
  user_id: string;
  pending_plan: 'free' | 'pro' | 'enterprise' | null;
  /** Billing months run from this instant, month after month (clamped to short months). */
  anchor_at: string;
  period_start: string;
  /** The monthly reset (and renewal) is due at this instant. */
  period_end: string;
  created_at: string;
  updated_at: string;
}

/** A card as the payment provider tokenised it: never the whole number, never the CVC. */
export interface PaymentMethodsTable {
  id: string;
  user_id: string;
  provider: string;
  provider_token: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  last4: string;
  exp_month: number;
  exp_year: number;
  cardholder_name: string;
  is_default: number;
  created_at: string;
}

export interface BillingAddressesTable {
  user_id: string;
  name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  created_at: string;
  updated_at: string;
}

export interface PurchasesTable {
  id: string;
  user_id: string;
  kind: 'pack' | 'plan' | 'renewal';
  item: string;
  description: string;
  amount_cents: number;
  currency: 'usd';
  credits: number;
  bonus_credits: number;
  status: 'pending' | 'succeeded' | 'declined';
  failure_code: string | null;
  failure_message: string | null;
  payment_method_id: string | null;
  card_brand: PaymentMethodsTable['brand'] | null;
  card_last4: string | null;
  provider: string;
  provider_charge_id: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface InvoicesTable {
  id: string;
  user_id: string;
  purchase_id: string;
  number: string;
  description: string;
  amount_cents: number;
  currency: 'usd';
  card_brand: PaymentMethodsTable['brand'] | null;
  card_last4: string | null;
  created_at: string;
}

/** A browser's Web Push subscription (endpoint and its RFC 8291 keys). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
  updated_at: string;
}

/** First-party product analytics (page views, feature use): no IP address, no user agent string. */
export interface AnalyticsEventsTable {
  id: string;
  user_id: string | null;
  name: 'page_view' | 'feature_used';
  path: string;
  /** JSON of the whitelisted properties (feature, type). */
  properties: string;
  device: 'mobile' | 'tablet' | 'desktop' | null;
  created_at: string;
}

/** An account's webhook signing secret (sealed), the previous one during a rotation, the disabled flag. */
export interface WebhookSecretsTable {
  user_id: string;
  secret_encrypted: string;
  created_at: string;
  previous_encrypted: string | null;
  previous_expires_at: string | null;
  /** The account URL failed for days (or answered 410): no more deliveries to it until it is saved again. */
  disabled_at: string | null;
}

/** One event to one target: a durable job of the queue, claimed per attempt with `lease_until`. */
export interface WebhookDeliveriesTable {
  id: string;
  user_id: string;
  /** The `webhook-id` header, the same on every attempt and redelivery. */
  event_id: string;
  event: string;
  /** Which target this is: the account URL, a key's URL, or the request's own. */
  source: 'account' | 'key' | 'request';
  target: string;
  /** The JSON body sent, byte for byte the same on every attempt. */
  payload: string;
  generation_id: string | null;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  last_status: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}

/** Site settings and blocked terms (issue 20): one row, `id = 'site'`; `version` +1 on every save. */
export interface SiteSettingsTable {
  id: string;
  settings: string;
  blocked_terms: Generated<string>;
  version: number;
  updated_at: string | null;
  blocked_terms_updated_at: string | null;
}

/** A reported item's place in the review queue. */
export interface ModerationItemsTable {
  asset_id: string;
  status: 'open' | 'hidden' | 'kept';
  report_count: Generated<number>;
  first_reported_at: string;
  last_reported_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** One report per person and item. */
export interface ReportsTable {
  id: string;
  asset_id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  created_at: string;
}

/** Sign-up invite links (only the token's SHA-256). */
export interface InvitesTable {
  id: string;
  token_hash: string;
  note: string | null;
  expires_at: string;
  max_uses: number;
  uses: Generated<number>;
  revoked_at: string | null;
  created_by: string | null;
  created_at: string;
}

/** An announcement e-mail to consenting people, sent in batches (`cursor`: the last recipient's id). */
export interface AnnouncementEmailsTable {
  id: string;
  subject: string;
  body: string;
  status: 'sending' | 'done';
  total: number;
  sent: Generated<number>;
  failed: Generated<number>;
  cursor: string | null;
  lease_until: string | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A personal model training (migration 0020, issue 21): a durable job of the training queue. */
export interface TrainingsTable {
  id: string;
  user_id: string;
  name: string;
  trigger_word: string;
  kind: 'style' | 'product' | 'character';
  provider: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  progress: Generated<number>;
  stage: string | null;
  cost: number;
  reserved_monthly: number;
  reserved_purchased: number;
  /** JSON array of asset ids. */
  source_asset_ids: string;
  remote_id: string | null;
  /** JSON: the provider's handle of the remote training. */
  remote_state: string | null;
  weights_url: string | null;
  remote_version: string | null;
  error: string | null;
  cancel_requested: Generated<number>;
  attempts: Generated<number>;
  lease_until: string | null;
  next_poll_at: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  deleted_at: string | null;
}

/** The audit log (migration 0016): append-only, no foreign keys (rows outlive actors and targets). */
export interface AuditEventsTable {
  id: string;
  created_at: string;
  action: TAuditAction;
  actor_id: string | null;
  /** The actor's e-mail at the time. */
  actor_email: string | null;
  target_type: TAuditTargetType | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON of the state before and after, or null. */
  before: string | null;
  after: string | null;
  reason: string | null;
  ip: string | null;
}

export interface DB {
  audit_events: AuditEventsTable;
  api_keys: ApiKeysTable;
  api_requests: ApiRequestsTable;
  idempotency_keys: IdempotencyKeysTable;
  generations: GenerationsTable;
  assets: AssetsTable;
  asset_sources: AssetSourcesTable;
  usage_logs: UsageLogsTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_settings: UserSettingsTable;
  oauth_accounts: OauthAccountsTable;
  one_time_tokens: OneTimeTokensTable;
  auth_throttle: AuthThrottleTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  trusted_devices: TrustedDevicesTable;
  auth_challenges: AuthChallengesTable;
  app_state: AppStateTable;
  credit_ledger: CreditLedgerTable;
  billing_accounts: BillingAccountsTable;
  payment_methods: PaymentMethodsTable;
  billing_addresses: BillingAddressesTable;
  purchases: PurchasesTable;
  invoices: InvoicesTable;
  push_subscriptions: PushSubscriptionsTable;
  analytics_events: AnalyticsEventsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  site_settings: SiteSettingsTable;
  moderation_items: ModerationItemsTable;
  reports: ReportsTable;
  invites: InvitesTable;
  announcement_emails: AnnouncementEmailsTable;
  trainings: TrainingsTable;
}
