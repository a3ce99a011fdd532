import type { TKeyPlanId, TPlanId } from '@kaleido/common';
import { APP_ROUTES, MESSAGES } from '@kaleido/common/browser';
import { Check, Copy, KeyRound, Plus, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { errorMessage, serverText } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FieldHint, Label, Select } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { type CreatedApiKey, useCreateApiKey } from './api';
import { allowedKeyPlans } from './key-data';
import { KeyTextFields, keyNameError } from './key-fields';
import { useCopied } from './use-copied';

/** The 'Create API Key' panel: name, description and a plan no higher than the account's tier. */
export function CreateKeyPanel({
  accountPlan,
  onCreated,
}: {
  accountPlan: TPlanId;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const ids = useId();
  const toast = useToast();
  const create = useCreateApiKey();
  const plans = allowedKeyPlans(accountPlan);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [plan, setPlan] = useState<TKeyPlanId>(plans[0]?.id ?? 'free');
  const canSubmit = !keyNameError(name) && !create.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      const created = await create.mutateAsync({ name: name.trim(), description: description.trim(), plan });
      toast.success('API key created', `“${created.name}” is ready to use.`);
      onCreated(created);
    } catch (error) {
      toast.error(MESSAGES.apiKeyCreateFailed, undefined, serverText(error) ?? errorMessage(error));
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className="text-lg font-semibold tracking-tight text-fg">
          Create API Key
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          One key per project makes usage easy to follow and a leaked key easy to replace.
        </p>
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
            <Label htmlFor={`${ids}-plan`}>Plan</Label>
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
                  {option.name}: {formatNumber(option.monthlyCredits)} credits/month,{' '}
                  {formatNumber(option.requestsPerMinute)}/min
                </option>
              ))}
            </Select>
            <FieldHint id={`${ids}-plan-hint`}>
              {plans.length < 4 ? (
                <>
                  Your account's plan allows {plans.map((option) => option.name).join(', ')} keys.{' '}
                  <Link to={APP_ROUTES.pricing} className="font-medium text-accent-fg hover:underline">
                    Upgrade for more
                  </Link>
                </>
              ) : (
                'Your account can create keys of every plan.'
              )}
            </FieldHint>
          </div>
          <div className="md:col-span-2">
            <Button type="submit" variant="primary" disabled={!canSubmit}>
              {create.isPending ? <Spinner /> : <Plus aria-hidden />}
              {create.isPending ? 'Creating...' : 'Create API Key'}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}

/** The new key's whole secret, shown right after creation with a Copy button. */
export function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const ids = useId();
  const toast = useToast();
  const { copied, copy } = useCopied();
  const onCopy = async () => {
    try {
      await copy(created.key);
      toast.success(MESSAGES.apiKeyCopied);
    } catch {
      toast.error('Could not copy the API key', 'Select it and copy it by hand.');
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
          <h2 id={`${ids}-title`} className="font-semibold text-fg">
            Your new key “{created.name}”
          </h2>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-fg-muted">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            Copy it now and keep it secret: anyone with this key can spend your credits.
          </p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="new-api-key"
              className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 py-2.5 font-mono text-[13px] break-all text-fg select-all"
            >
              {created.key}
            </code>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => void onCopy()}>
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
              </Button>
              <Button variant="ghost" onClick={onDone}>
                Done
              </Button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
