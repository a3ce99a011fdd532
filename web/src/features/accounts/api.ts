import { LIMITS } from '@kaleido/common/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { forgetAccount } from '../auth/api';

const ACCOUNT_PATHS = {
  export: '/api/account/export',
  account: '/api/account',
} as const;

/** `kaleido-export-2026-03-04.json`, dated by the export's own time when it has one. */
export function exportFileName(exportedAt: unknown, now: Date = new Date()): string {
  const date =
    typeof exportedAt === 'string' && !Number.isNaN(Date.parse(exportedAt)) ? new Date(exportedAt) : now;
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `kaleido-export-${day}.json`;
}

/** Hands a JSON document to the browser as a file download. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/account/export, saved as kaleido-export-YYYY-MM-DD.json. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async () => {
      const data = await api.get<Record<string, unknown>>(ACCOUNT_PATHS.export);
      const fileName = exportFileName(data.exportedAt);
      downloadJson(data, fileName);
      return fileName;
    },
  });
}

/**
 * DELETE /api/account with the confirmation word (and the password when the account has one). On
 * success everything cached about the account is forgotten. A social-only account whose sign-in is not
 * recent gets 403 with details { reauthenticate: 'social' }.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { password?: string }) =>
      api.delete<null>(ACCOUNT_PATHS.account, {
        confirm: LIMITS.accountDeletionConfirmWord,
        ...(request.password === undefined ? {} : { password: request.password }),
      }),
    onSuccess: () => forgetAccount(queryClient),
  });
}

/** True when the server asks the person to confirm with their social sign-in again. */
export function needsSocialReauth(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('details' in error)) return false;
  const details = (error as { details: unknown }).details;
  return (
    typeof details === 'object' &&
    details !== null &&
    (details as { reauthenticate?: unknown }).reauthenticate === 'social'
  );
}
