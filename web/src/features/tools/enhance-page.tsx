import type { TAsset, TToolsInfo } from '@kaleido/common';
import {
  ENHANCE_DEFAULTS,
  enhancePrice,
  type TEnhanceQuality,
  type TEnhanceScale,
} from '@kaleido/common/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Maximize2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { formatCredits, formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ChoiceGroup } from '../../ui/choice-group';
import { Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { authKeys } from '../auth/api';
import { useUser } from '../auth/auth-provider';
import { useJobTracker } from '../generate/generation-jobs';
import { submitEnhance, toolsInfoQueryOptions } from './api';
import { NeedsProvider } from './needs-provider';
import { ToolJob } from './tool-job';
import { PriceLine, ToolPage, useSourceAsset } from './tool-page';
import { UploadControl } from './upload-control';

const QUALITY_LABELS: Record<TEnhanceQuality, { label: MessageId; hint: MessageId }> = {
  fast: { label: 'tools.enhance.quality.fast', hint: 'tools.enhance.quality.fastHint' },
  balanced: { label: 'tools.enhance.quality.balanced', hint: 'tools.enhance.quality.balancedHint' },
  best: { label: 'tools.enhance.quality.best', hint: 'tools.enhance.quality.bestHint' },
};

/** What an enhance of `source` would make, and whether the installation can make it. */
export function enhancePlan(
  source: Pick<TAsset, 'type' | 'metadata'>,
  scale: number,
  info: TToolsInfo,
  modelId: string | undefined,
): { width: number; height: number; maxLongSide: number; tooLarge: boolean; price: number } {
  const model = info.enhance.models.find((candidate) => candidate.id === modelId);
  const video = source.type === 'video';
  const maxLongSide = video
    ? info.enhance.maxVideoOutputLongSide
    : (model?.maxOutputLongSide ?? info.enhance.maxOutputLongSide);
  const width = source.metadata.width * scale;
  const height = source.metadata.height * scale;
  const price = enhancePrice(
    { width, height, durationSeconds: video ? source.metadata.durationSeconds : null },
    info.prices,
  );
  return { width, height, maxLongSide, tooLarge: Math.max(width, height) > maxLongSide, price };
}

function EnhanceForm({ info }: { info: TToolsInfo }) {
  const t = useT();
  const { user } = useUser();
  const tracker = useJobTracker();
  const queryClient = useQueryClient();
  const source = useSourceAsset();
  const modelId = useId();
  const priceId = useId();
  const [scale, setScale] = useState<TEnhanceScale>(ENHANCE_DEFAULTS.scale);
  const [quality, setQuality] = useState<TEnhanceQuality>(ENHANCE_DEFAULTS.quality);
  const models = info.enhance.models.filter((model) => model.available);
  const [model, setModel] = useState<string | undefined>(undefined);
  const chosenModel = model ?? models[0]?.id;
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // A new source (an upload, a pick, an "Open in Enhancer" link) starts a new enhance.
  const sourceId = source.asset?.id ?? null;
  const [shownSource, setShownSource] = useState(sourceId);
  if (shownSource !== sourceId) {
    setShownSource(sourceId);
    setJobId(null);
    setError(null);
  }

  const plan = source.asset ? enhancePlan(source.asset, scale, info, chosenModel) : null;
  const offline = models.find((candidate) => candidate.id === chosenModel)?.offline ?? true;
  const short = plan !== null && user !== null && user.credits < plan.price;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!source.asset || !plan || plan.tooLarge || short || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const accepted = await submitEnhance({
        assetId: source.asset.id,
        scale,
        quality,
        ...(models.length > 1 && chosenModel ? { model: chosenModel } : {}),
      });
      tracker.track(accepted.generation);
      setJobId(accepted.generation.id);
    } catch (failure) {
      setError(serverText(failure) ?? t('tools.enhance.failed'));
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
            <h2 className="mb-2 text-[13px] font-medium text-fg">{t('tools.source')}</h2>
            {source.loading ? (
              <Spinner />
            ) : (
              <UploadControl
                kinds={['image', 'video']}
                value={source.asset}
                onChange={source.setAsset}
                label={t('tools.source')}
              />
            )}
            {source.missing ? <Alert className="mt-2">{t('tools.sourceMissing')}</Alert> : null}
          </div>
          <ChoiceGroup
            legend={t('tools.enhance.scale')}
            segmented
            value={scale}
            onChange={setScale}
            options={info.enhance.scales.map((value) => ({
              value,
              label: t('tools.enhance.scaleValue', { scale: value }),
            }))}
          />
          <ChoiceGroup
            legend={t('tools.enhance.quality')}
            segmented
            value={quality}
            onChange={setQuality}
            options={info.enhance.qualities.map((value) => ({
              value,
              label: t(QUALITY_LABELS[value].label),
              hint: t(QUALITY_LABELS[value].hint),
            }))}
          />
          <p className="-mt-3 text-xs text-fg-muted">{t(QUALITY_LABELS[quality].hint)}</p>
          {models.length > 1 ? (
            <div>
              <Label htmlFor={modelId}>{t('tools.model')}</Label>
              <Select id={modelId} value={chosenModel} onChange={(event) => setModel(event.target.value)}>
                {models.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.offline
                      ? t('tools.modelOffline', { name: candidate.name })
                      : t('tools.modelThrough', { name: candidate.name, provider: candidate.providerName })}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <div className="rounded-xl bg-surface-2 px-3.5 py-3 text-sm">
            {plan ? (
              <p className="font-medium text-fg tabular-nums">
                {t('tools.enhance.output', {
                  width: formatNumber(plan.width),
                  height: formatNumber(plan.height),
                })}
              </p>
            ) : null}
            <p className="text-fg-muted">
              {source.asset?.type === 'video'
                ? t('tools.enhance.maxVideo', { side: formatNumber(info.enhance.maxVideoOutputLongSide) })
                : t('tools.enhance.max', {
                    side: formatNumber(plan?.maxLongSide ?? info.enhance.maxOutputLongSide),
                    offline: offline ? 'yes' : 'no',
                  })}
            </p>
          </div>
          {plan?.tooLarge ? (
            <Alert>{t('tools.enhance.tooLarge', { side: formatNumber(plan.maxLongSide) })}</Alert>
          ) : null}
          {error ? <Alert>{error}</Alert> : null}
          <PriceLine price={plan?.price ?? null} id={priceId} />
          <Button
            type="submit"
            variant="accent"
            size="lg"
            aria-describedby={priceId}
            disabled={!source.asset || !plan || plan.tooLarge || short || submitting}
          >
            {submitting ? <Spinner /> : <Maximize2 aria-hidden />}
            {plan
              ? t('tools.enhance.submitPrice', { scale, price: formatCredits(plan.price) })
              : t('tools.enhance.submit', { scale })}
          </Button>
        </form>
      </Card>
      <div className="min-w-0">
        {jobId && source.asset ? (
          <ToolJob key={jobId} jobId={jobId} source={source.asset} onReset={() => setJobId(null)} />
        ) : source.asset?.type === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: the person's own video, shown as the source; there is no text to caption.
          <video
            src={source.asset.url}
            poster={source.asset.thumbnailUrl ?? undefined}
            controls
            playsInline
            preload="metadata"
            aria-label={t('tools.sourceAlt')}
            className="max-h-[70dvh] w-full rounded-2xl bg-black"
          />
        ) : source.asset ? (
          <figure className="flex flex-col gap-2">
            <img
              src={source.asset.url}
              alt={t('tools.sourceAlt')}
              width={source.asset.metadata.width}
              height={source.asset.metadata.height}
              className="h-auto max-h-[70dvh] w-full rounded-2xl object-contain"
            />
          </figure>
        ) : (
          <div className="flex min-h-60 items-center justify-center rounded-2xl border-2 border-dashed border-line-strong p-6 text-center text-sm text-fg-muted">
            {t('tools.enhance.empty')}
          </div>
        )}
      </div>
    </div>
  );
}

/** `/tools/enhance`: neural super-resolution ×2 / ×4 of an upload or a library item. */
export function EnhancePage() {
  const t = useT();
  const info = useQuery(toolsInfoQueryOptions());
  return (
    <ToolPage title={t('tools.enhance.title')} description={t('tools.enhance.description')} icon={Maximize2}>
      {info.isPending ? (
        <Spinner />
      ) : info.isError ? (
        <Alert>{serverText(info.error) ?? t('tools.infoFailed')}</Alert>
      ) : !info.data.enhance.available ? (
        <NeedsProvider
          what="tools.enhance.title"
          providers={info.data.enhance.providers}
          docsUrl={info.data.docsUrl}
        />
      ) : (
        <EnhanceForm info={info.data} />
      )}
    </ToolPage>
  );
}
