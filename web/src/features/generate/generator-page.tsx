import type { TAsset, TGenerationType } from '@kaleido/common';
import { PROMPT_MAX_LENGTH, UNSAVED_RETENTION_DAYS } from '@kaleido/common/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clapperboard, History, ImageIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { formatCredits } from '../../lib/format';
import { useMediaQuery, usePrefersReducedMotion } from '../../lib/use-media-query';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer } from '../../ui/page';
import { authKeys } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { isOfflineFailure, queueGeneration } from '../pwa/queue-actions';
import { settingsQueryOptions } from '../settings/api';
import { cancelGeneration, GENERATE_PATHS, isFinished, useModels, useSubmitGeneration } from './api';
import { useJobToResume, useJobTracker, useWatchedJob } from './generation-jobs';
import { BannerView, GenerationStage, type ShownResult } from './generation-stage';
import { GeneratorForm } from './generator-form';
import { HistoryPanel } from './history-panel';
import {
  type AnySettings,
  DEFAULT_SETTINGS,
  fieldsForModel,
  readPrefill,
  settingsFrom,
  withAccountDefaults,
} from './options';
import { useBanner } from './use-banner';

const HistoryDrawer = lazy(() =>
  import('./history-drawer').then((module) => ({ default: module.HistoryDrawer })),
);

/** The history panel sits beside the generator from this width; below it, it is a drawer. */
const WIDE_QUERY = '(min-width: 80rem)';
/** Form and result side by side from this width; below it they are stacked. */
const COLUMNS_QUERY = '(min-width: 64rem)';

const COPY = {
  image: {
    eyebrow: 'generate.page.image.eyebrow',
    title: 'generate.page.image.title',
    description: 'generate.page.image.description',
    icon: ImageIcon,
    failed: 'generate.failed.image',
  },
  video: {
    eyebrow: 'generate.page.video.eyebrow',
    title: 'generate.page.video.title',
    description: 'generate.page.video.description',
    icon: Clapperboard,
    failed: 'generate.failed.video',
  },
} as const satisfies Record<
  TGenerationType,
  { eyebrow: MessageId; title: MessageId; description: MessageId; icon: unknown; failed: MessageId }
>;

/**
 * A generator page (spec sections 2, 4 and 5): the form, the live job and its result, and the history
 * of earlier results. Jobs are followed by the GenerationJobsProvider, so a reload or a visit to
 * another page does not lose them; arriving here with one still running shows its progress again.
 */
export function GeneratorPage({ type }: { type: TGenerationType }) {
  const t = useT();
  const copy = COPY[type];
  const Icon = copy.icon;
  const { user } = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tracker = useJobTracker();
  const { models, price: defaultPrice, isLoading: modelsLoading } = useModels(type);
  const account = useQuery({ ...settingsQueryOptions(), enabled: user !== null }).data;
  const submission = useSubmitGeneration(type);
  const { banner, show: showBanner, dismiss: dismissBanner, hold: holdBanner } = useBanner();
  const wide = useMediaQuery(WIDE_QUERY);
  const columns = useMediaQuery(COLUMNS_QUERY);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);

  const [prompt, setPrompt] = useState('');
  const [negativePrompt, setNegativePrompt] = useState('');
  const [settings, setSettings] = useState<AnySettings>(DEFAULT_SETTINGS[type]);
  // Whether the settings were chosen (by the person, a prefill, a history item or a resumed job): from
  // then on the account's defaults no longer apply.
  const settingsChosen = useRef(false);
  const chooseSettings = useCallback((next: AnySettings) => {
    settingsChosen.current = true;
    setSettings(next);
  }, []);
  const [seed, setSeed] = useState('');
  const [modelId, setModelId] = useState<string | null>(null);
  // What this generation will cost: the chosen model's price, else the default model's.
  const price = models.find((model) => model.id === modelId)?.prices?.[type] ?? defaultPrice;
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<ShownResult | null>(null);
  // The last watched job that did not succeed (debug mode shows its diagnostics under the idle frame).
  const [endedJobId, setEndedJobId] = useState<string | null>(null);
  const [fresh, setFresh] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyMounted, setHistoryMounted] = useState(false);

  const job = useWatchedJob(jobId);
  const running = job && !isFinished(job) ? job : null;
  const busy = submission.isPending || running !== null;

  // A prompt (and settings) handed over by another screen: fill the form once, then drop the state
  // so that going back and forth does not fill it again.
  const { state: navigationState, pathname, search } = location;
  useEffect(() => {
    const prefill = readPrefill(navigationState);
    if (!prefill) return;
    if (prefill.prompt !== undefined) setPrompt(prefill.prompt.slice(0, PROMPT_MAX_LENGTH));
    if (prefill.settings) chooseSettings(settingsFrom(type, prefill.settings));
    if (prefill.negativePrompt !== undefined) setNegativePrompt(prefill.negativePrompt);
    if (prefill.seed !== undefined) setSeed(String(prefill.seed));
    if (prefill.model !== undefined) setModelId(prefill.model);
    setResult(null);
    navigate({ pathname, search }, { replace: true, state: null });
    promptRef.current?.focus();
  }, [navigationState, navigate, pathname, search, type, chooseSettings]);

  // A job of this type still running (after a reload, or started before leaving the page), or one that
  // ended while the page was away: show it.
  const resumable = useJobToResume(type);
  const idle = jobId === null && result === null && !submission.isPending;
  useEffect(() => {
    if (!idle || !resumable) return;
    const { generation } = resumable;
    setJobId(generation.id);
    setPrompt(generation.prompt);
    setNegativePrompt(generation.negativePrompt ?? '');
    chooseSettings(settingsFrom(type, generation.settings));
  }, [idle, resumable, type, chooseSettings]);

  // The account's defaults (Settings → Generation): the style and quality, or the duration nearest to
  // the default length among those of the chosen model, until settings are chosen otherwise.
  const defaultsModel = models.find((candidate) => candidate.id === modelId) ?? models[0];
  const defaultsAspect = settings.aspectRatio;
  useEffect(() => {
    if (!account || settingsChosen.current || modelsLoading) return;
    setSettings((current) =>
      withAccountDefaults(type, current, account, fieldsForModel(type, defaultsModel, defaultsAspect)),
    );
  }, [account, modelsLoading, defaultsModel, defaultsAspect, type]);

  // The watched job ended: show the result or say why not.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!job || !isFinished(job) || handled.current === job.id) return;
    handled.current = job.id;
    tracker.markSeen(job.id);
    if (job.status === 'succeeded' && job.asset) {
      setResult({ asset: job.asset, generation: job });
      setFresh(true);
      showBanner(
        'success',
        t(job.asset.saved ? 'generate.banner.ready' : 'generate.banner.readyUnsaved', { type }),
      );
      return;
    }
    setJobId(null);
    setEndedJobId(job.id);
    if (job.status === 'cancelled') showBanner('info', t('generate.banner.cancelled'));
    else showBanner('danger', job.error || t(copy.failed));
  }, [job, tracker, type, copy.failed, showBanner, t]);

  // Stacked (phones): the result area moves above the form when a job starts or an item is picked;
  // once that render is on screen, bring it into view.
  const scrollToStage = useRef(false);
  const showStage = () => {
    if (!columns) scrollToStage.current = true;
  };
  const reducedMotion = usePrefersReducedMotion();
  const stageOnTop = running !== null || result !== null;
  useLayoutEffect(() => {
    // Wait for the render that has moved it (the job list and the page state may commit separately).
    if (!scrollToStage.current || !stageOnTop) return;
    scrollToStage.current = false;
    stageRef.current?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  });

  const submit = async () => {
    const text = prompt.trim();
    if (!text || busy || !user) return;
    if (user.credits < price) {
      showBanner('danger', t('generate.form.insufficientCredits', { type, price }));
      return;
    }
    dismissBanner();
    const body = {
      prompt: text,
      settings,
      ...(negativePrompt.trim() ? { negativePrompt: negativePrompt.trim() } : {}),
      ...(seed !== '' ? { seed: Number(seed) } : {}),
      // A model chosen (or handed over, e.g. Train's model) goes along even before the list has loaded.
      ...(modelId && models.length !== 1 ? { model: modelId } : {}),
    };
    try {
      const accepted = await submission.mutateAsync(body as Parameters<typeof submission.mutateAsync>[0]);
      tracker.track(accepted.generation);
      setResult(null);
      setEndedJobId(null);
      setFresh(false);
      setJobId(accepted.generation.id);
      // The price is reserved now: the balance in the navigation follows.
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      showStage();
    } catch (error) {
      if (isOfflineFailure(error) && (await queueWhileOffline(body, text))) return;
      showBanner('danger', serverText(error) ?? t(copy.failed));
    }
  };

  /** Offline: the request waits in the offline queue and is sent once the connection is back. */
  const queueWhileOffline = async (body: unknown, text: string): Promise<boolean> => {
    if (!user || typeof indexedDB === 'undefined') return false;
    try {
      await queueGeneration(type, GENERATE_PATHS[type], body, { userId: user.id, prompt: text });
    } catch (error) {
      console.error('[pwa] offline queue', error);
      return false;
    }
    showBanner('info', t('generate.banner.offlineQueued', { type }));
    return true;
  };

  const cancel = async () => {
    if (!running) return;
    setCancelling(true);
    try {
      tracker.track(await cancelGeneration(running.id));
    } catch (error) {
      showBanner('danger', serverText(error) ?? t('generate.banner.cancelFailed'));
    } finally {
      setCancelling(false);
    }
  };

  const clear = useCallback(() => {
    setResult(null);
    setEndedJobId(null);
    setJobId(null);
    setFresh(false);
    promptRef.current?.focus();
  }, []);

  const pick = (asset: TAsset) => {
    if (busy) return;
    setJobId(null);
    setResult({ asset });
    setFresh(false);
    setPrompt(asset.prompt);
    chooseSettings(settingsFrom(type, asset.settings));
    dismissBanner();
    showStage();
  };

  const openHistory = () => {
    setHistoryMounted(true);
    setHistoryOpen(true);
  };

  const model = models.find((candidate) => candidate.id === modelId) ?? models[0];
  // Side by side, or with a job or result on top, the banner sits with the result; otherwise (phones,
  // nothing to show yet) it sits just above the Generate button that was pressed.
  const bannerWithForm = !columns && running === null && result === null;
  const bannerView = banner ? (
    <BannerView banner={banner} onDismiss={dismissBanner} onHold={holdBanner} />
  ) : null;

  const formCard = (
    <Card key="form" className="p-4 sm:p-6">
      <GeneratorForm
        type={type}
        promptRef={promptRef}
        prompt={prompt}
        onPromptChange={setPrompt}
        settings={settings}
        onSettingsChange={chooseSettings}
        onSettingsFit={setSettings}
        negativePrompt={negativePrompt}
        onNegativePromptChange={setNegativePrompt}
        seed={seed}
        onSeedChange={setSeed}
        models={models}
        modelId={modelId}
        onModelChange={setModelId}
        price={price}
        user={user}
        busy={busy}
        progress={running ? running.progress : null}
        onSubmit={() => void submit()}
        notice={bannerWithForm ? bannerView : null}
      />
    </Card>
  );
  const stageArea = (
    <div key="stage" ref={stageRef} className="scroll-mt-20 lg:sticky lg:top-20">
      <GenerationStage
        type={type}
        settings={settings}
        running={running}
        result={result}
        fresh={fresh}
        model={model}
        banner={bannerWithForm ? null : banner}
        onDismissBanner={dismissBanner}
        onHoldBanner={holdBanner}
        onCancel={() => void cancel()}
        cancelling={cancelling}
        onClear={clear}
        onUseSeed={(value) => setSeed(String(value))}
        endedJobId={endedJobId}
      />
    </div>
  );
  // Stacked (phones): a running job or a result comes first, above the form. In the DOM, not with CSS
  // order, so reading and tab order follow what is seen.

  return (
    <PageContainer className="py-6 sm:py-10">
      <PageMeta {...PAGE_METADATA[type]} />
      <header className="mb-6 flex items-end justify-between gap-4 sm:mb-8">
        <div className="min-w-0">
          <p className="mb-1.5 inline-flex items-center gap-1.5 text-[13px] font-semibold tracking-[0.12em] text-accent-fg uppercase">
            <Icon aria-hidden className="size-4" />
            {t(copy.eyebrow)}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight text-balance text-fg sm:text-3xl">
            {t(copy.title)}
          </h1>
          <p className="mt-1.5 hidden text-fg-muted sm:block">
            {t(copy.description)}{' '}
            {account?.autoSaveEnabled === false
              ? t('generate.page.autoSaveOff', { days: UNSAVED_RETENTION_DAYS })
              : t('generate.page.autoSaveOn')}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge tone="accent" className="hidden sm:inline-flex">
            {t('generate.page.pricePer', { credits: formatCredits(price) })}
          </Badge>
          {user && !wide ? (
            <Button variant="secondary" size="sm" onClick={openHistory} aria-haspopup="dialog">
              <History aria-hidden />
              {t('generate.history.title')}
            </Button>
          ) : null}
        </div>
      </header>

      {/* No scroll anchoring: the result area moving above the form must not drag the page down. */}
      <div className="grid items-start gap-6 [overflow-anchor:none] lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,23rem)_minmax(0,1fr)_15rem]">
        {stageOnTop && !columns ? [stageArea, formCard] : [formCard, stageArea]}

        {user && wide ? (
          <Card className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto p-4">
            <HistoryPanel type={type} onPick={pick} selectedId={result?.asset.id ?? null} disabled={busy} />
          </Card>
        ) : null}
      </div>

      {user && historyMounted && !wide ? (
        <Suspense fallback={null}>
          <HistoryDrawer
            type={type}
            open={historyOpen}
            onOpenChange={setHistoryOpen}
            onPick={pick}
            selectedId={result?.asset.id ?? null}
            disabled={busy}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
