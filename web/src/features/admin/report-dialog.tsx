import type { TReportCreated, TReportInput, TReportReason } from '@kaleido/common';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { api, errorMessage, isApiError, serverText } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { Label } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { keysOf, REPORT_REASON_LABELS } from './labels';
import { LIMITS } from './limits';

/** POST /api/reports: one report per person and item (a second answers 409 ALREADY_REPORTED). */
function useReport() {
  return useMutation({
    mutationFn: (input: TReportInput) => api.post<TReportCreated>('/api/reports', input),
  });
}

/**
 * Report a shared creation (gallery and public profiles, signed-in people): a reason and an optional
 * note. Loaded only when someone opens it.
 */
export default function ReportDialog({ itemId, onClose }: { itemId: string; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('admin.report.title')} description={t('admin.report.description')}>
        <ReportForm itemId={itemId} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ itemId, onDone }: { itemId: string; onDone: () => void }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const report = useReport();
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    setFailure(null);
    try {
      await report.mutateAsync({ itemId, reason, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.success(t('admin.report.sent'));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'ALREADY_REPORTED') setFailure(t('admin.report.already'));
      else setFailure(serverText(error) ?? errorMessage(error));
    }
  };

  return (
    <form className="mt-5 space-y-4" onSubmit={(event) => void submit(event)}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">{t('admin.report.reason')}</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {keysOf(REPORT_REASON_LABELS).map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm text-fg has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input
                type="radio"
                name={`${ids}-reason`}
                value={value}
                required
                checked={reason === value}
                onChange={() => setReason(value)}
                className="accent-[var(--accent)]"
              />
              {t(REPORT_REASON_LABELS[value])}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Label htmlFor={`${ids}-note`}>{t('admin.report.note')}</Label>
        <textarea
          id={`${ids}-note`}
          rows={3}
          maxLength={LIMITS.reportNoteMaxLength}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="block w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm outline-none focus:border-accent focus:ring-4 focus:ring-accent-soft"
        />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="ghost">{t('admin.common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={!reason || report.isPending}>
          {report.isPending ? <Spinner /> : <Flag aria-hidden />}
          {t('admin.report.submit')}
        </Button>
      </div>
    </form>
  );
}
