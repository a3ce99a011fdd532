import { Moon, Sun } from 'lucide-react';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';
import { useHydrated } from '../lib/use-hydrated';
import { useTheme } from './theme-provider';

export function ThemeToggle({ className }: { className?: string }) {
  const t = useT();
  const { resolvedTheme, toggleTheme } = useTheme();
  // A prerendered page is rendered in the light theme, and its app may start only when the visitor
  // shows intent: until then the accessible name comes from two texts of which the `dark` class that
  // index.html's theme script sets before the first paint shows one (as it does the icon); once
  // hydrated, the label follows the stored theme.
  const hydrated = useHydrated();
  const label = hydrated ? t(resolvedTheme === 'dark' ? 'app.theme.toLight' : 'app.theme.toDark') : undefined;
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg',
        className,
      )}
    >
      <Sun className="hidden size-[18px] dark:block" aria-hidden />
      <Moon className="size-[18px] dark:hidden" aria-hidden />
      {!hydrated && (
        <>
          <span className="sr-only dark:hidden">{t('app.theme.toDark')}</span>
          <span className="sr-only hidden dark:inline">{t('app.theme.toLight')}</span>
        </>
      )}
    </button>
  );
}
