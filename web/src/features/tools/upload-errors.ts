import { UPLOAD_LIMITS } from '@kaleido/common/browser';
import type { MessageId } from '../../i18n/catalogs/en';
import { currentLocaleTag } from '../../i18n/locale-state';
import type { MessageValues } from '../../i18n/use-t';
import { isApiError } from '../../lib/api-client';

export type UploadKind = 'image' | 'video' | 'audio';

/** What the upload control says about a refused or failed upload: a headline and, when useful, the server's detail. */
export interface UploadProblem {
  title: MessageId;
  values?: MessageValues;
  /** The server's own explanation (already in the person's language), when it adds something. */
  detail?: string;
  /** The storage quota is full: the control links to the profile (usage) and the library (to free space). */
  quota: boolean;
}

export interface UploadLimits {
  image: { maxBytes: number };
  video: { maxBytes: number };
  /** Audio uploads (lipsync, issue 21); absent: the default limit. */
  audio?: { maxBytes: number };
}

const maxBytesOf = (kind: UploadKind, limits: UploadLimits): number =>
  kind === 'audio' ? (limits.audio ?? UPLOAD_LIMITS.audio).maxBytes : limits[kind].maxBytes;

/**
 * A full quota answers 409, or 413 with the account's usage in `details` (`usedBytes`, `limitBytes`):
 * told apart from a file that is simply too large.
 */
function isQuotaError(status: number, code: string | undefined, details: unknown): boolean {
  if (status === 409 || status === 507) return true;
  if (typeof details === 'object' && details !== null && 'limitBytes' in details) return true;
  return code !== undefined && /QUOTA|STORAGE/i.test(code);
}

/**
 * An upload limit as the server states it (`25 MB` for 25 × 1024² bytes), in the interface's
 * number format: the same figure as the server's own refusal text.
 */
export function formatLimit(bytes: number): string {
  return new Intl.NumberFormat(currentLocaleTag(), {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(bytes / 1024 ** 2);
}

function limitValues(kinds: readonly UploadKind[], limits: UploadLimits): MessageValues {
  return {
    image: formatLimit(limits.image.maxBytes),
    video: formatLimit(limits.video.maxBytes),
    audio: formatLimit(maxBytesOf('audio', limits)),
    kinds: kinds.includes('video') ? 'both' : 'image',
  };
}

/** The problem to show for a failed `POST /api/uploads`, by its status (413 / 415 / 400 / full quota / network). */
export function uploadProblem(
  error: unknown,
  kinds: readonly UploadKind[],
  limits: UploadLimits,
): UploadProblem {
  if (!isApiError(error)) return { title: 'tools.upload.error.failed', quota: false };
  const detail = error.serverMessage;
  if (isQuotaError(error.status, error.code, error.details))
    return { title: 'tools.upload.error.quota', detail, quota: true };
  switch (error.status) {
    case 413:
      return {
        title: 'tools.upload.error.tooLarge',
        values: limitValues(kinds, limits),
        detail,
        quota: false,
      };
    case 415:
      return {
        title: 'tools.upload.error.unsupported',
        values: { kinds: kinds.includes('video') ? 'both' : 'image' },
        quota: false,
      };
    case 400:
      return { title: 'tools.upload.error.unreadable', detail, quota: false };
    case 0:
      return { title: 'tools.upload.error.network', quota: false };
    default:
      return { title: 'tools.upload.error.failed', detail, quota: false };
  }
}

/** The same refusal before sending anything, for a file the browser can already see is too large. */
export function checkBeforeUpload(
  file: Pick<File, 'size' | 'type'>,
  kinds: readonly UploadKind[],
  limits: UploadLimits,
): UploadProblem | null {
  const kind: UploadKind = file.type.startsWith('video/')
    ? 'video'
    : file.type.startsWith('audio/')
      ? 'audio'
      : 'image';
  // The declared type only picks which limit to compare with; the server checks the content.
  const max = kinds.includes(kind)
    ? maxBytesOf(kind, limits)
    : Math.max(...kinds.map((k) => maxBytesOf(k, limits)));
  if (file.size > max) {
    return { title: 'tools.upload.error.tooLarge', values: limitValues(kinds, limits), quota: false };
  }
  return null;
}
