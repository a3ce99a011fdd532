import {
  ACCOUNT_DEFAULTS,
  BLOCKED_TERM_KINDS,
  type TBlockedTerm,
  type TBlockedTerms,
  type TBlockedTermsInput,
  type TPlanId,
  type TPublicSiteSettings,
  type TSiteSettings,
  type TSiteSettingsInput,
  trainingIdOfModel,
  ZBlockedTerm,
  ZSiteSettingsInput,
} from '@kaleido/common';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError } from '../../platform/http/app-error.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import type { ProviderRegistry } from '../generations/provider-registry.js';
import { type Actor, adminChange, type RecordAudit } from './audit.js';
import {
  type BlockedTermsMatcher,
  createBlockedTermsMatcher,
  InvalidPatternError,
  validateBlockedTerms,
} from './blocked-terms.js';
import type { SiteSettingsRepository, SiteSettingsRow } from './site-settings.repository.js';

/** The stored settings: the input's shape (version and time are columns). */
type StoredSettings = z.output<typeof ZSiteSettingsInput>;

const DEFAULTS: StoredSettings = {
  signupMode: 'open',
  startingCredits: ACCOUNT_DEFAULTS.startingCredits,
  planModels: { free: null, pro: null, enterprise: null },
  announcement: null,
};

/** What every use reads: the settings, the compiled blocked terms, and the version they are of. */
interface Effective {
  version: number;
  settings: StoredSettings;
  updatedAt: string | null;
  terms: TBlockedTerm[];
  termsUpdatedAt: string | null;
  matcher: BlockedTermsMatcher;
}

/** A stored JSON value read back leniently: a field an older version did not write takes its default. */
function parseSettings(json: string | undefined): StoredSettings {
  if (!json) return DEFAULTS;
  const parsed = ZSiteSettingsInput.safeParse({ ...DEFAULTS, ...(JSON.parse(json) as object) });
  return parsed.success ? parsed.data : DEFAULTS;
}

function parseTerms(json: string | undefined): TBlockedTerm[] {
  if (!json) return [];
  const parsed = z.array(ZBlockedTerm).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

/** What a submit checks for one person (see `admission`). */
export interface Admission {
  plan: TPlanId;
  /** The first of these models the person's plan allows (undefined: any, or none of them). */
  preferredModel(candidates: readonly string[]): string | undefined;
  /** Throws 400 `CONTENT_BLOCKED` for a blocked term, 403 `MODEL_NOT_ALLOWED` for a model outside the plan. */
  admit(job: { prompt: string; negativePrompt?: string | null; model: string }): void;
}

/**
 * Site settings and blocked terms, stored in the database (one row) and effective in every process
 * without a restart: each use reads the row's `version` (one indexed single-row read) and reloads the
 * row only when another save changed it, so the compiled blocked terms are rebuilt once per change.
 */
export function createSiteSettingsService(deps: {
  database: Database;
  repository: SiteSettingsRepository;
  users: Pick<UsersRepository, 'findById'>;
  registry: Pick<ProviderRegistry, 'models'>;
  clock: Clock;
  audit: RecordAudit;
}) {
  let cached: Effective | null = null;
  /** Told after this process saved the settings (the prerendered pages' values, spa.ts). */
  const listeners = new Set<() => void>();

  function effectiveOf(row: SiteSettingsRow | undefined): Effective {
    const terms = parseTerms(row?.blocked_terms);
    return {
      version: row ? Number(row.version) : 0,
      settings: parseSettings(row?.settings),
      updatedAt: row?.updated_at ?? null,
      terms,
      termsUpdatedAt: row?.blocked_terms_updated_at ?? null,
      matcher: createBlockedTermsMatcher(terms),
    };
  }

  async function current(): Promise<Effective> {
    const version = await deps.repository.version();
    if (cached && cached.version === version) return cached;
    const next = effectiveOf(await deps.repository.find());
    cached = next;
    return next;
  }

  function present(effective: Effective): TSiteSettings {
    return {
      ...effective.settings,
      models: deps.registry
        .models()
        .map(({ provider, model }) => ({ id: model.id, name: model.name, provider: provider.id })),
      version: effective.version,
      updatedAt: effective.updatedAt,
    };
  }

  const presentTerms = (effective: Effective): TBlockedTerms => ({
    terms: effective.terms,
    updatedAt: effective.termsUpdatedAt,
  });

  /** A plan's models: ids, or null for every model. */
  const allowedFor = (settings: StoredSettings, plan: TPlanId): string[] | null => settings.planModels[plan];

  /** The announcement while it lasts. */
  function liveAnnouncement(settings: StoredSettings) {
    const { announcement } = settings;
    if (!announcement) return null;
    if (announcement.until && Date.parse(announcement.until) <= deps.clock.now().getTime()) return null;
    return announcement;
  }

  const now = () => deps.clock.now().toISOString();

  /** The models this person's plan may use (null: every model). */
  async function allowedModels(userId: string): Promise<string[] | null> {
    const user = await deps.users.findById(userId);
    return allowedFor((await current()).settings, user?.plan ?? 'free');
  }

  /**
   * A submit's checks for one person, with the person and the settings read once: the model a submit
   * without one takes, and the admission itself (`admit`).
   */
  async function admission(userId: string): Promise<Admission> {
    const effective = await current();
    const plan = (await deps.users.findById(userId))?.plan ?? 'free';
    const allowed = allowedFor(effective.settings, plan);
    return {
      plan,
      preferredModel: (candidates) => (allowed ? candidates.find((id) => allowed.includes(id)) : undefined),
      admit(job) {
        if (effective.matcher.blocks(job.prompt, job.negativePrompt)) throw new AppError('CONTENT_BLOCKED');
        // A person's own trained model (Train) is not one of the installation's models a plan lists:
        // it answers only to its owner (else the model is unknown), who paid for its training.
        if (allowed && !allowed.includes(job.model) && trainingIdOfModel(job.model) === null) {
          throw new AppError('MODEL_NOT_ALLOWED');
        }
      },
    };
  }

  return {
    current,

    async get(): Promise<TSiteSettings> {
      return present(await current());
    },

    /** Saves the whole set (unknown model ids refused, naming the field) and writes the audit row. */
    async update(actor: Actor, input: TSiteSettingsInput): Promise<TSiteSettings> {
      const next = ZSiteSettingsInput.parse(input);
      const known = new Set(deps.registry.models().map((entry) => entry.model.id));
      for (const [plan, models] of Object.entries(next.planModels)) {
        const unknown = models?.find((id) => !known.has(id));
        if (unknown) {
          const message = { id: 'api.siteSettings.unknownModel' as const, values: { model: unknown } };
          throw new AppError('VALIDATION_FAILED', message, {
            problems: [{ path: `planModels.${plan}`, message }],
          });
        }
      }
      const row = await deps.database.kysely.transaction().execute(async (trx) => {
        const before = parseSettings((await deps.repository.find(trx))?.settings);
        const saved = await deps.repository.saveSettings(JSON.stringify(next), now(), trx);
        await deps.audit(
          adminChange(actor, {
            action: 'site-settings.update',
            target: { type: 'site', id: 'site' },
            before,
            after: next,
          }),
          trx,
        );
        return saved;
      });
      cached = effectiveOf(row);
      for (const listener of listeners) listener();
      return present(cached);
    },

    /**
     * Calls `listener` after each save of the settings in this process (another process's save is
     * seen by `current`, which reads the version); returns the function that stops it.
     */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async blockedTerms(): Promise<TBlockedTerms> {
      return presentTerms(await current());
    },

    /** Replaces the list; a pattern RE2 cannot run is a 400 naming its place in the list. */
    async updateBlockedTerms(actor: Actor, input: TBlockedTermsInput): Promise<TBlockedTerms> {
      const terms = dedupe(input.terms.map((term) => ZBlockedTerm.parse(term)));
      terms.forEach((term, index) => {
        try {
          validateBlockedTerms([term]);
        } catch (error) {
          if (!(error instanceof InvalidPatternError)) throw error;
          const message = { id: 'api.moderation.patternInvalid' as const, values: { term: term.term } };
          throw new AppError('VALIDATION_FAILED', message, {
            problems: [{ path: `terms.${index}.term`, message }],
          });
        }
      });
      const row = await deps.database.kysely.transaction().execute(async (trx) => {
        const before = parseTerms((await deps.repository.find(trx))?.blocked_terms);
        const saved = await deps.repository.saveBlockedTerms(
          JSON.stringify(terms),
          now(),
          JSON.stringify(DEFAULTS),
          trx,
        );
        await deps.audit(
          adminChange(actor, {
            action: 'blocked-terms.update',
            target: { type: 'site', id: 'blocked-terms' },
            before: { terms: before },
            after: { terms },
          }),
          trx,
        );
        return saved;
      });
      cached = effectiveOf(row);
      return presentTerms(cached);
    },

    /** What the web app needs before anything else (no sign-in needed; the plan's models when signed in). */
    async publicView(userId: string | null): Promise<TPublicSiteSettings> {
      const { settings } = await current();
      const user = userId ? await deps.users.findById(userId) : undefined;
      return {
        signupMode: settings.signupMode,
        startingCredits: settings.startingCredits,
        announcement: liveAnnouncement(settings),
        allowedModels: user ? allowedFor(settings, user.plan) : null,
      };
    },

    allowedModels,

    /**
     * The check at every submit, before anything is reserved: a blocked term in the prompt or the
     * negative prompt (400 `CONTENT_BLOCKED`), a model the person's plan may not use (403).
     */
    async admit(userId: string, job: { prompt: string; negativePrompt?: string | null; model: string }) {
      (await admission(userId)).admit(job);
    },

    /** The first of these models the person's plan allows (a submit without a model takes it). */
    async preferredModel(userId: string, candidates: readonly string[]): Promise<string | undefined> {
      return (await admission(userId)).preferredModel(candidates);
    },

    admission,

    /** For sign-up: the mode and the starting credits now (read in the account's transaction). */
    async signupTerms(
      trx?: Executor,
    ): Promise<{ mode: StoredSettings['signupMode']; startingCredits: number }> {
      const row = await deps.repository.find(trx);
      const settings = parseSettings(row?.settings);
      return { mode: settings.signupMode, startingCredits: settings.startingCredits };
    },
  };
}

/** The same term and kind once (case-insensitively), in the order given. */
function dedupe(terms: TBlockedTerm[]): TBlockedTerm[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = `${BLOCKED_TERM_KINDS.indexOf(term.kind)}:${term.term.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
