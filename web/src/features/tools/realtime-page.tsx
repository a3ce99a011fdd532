import type { TRealtimeStyle } from '@kaleido/common';
import {
  APP_ROUTES,
  PROVIDER_SETUP_DOCS_PATH,
  REALTIME_LIMITS,
  REALTIME_SIZE,
  REALTIME_STYLES,
  TOOL_PROVIDERS,
} from '@kaleido/common/browser';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Zap } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { api, serverText } from '../../lib/api-client';
import { formatCredits } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { authKeys } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { libraryKeys } from '../library/keys';
import { NeedsProvider } from './needs-provider';
import { RealtimeCanvas } from './realtime-canvas';
import { type DrawHistory, type DrawOp, drawAll, drawOp, EMPTY_DRAWING } from './realtime-ops';
import { previewPhase, type RealtimeConnection, useRealtimeSocket } from './realtime-socket';
import { ToolFormFooter, ToolPage } from './tool-page';

/** How long the page waits after a change before sending the next preview (at most one per interval). */
const PREVIEW_INTERVAL_MS = 150;

const STYLE_LABELS: Record<TRealtimeStyle, MessageId> = {
  realistic: 'generate.style.realistic',
  artistic: 'generate.style.artistic',
  cartoon: 'generate.style.cartoon',
  abstract: 'generate.style.abstract',
  photographic: 'generate.style.photographic',
  'digital-art': 'generate.style.digitalArt',
  'oil-painting': 'generate.style.oilPainting',
  watercolor: 'generate.style.watercolor',
};

const STATUS_LABELS: Record<RealtimeConnection['status'], MessageId> = {
  connecting: 'realtime.status.connecting',
  open: 'realtime.status.open',
  reconnecting: 'realtime.status.reconnecting',
  signedOut: 'realtime.status.signedOut',
};

const ERROR_LABELS: Record<string, MessageId> = {
  invalid_message: 'realtime.error.invalid',
  drawing_invalid: 'realtime.error.drawing',
  unknown_model: 'realtime.error.model',
  render_failed: 'realtime.error.render',
  provider_unavailable: 'realtime.error.provider',
};

/** The drawing as the server takes it: a 512² PNG (WebP when that would be too long), transparent where unpainted. */
function exportDrawing(ops: readonly DrawOp[], draft: DrawOp | null): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = REALTIME_SIZE;
  canvas.height = REALTIME_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  drawAll(ctx, ops, REALTIME_SIZE);
  if (draft) drawOp(ctx, draft, REALTIME_SIZE);
  const png = canvas.toDataURL('image/png');
  if (png.length <= REALTIME_LIMITS.maxDrawingChars) return png;
  return canvas.toDataURL('image/webp', 0.8);
}

type KeepState =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; message: string };

function RealtimeStudio() {
  const t = useT();
  const { user } = useUser();
  const queryClient = useQueryClient();
  const socket = useRealtimeSocket();
  const [history, setHistory] = useState<DrawHistory>(EMPTY_DRAWING);
  const [draft, setDraft] = useState<DrawOp | null>(null);
  const [prompt, setPrompt] = useState('');
  const [style, setStyle] = useState<TRealtimeStyle>('digital-art');
  const [model, setModel] = useState<string | undefined>(undefined);
  const [latency, setLatency] = useState<number | null>(null);
  // The newest request sent: until its frame (or a later one) comes, the preview is catching up.
  const [lastSent, setLastSent] = useState<number | null>(null);
  const [scheduled, setScheduled] = useState(false);
  const [keep, setKeep] = useState<KeepState>({ state: 'idle' });
  const promptId = useId();
  const styleId = useId();
  const modelId = useId();
  const statusId = useId();

  // The latest state to preview, read by the timer when it fires (so it always sends the newest).
  const latest = useRef({ ops: history.ops, draft, prompt, style, model });
  latest.current = { ops: history.ops, draft, prompt, style, model };
  const nextId = useRef(0);
  const sentAt = useRef(new Map<number, number>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { send, status, frame, problem, ready } = socket;

  const sendNow = useCallback(() => {
    timer.current = undefined;
    setScheduled(false);
    const state = latest.current;
    const drawing = exportDrawing(state.ops, state.draft);
    if (!drawing) return;
    const id = nextId.current++;
    if (
      send({
        type: 'preview',
        id,
        prompt: state.prompt.slice(0, REALTIME_LIMITS.maxPromptChars),
        style: state.style,
        drawing,
        ...(state.model ? { model: state.model } : {}),
      })
    ) {
      sentAt.current.set(id, performance.now());
      setLastSent(id);
    }
  }, [send]);

  /** At most one preview per interval while things change; the last change is always sent. */
  const schedule = useCallback(
    (delay = PREVIEW_INTERVAL_MS) => {
      if (timer.current !== undefined) return;
      timer.current = setTimeout(sendNow, delay);
      setScheduled(true);
    },
    [sendNow],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each of these is a change to preview.
  useEffect(() => {
    if (status === 'open') schedule();
  }, [status, history, draft, prompt, style, model, schedule]);

  useEffect(() => {
    if (!frame) return;
    const started = sentAt.current.get(frame.id);
    if (started !== undefined) setLatency(Math.round(performance.now() - started));
    for (const id of sentAt.current.keys()) if (id <= frame.id) sentAt.current.delete(id);
  }, [frame]);

  // Refused for the rate: the newest state goes again once a preview is allowed.
  useEffect(() => {
    if (problem?.type === 'rate_limited') {
      clearTimeout(timer.current);
      timer.current = undefined;
      schedule(problem.retryAfterMs);
    }
  }, [problem, schedule]);

  // A new frame may be kept again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on each new frame.
  useEffect(() => {
    setKeep((current) => (current.state === 'saving' ? current : { state: 'idle' }));
  }, [frame?.frameId]);

  const keepFrame = async () => {
    if (!frame) return;
    setKeep({ state: 'saving' });
    try {
      await api.post<unknown>('/api/tools/realtime/keep?wait=true', { frameId: frame.frameId });
      setKeep({ state: 'saved' });
    } catch (failure) {
      setKeep({ state: 'failed', message: serverText(failure) ?? t('realtime.keep.failed') });
    } finally {
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    }
  };

  if (ready && ready.models.length === 0) {
    return (
      <NeedsProvider
        what="realtime.title"
        providers={TOOL_PROVIDERS.realtime}
        docsUrl={PROVIDER_SETUP_DOCS_PATH}
      />
    );
  }
  const phase = previewPhase({ frame, lastSent, scheduled, problem });
  const updating = phase !== 'idle';
  const price = ready?.keepPrice ?? null;
  const short = price !== null && user !== null && user.credits < price;
  const models = ready?.models ?? [];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="flex flex-col gap-4 p-4 sm:p-5">
        <RealtimeCanvas history={history} onChange={setHistory} onDraft={setDraft} />
        <div>
          <Label htmlFor={promptId}>{t('realtime.prompt')}</Label>
          <textarea
            id={promptId}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            maxLength={REALTIME_LIMITS.maxPromptChars}
            rows={2}
            placeholder={t('realtime.promptPlaceholder')}
            className="block w-full resize-y rounded-xl border border-line-strong bg-surface px-3.5 py-2.5 text-[15px] text-fg shadow-sm outline-none placeholder:text-fg-subtle focus:border-accent focus:ring-4 focus:ring-accent-soft"
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor={styleId}>{t('realtime.style')}</Label>
            <Select
              id={styleId}
              value={style}
              onChange={(event) => setStyle(event.target.value as TRealtimeStyle)}
            >
              {REALTIME_STYLES.map((value) => (
                <option key={value} value={value}>
                  {t(STYLE_LABELS[value])}
                </option>
              ))}
            </Select>
          </div>
          {models.length > 1 ? (
            <div>
              <Label htmlFor={modelId}>{t('tools.model')}</Label>
              <Select
                id={modelId}
                value={model ?? models[0]?.id}
                onChange={(event) => setModel(event.target.value)}
              >
                {models.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.offline
                      ? t('tools.modelOffline', { name: candidate.name })
                      : t('tools.modelThrough', { name: candidate.name, provider: candidate.provider })}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
        </div>
      </Card>
      <div className="flex min-w-0 flex-col gap-3">
        <div className="relative aspect-square w-full overflow-hidden rounded-2xl border border-line bg-surface-2">
          {frame ? (
            <img
              src={frame.image}
              alt={t('realtime.output')}
              width={frame.width}
              height={frame.height}
              className={
                frame.draft
                  ? 'size-full object-contain blur-[1px] transition-[filter]'
                  : 'size-full object-contain transition-[filter]'
              }
              data-testid="realtime-output"
              data-frame-id={frame.frameId}
              data-draft={frame.draft}
              data-updating={updating}
            />
          ) : null}
          {frame && updating ? (
            <span className="absolute top-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-surface/80 p-1.5 text-xs text-fg-muted shadow-sm">
              <Spinner />
              {phase === 'refining' ? (
                <span className="pr-1" data-testid="realtime-refining">
                  {t('realtime.refining')}
                </span>
              ) : null}
            </span>
          ) : null}
          {frame ? null : (
            <div className="flex size-full items-center justify-center p-6 text-center text-sm text-fg-muted">
              {status === 'open' ? <Spinner /> : t('realtime.waiting')}
            </div>
          )}
        </div>
        <p
          id={statusId}
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted"
        >
          <span className="inline-flex items-center gap-1.5">
            <span
              aria-hidden
              className={
                status === 'open'
                  ? 'size-2 rounded-full bg-success'
                  : status === 'signedOut'
                    ? 'size-2 rounded-full bg-danger'
                    : 'size-2 rounded-full bg-warning'
              }
            />
            {t(STATUS_LABELS[status])}
          </span>
          {latency !== null ? (
            <span className="tabular-nums" data-testid="realtime-latency">
              {t('realtime.latency', { ms: latency })}
            </span>
          ) : null}
          {frame ? <span>{t('realtime.model', { model: frame.model })}</span> : null}
        </p>
        {problem?.type === 'rate_limited' ? (
          <Alert tone="info">
            {t('realtime.rateLimited', {
              perSecond: problem.perSecond,
              burst: problem.burst,
              seconds: Math.max(1, Math.ceil(problem.retryAfterMs / 1000)),
            })}
          </Alert>
        ) : problem?.type === 'error' ? (
          <Alert>{t(ERROR_LABELS[problem.code] ?? 'realtime.error.render')}</Alert>
        ) : null}
        {keep.state === 'saved' ? (
          <Alert tone="success">
            <span className="inline-flex flex-wrap items-center gap-1.5">
              <Check aria-hidden className="size-4" />
              {t('realtime.keep.saved')}{' '}
              <Link to={APP_ROUTES.library} className="font-medium underline underline-offset-2">
                {t('realtime.keep.openLibrary')}
              </Link>
            </span>
          </Alert>
        ) : null}
        <ToolFormFooter
          price={price}
          icon={Check}
          label={
            price === null
              ? t('realtime.keep.button')
              : t('realtime.keep.buttonPrice', { price: formatCredits(price) })
          }
          pending={keep.state === 'saving'}
          disabled={!frame || short || keep.state === 'saving' || keep.state === 'saved'}
          error={keep.state === 'failed' ? keep.message : null}
          onClick={() => void keepFrame()}
        />
      </div>
    </div>
  );
}

/** `/tools/realtime`: draw and type, and the image beside the canvas follows live. */
export function RealtimePage() {
  const t = useT();
  return (
    <ToolPage title={t('realtime.title')} description={t('realtime.description')} icon={Zap}>
      <RealtimeStudio />
    </ToolPage>
  );
}
