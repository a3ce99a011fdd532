import { CircleAlert, CircleCheck, Info, type LucideIcon, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';

export type AlertTone = 'danger' | 'success' | 'info';

const TONES: Record<AlertTone, { icon: LucideIcon; className: string }> = {
  danger: { icon: CircleAlert, className: 'border-danger/25 bg-danger-soft text-danger' },
  success: { icon: CircleCheck, className: 'border-success/25 bg-success-soft text-success' },
  info: { icon: Info, className: 'border-info/20 bg-info-soft text-info' },
};

/**
 * An inline message box. Danger alerts are announced at once (role alert), the others politely.
 * With `onDismiss` it has a close button (named by `dismissLabel`).
 */
export function Alert({
  tone = 'danger',
  children,
  className,
  id,
  onDismiss,
  dismissLabel,
}: {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
  id?: string;
  onDismiss?: () => void;
  dismissLabel?: string;
}) {
  const t = useT();
  const { icon: Icon, className: toneClass } = TONES[tone];
  return (
    <div
      id={id}
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm', toneClass, className)}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel ?? t('app.ui.dismiss')}
          className="-my-1 -mr-1.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full opacity-70 transition-[opacity,background-color] hover:bg-current/10 hover:opacity-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
