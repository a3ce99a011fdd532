import type { TAsset } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { Check, Music } from 'lucide-react';
import { useState } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { api } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatElapsed } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { type AssetPage, assetsUrl } from '../library/api';
import { libraryKeys } from '../library/keys';
import type { UploadKind } from './upload-errors';

/** An audio item shows its length where pictures show their size. */
export function assetFigure(asset: TAsset, size: string): string {
  return asset.type === 'audio' ? formatElapsed((asset.metadata.durationSeconds ?? 0) * 1000) : size;
}

/** The dialog's own words; the single pick has generic ones, a multiple pick names what it adds. */
interface PickerTexts {
  title: MessageId;
  description: MessageId;
  empty: MessageId;
}

type LibraryPickerProps = {
  /** What the tool takes: the picker lists only these. */
  kinds: readonly UploadKind[];
  onClose: () => void;
  /** Items already chosen, left out of the list. */
  exclude?: readonly string[];
} & (
  | { multiple?: false; texts?: PickerTexts; onPick: (asset: TAsset) => void }
  | {
      /** Several items: each toggles, and a confirm button (with the count) hands them over together. */
      multiple: true;
      /** At most this many in one go (the room left); the others are disabled once it is reached. */
      limit?: number;
      /** `confirm` gets `{count}`, the number selected. */
      texts: PickerTexts & { confirm: MessageId; cancel: MessageId };
      onPick: (assets: TAsset[]) => void;
    }
);

const SINGLE_TEXTS: PickerTexts = {
  title: 'tools.upload.pickTitle',
  description: 'tools.upload.pickDescription',
  empty: 'tools.upload.pickEmpty',
};

/**
 * The library as a grid of thumbnails to pick from: one item (a tool's source; picked on click), or
 * several (Train's images; toggled, then confirmed). Lists the newest items of the kinds the tool
 * takes: 60 for one, 120 for several.
 */
export function LibraryPicker(props: LibraryPickerProps) {
  const { kinds, onClose, exclude } = props;
  const t = useT();
  const texts = props.texts ?? SINGLE_TEXTS;
  const pageSize = props.multiple ? 120 : 60;
  // Audio exists only as uploads: the picker lists the uploads and keeps the audio.
  const type = kinds.length === 1 ? (kinds[0] === 'audio' ? 'upload' : kinds[0]) : undefined;
  const list = useQuery({
    queryKey: [...libraryKeys.all, 'picker', type ?? 'all', pageSize],
    queryFn: ({ signal }) => api.get<AssetPage>(assetsUrl({ type, limit: pageSize }), { signal }),
    staleTime: 30_000,
  });
  const [picked, setPicked] = useState<TAsset[]>([]);
  const left = new Set(exclude);
  const items = (list.data?.items ?? []).filter(
    (asset) => (kinds as readonly string[]).includes(asset.type) && !left.has(asset.id),
  );
  const full = props.multiple && props.limit !== undefined && picked.length >= props.limit;
  const choose = (asset: TAsset) => {
    if (!props.multiple) {
      props.onPick(asset);
      return;
    }
    setPicked((current) =>
      current.some((item) => item.id === asset.id)
        ? current.filter((item) => item.id !== asset.id)
        : [...current, asset],
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={t(texts.title)}
        description={t(
          texts.description,
          props.multiple && props.limit !== undefined ? { count: props.limit } : undefined,
        )}
        className="sm:w-[min(94vw,44rem)]"
      >
        {list.isPending ? (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner />
          </div>
        ) : list.isError ? (
          <Alert className="mt-4">{t('tools.upload.pickFailed')}</Alert>
        ) : items.length === 0 ? (
          <p className="mt-6 text-sm text-fg-muted">{t(texts.empty)}</p>
        ) : (
          <ul className="mt-4 grid max-h-[60vh] grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-4">
            {items.map((asset) => {
              const on = props.multiple ? picked.some((item) => item.id === asset.id) : undefined;
              return (
                <li key={asset.id}>
                  <button
                    type="button"
                    onClick={() => choose(asset)}
                    aria-pressed={on}
                    disabled={full && !on}
                    aria-label={
                      asset.type === 'audio'
                        ? `${asset.prompt || asset.metadata.filename}, ${assetFigure(asset, '')}`
                        : t('tools.upload.pickItem', {
                            name: asset.prompt || asset.metadata.filename,
                            width: asset.metadata.width,
                            height: asset.metadata.height,
                          })
                    }
                    className={cn(
                      'group relative block aspect-square w-full overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line transition-shadow hover:ring-2 hover:ring-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40 disabled:hover:ring-1 disabled:hover:ring-line',
                      on && 'ring-2 ring-accent',
                    )}
                  >
                    {asset.thumbnailUrl || asset.type === 'image' ? (
                      <img
                        src={asset.thumbnailUrl ?? asset.url}
                        alt=""
                        loading="lazy"
                        className="size-full object-cover transition-transform group-hover:scale-[1.03]"
                      />
                    ) : asset.type === 'audio' ? (
                      <span className="flex size-full items-center justify-center text-fg-muted">
                        <Music aria-hidden className="size-8" />
                      </span>
                    ) : null}
                    {on ? (
                      <span className="absolute top-1 right-1 inline-flex size-6 items-center justify-center rounded-full bg-accent text-white">
                        <Check aria-hidden className="size-4" />
                      </span>
                    ) : null}
                    <span className="absolute right-1 bottom-1 rounded-full bg-black/60 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums">
                      {assetFigure(
                        asset,
                        t('tools.upload.size', {
                          width: asset.metadata.width,
                          height: asset.metadata.height,
                        }),
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {props.multiple ? (
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t(props.texts.cancel)}
            </Button>
            <Button disabled={picked.length === 0} onClick={() => props.onPick(picked)}>
              {t(props.texts.confirm, { count: picked.length })}
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
