import type { TAsset, TLipsyncRequest, TToolsInfo } from '@kaleido/common';
import {
  LIPSYNC_DEFAULTS,
  lipsyncOutputSeconds,
  lipsyncPrice,
  type TLipsyncSyncMode,
} from '@kaleido/common/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AudioLines } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { api, serverText } from '../../lib/api-client';
import { formatCredits, formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ChoiceGroup } from '../../ui/choice-group';
import { Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { authKeys } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import type { GenerationAccepted } from '../generate/api';
import { useJobTracker } from '../generate/generation-jobs';
import { toolsInfoQueryOptions } from './api';
import { NeedsProvider } from './needs-provider';
import { ToolJob } from './tool-job';
import { PriceLine, ToolPage, useSourceAsset } from './tool-page';
import { UploadControl } from './upload-control';

const SYNC_MODE_LABELS: Record<TLipsyncSyncMode, { label: MessageId; hint: MessageId }> = {
  cut_off: { label: 'lipsync.syncMode.cutOff', hint: 'lipsync.syncMode.cutOffHint' },
  loop: { label: 'lipsync.syncMode.loop', hint: 'lipsync.syncMode.loopHint' },
  bounce: { label: 'lipsync.syncMode.bounce', hint: 'lipsync.syncMode.bounceHint' },
  silence: { label: 'lipsync.syncMode.silence', hint: 'lipsync.syncMode.silenceHint' },
  remap: { label: 'lipsync.syncMode.remap', hint: 'lipsync.syncMode.remapHint' },
};

/** The audio control speaks of audio, not of pictures. */
const AUDIO_TEXTS: Partial<Record<MessageId, MessageId>> = {
  'tools.upload.drop': 'lipsync.upload.drop',
  'tools.upload.limits': 'lipsync.upload.limits',
  'tools.upload.error.tooLarge': 'lipsync.upload.tooLarge',
  'tools.upload.error.unsupported': 'lipsync.upload.unsupported',
};

/** The video control names the formats lipsync takes. */
const VIDEO_TEXTS: Partial<Record<MessageId, MessageId>> = {
  'tools.upload.drop': 'lipsync.upload.dropVideo',
  'tools.upload.limits': 'lipsync.upload.limitsVideo',
};

/** `POST /api/tools/lipsync` without waiting: the job, followed like a generation. */
export function submitLipsync(request: TLipsyncRequest): Promise<GenerationAccepted> {
  return api.post<GenerationAccepted>('/api/tools/lipsync?wait=false', request);
}

/** What a lipsync of these inputs would make: its length, whether the model makes it, and its price. */
export function lipsyncPlan(
  video: Pick<TAsset, 'metadata'>,
  audio: Pick<TAsset, 'metadata'>,
  syncMode: TLipsyncSyncMode,
  info: TToolsInfo,
  modelId: string | undefined,
): { seconds: number; maxSeconds: number; tooLong: boolean; price: number } {
  const seconds = lipsyncOutputSeconds(
    syncMode,
    video.metadata.durationSeconds ?? 0,
    audio.metadata.durationSeconds ?? 0,
  );
  const model = info.lipsync.models.find((candidate) => candidate.id === modelId) ?? info.lipsync.models[0];
  const maxSeconds = model?.maxOutputSeconds ?? 0;
  return {
    seconds,
    maxSeconds,
    tooLong: seconds > maxSeconds,
    price: lipsyncPrice(seconds, info.prices.minimum),
  };
}

function LipsyncForm({ info }: { info: TToolsInfo }) {
  const t = useT();
  const { user } = useUser();
  const tracker = useJobTracker();
  const queryClient = useQueryClient();
  const video = useSourceAsset();
  const audio = useSourceAsset('audio');
  const modelId = useId();
  const priceId = useId();
  const models = info.lipsync.models.filter((model) => model.available);
  const [model, setModel] = useState<string | undefined>(undefined);
  const chosenModel = model ?? models[0]?.id;
  const [syncMode, setSyncMode] = useState<TLipsyncSyncMode>(LIPSYNC_DEFAULTS.syncMode);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // New inputs start a new lipsync.
  const inputs = `${video.asset?.id ?? ''}/${audio.asset?.id ?? ''}`;
  const [shownInputs, setShownInputs] = useState(inputs);
  if (shownInputs !== inputs) {
    setShownInputs(inputs);
    setJobId(null);
    setError(null);
  }

  const videoAsset = video.asset?.type === 'video' ? video.asset : null;
  const audioAsset = audio.asset?.type === 'audio' ? audio.asset : null;
  const plan =
    videoAsset && audioAsset ? lipsyncPlan(videoAsset, audioAsset, syncMode, info, chosenModel) : null;
  const short = plan !== null && user !== null && user.credits < plan.price;
  const blocked = !plan || plan.tooLong || short || submitting || models.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!videoAsset || !audioAsset || blocked) return;
    setSubmitting(true);
    setError(null);
    try {
      const accepted = await submitLipsync({
        videoAssetId: videoAsset.id,
        audioAssetId: audioAsset.id,
        syncMode,
        ...(models.length > 1 && chosenModel ? { model: chosenModel } : {}),
      });
      tracker.track(accepted.generation);
      setJobId(accepted.generation.id);
    } catch (failure) {
      setError(serverText(failure) ?? t('lipsync.failed'));
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_1fr]">
      <Card className="p-4 sm:p-6">
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <div>
            <h2 className="mb-2 text-[13px] font-medium text-fg">{t('lipsync.video')}</h2>
            {video.loading ? (
              <Spinner />
            ) : (
              <UploadControl
                kinds={['video']}
                value={videoAsset}
                onChange={video.setAsset}
                label={t('lipsync.video')}
                messages={VIDEO_TEXTS}
              />
            )}
            {video.missing || (video.asset && !videoAsset) ? (
              <Alert className="mt-2">{t('lipsync.videoMissing')}</Alert>
            ) : null}
          </div>
          <div>
            <h2 className="mb-2 text-[13px] font-medium text-fg">{t('lipsync.audio')}</h2>
            {audio.loading ? (
              <Spinner />
            ) : (
              <UploadControl
                kinds={['audio']}
                value={audioAsset}
                onChange={audio.setAsset}
                label={t('lipsync.audio')}
                messages={AUDIO_TEXTS}
              />
            )}
            {audio.missing || (audio.asset && !audioAsset) ? (
              <Alert className="mt-2">{t('lipsync.audioMissing')}</Alert>
            ) : null}
          </div>
          <ChoiceGroup
            legend={t('lipsync.syncMode')}
            value={syncMode}
            onChange={setSyncMode}
            options={info.lipsync.syncModes.map((value) => ({
              value,
              label: t(SYNC_MODE_LABELS[value].label),
              hint: t(SYNC_MODE_LABELS[value].hint),
            }))}
          />
          <p className="-mt-3 text-xs text-fg-muted">{t(SYNC_MODE_LABELS[syncMode].hint)}</p>
          {models.length > 1 ? (
            <div>
              <Label htmlFor={modelId}>{t('tools.model')}</Label>
              <Select id={modelId} value={chosenModel} onChange={(event) => setModel(event.target.value)}>
                {models.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {t('tools.modelThrough', { name: candidate.name, provider: candidate.providerName })}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <div className="rounded-xl bg-surface-2 px-3.5 py-3 text-sm">
            {plan ? (
              <p className="font-medium text-fg tabular-nums">
                {t('lipsync.output', { seconds: formatNumber(plan.seconds) })}
              </p>
            ) : null}
            <p className="text-fg-muted">{t('lipsync.tip')}</p>
          </div>
          {models.length === 0 ? <Alert>{t('lipsync.providersDown')}</Alert> : null}
          {plan?.tooLong ? (
            <Alert>
              {t('lipsync.tooLong', {
                seconds: formatNumber(plan.seconds),
                max: formatNumber(plan.maxSeconds),
              })}
            </Alert>
          ) : null}
          {error ? <Alert>{error}</Alert> : null}
          <PriceLine price={plan?.price ?? null} id={priceId} />
          <Button type="submit" variant="accent" size="lg" aria-describedby={priceId} disabled={blocked}>
            {submitting ? <Spinner /> : <AudioLines aria-hidden />}
            {plan ? t('lipsync.submitPrice', { price: formatCredits(plan.price) }) : t('lipsync.submit')}
          </Button>
        </form>
      </Card>
      <div className="min-w-0">
        {jobId && videoAsset ? (
          <ToolJob key={jobId} jobId={jobId} source={videoAsset} onReset={() => setJobId(null)} />
        ) : videoAsset || audioAsset ? (
          <div className="flex flex-col gap-4">
            {videoAsset ? (
              // biome-ignore lint/a11y/useMediaCaption: the person's own video, shown as an input; there is no text to caption.
              <video
                src={videoAsset.url}
                poster={videoAsset.thumbnailUrl ?? undefined}
                controls
                playsInline
                preload="metadata"
                aria-label={t('lipsync.videoPreview')}
                className="max-h-[60dvh] w-full rounded-2xl bg-black"
              />
            ) : null}
            {audioAsset ? (
              // biome-ignore lint/a11y/useMediaCaption: the person's own voice recording, shown as an input.
              <audio
                src={audioAsset.url}
                controls
                preload="metadata"
                aria-label={t('lipsync.audioPreview')}
                className="w-full"
              />
            ) : null}
          </div>
        ) : (
          <div className="flex min-h-60 items-center justify-center rounded-2xl border-2 border-dashed border-line-strong p-6 text-center text-sm text-fg-muted">
            {t('lipsync.empty')}
          </div>
        )}
      </div>
    </div>
  );
}

/** `/tools/lipsync`: a video's lips moved to an audio upload by a hosted model (fal, Replicate). */
export function LipsyncPage() {
  const t = useT();
  const info = useQuery(toolsInfoQueryOptions());
  return (
    <ToolPage title={t('lipsync.title')} description={t('lipsync.description')} icon={AudioLines}>
      {info.isPending ? (
        <Spinner />
      ) : info.isError ? (
        <Alert>{serverText(info.error) ?? t('tools.infoFailed')}</Alert>
      ) : !info.data.lipsync.available ? (
        <NeedsProvider
          what="lipsync.title"
          providers={info.data.lipsync.providers}
          docsUrl={info.data.docsUrl}
        />
      ) : (
        <LipsyncForm info={info.data} />
      )}
    </ToolPage>
  );
}
