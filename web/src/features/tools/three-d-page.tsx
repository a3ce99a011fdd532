import type { TAsset, TThreeDInfo, TThreeDRequest } from '@kaleido/common';
import { APP_ROUTES, PROVIDER_SETUP_DOCS_PATH } from '@kaleido/common/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Box, Download, FolderOpen, RotateCcw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { api } from '../../lib/api-client';
import { formatCredits } from '../../lib/format';
import { Button, buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { inputClass, Label, Select } from '../../ui/field';
import type { GenerationAccepted } from '../generate/api';
import { NeedsProvider } from './needs-provider';
import { ModelViewer } from './three-d-viewer';
import { ToolJob, useToolJobStart } from './tool-job';
import { ToolEmpty, ToolFormFooter, ToolInfoGate, ToolPage, useSourceAsset } from './tool-page';
import { SourceField } from './upload-control';

/** `GET /api/tools/3d`: the 3D models, the price and the providers that can make 3D objects. */
export const threeDInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['tools', '3d'] as const,
    queryFn: () => api.get<TThreeDInfo>('/api/tools/3d'),
    staleTime: 60_000,
  });

/** `POST /api/generate-3d` without waiting: the job, followed like a generation. */
export function submitThreeD(request: TThreeDRequest): Promise<GenerationAccepted> {
  return api.post<GenerationAccepted>('/api/generate-3d?wait=false', request);
}

/** A finished 3D job's object in the viewer, with its download. */
function ThreeDResult({ result, onReset }: { result: TAsset; onReset: () => void }) {
  const t = useT();
  return (
    <>
      <ModelViewer
        url={result.url}
        label={t('threeD.viewer.label', { prompt: result.prompt })}
        className="aspect-square w-full"
      />
      <div className="flex flex-wrap gap-2">
        <a href={result.downloadUrl} download className={buttonClass({ variant: 'primary', size: 'sm' })}>
          <Download aria-hidden />
          {t('threeD.result.download')}
        </a>
        <Link
          to={`${APP_ROUTES.library}?asset=${encodeURIComponent(result.id)}`}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          <FolderOpen aria-hidden />
          {t('threeD.result.openLibrary')}
        </Link>
        <Button variant="secondary" size="sm" onClick={onReset}>
          <RotateCcw aria-hidden />
          {t('tools.job.again')}
        </Button>
      </div>
    </>
  );
}

function ThreeDForm({ info }: { info: TThreeDInfo }) {
  const t = useT();
  const promptId = useId();
  const modelId = useId();
  const models = info.models.filter((model) => model.available);
  // The image (optional, in the address as `?image=`): offered when an image-to-3D model is configured.
  const image = useSourceAsset('image');
  const takesImages = models.some((model) => model.takesImage);
  const imageAsset = takesImages && image.asset?.type === 'image' ? image.asset : null;
  // With an image, the image-to-3D models; without, those that work from the prompt alone.
  const choices = models.filter((model) => model.takesImage === (imageAsset !== null));
  const [prompt, setPrompt] = useState('');
  const [model, setModel] = useState<string | undefined>(undefined);
  const chosen = choices.find((candidate) => candidate.id === model) ?? choices[0];
  const { jobId, error, submitting, start, reset } = useToolJobStart('threeD.failed');
  const blocked = submitting || prompt.trim() === '' || !chosen;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    const request: TThreeDRequest = {
      prompt,
      ...(imageAsset ? { imageAssetId: imageAsset.id } : {}),
      ...(models.length > 1 ? { model: chosen.id } : {}),
    };
    await start(() => submitThreeD(request));
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_1fr]">
      <Card className="p-4 sm:p-6">
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          {takesImages ? (
            <SourceField
              title={t('threeD.form.image')}
              source={image}
              value={imageAsset}
              kinds={['image']}
              problem={image.missing || (image.asset && !imageAsset) ? t('threeD.form.imageMissing') : null}
              note={choices.length === 0 ? t('threeD.form.imageNeeded') : t('threeD.form.imageHint')}
            />
          ) : null}
          <div>
            <Label htmlFor={promptId}>
              {imageAsset ? t('threeD.form.promptHint') : t('threeD.form.prompt')}
            </Label>
            <textarea
              id={promptId}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              placeholder={t('threeD.form.placeholder')}
              rows={3}
              maxLength={2000}
              className={inputClass({ className: 'h-auto min-h-24 py-2' })}
            />
          </div>
          {choices.length > 1 ? (
            <div>
              <Label htmlFor={modelId}>{t('tools.model')}</Label>
              <Select id={modelId} value={chosen?.id} onChange={(event) => setModel(event.target.value)}>
                {choices.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {t('tools.modelThrough', { name: candidate.name, provider: candidate.providerName })}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          {chosen?.offline ? <p className="text-sm text-fg-muted">{t('threeD.form.offlineNote')}</p> : null}
          <ToolFormFooter
            price={info.price}
            icon={Box}
            label={t('threeD.form.submit', { price: formatCredits(info.price) })}
            pending={submitting}
            disabled={blocked}
            error={error}
          />
        </form>
      </Card>
      <div className="min-w-0">
        {jobId ? (
          <ToolJob
            key={jobId}
            jobId={jobId}
            onReset={reset}
            renderResult={(result) => <ThreeDResult result={result} onReset={reset} />}
          />
        ) : (
          <ToolEmpty>{t('threeD.empty')}</ToolEmpty>
        )}
      </div>
    </div>
  );
}

/**
 * `/tools/3d`: a prompt, or an image with a hint when an image-to-3D model is configured, becomes a
 * GLB 3D object shown in an interactive viewer (issue 21).
 */
export function ThreeDPage() {
  const t = useT();
  const info = useQuery(threeDInfoQueryOptions());
  return (
    <ToolPage title={t('threeD.title')} description={t('threeD.description')} icon={Box}>
      <ToolInfoGate query={info}>
        {(data) =>
          !data.models.some((model) => model.available) ? (
            <NeedsProvider
              what="threeD.title"
              providers={data.providers}
              docsUrl={PROVIDER_SETUP_DOCS_PATH}
            />
          ) : (
            <ThreeDForm info={data} />
          )
        }
      </ToolInfoGate>
    </ToolPage>
  );
}
