import type { TApiKey } from '@kaleido/common';
import { Power, PowerOff, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { errorMessage, serverText } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { useDeleteApiKey, useSetApiKeyActive, useUpdateApiKey } from './api';
import {
  controlsChanges,
  controlsOf,
  controlsValid,
  KeyControlFields,
  type KeyControls,
} from './key-controls';
import { KeyTextFields, keyNameError } from './key-fields';

/**
 * A key's settings: rename it, change its description and controls (scopes, expiry, spend cap,
 * webhook URL), deactivate or activate it, delete it (after a
 * confirmation). Rendered only while open, so the form starts from the key's current values.
 */
export function KeySettingsDialog({
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
          title={t('apiKeys.settings.title')}
          description={t('apiKeys.settings.description', { name: apiKey.name })}
          className="sm:w-[min(92vw,40rem)]"
        >
          <KeySettingsForm apiKey={apiKey} onClose={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function KeySettingsForm({ apiKey, onClose }: { apiKey: TApiKey; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const [name, setName] = useState(apiKey.name);
  const [description, setDescription] = useState(apiKey.description);
  const [controls, setControls] = useState<KeyControls>(() => controlsOf(apiKey));
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const update = useUpdateApiKey(apiKey.id);
  const setActive = useSetApiKeyActive(apiKey.id);
  const remove = useDeleteApiKey(apiKey.id);
  const busy = update.isPending || setActive.isPending || remove.isPending;
  const controlChanges = controlsChanges(controls, controlsOf(apiKey));
  const changed =
    name.trim() !== apiKey.name ||
    description.trim() !== apiKey.description ||
    Object.keys(controlChanges).length > 0;
  const valid = !keyNameError(name) && controlsValid(controls);

  const fail = (title: string, error: unknown) =>
    toast.error(title, undefined, serverText(error) ?? errorMessage(error));

  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || !valid || busy) return;
    try {
      await update.mutateAsync({ name: name.trim(), description: description.trim(), ...controlChanges });
      toast.success(t('apiKeys.settings.updated'));
      onClose();
    } catch (error) {
      fail(t('apiKeys.settings.updateFailed'), error);
    }
  };

  const onToggleActive = async () => {
    try {
      const updated = await setActive.mutateAsync(!apiKey.isActive);
      toast.success(
        updated.isActive ? t('apiKeys.settings.activated') : t('apiKeys.settings.deactivated'),
        updated.isActive ? t('apiKeys.settings.activatedDetail') : t('apiKeys.settings.deactivatedDetail'),
      );
    } catch (error) {
      fail(
        apiKey.isActive ? t('apiKeys.settings.deactivateFailed') : t('apiKeys.settings.activateFailed'),
        error,
      );
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      toast.success(
        t('apiKeys.settings.deleted'),
        t('apiKeys.settings.deletedDetail', { name: apiKey.name }),
      );
      onClose();
    } catch (error) {
      fail(t('apiKeys.settings.deleteFailed'), error);
    }
  };

  return (
    <div className="mt-5 space-y-6">
      <form className="grid gap-4 md:grid-cols-2" onSubmit={onSave} noValidate>
        <div className="space-y-4 md:col-span-2">
          <KeyTextFields
            name={name}
            description={description}
            onNameChange={setName}
            onDescriptionChange={setDescription}
            disabled={busy}
          />
        </div>
        <KeyControlFields
          value={controls}
          onChange={setControls}
          disabled={busy}
          spentThisMonth={apiKey.spentThisMonth}
        />
        <div className="flex flex-wrap justify-end gap-2 md:col-span-2">
          <DialogClose asChild>
            <Button variant="ghost">{t('apiKeys.settings.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={!changed || !valid || busy}>
            {update.isPending ? <Spinner /> : null}
            {update.isPending ? t('apiKeys.settings.saving') : t('apiKeys.settings.save')}
          </Button>
        </div>
      </form>

      <div className="space-y-3 border-t border-line pt-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-fg">
              {apiKey.isActive ? t('apiKeys.card.active') : t('apiKeys.card.inactive')}
            </p>
            <p className="text-[13px] text-fg-muted">
              {apiKey.isActive ? t('apiKeys.settings.activeHint') : t('apiKeys.settings.inactiveHint')}
            </p>
          </div>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void onToggleActive()}>
            {setActive.isPending ? (
              <Spinner />
            ) : apiKey.isActive ? (
              <PowerOff aria-hidden />
            ) : (
              <Power aria-hidden />
            )}
            {apiKey.isActive ? t('apiKeys.settings.deactivate') : t('apiKeys.settings.activate')}
          </Button>
        </div>

        <div className="rounded-xl border border-danger/25 bg-danger-soft p-3.5">
          {confirmingDelete ? (
            <div className="space-y-3">
              <p className="text-sm break-words text-fg">
                {t('apiKeys.settings.confirmDelete', { name: apiKey.name })}
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirmingDelete(false)}>
                  {t('apiKeys.settings.keep')}
                </Button>
                <Button variant="danger" size="sm" disabled={busy} onClick={() => void onDelete()}>
                  {remove.isPending ? <Spinner /> : <Trash2 aria-hidden />}
                  {remove.isPending ? t('apiKeys.settings.deleting') : t('apiKeys.settings.deleteForGood')}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-[13px] text-fg-muted">{t('apiKeys.settings.deleteHint')}</p>
              <Button variant="danger" size="sm" disabled={busy} onClick={() => setConfirmingDelete(true)}>
                <Trash2 aria-hidden />
                {t('apiKeys.settings.delete')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
