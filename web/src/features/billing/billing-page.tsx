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
  LOCALE_TAGS,
} from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { useToast } from '../../app/toast-provider';
import type { MessageId } from '../../i18n/catalogs/en';
import { useLocale } from '../../i18n/i18n-provider';
import { useT } from '../../i18n/use-t';
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
import { type FieldProblem, fieldProblemText } from './field-problem';
import { PurchaseHistory } from './purchase-history';

type BillingCountry = (typeof BILLING_COUNTRIES)[number];

/** Country names in the interface's language (`Intl.DisplayNames`), English names where it has none. */
function useCountryName(): (country: BillingCountry) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region', fallback: 'none' });
    } catch {
      names = undefined;
    }
    return (country) => names?.of(country) ?? BILLING_COUNTRY_NAMES[country];
  }, [locale]);
}

/** The card as people name it: "Visa •••• 4242". */
function cardName(card: Pick<TPaymentMethod, 'brand' | 'last4'>): string {
  return `${CARD_BRAND_NAMES[card.brand]} •••• ${card.last4}`;
}

export function BillingPage() {
  const t = useT();
  const { user } = useUser();
  if (!user) {
    return (
      <PageContainer className="py-10 sm:py-14">
        <PageMeta title={t('billing.title')} noIndex />
        <SignInRequired
          className="my-6"
          headingLevel={1}
          icon={CreditCard}
          title={t('billing.signIn.title')}
          message={t('billing.signIn.message')}
        />
      </PageContainer>
    );
  }
  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta title={t('billing.title')} noIndex />
      <PageHeader title={t('billing.title')} description={t('billing.description')} />
      <div className="mt-8 space-y-8">
        <PlanSummary />
        <PaymentMethods />
        <BillingAddress />
        <section aria-labelledby="history-heading" className="space-y-4">
          <h2 id="history-heading" className="text-lg font-semibold tracking-tight text-fg">
            {t('billing.history.heading')}
          </h2>
          <PurchaseHistory />
        </section>
      </div>
    </PageContainer>
  );
}

function PlanSummary() {
  const t = useT();
  const summary = useQuery(billingSummaryQueryOptions());
  if (!summary.data)
    return (
      <Card className="p-6 text-sm text-fg-muted">
        {summary.isError ? t('billing.plan.loadFailed') : <Spinner />}
      </Card>
    );
  const plan = findPlan(summary.data.plan);
  const pending = summary.data.pendingPlan ? findPlan(summary.data.pendingPlan) : null;
  return (
    <Card className="grid gap-6 p-6 sm:grid-cols-2 sm:p-8 lg:grid-cols-[1fr_1fr_auto] lg:items-center">
      <div>
        <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
          {t('billing.plan.current')}
        </p>
        <p className="mt-1 text-2xl font-semibold text-fg">{plan.name}</p>
        <p className="mt-1 text-sm text-fg-muted">
          {t('billing.plan.price', { price: formatUsd(plan.priceUsd), count: plan.monthlyCredits })}
        </p>
        {pending ? (
          <p className="mt-2 text-sm font-medium text-warning">
            {t('billing.plan.pending', { plan: pending.name, date: formatDate(summary.data.nextResetAt) })}
          </p>
        ) : null}
      </div>
      <div>
        <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
          {t('billing.balance.label')}
        </p>
        <p className="mt-1 text-2xl font-semibold text-fg tabular-nums">
          {formatCredits(summary.data.balance.total)}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {t('billing.balance.breakdown', {
            monthly: formatNumber(summary.data.balance.monthly),
            purchased: formatNumber(summary.data.balance.purchased),
            date: formatDate(summary.data.nextResetAt),
          })}
        </p>
      </div>
      <Link
        to={APP_ROUTES.pricing}
        className={buttonClass({ variant: 'secondary', className: 'text-balance' })}
      >
        {t('billing.plan.change')}
      </Link>
    </Card>
  );
}

function PaymentMethods() {
  const t = useT();
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
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="payment-methods-heading" className="min-w-0 text-lg font-semibold tracking-tight text-fg">
          {t('billing.cards.heading')}
        </h2>
        <Dialog open={adding} onOpenChange={setAdding}>
          <Button variant="primary" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t('billing.cards.add')}
          </Button>
          {adding ? (
            <DialogContent title={t('billing.cards.add')} description={t('billing.cards.addDescription')}>
              <div className="mt-5">
                <CardForm
                  testMode={summary.data?.providerMode !== 'live'}
                  onAdded={(card: TPaymentMethod) => {
                    setAdding(false);
                    toast.success(t(BILLING_MESSAGES.cardAdded), cardName(card));
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
        <Alert>{t('billing.cards.loadFailed')}</Alert>
      ) : methods.data.length === 0 ? (
        <Card className="flex items-center gap-3 p-6 text-sm text-fg-muted">
          <CreditCard aria-hidden className="size-5 text-fg-subtle" />
          {t('billing.cards.empty')}
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
                    {cardName(card)}
                    {card.isDefault ? (
                      <Badge tone="accent" className="ml-2 align-middle">
                        {t('billing.cards.default')}
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-sm break-words text-fg-muted">
                    {t('billing.cards.details', {
                      name: card.cardholderName,
                      expiry: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`,
                    })}
                  </p>
                </div>
                <div className="flex gap-1">
                  {card.isDefault ? null : (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('billing.cards.makeDefault', {
                        brand: CARD_BRAND_NAMES[card.brand],
                        last4: card.last4,
                      })}
                      disabled={setDefault.isPending}
                      onClick={() =>
                        void act(
                          () => setDefault.mutateAsync(card.id),
                          t('billing.cards.defaultChanged'),
                          t('billing.cards.defaultFailed'),
                        )
                      }
                    >
                      <Star aria-hidden />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('billing.cards.remove', {
                      brand: CARD_BRAND_NAMES[card.brand],
                      last4: card.last4,
                    })}
                    disabled={remove.isPending}
                    onClick={() =>
                      void act(
                        () => remove.mutateAsync(card.id),
                        t(BILLING_MESSAGES.cardRemoved),
                        t('billing.cards.removeFailed'),
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
  const t = useT();
  const countryName = useCountryName();
  const address = useQuery(billingAddressQueryOptions());
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="billing-address-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="billing-address-heading" className="min-w-0 text-lg font-semibold tracking-tight text-fg">
          {t('billing.address.heading')}
        </h2>
        <Dialog open={editing} onOpenChange={setEditing}>
          <Button variant="secondary" disabled={address.isPending} onClick={() => setEditing(true)}>
            {address.data ? <Pencil aria-hidden /> : <Plus aria-hidden />}
            {address.data ? t('billing.address.edit') : t('billing.address.add')}
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
          <address className="min-w-0 break-words text-fg not-italic">
            <span className="font-medium">{address.data.name}</span>
            <br />
            {address.data.email}
            <br />
            {address.data.address}
            <br />
            {address.data.city}, {address.data.state} {address.data.zipCode}
            <br />
            {countryName(address.data.country)}
          </address>
        ) : (
          <p className="text-fg-muted">{t('billing.address.empty')}</p>
        )}
      </Card>
    </section>
  );
}

type AddressField = (typeof BILLING_ADDRESS_FIELDS)[number]['key'];

const FIELD_LABELS = {
  name: 'billing.address.field.name',
  email: 'billing.address.field.email',
  address: 'billing.address.field.address',
  city: 'billing.address.field.city',
  state: 'billing.address.field.state',
  zipCode: 'billing.address.field.zipCode',
  country: 'billing.address.field.country',
} as const satisfies Record<AddressField, MessageId>;

function AddressDialogContent({ initial, onDone }: { initial: TBillingAddress | null; onDone: () => void }) {
  const t = useT();
  const countryName = useCountryName();
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
  const [errors, setErrors] = useState<Partial<Record<AddressField, FieldProblem>>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Partial<Record<AddressField, FieldProblem>> = {};
    for (const field of BILLING_ADDRESS_FIELDS) {
      const value = String(values[field.key] ?? '').trim();
      if (!value)
        problems[field.key] = { id: BILLING_MESSAGES.addressFieldRequired, values: { field: field.key } };
    }
    if (!problems.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
      problems.email = { id: BILLING_MESSAGES.emailInvalid };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync(values);
      toast.success(t(BILLING_MESSAGES.addressSaved));
      onDone();
    } catch (error) {
      if (isApiError(error) && Array.isArray(error.details)) {
        // The server's words, already in the person's language.
        const fromServer: Partial<Record<AddressField, FieldProblem>> = {};
        for (const detail of error.details as { path: AddressField; message: string }[])
          fromServer[detail.path] ??= { text: detail.message };
        setErrors(fromServer);
      } else toast.error(t('billing.address.saveFailed'), serverText(error));
    }
  };

  return (
    <DialogContent title={initial ? t('billing.address.editTitle') : t('billing.address.addTitle')}>
      <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-4 sm:grid-cols-2">
        {BILLING_ADDRESS_FIELDS.map((field) => {
          const id = `${ids}-${field.key}`;
          const problem = errors[field.key];
          const error = problem ? fieldProblemText(t, problem) : undefined;
          const wide = field.key === 'name' || field.key === 'email' || field.key === 'address';
          return (
            <div key={field.key} className={wide ? 'sm:col-span-2' : undefined}>
              <Label htmlFor={id}>{t(FIELD_LABELS[field.key])}</Label>
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
                      {countryName(country)}
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
            {save.isPending ? t('billing.address.saving') : t('billing.address.save')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
