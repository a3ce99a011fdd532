import type { TAsset } from '@kaleido/common';
import { APP_ROUTES, UPLOAD_ACCEPT, UPLOAD_LIMITS } from '@kaleido/common/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderOpen, ImagePlus, Music, RefreshCw, Upload, X } from 'lucide-react';
import {
  type DragEvent,
  type ClipboardEvent as ReactClipboardEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { libraryKeys } from '../library/keys';
import { toolsInfoQueryOptions, toolsKeys, uploadFile } from './api';
import { assetFigure, LibraryPicker } from './library-picker';
import type { SourceAsset } from './tool-page';
import {
  checkBeforeUpload,
  formatLimit,
  type UploadKind,
  type UploadProblem,
  uploadProblem,
} from './upload-errors';

export interface UploadControlProps {
  /** What the tool takes: images, or images and videos. */
  kinds: readonly UploadKind[];
  value: TAsset | null;
  onChange: (asset: TAsset | null) => void;
  /** Names the control (the tool's "Source"). */
  label: string;
  /**
   * Texts in place of the generic ones (drop, limits, refusals), for a control taking other kinds
   * (lipsync's audio): they get the same values, plus `audio` (its size limit).
   */
  messages?: Partial<Record<MessageId, MessageId>>;
}

function firstFile(list: FileList | null | undefined): File | null {
  return list && list.length > 0 ? (list[0] ?? null) : null;
}

/**
 * The source of a tool: a file from the device (picker, drag and drop, or paste anywhere on the
 * page) uploaded to the library at no cost, or an item picked from the library. Refusals say why
 * (too large, not a supported type, unreadable, storage full) with the server's detail.
 */
export function UploadControl({ kinds, value, onChange, label, messages }: UploadControlProps) {
  const t = useT();
  const text = (id: MessageId): MessageId => messages?.[id] ?? id;
  const queryClient = useQueryClient();
  const info = useQuery(toolsInfoQueryOptions()).data;
  const limits = info?.uploads ?? UPLOAD_LIMITS;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [picking, setPicking] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const accept = kinds.flatMap((kind) => UPLOAD_ACCEPT[kind]).join(',');

  const send = async (file: File) => {
    const early = checkBeforeUpload(file, kinds, limits);
    if (early) {
      setProblem(early);
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setProblem(null);
    setProgress(0);
    try {
      const asset = await uploadFile(file, { signal: controller.signal, onProgress: setProgress });
      onChange(asset);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      void queryClient.invalidateQueries({ queryKey: toolsKeys.storage() });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        setProblem(uploadProblem(error, kinds, limits));
      }
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setProgress(null);
      }
    }
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  // Paste anywhere on the page (outside text fields) uploads the pasted file.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const file = firstFile(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      void sendRef.current(file);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, []);
  useEffect(() => () => upload.current?.abort(), []);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = firstFile(event.dataTransfer.files);
    if (file) void send(file);
  };
  const onPasteHere = (event: ReactClipboardEvent) => {
    const file = firstFile(event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    void send(file);
  };

  const uploading = progress !== null;
  const picker = picking ? (
    <LibraryPicker
      kinds={kinds}
      onClose={() => setPicking(false)}
      onPick={(asset) => {
        setPicking(false);
        setProblem(null);
        onChange(asset);
      }}
    />
  ) : null;
  const fileInput = (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-hidden
      onChange={(event) => {
        const file = firstFile(event.target.files);
        event.target.value = '';
        if (file) void send(file);
      }}
    />
  );
  const problemView = problem ? (
    <Alert onDismiss={() => setProblem(null)}>
      <p className="font-medium">{t(text(problem.title), problem.values)}</p>
      {problem.detail ? <p className="mt-0.5">{problem.detail}</p> : null}
      {problem.quota ? (
        <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1">
          <Link to={APP_ROUTES.profile} className="font-medium underline underline-offset-2">
            {t('tools.upload.seeStorage')}
          </Link>
          <Link to={APP_ROUTES.library} className="font-medium underline underline-offset-2">
            {t('tools.upload.freeSpace')}
          </Link>
        </p>
      ) : null}
    </Alert>
  ) : null;

  if (value) {
    return (
      <section aria-label={label} className="flex flex-col gap-3">
        <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface-2 p-2.5">
          {value.thumbnailUrl || value.type === 'image' ? (
            <img
              src={value.thumbnailUrl ?? value.url}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-xl object-cover"
            />
          ) : value.type === 'audio' ? (
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-xl bg-surface text-fg-muted">
              <Music aria-hidden className="size-6" />
            </span>
          ) : null}
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium text-fg">{value.prompt || value.metadata.filename}</p>
            <p className="text-fg-muted tabular-nums">
              {assetFigure(
                value,
                t('tools.upload.size', { width: value.metadata.width, height: value.metadata.height }),
              )}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onChange(null)}
            aria-label={t('tools.upload.remove')}
            disabled={uploading}
          >
            <X aria-hidden />
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => inputRef.current?.click()}
            disabled={uploading}
          >
            {uploading ? <Spinner /> : <RefreshCw aria-hidden />}
            {t('tools.upload.replace')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setPicking(true)} disabled={uploading}>
            <FolderOpen aria-hidden />
            {t('tools.upload.fromLibrary')}
          </Button>
        </div>
        {uploading ? <UploadProgress value={progress} onCancel={() => upload.current?.abort()} /> : null}
        {problemView}
        {fileInput}
        {picker}
      </section>
    );
  }

  return (
    <section aria-label={label} className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds drag and drop; its buttons are the keyboard way in. */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onPaste={onPasteHere}
        className={cn(
          'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging ? 'border-accent bg-accent-soft' : 'border-line-strong bg-surface',
        )}
      >
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-surface-2 text-fg-muted">
          {kinds.every((kind) => kind === 'audio') ? (
            <Music aria-hidden className="size-6" />
          ) : (
            <ImagePlus aria-hidden className="size-6" />
          )}
        </span>
        <p className="text-sm font-medium text-fg">
          {t(text('tools.upload.drop'), { kinds: kinds.includes('video') ? 'both' : 'image' })}
        </p>
        <p className="text-xs text-fg-muted">
          {t(text('tools.upload.limits'), {
            kinds: kinds.includes('video') ? 'both' : 'image',
            image: formatLimit(limits.image.maxBytes),
            video: formatLimit(limits.video.maxBytes),
            audio: formatLimit(limits.audio.maxBytes),
          })}
        </p>
        {uploading ? (
          <UploadProgress value={progress} onCancel={() => upload.current?.abort()} />
        ) : (
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="primary" size="sm" onClick={() => inputRef.current?.click()}>
              <Upload aria-hidden />
              {t('tools.upload.choose')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
              <FolderOpen aria-hidden />
              {t('tools.upload.fromLibrary')}
            </Button>
          </div>
        )}
      </div>
      {problemView}
      {fileInput}
      {picker}
    </section>
  );
}

function UploadProgress({ value, onCancel }: { value: number; onCancel: () => void }) {
  const t = useT();
  const percent = Math.round(value * 100);
  return (
    <div className="flex w-full max-w-xs items-center gap-3">
      <div
        role="progressbar"
        aria-label={t('tools.upload.uploading')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
      >
        <span className="block h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs text-fg-muted tabular-nums">{t('tools.upload.percent', { percent })}</span>
      <Button variant="ghost" size="sm" onClick={onCancel}>
        {t('tools.upload.cancel')}
      </Button>
    </div>
  );
}

/**
 * One input of a tool's form: its heading, the upload control (a spinner while the address's item
 * loads), then what is wrong with the item (missing, or not a kind the tool takes), or else a note.
 */
export function SourceField({
  title,
  source,
  value,
  kinds,
  messages,
  problem,
  note,
}: {
  title: string;
  source: SourceAsset;
  /** The item when the tool can use it (of a kind it takes). */
  value: TAsset | null;
  kinds: readonly UploadKind[];
  messages?: Partial<Record<MessageId, MessageId>>;
  problem: string | null;
  note?: string;
}) {
  return (
    <div>
      <h2 className="mb-2 text-[13px] font-medium text-fg">{title}</h2>
      {source.loading ? (
        <Spinner />
      ) : (
        <UploadControl
          kinds={kinds}
          value={value}
          onChange={source.setAsset}
          label={title}
          messages={messages}
        />
      )}
      {problem ? (
        <Alert className="mt-2">{problem}</Alert>
      ) : note ? (
        <p className="mt-2 text-sm text-fg-muted">{note}</p>
      ) : null}
    </div>
  );
}
