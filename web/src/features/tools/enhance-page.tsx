import type { TAsset, TToolsInfo } from '@kaleido/common';
import {
  ENHANCE_DEFAULTS,
  enhancePrice,
  type TEnhanceQuality,
  type TEnhanceScale,
} from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { Maximize2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { formatCredits, formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { ChoiceGroup } from '../../ui/choice-group';
import { Label, Select } from '../../ui/field';
import { useUser } from '../auth/auth-provider';
import { submitEnhance, toolsInfoQueryOptions } from './api';
import { NeedsProvider } from './needs-provider';
import { ToolJob, useToolJobStart } from './tool-job';
import { ToolEmpty, ToolFormFooter, ToolInfoGate, ToolPage, useSourceAsset } from './tool-page';
import { SourceField } from './upload-control';

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
  const source = useSourceAsset();
  const modelId = useId();
  const [scale, setScale] = useState<TEnhanceScale>(ENHANCE_DEFAULTS.scale);
  const [quality, setQuality] = useState<TEnhanceQuality>(ENHANCE_DEFAULTS.quality);
  const models = info.enhance.models.filter((model) => model.available);
  const [model, setModel] = useState<string | undefined>(undefined);
  const chosenModel = model ?? models[0]?.id;
  // A new source (an upload, a pick, an "Open in Enhancer" link) starts a new enhance.
  const { jobId, error, submitting, start, reset } = useToolJobStart(
    'tools.enhance.failed',
    source.asset?.id ?? null,
  );

  const plan = source.asset ? enhancePlan(source.asset, scale, info, chosenModel) : null;
  const offline = models.find((candidate) => candidate.id === chosenModel)?.offline ?? true;
  const short = plan !== null && user !== null && user.credits < plan.price;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!source.asset || !plan || plan.tooLarge || short || submitting) return;
    const assetId = source.asset.id;
    await start(() =>
      submitEnhance({
        assetId,
        scale,
        quality,
        ...(models.length > 1 && chosenModel ? { model: chosenModel } : {}),
      }),
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_1fr]">
      <Card className="p-4 sm:p-6">
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <SourceField
            title={t('tools.source')}
            source={source}
            value={source.asset}
            kinds={['image', 'video']}
            problem={source.missing ? t('tools.sourceMissing') : null}
          />
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
          <ToolFormFooter
            price={plan?.price ?? null}
            icon={Maximize2}
            label={
              plan
                ? t('tools.enhance.submitPrice', { scale, price: formatCredits(plan.price) })
                : t('tools.enhance.submit', { scale })
            }
            pending={submitting}
            disabled={!source.asset || !plan || plan.tooLarge || short || submitting}
            error={error}
          />
        </form>
      </Card>
      <div className="min-w-0">
        {jobId && source.asset ? (
          <ToolJob key={jobId} jobId={jobId} source={source.asset} onReset={reset} />
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
          <ToolEmpty>{t('tools.enhance.empty')}</ToolEmpty>
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
      <ToolInfoGate query={info}>
        {(data) =>
          !data.enhance.available ? (
            <NeedsProvider
              what="tools.enhance.title"
              providers={data.enhance.providers}
              docsUrl={data.docsUrl}
            />
          ) : (
            <EnhanceForm info={data} />
          )
        }
      </ToolInfoGate>
    </ToolPage>
  );
}
