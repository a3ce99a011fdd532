import { CircleAlert, CircleCheck, Info, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type AlertTone = 'danger' | 'success' | 'info';

const TONES: Record<AlertTone, { icon: LucideIcon; className: string }> = {
  danger: { icon: CircleAlert, className: 'border-danger/25 bg-danger-soft text-danger' },
  success: { icon: CircleCheck, className: 'border-success/25 bg-success-soft text-success' },
  info: { icon: Info, className: 'border-info/20 bg-info-soft text-info' },
};

/** An inline message box. Danger alerts are announced at once (role alert), the others politely. */
export function Alert({
  tone = 'danger',
  children,
  className,
  id,
}: {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const { icon: Icon, className: toneClass } = TONES[tone];
  return (
    <div
      id={id}
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm', toneClass, className)}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
