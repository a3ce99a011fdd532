/** The two buckets of a user row: the plan's monthly allowance and the credits bought. */
export interface CreditBuckets {
  credits_monthly: number;
  credits_purchased: number;
}

/** The balance a person can spend: the monthly bucket plus the purchased one. */
export function totalCredits(row: CreditBuckets): number {
  return row.credits_monthly + row.credits_purchased;
}
