import type { TMe } from '@kaleido/common';
import { totalCredits } from '../credits/balance.js';
import type { UserRow } from './users.repository.js';

/** The person as the API presents them; a new column never leaks by accident. */
export function presentMe(user: UserRow, socialProviders: string[]): TMe {
  return {
    id: user.id,
    email: user.email,
    displayName: user.display_name,
    credits: totalCredits(user),
    creditsMonthly: user.credits_monthly,
    creditsPurchased: user.credits_purchased,
    plan: user.plan,
    role: user.role,
    hasPassword: user.password_hash !== null,
    socialProviders,
    createdAt: user.created_at,
    updatedAt: user.updated_at,
  };
}
