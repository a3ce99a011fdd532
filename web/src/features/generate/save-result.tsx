import type { TAsset } from '@kaleido/common';
import { UNSAVED_RETENTION_DAYS } from '@kaleido/common/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, Check } from 'lucide-react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { api, serverText } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { libraryKeys } from '../library/api';
import { settingsQueryOptions } from '../settings/api';

export const saveGenerationPath = (generationId: string) =>
  `/api/generations/${encodeURIComponent(generationId)}/save`;

/**
 * Auto-save off: puts a result in the library (`POST /api/generations/:id/save`). The history and the
 * library are refreshed, so the item then counts as saved everywhere.
 */
export function useSaveResult() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const t = useT();
  return useMutation({
    mutationFn: (asset: TAsset) => {
      if (!asset.generationId) throw new Error('This result has no generation to save.');
      return api.post<TAsset>(saveGenerationPath(asset.generationId));
    },
    onSuccess: (saved) => {
      toast.success(t('generate.save.saved', { type: saved.type }));
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    },
    onError: (error) => {
      toast.error(t('generate.save.failed'), serverText(error));
    },
  });
}

export function UnsavedBadge({ className, decorative }: { className?: string; decorative?: boolean }) {
  const t = useT();
  return (
    <Badge
      tone="warning"
      className={className}
      title={t('generate.save.notInLibrary')}
      aria-hidden={decorative || undefined}
    >
      {t('generate.save.unsaved')}
    </Badge>
  );
}

/** The Save button of an unsaved result; after a save it reads "Saved". */
export function SaveResultButton({
  asset,
  size = 'sm',
  variant = 'secondary',
  className,
  onSaved,
}: {
  asset: TAsset;
  size?: 'sm' | 'md';
  variant?: 'primary' | 'secondary';
  className?: string;
  onSaved?: (saved: TAsset) => void;
}) {
  const t = useT();
  const save = useSaveResult();
  const done = save.isSuccess || asset.saved;
  return (
    <Button
      size={size}
      variant={variant}
      className={cn(className)}
      disabled={save.isPending || done}
      aria-busy={save.isPending || undefined}
      aria-label={done ? t('generate.save.savedLabel') : t('generate.save.saveLabel', { type: asset.type })}
      onClick={() => save.mutate(asset, { onSuccess: (saved) => onSaved?.(saved) })}
    >
      {save.isPending ? <Spinner /> : done ? <Check aria-hidden /> : <BookmarkPlus aria-hidden />}
      {done ? t('generate.save.savedButton') : t('generate.save.button')}
    </Button>
  );
}

/** One line under the history when auto-save is off (Settings → Generation). */
export function AutoSaveOffNote({ className }: { className?: string }) {
  const t = useT();
  const settings = useQuery(settingsQueryOptions());
  if (settings.data?.autoSaveEnabled !== false) return null;
  return (
    <p className={cn('text-xs text-fg-muted', className)}>
      {t('generate.save.autoSaveOff', { days: UNSAVED_RETENTION_DAYS })}
    </p>
  );
}
