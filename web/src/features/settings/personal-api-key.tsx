import type { TApiKey } from '@kaleido/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Eye, EyeOff, KeyRound, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { api, serverText } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { revealApiKey } from '../api-keys/api';
import { maskKey } from '../api-keys/key-data';
import { useCopied } from '../api-keys/use-copied';
import { settingsKeys } from './api';
import { SettingRow } from './settings-controls';

const PERSONAL_KEY_PATH = '/api/settings/api-key';

const personalKeyKey = () => [...settingsKeys.all, 'api-key'] as const;

function personalKeyQueryOptions() {
  return queryOptions({
    queryKey: personalKeyKey(),
    queryFn: ({ signal }) => api.get<TApiKey | null>(PERSONAL_KEY_PATH, { signal }),
    staleTime: 60_000,
  });
}

/**
 * Settings → Integrations → Personal API key (the `ck_` key of DECISIONS): generate, masked (the first 8
 * characters, then dots) with Reveal, Copy ('Copied' for 2 s), and Revoke after a confirmation, on
 * GET/POST/DELETE /api/settings/api-key. While integrations are off the server refuses the key, and
 * the row says so.
 */
export function PersonalApiKey({ integrationsEnabled }: { integrationsEnabled: boolean }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const key = useQuery(personalKeyQueryOptions());
  const { copied, copy } = useCopied();
  // The whole secret, once known (just generated, or revealed); never cached beyond this row.
  const [secret, setSecret] = useState<{ id: string; value: string } | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [revealing, setRevealing] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const generate = useMutation({
    mutationFn: () => api.post<TApiKey & { key: string }>(PERSONAL_KEY_PATH),
    onSuccess: ({ key: value, ...created }) => {
      queryClient.setQueryData(personalKeyKey(), created);
      setSecret({ id: created.id, value });
      setRevealed(false);
    },
    onError: (error) => toast.error(t('settings.apiKey.toast.generateFailed'), undefined, serverText(error)),
  });
  const revoke = useMutation({
    mutationFn: () => api.delete<null>(PERSONAL_KEY_PATH),
    onSuccess: () => {
      queryClient.setQueryData(personalKeyKey(), null);
      setSecret(null);
      setRevealed(false);
      setConfirmOpen(false);
      toast.success(t('settings.apiKey.toast.revoked'), t('settings.apiKey.toast.revokedDescription'));
    },
    onError: (error) => toast.error(t('settings.apiKey.toast.revokeFailed'), undefined, serverText(error)),
  });

  const current = key.data ?? null;
  const known = current && secret?.id === current.id ? secret.value : null;

  const fullKey = async (apiKey: TApiKey): Promise<string> => {
    if (known) return known;
    const value = await revealApiKey(apiKey.id);
    setSecret({ id: apiKey.id, value });
    return value;
  };

  const toggleReveal = async (apiKey: TApiKey) => {
    if (revealed) {
      setRevealed(false);
      return;
    }
    setRevealing(true);
    try {
      await fullKey(apiKey);
      setRevealed(true);
    } catch (error) {
      toast.error(t('settings.apiKey.toast.revealFailed'), undefined, serverText(error));
    } finally {
      setRevealing(false);
    }
  };

  const copyKey = async (apiKey: TApiKey) => {
    try {
      await copy(fullKey(apiKey));
      toast.success(t('settings.apiKey.toast.copied'));
    } catch (error) {
      toast.error(t('settings.apiKey.toast.copyFailed'), undefined, serverText(error));
    }
  };

  const description = t(current ? 'settings.apiKey.hint' : 'settings.apiKey.hintNoKey');

  return (
    <SettingRow
      labelId={`${ids}-label`}
      descriptionId={`${ids}-description`}
      label={t('settings.apiKey.label')}
      description={description}
      stack
      control={
        key.isPending ? (
          <Spinner className="text-fg-subtle" />
        ) : current ? null : (
          <Button
            variant="secondary"
            onClick={() => generate.mutate()}
            aria-busy={generate.isPending || undefined}
            disabled={generate.isPending || key.isError}
          >
            {generate.isPending ? <Spinner /> : <Plus aria-hidden />}
            {t('settings.apiKey.generate')}
          </Button>
        )
      }
    >
      {key.isError ? (
        <p role="alert" className="mt-3 text-[13px] text-danger">
          {t('settings.apiKey.loadFailed')} {serverText(key.error) ?? ''}
        </p>
      ) : null}
      {current ? (
        <div className="mt-3 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-revealed={revealed && known ? true : undefined}
              className="min-w-0 flex-1 basis-full truncate rounded-lg border border-line bg-surface-2 px-3 py-2 font-mono text-[13px] text-fg sm:flex-none sm:basis-auto"
            >
              {revealed && known ? known : maskKey(current.keyPreview)}
            </code>
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={revealed}
              disabled={revealing}
              onClick={() => void toggleReveal(current)}
            >
              {revealing ? <Spinner /> : revealed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              {revealed ? t('settings.apiKey.hide') : t('settings.apiKey.reveal')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void copyKey(current)}>
              <Copy aria-hidden />
              <span aria-live="polite">
                {copied ? t('settings.apiKey.copied') : t('settings.apiKey.copy')}
              </span>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmOpen(true)}>
              <Trash2 aria-hidden />
              {t('settings.apiKey.revoke')}
            </Button>
          </div>
          <p className="text-[13px] text-fg-muted">
            <KeyRound aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
            {current.lastUsed
              ? t('settings.apiKey.createdUsed', {
                  created: formatDateTime(current.createdAt),
                  lastUsed: formatDateTime(current.lastUsed),
                })
              : t('settings.apiKey.createdNeverUsed', { created: formatDateTime(current.createdAt) })}
          </p>
          {integrationsEnabled ? null : (
            <p className="flex items-start gap-1.5 text-[13px] font-medium text-warning">
              <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
              {t('settings.apiKey.integrationsOff')}
            </p>
          )}
        </div>
      ) : null}
      <Dialog open={confirmOpen} onOpenChange={(open) => !revoke.isPending && setConfirmOpen(open)}>
        <DialogContent
          title={t('settings.apiKey.confirm.title')}
          description={t('settings.apiKey.confirm.description')}
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={revoke.isPending}>
                {t('settings.apiKey.confirm.cancel')}
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={() => revoke.mutate()}
              aria-busy={revoke.isPending || undefined}
              disabled={revoke.isPending}
            >
              {revoke.isPending ? <Spinner /> : <Trash2 aria-hidden />}
              {t('settings.apiKey.confirm.revoke')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </SettingRow>
  );
}
