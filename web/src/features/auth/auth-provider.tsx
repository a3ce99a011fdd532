import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { reportDetectedTimeZone } from '../settings/api';
import { type CurrentUser, meQueryOptions, signOut } from './api';

interface UserContextValue {
  /** The signed-in account, or null when signed out (or while loading). */
  user: CurrentUser | null;
  /** True until the first answer about the session is in. */
  isLoading: boolean;
  isSignedIn: boolean;
  /** Reloads the account (credits, plan) from the server. */
  refresh: () => Promise<void>;
  /** POST /api/auth/logout, then clears cached account data. Throws when the server call fails. */
  signOut: () => Promise<void>;
}

const UserContext = createContext<UserContextValue | null>(null);

/** Provides the session state from GET /api/auth/me to the whole app (`useUser()`). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const user = me.data ?? null;
  const { isPending, refetch } = me;
  const userId = user?.id;

  // E-mails and invoices of a person whose timezone setting is 'auto' use this browser's zone.
  useEffect(() => {
    if (userId) void reportDetectedTimeZone(userId);
  }, [userId]);

  const value = useMemo<UserContextValue>(
    () => ({
      user,
      isLoading: isPending,
      isSignedIn: user !== null,
      refresh: async () => {
        await refetch();
      },
      signOut: () => signOut(queryClient),
    }),
    [user, isPending, refetch, queryClient],
  );
  return <UserContext value={value}>{children}</UserContext>;
}

export function useUser(): UserContextValue {
  const context = useContext(UserContext);
  if (!context) throw new Error('useUser must be used within a UserProvider');
  return context;
}

/** The spec's name for the provider (its error text says "UserProvider"). */
export { AuthProvider as UserProvider };
