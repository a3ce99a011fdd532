import type { TSettings, TSettingsPatch } from '@kaleido/common';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../app/toast-provider';
import { type Translate, useT } from '../../i18n/use-t';
import { api, serverText } from '../../lib/api-client';
import { authKeys } from '../auth/api';
import { isOfflineFailure, queueAction } from '../pwa/queue-actions';

const SETTINGS_PATH = '/api/settings';

/** Query keys of the settings feature (under the account, so signing out forgets them). */
export const settingsKeys = {
  all: [...authKeys.all, 'settings'] as const,
  detail: () => [...settingsKeys.all, 'detail'] as const,
  /** Mutation key of a save of one setting: `useIsMutating({ mutationKey: settingsKeys.save('theme') })`. */
  save: (field: string) => [...settingsKeys.all, 'save', field] as const,
};

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.detail(),
    queryFn: ({ signal }) => api.get<TSettings>(SETTINGS_PATH, { signal }),
    staleTime: 5 * 60_000,
  });
}

export type SettingsPatch = TSettingsPatch;

/** 'Settings: Theme': how a save waiting offline is listed, in the language shown now. */
function offlineLabel(t: Translate, name: string): string {
  return t('app.settingsSave.offline', { fields: name });
}

function pick(settings: TSettings, fields: readonly string[]): Partial<TSettings> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    if (field in settings) picked[field] = settings[field as keyof TSettings];
  }
  return picked as Partial<TSettings>;
}

function merge(queryClient: QueryClient, values: Partial<TSettings>): void {
  queryClient.setQueryData<TSettings>(settingsKeys.detail(), (current) =>
    current ? { ...current, ...values } : current,
  );
}

/**
 * Saves settings with PATCH /api/settings. The cache changes at once (optimistic); a refusal puts the
 * previous values back and shows the spec's 'Failed to update setting. Please try again.' (in the
 * language shown) with the server's reason. Only the patched fields are taken from the answer, so saves
 * of other settings that are still on their way are not overwritten. `field` names the control, for its
 * busy state. Offline, the change waits in the offline queue, listed under the control's `name`. Its
 * texts are in the `app` area: the language switcher and the theme toggle save from the shell.
 */
export function useSaveSettings(
  field: string,
  options: {
    /** The control's name as it reads now, which lists a save waiting offline (else the field's key). */
    name?: string;
    onRollback?: (patch: SettingsPatch) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const t = useT();
  return useMutation({
    mutationKey: settingsKeys.save(field),
    // Offline it runs at once (not paused) and goes to the offline queue.
    networkMode: 'always',
    mutationFn: async (patch: SettingsPatch) => {
      try {
        return await api.patch<TSettings>(SETTINGS_PATH, patch);
      } catch (error) {
        // Offline: the change waits in the offline queue and is sent when the connection is back.
        const current = queryClient.getQueryData<TSettings>(settingsKeys.detail());
        const userId = queryClient.getQueryData<{ id: string } | null>(authKeys.me())?.id;
        if (!current || !userId || !isOfflineFailure(error)) throw error;
        await queueAction('settings', {
          method: 'PATCH',
          url: SETTINGS_PATH,
          body: patch,
          userId,
          label: offlineLabel(t, options.name ?? field),
        }).catch(() => {
          throw error;
        });
        return current;
      }
    },
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.detail() });
      const previous = queryClient.getQueryData<TSettings>(settingsKeys.detail());
      merge(queryClient, patch as Partial<TSettings>);
      return { previous: previous ? pick(previous, Object.keys(patch)) : undefined };
    },
    onError: (error, patch, context) => {
      if (context?.previous) merge(queryClient, context.previous);
      options.onRollback?.(patch);
      toast.error(t('app.settingsSave.failed'), undefined, serverText(error));
    },
    onSuccess: async (settings, patch) => {
      merge(queryClient, { ...pick(settings, Object.keys(patch)), updatedAt: settings.updatedAt });
      if ('displayName' in patch) await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}

const DETECTED_TIME_ZONE_PATH = '/api/settings/detected-time-zone';
const REPORTED_TIME_ZONE_KEY = 'kaleido.reportedTimeZone';

/**
 * Tells the server this browser's time zone, which its e-mails and invoices use while the timezone
 * setting is 'auto'. Sent once per browser session and account (again when the zone changes); a
 * refusal (a zone the server does not know) is left alone: the server then keeps UTC.
 */
export async function reportDetectedTimeZone(userId: string): Promise<void> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const marker = `${userId} ${zone}`;
  const storage = typeof sessionStorage === 'undefined' ? null : sessionStorage;
  if (storage?.getItem(REPORTED_TIME_ZONE_KEY) === marker) return;
  try {
    await api.put(DETECTED_TIME_ZONE_PATH, { timeZone: zone });
  } catch {
    return;
  }
  storage?.setItem(REPORTED_TIME_ZONE_KEY, marker);
}
