import type { TCreditPack, TPlan } from '@kaleido/common';
import { CARD_BRAND_NAMES, planChangeKind } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Lock } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { isApiError, serverText } from '../../lib/api-client';
import { formatDate, formatUsd } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DialogContent } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import type { CurrentUser } from '../auth/api';
import {
  billingSummaryQueryOptions,
  newPurchaseKey,
  paymentMethodsQueryOptions,
  useBuyPack,
  useChangePlan,
} from './api';
import { CardForm } from './card-form';
import { type FieldProblem, fieldProblemText } from './field-problem';

export type CheckoutItem = { kind: 'pack'; pack: TCreditPack } | { kind: 'plan'; plan: TPlan };

/**
 * The checkout modal of a pack or a plan change: pick a saved card (or add one), then pay. The
 * purchase key is made once per attempt, so a double click or a retried request is charged once; a
 * declined attempt gets a new key so another card can be tried.
 */
export function CheckoutDialogContent({
  item,
  user,
  onDone,
}: {
  item: CheckoutItem;
  user: CurrentUser;
  onDone: () => void;
}) {
  const t = useT();
  const ids = useId();
  const toast = useToast();
  const methods = useQuery(paymentMethodsQueryOptions());
  const summary = useQuery(billingSummaryQueryOptions());
  const buyPack = useBuyPack();
  const changePlan = useChangePlan();
  const [key, setKey] = useState(newPurchaseKey);
  const [chosen, setChosen] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [failure, setFailure] = useState<FieldProblem | null>(null);
  // A double click reaches the handler twice before the button is disabled: the second one waits out.
  const inFlight = useRef(false);

  const cards = methods.data ?? [];
  const selected = chosen ?? cards.find((card) => card.isDefault)?.id ?? cards[0]?.id ?? null;
  const change = item.kind === 'plan' ? planChangeKind(user.plan, item.plan.id) : null;
  const needsPayment = item.kind === 'pack' || change === 'upgrade';
  const pending = buyPack.isPending || changePlan.isPending;
  const testMode = summary.data?.providerMode !== 'live';

  const title =
    item.kind === 'pack'
      ? t('billing.checkout.title.pack', { count: item.pack.credits })
      : change === 'upgrade'
        ? t('billing.checkout.title.upgrade', { plan: item.plan.name })
        : t('billing.checkout.title.switch', { plan: item.plan.name });
  const description =
    item.kind === 'pack'
      ? item.pack.bonusCredits
        ? t('billing.checkout.description.packBonus', {
            total: item.pack.credits + item.pack.bonusCredits,
            bonus: item.pack.bonusCredits,
          })
        : t('billing.checkout.description.pack', { total: item.pack.credits })
      : change === 'upgrade'
        ? t('billing.checkout.description.upgrade', { count: item.plan.monthlyCredits })
        : t('billing.checkout.description.downgrade');
  const planName = item.kind === 'plan' ? item.plan.name : '';
  const amount = item.kind === 'pack' ? item.pack.priceUsd : item.plan.priceUsd;

  const pay = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      if (item.kind === 'pack') {
        const result = await buyPack.mutateAsync({
          packId: item.pack.id,
          paymentMethodId: selected ?? undefined,
          idempotencyKey: key,
        });
        const total = result.purchase.credits + result.purchase.bonusCredits;
        toast.success(
          t('billing.checkout.paid.title'),
          t('billing.checkout.paid.description', { count: total }),
        );
      } else {
        const result = await changePlan.mutateAsync({
          plan: item.plan.id,
          paymentMethodId: needsPayment ? (selected ?? undefined) : undefined,
          idempotencyKey: key,
        });
        if (result.change === 'upgraded')
          toast.success(
            t('billing.checkout.upgraded.title', { plan: item.plan.name }),
            t('billing.checkout.upgraded.description', { count: item.plan.monthlyCredits }),
          );
        else
          toast.success(
            t('billing.checkout.scheduled.title', { plan: item.plan.name }),
            t('billing.checkout.scheduled.description', { date: formatDate(result.summary.nextResetAt) }),
          );
      }
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'PAYMENT_DECLINED') setKey(newPurchaseKey());
      const text = serverText(error);
      setFailure(text ? { text } : { id: 'billing.checkout.failed' });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <DialogContent title={title} description={description}>
      <div className="mt-5 space-y-5">
        <div className="flex items-baseline justify-between rounded-2xl border border-line bg-surface-2/60 px-4 py-3">
          <span className="text-sm text-fg-muted">{t('billing.checkout.dueToday')}</span>
          <span className="text-2xl font-semibold tracking-tight text-fg tabular-nums">
            {formatUsd(needsPayment ? amount : 0)}
          </span>
        </div>

        {!needsPayment ? (
          <p className="flex items-start gap-2 text-sm text-fg-muted">
            <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
            {summary.data
              ? t('billing.checkout.changesOn', {
                  plan: planName,
                  date: formatDate(summary.data.nextResetAt),
                })
              : t('billing.checkout.changesNextMonth')}
          </p>
        ) : methods.isPending ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Spinner /> {t('billing.checkout.loadingCards')}
          </p>
        ) : cards.length === 0 || addingCard ? (
          <CardForm
            testMode={testMode}
            submitLabel={t('billing.checkout.saveCard')}
            onAdded={(card) => {
              setChosen(card.id);
              setAddingCard(false);
            }}
            footer={
              cards.length > 0 ? (
                <Button variant="ghost" onClick={() => setAddingCard(false)}>
                  {t('billing.checkout.useSavedCard')}
                </Button>
              ) : null
            }
          />
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-fg">{t('billing.checkout.payWith')}</legend>
            <div className="space-y-2">
              {cards.map((card) => (
                <label
                  key={card.id}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-3.5 py-3 text-sm has-[:checked]:border-accent has-[:checked]:ring-2 has-[:checked]:ring-accent-soft"
                >
                  <input
                    type="radio"
                    name={`${ids}-card`}
                    value={card.id}
                    checked={selected === card.id}
                    onChange={() => setChosen(card.id)}
                    className="accent-[var(--accent)]"
                  />
                  <span className="font-medium text-fg">
                    {CARD_BRAND_NAMES[card.brand]} •••• {card.last4}
                  </span>
                  <span className="ml-auto text-fg-muted tabular-nums">
                    {String(card.expMonth).padStart(2, '0')}/{String(card.expYear).slice(-2)}
                  </span>
                </label>
              ))}
            </div>
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setAddingCard(true)}>
              {t('billing.checkout.addAnotherCard')}
            </Button>
          </fieldset>
        )}

        {failure ? <Alert>{fieldProblemText(t, failure)}</Alert> : null}

        {needsPayment && (cards.length === 0 || addingCard) ? null : (
          <Button
            variant="primary"
            size="lg"
            className="w-full"
            disabled={pending || (needsPayment && !selected)}
            onClick={() => void pay()}
          >
            {pending ? <Spinner /> : needsPayment ? <Lock aria-hidden /> : <CalendarClock aria-hidden />}
            {pending
              ? t('billing.checkout.processing')
              : needsPayment
                ? t('billing.checkout.pay', { amount: formatUsd(amount) })
                : t('billing.checkout.switchNextMonth', { plan: planName })}
          </Button>
        )}
        {needsPayment && testMode ? (
          <p className="text-center text-[13px] text-fg-subtle">{t('billing.checkout.testMode')}</p>
        ) : null}
      </div>
    </DialogContent>
  );
}
