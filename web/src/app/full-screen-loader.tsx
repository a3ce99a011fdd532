import { useT } from '../i18n/use-t';
import { LogoMark } from './logo';

/** Shown while the session loads (and while the first page's code arrives). */
export function FullScreenLoader({ message }: { message?: string }) {
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-5 bg-bg"
    >
      <div className="relative">
        <div aria-hidden className="absolute inset-0 -m-6 rounded-full bg-kaleido opacity-25 blur-2xl" />
        <LogoMark className="relative size-14 animate-spin-slow" />
      </div>
      <p className="text-sm font-medium text-fg-muted">{message ?? t('app.loading')}</p>
    </div>
  );
}
