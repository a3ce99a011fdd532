import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-provider';
import { AccountPreferencesProvider } from '../features/settings/account-preferences';
import { I18nProvider } from '../i18n/i18n-provider';
import { ThemeProvider } from './theme-provider';
import { ToastProvider } from './toast-provider';

/** Everything the pages rely on: data cache, language, theme, toasts, the session and the account's preferences. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ThemeProvider>
          <ToastProvider>
            <AuthProvider>
              <AccountPreferencesProvider>{children}</AccountPreferencesProvider>
            </AuthProvider>
          </ToastProvider>
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
