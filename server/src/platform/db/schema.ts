import type { Generated } from 'kysely';

/** Kysely's view of the tables (see migrations/). Timestamps are ISO-8601 UTC strings. */
export interface UsersTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  display_name: string;
  /** PHC string; null for accounts that only sign in through a social provider. */
  password_hash: string | null;
  role: 'user' | 'admin';
  plan: 'free' | 'pro' | 'enterprise';
  /** Cached balances of the credit ledger's two buckets, never below zero (CHECK constraints). */
  credits_monthly: Generated<number>;
  credits_purchased: Generated<number>;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the session secret; the secret itself is never stored. */
  token_hash: string;
  remember: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface UserSettingsTable {
  user_id: string;
  /** JSON object of the settings fields (validated by the contract schema). */
  data: string;
  created_at: string;
  updated_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  user_settings: UserSettingsTable;
}
