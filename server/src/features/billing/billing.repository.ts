import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.js';
import type {
  BillingAccountsTable,
  BillingAddressesTable,
  InvoicesTable,
  PaymentMethodsTable,
  PurchasesTable,
} from '../../platform/db/schema.js';

export type BillingAccountRow = Selectable<BillingAccountsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type BillingAddressRow = Selectable<BillingAddressesTable>;
export type PurchaseRow = Selectable<PurchasesTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

export function createBillingRepository(db: Executor) {
  return {
    // Billing months --------------------------------------------------------------------------------

    findAccount(userId: string, trx: Executor = db): Promise<BillingAccountRow | undefined> {
      return trx.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Inserts the account's billing month unless one exists (concurrent callers are harmless). */
    async insertAccount(row: Insertable<BillingAccountsTable>, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('billing_accounts')
        .values(row)
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
    },

    /** People who have no billing month yet (accounts made before billing existed, or not yet visited). */
    async usersWithoutAccount(limit: number, trx: Executor = db) {
      return trx
        .selectFrom('users')
        .leftJoin('billing_accounts', 'billing_accounts.user_id', 'users.id')
        .select(['users.id', 'users.created_at'])
        .where('billing_accounts.user_id', 'is', null)
        .limit(limit)
        .execute();
    },

    /** Accounts whose billing month has ended, oldest first. */
    async dueAccounts(now: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('billing_accounts')
        .select(['user_id', 'period_end'])
        .where('period_end', '<=', now)
        .orderBy('period_end')
        .limit(limit)
        .execute();
    },

    /**
     * Moves an account to its next billing month, only if it is still in the month the caller saw.
     * True for exactly one caller per month, whatever the number of processes: the claim of the reset.
     */
    async claimPeriod(
      userId: string,
      expectedEnd: string,
      next: { periodStart: string; periodEnd: string; now: string },
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('billing_accounts')
        .set({
          period_start: next.periodStart,
          period_end: next.periodEnd,
          pending_plan: null,
          updated_at: next.now,
        })
        .where('user_id', '=', userId)
        .where('period_end', '=', expectedEnd)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async updateAccount(
      userId: string,
      changes: Partial<Pick<BillingAccountRow, 'pending_plan' | 'anchor_at' | 'period_start' | 'period_end'>>,
      now: string,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .updateTable('billing_accounts')
        .set({ ...changes, updated_at: now })
        .where('user_id', '=', userId)
        .execute();
    },

    // Payment methods -------------------------------------------------------------------------------

    listPaymentMethods(userId: string, trx: Executor = db): Promise<PaymentMethodRow[]> {
      return trx
        .selectFrom('payment_methods')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findPaymentMethod(userId: string, id: string, trx: Executor = db): Promise<PaymentMethodRow | undefined> {
      return trx
        .selectFrom('payment_methods')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findDefaultPaymentMethod(userId: string, trx: Executor = db): Promise<PaymentMethodRow | undefined> {
      return trx
        .selectFrom('payment_methods')
        .selectAll()
        .where('user_id', '=', userId)
        .where('is_default', '=', 1)
        .executeTakeFirst();
    },

    async insertPaymentMethod(row: Insertable<PaymentMethodsTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('payment_methods').values(row).execute();
    },

    /** Makes one card the default and every other card of the person not. */
    async setDefaultPaymentMethod(userId: string, id: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('payment_methods')
        .set({ is_default: 0 })
        .where('user_id', '=', userId)
        .where('id', '!=', id)
        .execute();
      await trx
        .updateTable('payment_methods')
        .set({ is_default: 1 })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    },

    async deletePaymentMethod(userId: string, id: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .deleteFrom('payment_methods')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    // Billing address -------------------------------------------------------------------------------

    findAddress(userId: string, trx: Executor = db): Promise<BillingAddressRow | undefined> {
      return trx.selectFrom('billing_addresses').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async upsertAddress(row: Insertable<BillingAddressesTable>, trx: Executor = db): Promise<void> {
      const { user_id: _userId, created_at: _createdAt, ...changes } = row;
      await trx
        .insertInto('billing_addresses')
        .values(row)
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
        .execute();
    },

    // Purchases and invoices -------------------------------------------------------------------------

    findPurchase(id: string, trx: Executor = db): Promise<PurchaseRow | undefined> {
      return trx.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Records a purchase as pending (with its Idempotency-Key claimed in the same transaction). */
    async insertPendingPurchase(row: Insertable<PurchasesTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('purchases').values(row).execute();
    },

    /** Settles a pending purchase; true for exactly one caller (the one who then grants what was bought). */
    async settlePurchase(
      id: string,
      outcome:
        | { status: 'succeeded'; chargeId: string }
        | { status: 'declined'; code: string; message: string },
      now: string,
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('purchases')
        .set(
          outcome.status === 'succeeded'
            ? { status: 'succeeded', provider_charge_id: outcome.chargeId, completed_at: now }
            : {
                status: 'declined',
                failure_code: outcome.code,
                failure_message: outcome.message,
                completed_at: now,
              },
        )
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    listPurchases(userId: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('purchases')
        .leftJoin('invoices', 'invoices.purchase_id', 'purchases.id')
        .selectAll('purchases')
        .select('invoices.number as invoice_number')
        .where('purchases.user_id', '=', userId)
        .orderBy('purchases.created_at', 'desc')
        .orderBy('purchases.id', 'desc')
        .limit(limit)
        .execute();
    },

    async insertInvoice(row: Insertable<InvoicesTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('invoices').values(row).execute();
    },

    findInvoiceByPurchase(purchaseId: string, trx: Executor = db): Promise<InvoiceRow | undefined> {
      return trx.selectFrom('invoices').selectAll().where('purchase_id', '=', purchaseId).executeTakeFirst();
    },

    listInvoices(userId: string, limit: number, trx: Executor = db): Promise<InvoiceRow[]> {
      return trx
        .selectFrom('invoices')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
