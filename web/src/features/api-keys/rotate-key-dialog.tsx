import type { TApiKey, TCreatedApiKey } from '@kaleido/common';
import { Check, Copy, RotateCw, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { errorMessage, serverText } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useRotateApiKey } from './api';
import { formatShortDateTime } from './key-data';
import { useCopied } from './use-copied';

/** The grace periods offered (hours the old secret keeps working), up to the 7 days the server allows. */
const GRACE_CHOICES: { hours: number; label: MessageId }[] = [
  { hours: 0, label: 'apiKeys.rotate.graceNone' },
  { hours: 1, label: 'apiKeys.rotate.graceHour' },
  { hours: 24, label: 'apiKeys.rotate.graceDay' },
  { hours: 72, label: 'apiKeys.rotate.graceThreeDays' },
  { hours: 168, label: 'apiKeys.rotate.graceWeek' },
];

/**
 * Rotate a key: choose how long the old secret keeps working, then the new secret is shown once with
 * Copy. Rendered only while open, so each opening starts afresh.
 */
export function RotateKeyDialog({
  apiKey,
  open,
  onOpenChange,
}: {
  apiKey: TApiKey;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={t('apiKeys.rotate.title')}
          description={t('apiKeys.rotate.description', { name: apiKey.name })}
          className="sm:w-[min(92vw,32rem)]"
        >
          <RotateForm apiKey={apiKey} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RotateForm({ apiKey }: { apiKey: TApiKey }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const rotate = useRotateApiKey(apiKey.id);
  const { copied, copy } = useCopied();
  const [graceHours, setGraceHours] = useState(24);
  const [rotated, setRotated] = useState<TCreatedApiKey | null>(null);

  const onRotate = async () => {
    try {
      setRotated(await rotate.mutateAsync({ graceHours }));
      toast.success(t('apiKeys.rotate.done'));
    } catch (error) {
      toast.error(t('apiKeys.rotate.failed'), undefined, serverText(error) ?? errorMessage(error));
    }
  };

  const onCopy = async (secret: string) => {
    try {
      await copy(secret);
      toast.success(t('apiKeys.copy.toast'));
    } catch {
      toast.error(t('apiKeys.copy.failed'), t('apiKeys.copy.failedHint'));
    }
  };

  if (rotated) {
    return (
      <div className="mt-5 space-y-4">
        <p className="flex items-start gap-1.5 text-sm text-fg-muted">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          {t('apiKeys.newKey.warning')}
        </p>
        <code
          data-testid="rotated-api-key"
          className="block rounded-xl border border-line bg-surface-2 px-3 py-2.5 font-mono text-[13px] break-all text-fg select-all"
        >
          {rotated.key}
        </code>
        <p className="text-sm text-fg-muted">
          {rotated.previousKeyValidUntil
            ? t('apiKeys.rotate.oldValidUntil', { date: formatShortDateTime(rotated.previousKeyValidUntil) })
            : t('apiKeys.rotate.oldRefused')}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void onCopy(rotated.key)}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            <span aria-live="polite">{copied ? t('apiKeys.copy.copied') : t('apiKeys.copy.label')}</span>
          </Button>
          <DialogClose asChild>
            <Button variant="primary">{t('apiKeys.newKey.done')}</Button>
          </DialogClose>
        </div>
      </div>
    );
  }

  return (
    <div className="mt-5 space-y-4">
      <div>
        <Label htmlFor={`${ids}-grace`}>{t('apiKeys.rotate.grace')}</Label>
        <Select
          id={`${ids}-grace`}
          value={String(graceHours)}
          disabled={rotate.isPending}
          onChange={(event) => setGraceHours(Number(event.target.value))}
        >
          {GRACE_CHOICES.map((choice) => (
            <option key={choice.hours} value={choice.hours}>
              {t(choice.label)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="ghost">{t('apiKeys.settings.cancel')}</Button>
        </DialogClose>
        <Button variant="primary" disabled={rotate.isPending} onClick={() => void onRotate()}>
          {rotate.isPending ? <Spinner /> : <RotateCw aria-hidden />}
          {t('apiKeys.rotate.submit')}
        </Button>
      </div>
    </div>
  );
}
