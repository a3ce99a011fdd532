import type { TGenerationStatus } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { useT } from '../../i18n/use-t';
import { Badge, type BadgeTone } from '../../ui/badge';
import { JOB_STATUS_LABELS } from './labels';

const STATUS_TONES: Record<TGenerationStatus, BadgeTone> = {
  queued: 'neutral',
  running: 'accent',
  succeeded: 'success',
  failed: 'warning',
  cancelled: 'neutral',
};

export function JobStatusBadge({ status }: { status: TGenerationStatus }) {
  const t = useT();
  return <Badge tone={STATUS_TONES[status]}>{t(JOB_STATUS_LABELS[status])}</Badge>;
}

export const jobPath = (id: string) => APP_ROUTES.adminJob.replace(':id', encodeURIComponent(id));
export const personPath = (id: string) => APP_ROUTES.adminPerson.replace(':id', encodeURIComponent(id));
