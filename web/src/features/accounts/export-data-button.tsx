import { Download } from 'lucide-react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useExportAccount } from './api';

/** Settings › Data › Export: downloads everything the account holds as one JSON file. */
export function ExportDataButton() {
  const exportAccount = useExportAccount();
  const toast = useToast();
  const t = useT();
  return (
    <Button
      variant="secondary"
      aria-busy={exportAccount.isPending || undefined}
      onClick={() => {
        if (exportAccount.isPending) return;
        exportAccount.mutate(undefined, {
          onSuccess: (fileName) => toast.success(t('accounts.export.started'), fileName),
          onError: (error) => toast.error(t('accounts.export.failed'), undefined, serverText(error)),
        });
      }}
    >
      {exportAccount.isPending ? <Spinner /> : <Download aria-hidden />}
      {t(exportAccount.isPending ? 'accounts.export.preparing' : 'accounts.export.button')}
    </Button>
  );
}
