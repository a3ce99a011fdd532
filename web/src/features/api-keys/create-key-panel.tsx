import type { TCreatedApiKey, TKeyPlanId, TPlanId } from '@kaleido/common';
import { APP_ROUTES, KEY_PLANS, LOCALE_TAGS } from '@kaleido/common/browser';
import { Check, Copy, KeyRound, Plus, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { useLocale } from '../../i18n/i18n-provider';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { errorMessage, serverText } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FieldHint, Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useCreateApiKey } from './api';
import {
  controlsChanges,
  controlsValid,
  defaultControls,
  KeyControlFields,
  type KeyControls,
} from './key-controls';
import { allowedKeyPlans } from './key-data';
import { KeyTextFields, keyNameError } from './key-fields';
import { useCopied } from './use-copied';

/**
 * The 'Create API Key' panel: name, description, a plan no higher than the account's tier, and the
 * key's controls (scopes, expiry, monthly spend cap, webhook URL; only what differs from the defaults
 * is sent).
 */
export function CreateKeyPanel({
  accountPlan,
  onCreated,
}: {
  accountPlan: TPlanId;
  onCreated: (created: TCreatedApiKey) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const ids = useId();
  const toast = useToast();
  const create = useCreateApiKey();
  const plans = allowedKeyPlans(accountPlan);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [plan, setPlan] = useState<TKeyPlanId>(plans[0]?.id ?? 'free');
  const [controls, setControls] = useState<KeyControls>(defaultControls);
  const canSubmit = !keyNameError(name) && controlsValid(controls) && !create.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      const created = await create.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        plan,
        ...controlsChanges(controls, defaultControls()),
      });
      toast.success(t('apiKeys.create.created'), t('apiKeys.create.createdDetail', { name: created.name }));
      onCreated(created);
    } catch (error) {
      toast.error(t('apiKeys.create.failed'), undefined, serverText(error) ?? errorMessage(error));
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className="text-lg font-semibold tracking-tight text-fg">
          {t('apiKeys.create.title')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t('apiKeys.create.intro')}</p>
        <form className="mt-5 grid gap-4 md:grid-cols-2" onSubmit={onSubmit} noValidate>
          <KeyTextFields
            name={name}
            description={description}
            onNameChange={setName}
            onDescriptionChange={setDescription}
            disabled={create.isPending}
            autoFocus
          />
          <div className="md:col-span-2">
            <Label htmlFor={`${ids}-plan`}>{t('apiKeys.create.plan')}</Label>
            <Select
              id={`${ids}-plan`}
              className="md:max-w-md"
              value={plan}
              disabled={create.isPending}
              aria-describedby={`${ids}-plan-hint`}
              onChange={(event) => setPlan(event.target.value as TKeyPlanId)}
            >
              {plans.map((option) => (
                <option key={option.id} value={option.id}>
                  {t('apiKeys.create.planOption', {
                    plan: option.name,
                    credits: option.monthlyCredits,
                    requests: option.requestsPerMinute,
                  })}
                </option>
              ))}
            </Select>
            <FieldHint id={`${ids}-plan-hint`}>
              {plans.length < KEY_PLANS.length ? (
                <T
                  id="apiKeys.create.planHint"
                  values={{
                    plans: new Intl.ListFormat(LOCALE_TAGS[locale], { type: 'conjunction' }).format(
                      plans.map((option) => option.name),
                    ),
                    link: (chunks) => (
                      <Link to={APP_ROUTES.pricing} className="font-medium text-accent-fg hover:underline">
                        {chunks}
                      </Link>
                    ),
                  }}
                />
              ) : (
                t('apiKeys.create.allPlans')
              )}
            </FieldHint>
          </div>
          <KeyControlFields value={controls} onChange={setControls} disabled={create.isPending} />
          <div className="md:col-span-2">
            <Button type="submit" variant="primary" disabled={!canSubmit}>
              {create.isPending ? <Spinner /> : <Plus aria-hidden />}
              {create.isPending ? t('apiKeys.create.submitting') : t('apiKeys.create.submit')}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}

/** The new key's whole secret, shown right after creation with a Copy button. */
export function NewKeyNotice({ created, onDone }: { created: TCreatedApiKey; onDone: () => void }) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const { copied, copy } = useCopied();
  const onCopy = async () => {
    try {
      await copy(created.key);
      toast.success(t('apiKeys.copy.toast'));
    } catch {
      toast.error(t('apiKeys.copy.failed'), t('apiKeys.copy.failedHint'));
    }
  };
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-success/30 bg-success-soft p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-surface text-success">
          <KeyRound aria-hidden className="size-[18px]" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${ids}-title`} className="font-semibold break-words text-fg">
            {t('apiKeys.newKey.title', { name: created.name })}
          </h2>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-fg-muted">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            {t('apiKeys.newKey.warning')}
          </p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="new-api-key"
              className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 py-2.5 font-mono text-[13px] break-all text-fg select-all"
            >
              {created.key}
            </code>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void onCopy()}>
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                <span aria-live="polite">{copied ? t('apiKeys.copy.copied') : t('apiKeys.copy.label')}</span>
              </Button>
              <Button variant="ghost" onClick={onDone}>
                {t('apiKeys.newKey.done')}
              </Button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
