import type { TBillingAddress, TBillingAddressInput, TPaymentMethod } from '@kaleido/common';
import {
  APP_ROUTES,
  BILLING_ADDRESS_FIELDS,
  BILLING_COUNTRIES,
  BILLING_COUNTRY_NAMES,
  BILLING_MESSAGES,
  CARD_BRAND_NAMES,
  DEFAULT_BILLING_COUNTRY,
  findPlan,
  MESSAGES,
} from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { useToast } from '../../app/toast-provider';
import { isApiError, serverText } from '../../lib/api-client';
import { formatCredits, formatDate, formatNumber, formatUsd } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button, buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog, DialogContent } from '../../ui/dialog';
import { FieldError, Input, Label, Select } from '../../ui/field';
import { PageContainer, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useUser } from '../auth/auth-provider';
import { SignInRequired } from '../auth/sign-in-required';
import {
  billingAddressQueryOptions,
  billingSummaryQueryOptions,
  paymentMethodsQueryOptions,
  useRemoveCard,
  useSaveAddress,
  useSetDefaultCard,
} from './api';
import { CardForm } from './card-form';
import { PurchaseHistory } from './purchase-history';

export function BillingPage() {
  const { user } = useUser();
  if (!user) {
    return (
      <PageContainer className="py-10 sm:py-14">
        <PageMeta title="Billing" noIndex />
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={CreditCard}
          title={MESSAGES.authenticationRequiredTitle}
          message={MESSAGES.signInToManageBilling}
        />
      </PageContainer>
    );
  }
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title="Billing" noIndex />
      <PageHeader title="Billing" description="Your plan, payment methods, billing address and purchases." />
      <div className="mt-8 space-y-8">
        <PlanSummary />
        <PaymentMethods />
        <BillingAddress />
        <section aria-labelledby="history-heading" className="space-y-4">
          <h2 id="history-heading" className="text-lg font-semibold tracking-tight text-fg">
            Purchase history
          </h2>
          <PurchaseHistory />
        </section>
      </div>
    </PageContainer>
  );
}

function PlanSummary() {
  const summary = useQuery(billingSummaryQueryOptions());
  if (!summary.data)
    return (
      <Card className="p-6 text-sm text-fg-muted">
        {summary.isError ? 'Could not load your plan.' : <Spinner />}
      </Card>
    );
  const plan = findPlan(summary.data.plan);
  const pending = summary.data.pendingPlan ? findPlan(summary.data.pendingPlan) : null;
  return (
    <Card className="grid gap-6 p-6 sm:grid-cols-2 sm:p-8 lg:grid-cols-[1fr_1fr_auto] lg:items-center">
      <div>
        <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">Current plan</p>
        <p className="mt-1 text-2xl font-semibold text-fg">{plan.name}</p>
        <p className="mt-1 text-sm text-fg-muted">
          {formatUsd(plan.priceUsd)} per month · {formatCredits(plan.monthlyCredits)} every month
        </p>
        {pending ? (
          <p className="mt-2 text-sm font-medium text-warning">
            Changes to {pending.name} on {formatDate(summary.data.nextResetAt)}
          </p>
        ) : null}
      </div>
      <div>
        <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">Balance</p>
        <p className="mt-1 text-2xl font-semibold text-fg tabular-nums">
          {formatCredits(summary.data.balance.total)}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {formatNumber(summary.data.balance.monthly)} monthly ·{' '}
          {formatNumber(summary.data.balance.purchased)} purchased · monthly credits reset on{' '}
          {formatDate(summary.data.nextResetAt)}
        </p>
      </div>
      <Link to={APP_ROUTES.pricing} className={buttonClass({ variant: 'secondary' })}>
        Change plan or buy credits
      </Link>
    </Card>
  );
}

function PaymentMethods() {
  const toast = useToast();
  const methods = useQuery(paymentMethodsQueryOptions());
  const summary = useQuery(billingSummaryQueryOptions());
  const setDefault = useSetDefaultCard();
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);

  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(failed, serverText(error));
    }
  };

  return (
    <section aria-labelledby="payment-methods-heading">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="payment-methods-heading" className="text-lg font-semibold tracking-tight text-fg">
          Payment Methods
        </h2>
        <Dialog open={adding} onOpenChange={setAdding}>
          <Button variant="primary" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Card
          </Button>
          {adding ? (
            <DialogContent
              title="Add Card"
              description="Only the brand, the last 4 digits and the expiry are kept. The number and CVC are never stored."
            >
              <div className="mt-5">
                <CardForm
                  testMode={summary.data?.providerMode !== 'live'}
                  onAdded={(card: TPaymentMethod) => {
                    setAdding(false);
                    toast.success(
                      BILLING_MESSAGES.cardAdded,
                      `${CARD_BRAND_NAMES[card.brand]} •••• ${card.last4}`,
                    );
                  }}
                />
              </div>
            </DialogContent>
          ) : null}
        </Dialog>
      </div>
      {methods.isPending ? (
        <Card className="p-6">
          <Spinner />
        </Card>
      ) : methods.isError ? (
        <Alert>Could not load your payment methods.</Alert>
      ) : methods.data.length === 0 ? (
        <Card className="flex items-center gap-3 p-6 text-sm text-fg-muted">
          <CreditCard aria-hidden className="size-5 text-fg-subtle" />
          No payment methods yet. Add a card to buy credit packs or upgrade your plan.
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {methods.data.map((card) => (
            <li key={card.id}>
              <Card className="flex items-center gap-4 p-5">
                <span className="inline-flex h-10 w-14 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-[11px] font-bold tracking-wide text-fg uppercase ring-1 ring-line">
                  {card.brand === 'mastercard' ? 'MC' : card.brand}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-fg">
                    {CARD_BRAND_NAMES[card.brand]} •••• {card.last4}
                    {card.isDefault ? (
                      <Badge tone="accent" className="ml-2 align-middle">
                        Default
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-sm text-fg-muted">
                    {card.cardholderName} · expires {String(card.expMonth).padStart(2, '0')}/
                    {String(card.expYear).slice(-2)}
                  </p>
                </div>
                <div className="flex gap-1">
                  {card.isDefault ? null : (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Make ${CARD_BRAND_NAMES[card.brand]} ending ${card.last4} the default`}
                      disabled={setDefault.isPending}
                      onClick={() =>
                        void act(
                          () => setDefault.mutateAsync(card.id),
                          'Default card changed',
                          'Could not change the default card',
                        )
                      }
                    >
                      <Star aria-hidden />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${CARD_BRAND_NAMES[card.brand]} ending ${card.last4}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      void act(
                        () => remove.mutateAsync(card.id),
                        BILLING_MESSAGES.cardRemoved,
                        'Could not remove the card',
                      )
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BillingAddress() {
  const address = useQuery(billingAddressQueryOptions());
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="billing-address-heading">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="billing-address-heading" className="text-lg font-semibold tracking-tight text-fg">
          Billing Address
        </h2>
        <Dialog open={editing} onOpenChange={setEditing}>
          <Button variant="secondary" disabled={address.isPending} onClick={() => setEditing(true)}>
            {address.data ? <Pencil aria-hidden /> : <Plus aria-hidden />}
            {address.data ? 'Edit' : 'Add Address'}
          </Button>
          {editing ? (
            <AddressDialogContent initial={address.data ?? null} onDone={() => setEditing(false)} />
          ) : null}
        </Dialog>
      </div>
      <Card className="flex items-start gap-3 p-6 text-sm">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-subtle" />
        {address.isPending ? (
          <Spinner />
        ) : address.data ? (
          <address className="text-fg not-italic">
            <span className="font-medium">{address.data.name}</span>
            <br />
            {address.data.email}
            <br />
            {address.data.address}
            <br />
            {address.data.city}, {address.data.state} {address.data.zipCode}
            <br />
            {BILLING_COUNTRY_NAMES[address.data.country]}
          </address>
        ) : (
          <p className="text-fg-muted">No billing address yet. It appears on your invoices.</p>
        )}
      </Card>
    </section>
  );
}

type AddressField = (typeof BILLING_ADDRESS_FIELDS)[number]['key'];

function AddressDialogContent({ initial, onDone }: { initial: TBillingAddress | null; onDone: () => void }) {
  const ids = useId();
  const toast = useToast();
  const save = useSaveAddress();
  const [values, setValues] = useState<TBillingAddressInput>(
    initial ?? {
      name: '',
      email: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      country: DEFAULT_BILLING_COUNTRY,
    },
  );
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Partial<Record<AddressField, string>> = {};
    for (const field of BILLING_ADDRESS_FIELDS) {
      const value = String(values[field.key] ?? '').trim();
      if (!value) problems[field.key] = BILLING_MESSAGES.addressFieldRequired(field.label);
    }
    if (!problems.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
      problems.email = BILLING_MESSAGES.emailInvalid;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync(values);
      toast.success(BILLING_MESSAGES.addressSaved);
      onDone();
    } catch (error) {
      if (isApiError(error) && Array.isArray(error.details)) {
        const fromServer: Partial<Record<AddressField, string>> = {};
        for (const detail of error.details as { path: AddressField; message: string }[])
          fromServer[detail.path] ??= detail.message;
        setErrors(fromServer);
      } else toast.error('Could not save the billing address', serverText(error));
    }
  };

  return (
    <DialogContent title={initial ? 'Edit Billing Address' : 'Add Billing Address'}>
      <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4 sm:grid-cols-2">
        {BILLING_ADDRESS_FIELDS.map((field) => {
          const id = `${ids}-${field.key}`;
          const error = errors[field.key];
          const wide = field.key === 'name' || field.key === 'email' || field.key === 'address';
          return (
            <div key={field.key} className={wide ? 'sm:col-span-2' : undefined}>
              <Label htmlFor={id}>{field.label}</Label>
              {field.key === 'country' ? (
                <Select
                  id={id}
                  size="lg"
                  value={values.country}
                  onChange={(event) =>
                    setValues((current) => ({
                      ...current,
                      country: event.target.value as TBillingAddressInput['country'],
                    }))
                  }
                >
                  {BILLING_COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {BILLING_COUNTRY_NAMES[country]}
                    </option>
                  ))}
                </Select>
              ) : (
                <Input
                  id={id}
                  type={field.key === 'email' ? 'email' : 'text'}
                  autoComplete={
                    {
                      name: 'name',
                      email: 'email',
                      address: 'street-address',
                      city: 'address-level2',
                      state: 'address-level1',
                      zipCode: 'postal-code',
                    }[field.key]
                  }
                  value={values[field.key] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [field.key]: event.target.value }))
                  }
                />
              )}
              {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {save.isPending ? 'Saving...' : 'Save Address'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
