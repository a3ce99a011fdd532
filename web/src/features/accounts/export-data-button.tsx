import { MESSAGES } from '@kaleido/common/browser';
import { Download } from 'lucide-react';
import { useToast } from '../../app/toast-provider';
import { serverText } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useExportAccount } from './api';

/** Settings › Data › Export: downloads everything the account holds as one JSON file. */
export function ExportDataButton() {
  const exportAccount = useExportAccount();
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      aria-busy={exportAccount.isPending || undefined}
      onClick={() => {
        if (exportAccount.isPending) return;
        exportAccount.mutate(undefined, {
          onSuccess: (fileName) => toast.success('Your data is downloading', fileName),
          onError: (error) => toast.error(MESSAGES.exportFailed, undefined, serverText(error)),
        });
      }}
    >
      {exportAccount.isPending ? <Spinner /> : <Download aria-hidden />}
      {exportAccount.isPending ? 'Preparing...' : 'Export data'}
    </Button>
  );
}
