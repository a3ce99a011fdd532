import type { TGeneration } from '@kaleido/common';
import {
  APP_ROUTES,
  EXPERIMENTAL_MESSAGES,
  PROMPT_MAX_LENGTH,
  PROMPT_VARIATIONS_COUNT,
} from '@kaleido/common/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FlaskConical, LayoutGrid, Settings } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { useT } from '../../i18n/use-t';
import { api, serverText } from '../../lib/api-client';
import { formatCredits } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button, buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { FieldHint, Label } from '../../ui/field';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { authKeys } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';
import { GENERATE_PATHS, type GenerationAccepted, isFinished, useModels } from '../generate/api';
import { useJobTracker, useWatchedJob } from '../generate/generation-jobs';
import { stageLabel } from '../generate/job-texts';
import { settingsQueryOptions } from '../settings/api';
import { EXPERIMENTAL_TOOL_TEXT } from './tool-text';
import { useExperimentalFeatures } from './use-experimental';

const TOOL = EXPERIMENTAL_TOOL_TEXT['prompt-variations'];

/** Four distinct seeds. */
function seeds(): number[] {
  const chosen = new Set<number>();
  while (chosen.size < PROMPT_VARIATIONS_COUNT) chosen.add(Math.floor(Math.random() * 2 ** 31));
  return [...chosen];
}

/** One of the four jobs, followed by the shell's job tracker like any generation. */
function VariationCell({ jobId, index }: { jobId: string; index: number }) {
  const t = useT();
  const job = useWatchedJob(jobId);
  const number = index + 1;
  return (
    <figure className="relative aspect-square overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line">
      {job?.status === 'succeeded' && job.asset ? (
        <Link
          to={`${APP_ROUTES.library}?asset=${encodeURIComponent(job.asset.id)}`}
          aria-label={t('experimental.variations.open', { number })}
        >
          <img
            src={job.asset.thumbnailUrl ?? job.asset.url}
            alt={t('experimental.variations.alt', { number, prompt: job.prompt })}
            className="absolute inset-0 size-full object-cover"
          />
        </Link>
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center text-sm">
          {job && isFinished(job) ? (
            <p className="text-danger">{job.error ?? t('experimental.variations.failed')}</p>
          ) : (
            <>
              <Spinner className="text-accent-fg" />
              <p className="tabular-nums text-fg-muted">
                {job
                  ? t('experimental.variations.progress', {
                      progress: job.progress,
                      stage:
                        job.status === 'queued'
                          ? t('generate.stage.queued')
                          : job.stage
                            ? stageLabel(job.stage, t)
                            : t('generate.stage.starting'),
                    })
                  : t('generate.stage.queued')}
              </p>
            </>
          )}
        </div>
      )}
      <figcaption className="absolute top-2 left-2 max-w-[calc(100%-1rem)] truncate rounded-full bg-black/55 px-2 py-0.5 text-xs font-medium text-white tabular-nums">
        {job
          ? t('experimental.variations.captionSeed', { number, seed: job.seed })
          : t('experimental.variations.caption', { number })}
      </figcaption>
    </figure>
  );
}

function VariationsTool() {
  const t = useT();
  const { user } = useUser();
  const tracker = useJobTracker();
  const queryClient = useQueryClient();
  const account = useQuery(settingsQueryOptions()).data;
  const { price } = useModels('image');
  const promptId = useId();
  const [prompt, setPrompt] = useState('');
  const [jobIds, setJobIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const total = price * PROMPT_VARIATIONS_COUNT;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = prompt.trim();
    if (!text || submitting || !user) return;
    if (user.credits < total) {
      setError(
        t('experimental.variations.insufficient', {
          price: formatCredits(price),
          total: formatCredits(total),
        }),
      );
      return;
    }
    setError(null);
    setSubmitting(true);
    // Four normal image jobs, one per seed, with the account's default style and quality.
    const settings = account ? { style: account.defaultImageStyle, quality: account.defaultQuality } : {};
    const started: string[] = [];
    try {
      for (const seed of seeds()) {
        const accepted = await api.post<GenerationAccepted>(`${GENERATE_PATHS.image}?wait=false`, {
          prompt: text,
          seed,
          settings,
        });
        tracker.track(accepted.generation as TGeneration);
        started.push(accepted.generation.id);
      }
    } catch (failure) {
      setError(serverText(failure) ?? t('experimental.variations.failed'));
    } finally {
      setJobIds(started);
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
      <Card className="p-4 sm:p-6">
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <div>
            <Label htmlFor={promptId}>{t('experimental.variations.prompt')}</Label>
            <textarea
              id={promptId}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value.slice(0, PROMPT_MAX_LENGTH))}
              rows={5}
              placeholder={t('experimental.variations.placeholder')}
              className="block w-full resize-y rounded-xl border border-line-strong bg-surface px-3.5 py-3 text-[15px] text-fg shadow-sm outline-none placeholder:text-fg-subtle focus:border-accent focus:ring-4 focus:ring-accent-soft"
            />
            <FieldHint>
              {t('experimental.variations.hint', {
                price: formatCredits(price),
                total: formatCredits(total),
              })}
            </FieldHint>
          </div>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <Button type="submit" variant="accent" disabled={!prompt.trim() || submitting}>
            {submitting ? <Spinner /> : <LayoutGrid aria-hidden />}
            {t('experimental.variations.make', { count: PROMPT_VARIATIONS_COUNT })}
          </Button>
        </form>
      </Card>
      {jobIds.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3" aria-label={t('experimental.variations.list')}>
          {jobIds.map((id, index) => (
            <li key={id}>
              <VariationCell jobId={id} index={index} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex min-h-60 items-center justify-center rounded-2xl border-2 border-dashed border-line-strong p-6 text-center text-sm text-fg-muted">
          {t('experimental.variations.empty')}
        </div>
      )}
    </div>
  );
}

/**
 * Experimental tool "Prompt variations" (EXPERIMENTAL_TOOLS): shown only with Settings → Advanced →
 * Experimental features on; otherwise the page says how to turn it on.
 */
export function PromptVariationsPage() {
  const t = useT();
  const { user } = useUser();
  const { enabled, pending } = useExperimentalFeatures();
  const title = t(TOOL.title);
  const description = t(TOOL.description);
  return (
    <PageContainer className="py-6 sm:py-10">
      <PageMeta title={title} description={description} />
      {!user ? (
        <SignInRequired title={t('experimental.signedOut')} headingLevel={1} />
      ) : pending ? (
        <Spinner />
      ) : !enabled ? (
        <EmptyState
          icon={FlaskConical}
          title={title}
          headingLevel={1}
          description={t(EXPERIMENTAL_MESSAGES.off)}
          actions={
            <Link
              to={`${APP_ROUTES.profile}?tab=settings`}
              className={buttonClass({ variant: 'primary', size: 'lg' })}
            >
              <Settings aria-hidden />
              {t('experimental.openSettings')}
            </Link>
          }
        />
      ) : (
        <>
          <PageHeader
            title={
              <span className="inline-flex flex-wrap items-center gap-2">
                {title} <Badge tone="warning">{t('experimental.badge')}</Badge>
              </span>
            }
            description={description}
          />
          <div className="mt-6">
            <VariationsTool />
          </div>
        </>
      )}
    </PageContainer>
  );
}
