import { Moon, Sun } from 'lucide-react';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';
import { useHydrated } from '../lib/use-hydrated';
import { useTheme } from './theme-provider';

export function ThemeToggle({ className }: { className?: string }) {
  const t = useT();
  const { resolvedTheme, toggleTheme } = useTheme();
  // A prerendered page is rendered in the light theme: the label follows the stored theme once
  // hydrated, and the icon follows the `dark` class that theme-init.js sets before the first paint.
  const dark = useHydrated() && resolvedTheme === 'dark';
  const label = t(dark ? 'app.theme.toLight' : 'app.theme.toDark');
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
    </button>
  );
}
