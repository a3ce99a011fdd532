import type { TCreditPack, TPlan } from '@kaleido/common';
import { CARD_BRAND_NAMES, planChangeKind } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Lock } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useToast } from '../../app/toast-provider';
import { isApiError, serverText } from '../../lib/api-client';
import { formatCredits, formatDate, formatUsd } from '../../lib/format';
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
  const ids = useId();
  const toast = useToast();
  const methods = useQuery(paymentMethodsQueryOptions());
  const summary = useQuery(billingSummaryQueryOptions());
  const buyPack = useBuyPack();
  const changePlan = useChangePlan();
  const [key, setKey] = useState(newPurchaseKey);
  const [chosen, setChosen] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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
      ? `Buy ${formatCredits(item.pack.credits)}`
      : change === 'upgrade'
        ? `Upgrade to ${item.plan.name}`
        : `Switch to ${item.plan.name}`;
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
        toast.success('Payment successful', `${formatCredits(total)} added to your balance.`);
      } else {
        const result = await changePlan.mutateAsync({
          plan: item.plan.id,
          paymentMethodId: needsPayment ? (selected ?? undefined) : undefined,
          idempotencyKey: key,
        });
        if (result.change === 'upgraded')
          toast.success(
            `Welcome to ${item.plan.name}`,
            `${formatCredits(item.plan.monthlyCredits)} are yours this billing month.`,
          );
        else
          toast.success(
            `Switching to ${item.plan.name}`,
            `From ${formatDate(result.summary.nextResetAt)}, your next billing month.`,
          );
      }
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'PAYMENT_DECLINED') setKey(newPurchaseKey());
      setFailure(serverText(error) ?? 'The payment did not go through. Please try again.');
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <DialogContent
      title={title}
      description={
        item.kind === 'pack'
          ? `${formatCredits(item.pack.credits + item.pack.bonusCredits)} in total${item.pack.bonusCredits ? `, ${item.pack.bonusCredits} of them bonus` : ''}. Purchased credits never expire.`
          : change === 'upgrade'
            ? `${formatCredits(item.plan.monthlyCredits)} every month, starting now. A new billing month starts today.`
            : `You keep your current plan until your next billing month.`
      }
    >
      <div className="mt-5 space-y-5">
        <div className="flex items-baseline justify-between rounded-2xl border border-line bg-surface-2/60 px-4 py-3">
          <span className="text-sm text-fg-muted">Due today</span>
          <span className="text-2xl font-semibold tracking-tight text-fg tabular-nums">
            {formatUsd(needsPayment ? amount : 0)}
          </span>
        </div>

        {!needsPayment ? (
          <p className="flex items-start gap-2 text-sm text-fg-muted">
            <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
            {summary.data
              ? `Your plan changes to ${item.kind === 'plan' ? item.plan.name : ''} on ${formatDate(summary.data.nextResetAt)}, when your monthly credits reset.`
              : 'Your plan changes at your next billing month.'}
          </p>
        ) : methods.isPending ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Spinner /> Loading your cards...
          </p>
        ) : cards.length === 0 || addingCard ? (
          <CardForm
            testMode={testMode}
            submitLabel="Save card"
            onAdded={(card) => {
              setChosen(card.id);
              setAddingCard(false);
            }}
            footer={
              cards.length > 0 ? (
                <Button variant="ghost" onClick={() => setAddingCard(false)}>
                  Use a saved card
                </Button>
              ) : null
            }
          />
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-fg">Pay with</legend>
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
              Add another card
            </Button>
          </fieldset>
        )}

        {failure ? <Alert>{failure}</Alert> : null}

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
              ? 'Processing...'
              : needsPayment
                ? `Pay ${formatUsd(amount)}`
                : `Switch to ${item.kind === 'plan' ? item.plan.name : ''} next billing month`}
          </Button>
        )}
        {needsPayment && testMode ? (
          <p className="text-center text-[13px] text-fg-subtle">Test mode: no real money moves.</p>
        ) : null}
      </div>
    </DialogContent>
  );
}
