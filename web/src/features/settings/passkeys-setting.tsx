import type { TPasskey } from '@kaleido/common';
import { PASSKEY_NAME_MAX_LENGTH, PASSKEYS_MAX, TWO_FACTOR_MESSAGES } from '@kaleido/common/browser';
import { Fingerprint, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { Input, Label } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import {
  isPasskeyCancel,
  passkeysSupported,
  useAddPasskey,
  useDeletePasskey,
  useRenamePasskey,
} from '../auth/two-factor-api';
import { SettingRow } from './settings-controls';

/** Asks for a passkey's name: before creating one ("Continue" opens the browser's dialog) or to rename it. */
function PasskeyNameDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  initialName,
  pending,
  problem,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  submitLabel: string;
  initialName: string;
  pending: boolean;
  problem: string | null;
  onSubmit: (name: string) => void;
}) {
  const t = useT();
  const ids = useId();
  const [name, setName] = useState(initialName);
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initialName);
      setEmpty(false);
    }
  }, [open, initialName]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setEmpty(true);
      return;
    }
    onSubmit(name.trim());
  };
  const shown = empty ? t(TWO_FACTOR_MESSAGES.passkeyNameRequired) : problem;

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent title={title} description={description}>
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <div>
            <Label htmlFor={`${ids}-name`}>{t('security.passkeys.name')}</Label>
            <Input
              id={`${ids}-name`}
              size="md"
              autoComplete="off"
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              autoFocus
              value={name}
              placeholder={t('security.passkeys.namePlaceholder')}
              onChange={(event) => {
                setName(event.target.value);
                setEmpty(false);
              }}
              disabled={pending}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? `${ids}-problem` : undefined}
            />
          </div>
          {shown ? <Alert id={`${ids}-problem`}>{shown}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={pending}>
                {t('security.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="primary" disabled={pending} aria-busy={pending || undefined}>
              {pending ? <Spinner /> : null}
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Settings → Security → Passkeys: the account's passkeys (name, added, last used), add one with a name
 * (the browser and the authenticator do the rest), rename, and delete after a confirmation.
 */
export function PasskeysSetting({ passkeys }: { passkeys: readonly TPasskey[] }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [adding, setAdding] = useState(false);
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<TPasskey | null>(null);
  const [renameProblem, setRenameProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TPasskey | null>(null);

  useEffect(() => {
    let live = true;
    void passkeysSupported()
      .then((yes) => live && setSupported(yes))
      .catch(() => live && setSupported(false));
    return () => {
      live = false;
    };
  }, []);

  const onAdd = async (name: string) => {
    setAddProblem(null);
    try {
      await add.mutateAsync(name);
      setAdding(false);
      toast.success(t('security.toast.passkeyAdded'));
    } catch (error) {
      // A dismissed browser dialog just leaves the name dialog open to try again.
      if (!isPasskeyCancel(error)) setAddProblem(serverText(error) ?? t('security.passkeys.addFailed'));
    }
  };

  const onRename = async (name: string) => {
    if (!renaming) return;
    setRenameProblem(null);
    try {
      await rename.mutateAsync({ id: renaming.id, name });
      setRenaming(null);
      toast.success(t('security.toast.passkeyRenamed'));
    } catch (error) {
      setRenameProblem(serverText(error) ?? t('app.error.unknown'));
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      setDeleting(null);
      toast.success(t('security.toast.passkeyDeleted'));
    } catch (error) {
      toast.error(t('app.error.unknown'), undefined, serverText(error));
    }
  };

  const atLimit = passkeys.length >= PASSKEYS_MAX;

  return (
    <SettingRow
      labelId={`${ids}-label`}
      descriptionId={`${ids}-description`}
      label={t('security.passkeys.label')}
      description={
        supported === false
          ? `${t('security.passkeys.hint')} ${t('security.passkeys.unsupported')}`
          : t('security.passkeys.hint')
      }
      stack
      control={
        <Button
          variant="secondary"
          disabled={!supported || atLimit}
          title={atLimit ? t(TWO_FACTOR_MESSAGES.passkeyLimit, { max: PASSKEYS_MAX }) : undefined}
          onClick={() => {
            setAddProblem(null);
            setAdding(true);
          }}
        >
          <Plus aria-hidden />
          {t('security.passkeys.add')}
        </Button>
      }
    >
      {passkeys.length === 0 ? (
        <p className="mt-3 text-[13px] text-fg-subtle">{t('security.passkeys.none')}</p>
      ) : (
        <ul
          aria-label={t('security.passkeys.listLabel')}
          className="mt-3 divide-y divide-line rounded-xl border border-line"
        >
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3.5 py-3">
              <Fingerprint aria-hidden className="size-5 shrink-0 text-fg-muted" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{passkey.name}</p>
                <p className="text-[12px] text-fg-muted">
                  {passkey.lastUsedAt
                    ? t('security.passkeys.addedUsed', {
                        created: formatDateTime(passkey.createdAt),
                        lastUsed: formatDateTime(passkey.lastUsedAt),
                      })
                    : t('security.passkeys.addedNeverUsed', { created: formatDateTime(passkey.createdAt) })}
                </p>
              </div>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('security.passkeys.renameLabel', { name: passkey.name })}
                  onClick={() => {
                    setRenameProblem(null);
                    setRenaming(passkey);
                  }}
                >
                  <Pencil aria-hidden />
                  <span className="hidden sm:inline">{t('security.passkeys.rename')}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('security.passkeys.deleteLabel', { name: passkey.name })}
                  onClick={() => setDeleting(passkey)}
                >
                  <Trash2 aria-hidden />
                  <span className="hidden sm:inline">{t('security.passkeys.delete')}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <PasskeyNameDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('security.passkeys.addTitle')}
        description={t('security.passkeys.addDescription')}
        submitLabel={t('security.passkeys.continue')}
        initialName=""
        pending={add.isPending}
        problem={addProblem}
        onSubmit={(name) => void onAdd(name)}
      />
      <PasskeyNameDialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title={t('security.passkeys.renameTitle')}
        submitLabel={t('security.passkeys.save')}
        initialName={renaming?.name ?? ''}
        pending={rename.isPending}
        problem={renameProblem}
        onSubmit={(name) => void onRename(name)}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
      >
        <DialogContent
          title={t('security.passkeys.deleteTitle', { name: deleting?.name ?? '' })}
          description={t('security.passkeys.deleteDescription')}
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                {t('security.cancel')}
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={() => void onDelete()}
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
            >
              {remove.isPending ? <Spinner /> : <Trash2 aria-hidden />}
              {t('security.passkeys.deleteConfirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </SettingRow>
  );
}
