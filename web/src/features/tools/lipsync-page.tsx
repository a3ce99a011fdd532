import type { TAsset, TLipsyncRequest, TToolsInfo } from '@kaleido/common';
import {
  LIPSYNC_DEFAULTS,
  lipsyncOutputSeconds,
  lipsyncPrice,
  type TLipsyncSyncMode,
} from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { AudioLines } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { api } from '../../lib/api-client';
import { formatCredits, formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { ChoiceGroup } from '../../ui/choice-group';
import { Label, Select } from '../../ui/field';
import { useUser } from '../auth/auth-provider';
import type { GenerationAccepted } from '../generate/api';
import { toolsInfoQueryOptions } from './api';
import { NeedsProvider } from './needs-provider';
import { ToolJob, useToolJobStart } from './tool-job';
import { ToolEmpty, ToolFormFooter, ToolInfoGate, ToolPage, useSourceAsset } from './tool-page';
import { SourceField } from './upload-control';

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
  const video = useSourceAsset();
  const audio = useSourceAsset('audio');
  const modelId = useId();
  const models = info.lipsync.models.filter((model) => model.available);
  const [model, setModel] = useState<string | undefined>(undefined);
  const chosenModel = model ?? models[0]?.id;
  const [syncMode, setSyncMode] = useState<TLipsyncSyncMode>(LIPSYNC_DEFAULTS.syncMode);
  // New inputs start a new lipsync.
  const { jobId, error, submitting, start, reset } = useToolJobStart(
    'lipsync.failed',
    `${video.asset?.id ?? ''}/${audio.asset?.id ?? ''}`,
  );

  const videoAsset = video.asset?.type === 'video' ? video.asset : null;
  const audioAsset = audio.asset?.type === 'audio' ? audio.asset : null;
  const plan =
    videoAsset && audioAsset ? lipsyncPlan(videoAsset, audioAsset, syncMode, info, chosenModel) : null;
  const short = plan !== null && user !== null && user.credits < plan.price;
  const blocked = !plan || plan.tooLong || short || submitting || models.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!videoAsset || !audioAsset || blocked) return;
    const request: TLipsyncRequest = {
      videoAssetId: videoAsset.id,
      audioAssetId: audioAsset.id,
      syncMode,
      ...(models.length > 1 && chosenModel ? { model: chosenModel } : {}),
    };
    await start(() => submitLipsync(request));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_1fr]">
      <Card className="p-4 sm:p-6">
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <SourceField
            title={t('lipsync.video')}
            source={video}
            value={videoAsset}
            kinds={['video']}
            messages={VIDEO_TEXTS}
            problem={video.missing || (video.asset && !videoAsset) ? t('lipsync.videoMissing') : null}
          />
          <SourceField
            title={t('lipsync.audio')}
            source={audio}
            value={audioAsset}
            kinds={['audio']}
            messages={AUDIO_TEXTS}
            problem={audio.missing || (audio.asset && !audioAsset) ? t('lipsync.audioMissing') : null}
          />
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
          <ToolFormFooter
            price={plan?.price ?? null}
            icon={AudioLines}
            label={
              plan ? t('lipsync.submitPrice', { price: formatCredits(plan.price) }) : t('lipsync.submit')
            }
            pending={submitting}
            disabled={blocked}
            error={error}
          />
        </form>
      </Card>
      <div className="min-w-0">
        {jobId && videoAsset ? (
          <ToolJob key={jobId} jobId={jobId} source={videoAsset} onReset={reset} />
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
          <ToolEmpty>{t('lipsync.empty')}</ToolEmpty>
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
      <ToolInfoGate query={info}>
        {(data) =>
          !data.lipsync.available ? (
            <NeedsProvider what="lipsync.title" providers={data.lipsync.providers} docsUrl={data.docsUrl} />
          ) : (
            <LipsyncForm info={data} />
          )
        }
      </ToolInfoGate>
    </ToolPage>
  );
}
