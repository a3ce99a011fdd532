import type { TAsset } from '@kaleido/common';
import { TRAINING_LIMITS, UPLOAD_ACCEPT, UPLOAD_LIMITS } from '@kaleido/common/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderOpen, ImagePlus, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { libraryKeys } from '../library/keys';
import { toolsInfoQueryOptions, toolsKeys, uploadFile } from './api';
import { LibraryPicker } from './library-picker';
import { checkBeforeUpload, type UploadProblem, uploadProblem } from './upload-errors';

/** The library picker speaks of training images, and its description of the room left. */
const PICK_TEXTS = {
  title: 'train.images.pickTitle',
  description: 'train.images.pickDescription',
  empty: 'train.images.pickEmpty',
  confirm: 'train.images.pickAdd',
  cancel: 'train.images.pickCancel',
} as const;

/** Whether this many images can train: the count line's tone and the form's gate. */
export function imageCountState(count: number): 'few' | 'ok' | 'many' {
  if (count < TRAINING_LIMITS.minImages) return 'few';
  return count > TRAINING_LIMITS.maxImages ? 'many' : 'ok';
}

/** Adds assets to a selection, each once, in the order chosen. */
export function addImages(current: readonly TAsset[], added: readonly TAsset[]): TAsset[] {
  const seen = new Set(current.map((asset) => asset.id));
  const next = [...current];
  for (const asset of added) {
    if (seen.has(asset.id) || asset.type !== 'image') continue;
    seen.add(asset.id);
    next.push(asset);
  }
  return next;
}

/**
 * The images a training learns from: several files at once (picker or drop, uploaded to the library
 * at no cost, one after the other) and picks from the library, shown as removable thumbnails with
 * the count against the 10–40 the trainers take.
 */
export function TrainImages({
  value,
  onChange,
}: {
  value: readonly TAsset[];
  onChange: (next: TAsset[]) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const countId = useId();
  const limits = useQuery(toolsInfoQueryOptions()).data?.uploads ?? UPLOAD_LIMITS;
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [picking, setPicking] = useState(false);
  const [dragging, setDragging] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // The latest selection, for uploads that finish after other changes.
  const current = useRef(value);
  current.current = value;
  useEffect(() => () => controller.current?.abort(), []);

  const send = async (files: File[]) => {
    const images = files.filter((file) => !file.type || file.type.startsWith('image/'));
    if (images.length === 0) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setProblem(null);
    setUploading({ done: 0, total: images.length });
    try {
      for (const [index, file] of images.entries()) {
        const early = checkBeforeUpload(file, ['image'], limits);
        if (early) {
          setProblem(early);
          continue;
        }
        try {
          const asset = await uploadFile(file, { signal: abort.signal });
          onChange(addImages(current.current, [asset]));
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setProblem(uploadProblem(error, ['image'], limits));
        }
        setUploading({ done: index + 1, total: images.length });
      }
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setUploading(null);
        void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
        void queryClient.invalidateQueries({ queryKey: toolsKeys.storage() });
      }
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  };
  const state = imageCountState(value.length);

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={countId}>
      <legend className="mb-1 text-sm font-medium text-fg">{t('train.images.label')}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds drag and drop; its buttons are the keyboard way in. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line-strong bg-surface p-5 text-center',
          dragging && 'border-accent bg-accent-soft',
        )}
      >
        <ImagePlus aria-hidden className="size-7 text-fg-subtle" />
        <p className="text-sm text-fg-muted">
          {t('train.images.drop', { min: TRAINING_LIMITS.minImages, max: TRAINING_LIMITS.maxImages })}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => inputRef.current?.click()}
            disabled={uploading !== null}
          >
            <ImagePlus aria-hidden />
            {t('train.images.choose')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setPicking(true)}
            disabled={uploading !== null}
          >
            <FolderOpen aria-hidden />
            {t('tools.upload.fromLibrary')}
          </Button>
        </div>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT.image.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(files);
          }}
        />
        {uploading ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
            <Spinner />
            {t('train.images.uploading', { done: uploading.done, total: uploading.total })}
            <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
              {t('tools.upload.cancel')}
            </Button>
          </p>
        ) : null}
      </div>
      {problem ? (
        <Alert onDismiss={() => setProblem(null)}>
          <p className="font-medium">{t(problem.title, problem.values)}</p>
          {problem.detail ? <p className="mt-0.5">{problem.detail}</p> : null}
        </Alert>
      ) : null}
      <p
        id={countId}
        aria-live="polite"
        className={cn('text-sm tabular-nums', state === 'ok' ? 'text-fg-muted' : 'text-danger')}
      >
        {t(
          state === 'few'
            ? 'train.images.countFew'
            : state === 'many'
              ? 'train.images.countMany'
              : 'train.images.count',
          { count: value.length, min: TRAINING_LIMITS.minImages, max: TRAINING_LIMITS.maxImages },
        )}
      </p>
      {value.length > 0 ? (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-8">
          {value.map((asset) => (
            <li
              key={asset.id}
              className="relative aspect-square overflow-hidden rounded-lg bg-surface-2 ring-1 ring-line"
            >
              <img
                src={asset.thumbnailUrl ?? asset.url}
                alt=""
                loading="lazy"
                className="size-full object-cover"
              />
              <button
                type="button"
                onClick={() => onChange(value.filter((item) => item.id !== asset.id))}
                aria-label={t('train.images.remove', { name: asset.prompt || asset.metadata.filename })}
                className="absolute top-1 right-1 inline-flex size-6 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {picking ? (
        <LibraryPicker
          kinds={['image']}
          multiple
          limit={Math.max(0, TRAINING_LIMITS.maxImages - value.length)}
          exclude={value.map((asset) => asset.id)}
          texts={PICK_TEXTS}
          onClose={() => setPicking(false)}
          onPick={(assets) => {
            setPicking(false);
            onChange(addImages(value, assets));
          }}
        />
      ) : null}
    </fieldset>
  );
}
