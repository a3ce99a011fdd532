import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  DEFAULT_LOCALE,
  findPack,
  findPlan,
  parseExpiry,
  planChangeKind,
  type TBillingAddress,
  type TBillingSummary,
  type TLocale,
  type TPlanChangeResult,
  type TPlanId,
  type TPurchaseResult,
  usdToCents,
  validateCard,
} from '@kaleido/common';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Executor } from '../../platform/db/executor.js';
import { AppError, validationError } from '../../platform/http/app-error.js';
import { englishOf } from '../../platform/i18n/api-messages.js';
import { type Idempotency, requestHash } from '../../platform/idempotency/idempotency.js';
import type { ChargeResult, PaymentProvider } from '../../platform/payments/index.js';
import type { UsersRepository } from '../accounts/users.repository.js';
import { totalCredits } from '../credits/balance.js';
import type { CreditsService } from '../credits/credits.service.js';
import { type BillingNotifier, NO_CARD_ON_FILE } from '../notifications/notifications.service.js';
import {
  declineText,
  presentAddress,
  presentInvoice,
  presentPaymentMethod,
  presentPurchase,
} from './billing.presenter.js';
import type {
  BillingAccountRow,
  BillingRepository,
  PaymentMethodRow,
  PurchaseRow,
} from './billing.repository.js';
import { addMonthsClamped, periodContaining } from './billing-period.js';

const HISTORY_LIMIT = 100;

interface PurchaseSpec {
  kind: PurchaseRow['kind'];
  item: string;
  description: string;
  amountCents: number;
  credits: number;
  bonusCredits: number;
}

/**
 * Billing: cards through the payment provider (only brand, last 4 and expiry are kept), the billing
 * address, pack purchases and plan changes that really charge and then grant through the ledger, the
 * billing month and its reset. A purchase is recorded as pending under the caller's idempotency key
 * before the provider is asked, and settled by one guarded update, so a retry or a double click finds
 * the same purchase and what was bought is granted exactly once.
 */
export function createBillingService(deps: {
  database: Database;
  billing: BillingRepository;
  users: UsersRepository;
  credits: CreditsService;
  payments: PaymentProvider;
  clock: Clock;
  idempotency: Idempotency;
  /** E-mails receipts and plan changes after they are committed (never throws). */
  notify?: BillingNotifier;
}) {
  const { billing, users, credits, payments } = deps;
  const now = () => deps.clock.now();

  async function userOrFail(userId: string, trx?: Executor) {
    const user = await users.findById(userId, trx);
    if (!user) throw new AppError('USER_NOT_AUTHENTICATED');
    return user;
  }

  /** The account's billing month, created on first need (anchored at sign-up). */
  async function account(userId: string, trx: Executor = deps.database.kysely): Promise<BillingAccountRow> {
    const found = await billing.findAccount(userId, trx);
    if (found) return found;
    const user = await userOrFail(userId, trx);
    const at = now();
    const anchor = new Date(user.created_at);
    const period = periodContaining(anchor, at);
    await billing.insertAccount(
      {
        user_id: userId,
        pending_plan: null,
        anchor_at: anchor.toISOString(),
        period_start: period.start.toISOString(),
        period_end: period.end.toISOString(),
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      },
      trx,
    );
    const created = await billing.findAccount(userId, trx);
    if (!created) throw new Error('billing account vanished');
    return created;
  }

  async function summary(userId: string): Promise<TBillingSummary> {
    const row = await account(userId);
    const user = await userOrFail(userId);
    return {
      plan: user.plan,
      pendingPlan: row.pending_plan,
      periodStart: row.period_start,
      nextResetAt: row.period_end,
      monthlyAllowance: findPlan(user.plan).monthlyCredits,
      balance: {
        total: totalCredits(user),
        monthly: user.credits_monthly,
        purchased: user.credits_purchased,
      },
      providerMode: payments.mode,
    };
  }

  async function cardFor(userId: string, paymentMethodId: string | undefined): Promise<PaymentMethodRow> {
    const card = paymentMethodId
      ? await billing.findPaymentMethod(userId, paymentMethodId)
      : await billing.findDefaultPaymentMethod(userId);
    if (!card) {
      if (paymentMethodId) throw new AppError('NOT_FOUND', BILLING_MESSAGES.paymentMethodNotFound);
      throw new AppError('BAD_REQUEST', BILLING_MESSAGES.paymentMethodRequired);
    }
    return card;
  }

  const invoiceNumber = (purchase: PurchaseRow, at: Date) =>
    `KAL-${at.toISOString().slice(0, 10).replaceAll('-', '')}-${purchase.id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;

  /**
   * Charges a pending purchase (the provider answers a repeated charge of the same purchase with the
   * same result) and settles it. The caller whose guarded update settles it records the invoice and
   * runs `grant` in the same transaction; any other caller just reads the outcome.
   */
  async function settle(
    purchase: PurchaseRow,
    token: string | null,
    grant: (trx: Executor) => Promise<void>,
  ): Promise<PurchaseRow> {
    const outcome: ChargeResult = token
      ? await payments.charge({
          token,
          amountCents: purchase.amount_cents,
          currency: 'usd',
          description: purchase.description,
          idempotencyKey: purchase.id,
        })
      : {
          status: 'declined',
          code: 'no_payment_method',
          message: englishOf(BILLING_MESSAGES.paymentMethodNotFound),
        };
    const at = now();
    const number = invoiceNumber(purchase, at);
    const invoiced = await deps.database.kysely.transaction().execute(async (trx) => {
      if (!(await billing.settlePurchase(purchase.id, outcome, at.toISOString(), trx))) return false;
      if (outcome.status !== 'succeeded') return false;
      await billing.insertInvoice(
        {
          id: randomUUID(),
          user_id: purchase.user_id,
          purchase_id: purchase.id,
          number,
          description: purchase.description,
          amount_cents: purchase.amount_cents,
          currency: 'usd',
          card_brand: purchase.card_brand,
          card_last4: purchase.card_last4,
          created_at: at.toISOString(),
        },
        trx,
      );
      await grant(trx);
      return true;
    });
    // Only the caller that settled and invoiced it sends the receipt.
    if (invoiced) deps.notify?.receipt(purchase, { number, created_at: at.toISOString() });
    const settled = await billing.findPurchase(purchase.id);
    if (!settled) throw new Error('purchase vanished');
    return settled;
  }

  async function purchaseById(id: string): Promise<PurchaseRow> {
    const purchase = await billing.findPurchase(id);
    if (!purchase) throw new Error('purchase vanished');
    return purchase;
  }

  /** Records `spec` as a pending purchase paid with `card`, its Idempotency-Key claimed in the same transaction. */
  async function insertPending(
    userId: string,
    spec: PurchaseSpec,
    card: PaymentMethodRow,
    claim: (trx: Executor, purchaseId: string) => Promise<void>,
  ): Promise<PurchaseRow> {
    const id = randomUUID();
    await deps.database.kysely.transaction().execute(async (trx) => {
      await billing.insertPendingPurchase(
        {
          id,
          user_id: userId,
          kind: spec.kind,
          item: spec.item,
          description: spec.description,
          amount_cents: spec.amountCents,
          currency: 'usd',
          credits: spec.credits,
          bonus_credits: spec.bonusCredits,
          status: 'pending',
          failure_code: null,
          failure_message: null,
          payment_method_id: card.id,
          card_brand: card.brand,
          card_last4: card.last4,
          provider: payments.name,
          provider_charge_id: null,
          created_at: now().toISOString(),
          completed_at: null,
        },
        trx,
      );
      await claim(trx, id);
    });
    return purchaseById(id);
  }

  /**
   * Finds the purchase of this idempotency key (platform/idempotency: the person's key, the same
   * request) or records a new pending one, charges it if still pending, and answers with its outcome
   * (a declined purchase answers PAYMENT_DECLINED every time).
   */
  async function buy(
    userId: string,
    spec: PurchaseSpec,
    input: { idempotencyKey: string; paymentMethodId?: string },
    grant: (purchase: PurchaseRow, trx: Executor) => Promise<void>,
  ): Promise<PurchaseRow> {
    let { value: purchase } = await deps.idempotency.once(
      {
        caller: { userId },
        operation: 'purchase',
        key: input.idempotencyKey,
        hash: requestHash(
          JSON.stringify([spec.kind, spec.item, spec.amountCents, input.paymentMethodId ?? null]),
        ),
        conflict: BILLING_MESSAGES.idempotencyMismatch,
      },
      {
        replay: purchaseById,
        create: async (claim) =>
          insertPending(userId, spec, await cardFor(userId, input.paymentMethodId), claim),
      },
    );
    if (purchase.status === 'pending') {
      const card = purchase.payment_method_id
        ? await billing.findPaymentMethod(userId, purchase.payment_method_id)
        : undefined;
      const pending = purchase;
      purchase = await settle(pending, card?.provider_token ?? null, (trx) => grant(pending, trx));
    }
    if (purchase.status === 'declined')
      throw new AppError('PAYMENT_DECLINED', declineText(purchase), {
        details: { purchaseId: purchase.id, reason: purchase.failure_code },
      });
    if (purchase.status !== 'succeeded') throw new AppError('CONFLICT', BILLING_MESSAGES.purchaseInProgress);
    return purchase;
  }

  async function presentedPurchase(purchase: PurchaseRow) {
    const invoice = await billing.findInvoiceByPurchase(purchase.id);
    return presentPurchase({ ...purchase, invoice_number: invoice?.number ?? null });
  }

  /** Applies a plan now: plan, a fresh billing month from now, and the plan's monthly credits. */
  async function applyPlanNow(userId: string, plan: TPlanId, reference: string, trx: Executor) {
    const at = now();
    await account(userId, trx);
    await users.update(userId, { plan }, at.toISOString(), trx);
    await billing.updateAccount(
      userId,
      {
        pending_plan: null,
        anchor_at: at.toISOString(),
        period_start: at.toISOString(),
        period_end: addMonthsClamped(at, 1).toISOString(),
      },
      at.toISOString(),
      trx,
    );
    const details = findPlan(plan);
    await credits.setMonthly(
      userId,
      details.monthlyCredits,
      'grant',
      `${details.name} plan: ${details.monthlyCredits} monthly credits`,
      reference,
      trx,
    );
  }

  /**
   * One account's monthly reset, if its billing month `expectedEnd` is still the current one. A paid
   * plan is renewed by charging the default card (a decline or no card moves the account to Free); a
   * pending downgrade takes effect; the monthly bucket is set to the plan's allowance and purchased
   * credits are kept. Only the caller whose guarded claim moves the billing month does any of it.
   */
  async function resetAccount(userId: string, expectedEnd: string): Promise<boolean> {
    const row = await billing.findAccount(userId);
    const user = await users.findById(userId);
    if (!row || !user || row.period_end !== expectedEnd) return false;
    const target = row.pending_plan ?? user.plan;
    const targetPlan = findPlan(target);
    let renewal: PurchaseRow | null = null;
    if (targetPlan.priceUsd > 0) {
      const card = await billing.findDefaultPaymentMethod(userId);
      // One renewal per billing month, whichever process gets there first.
      const key = `renewal-${Date.parse(expectedEnd)}`;
      if (card) {
        const { value: pending } = await deps.idempotency.once(
          {
            caller: { userId },
            operation: 'renewal',
            key,
            hash: requestHash(key),
            conflict: BILLING_MESSAGES.idempotencyMismatch,
          },
          {
            replay: purchaseById,
            create: (claim) =>
              insertPending(
                userId,
                {
                  kind: 'renewal',
                  item: target,
                  description: `${targetPlan.name} plan, monthly renewal`,
                  amountCents: usdToCents(targetPlan.priceUsd),
                  credits: targetPlan.monthlyCredits,
                  bonusCredits: 0,
                },
                card,
                claim,
              ),
          },
        );
        renewal =
          pending.status === 'pending' ? await settle(pending, card.provider_token, async () => {}) : pending;
      }
    }
    const plan: TPlanId = targetPlan.priceUsd === 0 || renewal?.status === 'succeeded' ? target : 'free';
    const at = now();
    const anchor = new Date(row.anchor_at);
    const period = periodContaining(anchor, at);
    const claimedReset = await deps.database.kysely.transaction().execute(async (trx) => {
      const claimed = await billing.claimPeriod(
        userId,
        expectedEnd,
        {
          periodStart: period.start.toISOString(),
          periodEnd: period.end.toISOString(),
          now: at.toISOString(),
        },
        trx,
      );
      if (!claimed) return false;
      if (plan !== user.plan) await users.update(userId, { plan }, at.toISOString(), trx);
      const details = findPlan(plan);
      await credits.setMonthly(
        userId,
        details.monthlyCredits,
        'monthly_reset',
        `New billing month: ${details.name} plan, ${details.monthlyCredits} monthly credits`,
        renewal?.id ?? null,
        trx,
      );
      return true;
    });
    if (claimedReset && plan !== user.plan)
      deps.notify?.planChanged(userId, {
        from: user.plan,
        to: plan,
        reason: plan === target ? 'downgrade' : 'renewal-failed',
        failure: renewal?.status === 'declined' ? declineText(renewal) : renewal ? null : NO_CARD_ON_FILE,
      });
    return claimedReset;
  }

  return {
    account,
    summary,

    async paymentMethods(userId: string) {
      return (await billing.listPaymentMethods(userId)).map(presentPaymentMethod);
    },

    /** Validates the card, has the provider tokenise it and keeps brand, last 4 and expiry only. */
    async addCard(userId: string, input: { number: string; expiry: string; cvc: string; name: string }) {
      const problems = validateCard(input, now());
      const first = Object.entries(problems)[0];
      if (first)
        throw validationError(Object.entries(problems).map(([path, message]) => ({ path, message })));
      const expiry = parseExpiry(input.expiry);
      if (!expiry) throw validationError([{ path: 'expiry', message: BILLING_MESSAGES.expiryInvalid }]);
      const tokenized = await payments.tokenizeCard({
        number: input.number,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: input.cvc.trim(),
        name: input.name.trim(),
      });
      const id = randomUUID();
      await deps.database.kysely.transaction().execute(async (trx) => {
        const hasDefault = await billing.findDefaultPaymentMethod(userId, trx);
        await billing.insertPaymentMethod(
          {
            id,
            user_id: userId,
            provider: payments.name,
            provider_token: tokenized.token,
            brand: tokenized.brand,
            last4: tokenized.last4,
            exp_month: expiry.month,
            exp_year: expiry.year,
            cardholder_name: input.name.trim(),
            is_default: hasDefault ? 0 : 1,
            created_at: now().toISOString(),
          },
          trx,
        );
      });
      const card = await billing.findPaymentMethod(userId, id);
      if (!card) throw new Error('card vanished');
      return presentPaymentMethod(card);
    },

    async setDefaultCard(userId: string, id: string) {
      await deps.database.kysely.transaction().execute(async (trx) => {
        if (!(await billing.findPaymentMethod(userId, id, trx)))
          throw new AppError('NOT_FOUND', BILLING_MESSAGES.paymentMethodNotFound);
        await billing.setDefaultPaymentMethod(userId, id, trx);
      });
      return (await billing.listPaymentMethods(userId)).map(presentPaymentMethod);
    },

    /** Removes a card; when it was the default, the oldest remaining card becomes the default. */
    async removeCard(userId: string, id: string) {
      await deps.database.kysely.transaction().execute(async (trx) => {
        const card = await billing.findPaymentMethod(userId, id, trx);
        if (!card || !(await billing.deletePaymentMethod(userId, id, trx)))
          throw new AppError('NOT_FOUND', BILLING_MESSAGES.paymentMethodNotFound);
        if (card.is_default) {
          const [next] = await billing.listPaymentMethods(userId, trx);
          if (next) await billing.setDefaultPaymentMethod(userId, next.id, trx);
        }
      });
      return (await billing.listPaymentMethods(userId)).map(presentPaymentMethod);
    },

    async address(userId: string) {
      const row = await billing.findAddress(userId);
      return row ? presentAddress(row) : null;
    },

    async saveAddress(userId: string, input: TBillingAddress) {
      const at = now().toISOString();
      await billing.upsertAddress({
        user_id: userId,
        name: input.name,
        email: input.email,
        address: input.address,
        city: input.city,
        state: input.state,
        zip_code: input.zipCode,
        country: input.country,
        created_at: at,
        updated_at: at,
      });
      const row = await billing.findAddress(userId);
      if (!row) throw new Error('address vanished');
      return presentAddress(row);
    },

    /** Buys a credit pack: its credits and bonus go to the purchased bucket, once. */
    async buyPack(
      userId: string,
      input: { packId: string; paymentMethodId?: string; idempotencyKey: string },
    ): Promise<TPurchaseResult> {
      const pack = findPack(input.packId);
      if (!pack) throw validationError([{ path: 'packId', message: BILLING_MESSAGES.unknownPack }]);
      await account(userId);
      const total = pack.credits + pack.bonusCredits;
      const purchase = await buy(
        userId,
        {
          kind: 'pack',
          item: pack.id,
          description: `${pack.credits} credits${pack.bonusCredits ? ` + ${pack.bonusCredits} bonus` : ''}`,
          amountCents: usdToCents(pack.priceUsd),
          credits: pack.credits,
          bonusCredits: pack.bonusCredits,
        },
        input,
        async (row, trx) => {
          await credits.grantPurchased(userId, total, row.id, `Credit pack: ${row.description}`, trx);
        },
      );
      return { purchase: await presentedPurchase(purchase), summary: await summary(userId) };
    },

    /**
     * Upgrades are charged and take effect now (a new billing month starts, with the new monthly
     * credits); downgrades wait for the next billing month; choosing the current plan while a
     * downgrade waits cancels it.
     */
    async changePlan(
      userId: string,
      input: { plan: TPlanId; paymentMethodId?: string; idempotencyKey: string },
    ): Promise<TPlanChangeResult> {
      const user = await userOrFail(userId);
      const row = await account(userId);
      const at = now().toISOString();
      const kind = planChangeKind(user.plan, input.plan);
      if (kind === 'same') {
        if (!row.pending_plan) throw new AppError('CONFLICT', BILLING_MESSAGES.samePlan);
        await billing.updateAccount(userId, { pending_plan: null }, at);
        return { change: 'cancelled', purchase: null, summary: await summary(userId) };
      }
      if (kind === 'downgrade') {
        await billing.updateAccount(userId, { pending_plan: input.plan }, at);
        if (row.pending_plan !== input.plan)
          deps.notify?.downgradeScheduled(userId, {
            from: user.plan,
            to: input.plan,
            effectiveAt: row.period_end,
          });
        return { change: 'scheduled', purchase: null, summary: await summary(userId) };
      }
      const plan = findPlan(input.plan);
      const purchase = await buy(
        userId,
        {
          kind: 'plan',
          item: plan.id,
          description: `Upgrade to ${plan.name} (${plan.monthlyCredits} monthly credits)`,
          amountCents: usdToCents(plan.priceUsd),
          credits: plan.monthlyCredits,
          bonusCredits: 0,
        },
        input,
        (purchaseRow, trx) => applyPlanNow(userId, plan.id, purchaseRow.id, trx),
      );
      return {
        change: 'upgraded',
        purchase: await presentedPurchase(purchase),
        summary: await summary(userId),
      };
    },

    /** The person's purchases, newest first; declines say why in `locale`. */
    async purchases(userId: string, locale: TLocale = DEFAULT_LOCALE) {
      return (await billing.listPurchases(userId, HISTORY_LIMIT)).map((row) => presentPurchase(row, locale));
    },

    async invoices(userId: string) {
      return (await billing.listInvoices(userId, HISTORY_LIMIT)).map(presentInvoice);
    },

    /**
     * The scheduled job: gives every account a billing month, then resets each one whose month has
     * ended. Safe to run in every process at once: each reset is claimed by one guarded update.
     */
    async runMonthlyResets(batch = 200): Promise<{ reset: number }> {
      for (;;) {
        const missing = await billing.usersWithoutAccount(batch);
        for (const person of missing) await account(person.id);
        if (missing.length < batch) break;
      }
      let reset = 0;
      for (;;) {
        const due = await billing.dueAccounts(now().toISOString(), batch);
        let progressed = 0;
        for (const entry of due) {
          if (await resetAccount(entry.user_id, entry.period_end)) {
            reset++;
            progressed++;
          }
        }
        if (due.length < batch || progressed === 0) break;
      }
      return { reset };
    },

    /** For the data export: what billing keeps about a person (never a card number). */
    async exportData(userId: string) {
      return {
        paymentMethods: (await billing.listPaymentMethods(userId)).map(presentPaymentMethod),
        address: await this.address(userId),
        purchases: await this.purchases(userId),
        invoices: await this.invoices(userId),
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
