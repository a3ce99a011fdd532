import type { TAsset, TEditRequest, TToolsInfo } from '@kaleido/common';
import {
  EDIT_DEFAULTS,
  EDIT_MODES,
  EXPAND_MAX_MARGIN_RATIO,
  PROMPT_MAX_LENGTH,
  type TEditMode,
} from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { type Translate, useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatCredits, formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { ChoiceGroup } from '../../ui/choice-group';
import { FieldHint, Input, Label, Select } from '../../ui/field';
import { useUser } from '../auth/auth-provider';
import { IMAGE_FIELDS } from '../generate/options';
import { submitEdit, toolsInfoQueryOptions } from './api';
import { exportMask, hasPaint, type MaskOp } from './mask-ops';
import { MaskPainter } from './mask-painter';
import { NeedsProvider } from './needs-provider';
import { ToolJob, useToolJobStart } from './tool-job';
import { ToolEmpty, ToolFormFooter, ToolInfoGate, ToolPage, useSourceAsset } from './tool-page';
import { SourceField } from './upload-control';

export const MODE_LABELS: Record<TEditMode, { label: MessageId; hint: MessageId }> = {
  restyle: { label: 'tools.edit.mode.restyle', hint: 'tools.edit.mode.restyleHint' },
  expand: { label: 'tools.edit.mode.expand', hint: 'tools.edit.mode.expandHint' },
  inpaint: { label: 'tools.edit.mode.inpaint', hint: 'tools.edit.mode.inpaintHint' },
  prompt: { label: 'tools.edit.mode.prompt', hint: 'tools.edit.mode.promptHint' },
};

/** The aspect ratios Expand offers (the image grows around itself to reach one). */
export const EXPAND_RATIOS = ['1:1', '4:3', '3:2', '16:9', '21:9', '3:4', '2:3', '9:16'] as const;

type Margins = { top: number; right: number; bottom: number; left: number };
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const SIDE_LABELS: Record<(typeof SIDES)[number], MessageId> = {
  top: 'tools.edit.expand.top',
  right: 'tools.edit.expand.right',
  bottom: 'tools.edit.expand.bottom',
  left: 'tools.edit.expand.left',
};

/** The size an expand makes: grown to `ratio` around the image, or by the margins. */
export function expandedSize(
  size: { width: number; height: number },
  expand: { ratio: string } | { margins: Margins },
): { width: number; height: number } {
  if ('margins' in expand) {
    const { top, right, bottom, left } = expand.margins;
    return { width: size.width + left + right, height: size.height + top + bottom };
  }
  const [w, h] = expand.ratio.split(':').map(Number);
  const ratio = (w ?? 1) / (h ?? 1);
  if (size.width / size.height < ratio)
    return { width: Math.round(size.height * ratio), height: size.height };
  return { width: size.width, height: Math.round(size.width / ratio) };
}

function styleLabel(value: string, t: Translate): string {
  const field = IMAGE_FIELDS.find((candidate) => candidate.key === 'imageStyle');
  return field ? field.format(value, t) : value;
}

function EditForm({ info }: { info: TToolsInfo }) {
  const t = useT();
  const { user } = useUser();
  const source = useSourceAsset();
  const ids = { prompt: useId(), strength: useId(), model: useId() };
  const [mode, setMode] = useState<TEditMode>('restyle');
  const styles = info.edit.styles;
  const [style, setStyle] = useState<string>(styles.find((value) => value !== 'default') ?? styles[0] ?? '');
  const [strength, setStrength] = useState<number>(EDIT_DEFAULTS.strength);
  const [expandBy, setExpandBy] = useState<'ratio' | 'margins'>('ratio');
  const [ratio, setRatio] = useState<string>('16:9');
  const [margins, setMargins] = useState<Margins>({ top: 0, right: 128, bottom: 0, left: 128 });
  const [prompt, setPrompt] = useState('');
  const [mask, setMask] = useState<{
    ops: readonly MaskOp[];
    painted: { width: number; height: number };
  } | null>(null);
  const [model, setModel] = useState<string | undefined>(undefined);
  // A new source starts a new edit, with no mask.
  const sourceId = source.asset?.id ?? null;
  const { jobId, error, setError, submitting, start, reset } = useToolJobStart('tools.edit.failed', sourceId);
  const [maskedSource, setMaskedSource] = useState(sourceId);
  if (maskedSource !== sourceId) {
    setMaskedSource(sourceId);
    setMask(null);
  }

  const modeInfo = info.edit.modes[mode];
  const models = modeInfo.models.filter((candidate) => candidate.available);
  const chosenModel = models.some((candidate) => candidate.id === model) ? model : models[0]?.id;
  const offline = models.find((candidate) => candidate.id === chosenModel)?.offline ?? false;
  const price = info.prices.edit;
  const short = user !== null && user.credits < price;
  const asset: TAsset | null = source.asset?.type === 'image' ? source.asset : null;
  const expandSize = asset
    ? expandedSize(asset.metadata, expandBy === 'ratio' ? { ratio } : { margins })
    : null;
  const marginMax = (side: (typeof SIDES)[number]) =>
    asset
      ? Math.floor(
          (side === 'top' || side === 'bottom' ? asset.metadata.height : asset.metadata.width) *
            EXPAND_MAX_MARGIN_RATIO,
        )
      : 0;

  const missing: MessageId | null = !asset
    ? null
    : mode === 'inpaint' && !(mask && hasPaint(mask.ops))
      ? 'tools.edit.needMask'
      : (mode === 'inpaint' || mode === 'prompt') && !prompt.trim()
        ? 'tools.edit.needPrompt'
        : mode === 'expand' &&
            expandSize &&
            expandSize.width === asset.metadata.width &&
            expandSize.height === asset.metadata.height
          ? 'tools.edit.needExpand'
          : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!asset || missing || short || submitting || !modeInfo.available) return;
    setError(null);
    const request: TEditRequest = {
      assetId: asset.id,
      mode,
      ...(models.length > 1 && chosenModel ? { model: chosenModel } : {}),
    };
    if (mode === 'restyle') Object.assign(request, { style, strength });
    if (mode === 'expand') request.expand = expandBy === 'ratio' ? { aspectRatio: ratio } : { margins };
    if (mode === 'inpaint' || mode === 'prompt') request.prompt = prompt.trim();
    if (mode === 'inpaint' && mask) {
      const png = exportMask(mask.ops, mask.painted, asset.metadata);
      if (!png) {
        setError(t('tools.edit.maskUnsupported'));
        return;
      }
      request.mask = png;
    }
    await start(() => submitEdit(request));
  };

  const modeLabel = t(MODE_LABELS[mode].label);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_1fr]">
      <Card className="p-4 sm:p-6">
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <SourceField
            title={t('tools.source')}
            source={source}
            value={asset}
            kinds={['image']}
            problem={
              source.missing
                ? t('tools.sourceMissing')
                : source.asset && !asset
                  ? t('tools.edit.imagesOnly')
                  : null
            }
          />
          <ChoiceGroup
            legend={t('tools.edit.mode')}
            value={mode}
            onChange={(value) => {
              setMode(value);
              setError(null);
            }}
            options={EDIT_MODES.map((value) => ({
              value,
              label: t(MODE_LABELS[value].label),
              hint: t(MODE_LABELS[value].hint),
            }))}
          />
          <p className="-mt-3 text-xs text-fg-muted">{t(MODE_LABELS[mode].hint)}</p>

          {!modeInfo.available ? (
            <NeedsProvider
              what={MODE_LABELS[mode].label}
              providers={modeInfo.providers}
              docsUrl={info.docsUrl}
            />
          ) : (
            <>
              {mode === 'restyle' ? (
                <>
                  <ChoiceGroup
                    legend={t('tools.edit.style')}
                    size="sm"
                    value={style}
                    onChange={setStyle}
                    options={styles.map((value) => ({ value, label: styleLabel(value, t) }))}
                  />
                  <div>
                    <div className="flex items-baseline justify-between">
                      <Label htmlFor={ids.strength}>{t('tools.edit.strength')}</Label>
                      <span className="text-xs text-fg-muted tabular-nums">
                        {t('tools.edit.strengthValue', { percent: Math.round(strength * 100) })}
                      </span>
                    </div>
                    <input
                      id={ids.strength}
                      type="range"
                      min={0}
                      max={100}
                      step={5}
                      value={Math.round(strength * 100)}
                      onChange={(event) => setStrength(Number(event.target.value) / 100)}
                      aria-valuetext={t('tools.edit.strengthValue', { percent: Math.round(strength * 100) })}
                      className="w-full accent-[var(--accent)]"
                    />
                    <FieldHint>{t('tools.edit.strengthHint')}</FieldHint>
                  </div>
                </>
              ) : null}

              {mode === 'expand' ? (
                <>
                  <ChoiceGroup
                    legend={t('tools.edit.expand.by')}
                    segmented
                    size="sm"
                    value={expandBy}
                    onChange={setExpandBy}
                    options={[
                      { value: 'ratio', label: t('tools.edit.expand.byRatio') },
                      { value: 'margins', label: t('tools.edit.expand.byMargins') },
                    ]}
                  />
                  {expandBy === 'ratio' ? (
                    <ChoiceGroup
                      legend={t('tools.edit.expand.ratio')}
                      size="sm"
                      value={ratio}
                      onChange={setRatio}
                      options={EXPAND_RATIOS.map((value) => ({ value, label: value }))}
                    />
                  ) : (
                    <fieldset className="grid grid-cols-2 gap-3">
                      <legend className="mb-2 text-[13px] font-medium text-fg">
                        {t('tools.edit.expand.margins')}
                      </legend>
                      {SIDES.map((side) => (
                        <MarginInput
                          key={side}
                          label={t(SIDE_LABELS[side])}
                          value={margins[side]}
                          max={marginMax(side)}
                          onChange={(value) => setMargins((current) => ({ ...current, [side]: value }))}
                        />
                      ))}
                    </fieldset>
                  )}
                  {expandSize ? (
                    <p className="text-sm text-fg-muted tabular-nums">
                      {t('tools.edit.expand.result', {
                        width: formatNumber(expandSize.width),
                        height: formatNumber(expandSize.height),
                      })}
                    </p>
                  ) : null}
                  {offline ? <Alert tone="info">{t('tools.edit.expand.offlineNote')}</Alert> : null}
                </>
              ) : null}

              {mode === 'inpaint' || mode === 'prompt' ? (
                <div>
                  <Label htmlFor={ids.prompt}>
                    {mode === 'inpaint' ? t('tools.edit.inpaintPrompt') : t('tools.edit.prompt')}
                  </Label>
                  <textarea
                    id={ids.prompt}
                    value={prompt}
                    onChange={(event) => setPrompt(event.target.value.slice(0, PROMPT_MAX_LENGTH))}
                    rows={3}
                    placeholder={
                      mode === 'inpaint'
                        ? t('tools.edit.inpaintPlaceholder')
                        : t('tools.edit.promptPlaceholder')
                    }
                    className="block w-full resize-y rounded-xl border border-line-strong bg-surface px-3.5 py-3 text-[15px] text-fg shadow-sm outline-none placeholder:text-fg-subtle focus:border-accent focus:ring-4 focus:ring-accent-soft"
                  />
                </div>
              ) : null}

              {models.length > 1 ? (
                <div>
                  <Label htmlFor={ids.model}>{t('tools.model')}</Label>
                  <Select
                    id={ids.model}
                    value={chosenModel}
                    onChange={(event) => setModel(event.target.value)}
                  >
                    {models.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.offline
                          ? t('tools.modelOffline', { name: candidate.name })
                          : t('tools.modelThrough', {
                              name: candidate.name,
                              provider: candidate.providerName,
                            })}
                      </option>
                    ))}
                  </Select>
                </div>
              ) : null}

              <ToolFormFooter
                price={asset ? price : null}
                icon={PenLine}
                label={t('tools.edit.submit', { mode: modeLabel, price: formatCredits(price) })}
                pending={submitting}
                disabled={!asset || missing !== null || short || submitting}
                error={error}
                hint={missing && asset ? t(missing) : null}
              />
            </>
          )}
        </form>
      </Card>
      <div className="min-w-0">
        {jobId && asset ? (
          <ToolJob key={jobId} jobId={jobId} source={asset} onReset={reset} />
        ) : asset && mode === 'inpaint' && modeInfo.available ? (
          <MaskPainter
            key={asset.id}
            imageUrl={asset.url}
            imageAlt={t('tools.sourceAlt')}
            width={asset.metadata.width}
            height={asset.metadata.height}
            onChange={(ops, painted) => setMask({ ops, painted })}
          />
        ) : asset ? (
          <ExpandPreview
            asset={asset}
            size={mode === 'expand' ? expandSize : null}
            margins={mode === 'expand' && expandBy === 'margins' ? margins : null}
          />
        ) : (
          <ToolEmpty>{t('tools.edit.empty')}</ToolEmpty>
        )}
      </div>
    </div>
  );
}

function MarginInput({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={16}
        size="md"
        value={value}
        onChange={(event) => {
          const next = Math.round(Number(event.target.value));
          onChange(Number.isFinite(next) ? Math.min(max, Math.max(0, next)) : 0);
        }}
        aria-describedby={`${id}-unit`}
      />
      <span id={`${id}-unit`} className="sr-only">
        {t('tools.edit.expand.pixels')}
      </span>
    </div>
  );
}

/** The source, and for an expand the frame it will grow into (the dashed box at the new shape). */
function ExpandPreview({
  asset,
  size,
  margins,
}: {
  asset: TAsset;
  size: { width: number; height: number } | null;
  /** Margins place the image in the frame; an aspect ratio centres it. */
  margins: Margins | null;
}) {
  const t = useT();
  const frame = size ?? asset.metadata;
  const left = margins ? margins.left : (frame.width - asset.metadata.width) / 2;
  const top = margins ? margins.top : (frame.height - asset.metadata.height) / 2;
  return (
    <figure
      className={cn(
        'relative mx-auto max-h-[70dvh] w-full overflow-hidden rounded-2xl',
        size &&
          'border-2 border-dashed border-line-strong bg-[repeating-conic-gradient(var(--surface-2)_0_25%,var(--surface)_0_50%)] bg-[length:20px_20px]',
      )}
      style={{ aspectRatio: `${frame.width} / ${frame.height}` }}
    >
      <img
        src={asset.url}
        alt={t('tools.sourceAlt')}
        className="absolute object-contain"
        style={{
          left: `${(left / frame.width) * 100}%`,
          top: `${(top / frame.height) * 100}%`,
          width: `${(asset.metadata.width / frame.width) * 100}%`,
          height: `${(asset.metadata.height / frame.height) * 100}%`,
        }}
      />
    </figure>
  );
}

/** `/tools/edit`: restyle, expand, inpaint or prompt-edit an image (upload or library). */
export function EditPage() {
  const t = useT();
  const info = useQuery(toolsInfoQueryOptions());
  return (
    <ToolPage title={t('tools.edit.title')} description={t('tools.edit.description')} icon={PenLine}>
      <ToolInfoGate query={info}>{(data) => <EditForm info={data} />}</ToolInfoGate>
    </ToolPage>
  );
}
