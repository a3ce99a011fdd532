import { Moon, Sun } from 'lucide-react';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';
import { useTheme } from './theme-provider';

export function ThemeToggle({ className }: { className?: string }) {
  const t = useT();
  const { resolvedTheme, toggleTheme } = useTheme();
  const label = t(resolvedTheme === 'dark' ? 'app.theme.toLight' : 'app.theme.toDark');
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
      {resolvedTheme === 'dark' ? (
        <Sun className="size-[18px]" aria-hidden />
      ) : (
        <Moon className="size-[18px]" aria-hidden />
      )}
    </button>
  );
}
