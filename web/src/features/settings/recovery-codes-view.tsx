import { PRODUCT_NAME } from '@kaleido/common/browser';
import { Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { useCopied } from '../api-keys/use-copied';

/** The text file of the codes: a heading naming the account, the codes one per line, and the rule. */
function codesFile(heading: string, note: string, codes: readonly string[]): string {
  return `${heading}\n\n${codes.join('\n')}\n\n${note}\n`;
}

/**
 * The ten recovery codes, shown once (after turning two-factor on, or creating new ones): copy, download
 * as a text file, and "I have saved these codes" before Done closes it, so nobody leaves them unseen.
 * `onSavedChange` tells the dialog, which may close otherwise (Escape, ×) only once they are saved.
 */
export function RecoveryCodesView({
  codes,
  email,
  onDone,
  onSavedChange,
}: {
  codes: readonly string[];
  email: string;
  onDone: () => void;
  onSavedChange?: (saved: boolean) => void;
}) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const { copied, copy } = useCopied();
  const [saved, setSaved] = useState(false);

  const file = () =>
    codesFile(
      t('security.codes.fileTitle', { product: PRODUCT_NAME, email }),
      t('security.codes.fileNote', { date: formatDateTime(new Date()) }),
      codes,
    );

  const download = () => {
    const url = URL.createObjectURL(new Blob([file()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${PRODUCT_NAME.toLowerCase()}-recovery-codes.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="mt-4 space-y-4">
      <ol
        aria-label={t('security.codes.listLabel')}
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-xl border border-line bg-surface-2 px-4 py-3 font-mono text-[15px] text-fg tabular-nums"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void copy(codes.join('\n')).catch(() => toast.error(t('settings.apiKey.toast.copyFailed')))
          }
        >
          <Copy aria-hidden />
          <span aria-live="polite">{copied ? t('security.codes.copied') : t('security.codes.copy')}</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          <Download aria-hidden />
          {t('security.codes.download')}
        </Button>
      </div>
      <label
        htmlFor={`${ids}-saved`}
        className="flex cursor-pointer items-center gap-2 text-sm text-fg select-none"
      >
        <input
          id={`${ids}-saved`}
          type="checkbox"
          checked={saved}
          onChange={(event) => {
            setSaved(event.target.checked);
            onSavedChange?.(event.target.checked);
          }}
          className="size-4 rounded border-line-strong accent-[var(--accent)]"
        />
        {t('security.codes.saved')}
      </label>
      <div className="flex justify-end">
        <Button variant="primary" disabled={!saved} onClick={onDone}>
          {t('security.codes.done')}
        </Button>
      </div>
    </div>
  );
}
