import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

const ICONS: Record<ToastType, { icon: LucideIcon; className: string }> = {
  success: { icon: CircleCheck, className: 'text-success bg-success-soft' },
  error: { icon: CircleAlert, className: 'text-danger bg-danger-soft' },
  warning: { icon: TriangleAlert, className: 'text-warning bg-warning-soft' },
  info: { icon: Info, className: 'text-info bg-info-soft' },
};

export function ToastViewportProvider({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={t('app.toast.label')}>
      {children}
      <ToastPrimitive.Viewport
        // Radix puts the hotkey (F8) where the label says {hotkey}.
        label={t('app.toast.region', { hotkey: '{hotkey}' })}
        className={cn(
          'fixed inset-x-0 top-0 z-[100] m-0 flex max-h-dvh list-none flex-col gap-2.5 p-3 outline-none',
          'sm:inset-x-auto sm:right-0 sm:top-16 sm:w-[380px] sm:p-4',
        )}
      />
    </ToastPrimitive.Provider>
  );
}

export interface ToastAction {
  label: string;
  /** What a screen reader user is told to do instead (Radix requires it), e.g. 'Open your library'. */
  altText: string;
  onClick: () => void;
}

interface ToastCardProps {
  type: ToastType;
  title?: string;
  message?: string;
  details?: string;
  duration: number;
  action?: ToastAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ToastCard({
  type,
  title,
  message,
  details,
  duration,
  action,
  open,
  onOpenChange,
}: ToastCardProps) {
  const t = useT();
  const { icon: Icon, className } = ICONS[type];
  return (
    <ToastPrimitive.Root
      type={type === 'error' ? 'foreground' : 'background'}
      duration={duration}
      open={open}
      onOpenChange={onOpenChange}
      data-toast-type={type}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border border-line bg-bg-elevated p-3.5 pr-11 shadow-pop',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[swipe=end]:animate-toast-out',
      )}
    >
      <span
        className={cn(
          'mt-px inline-flex size-8 shrink-0 items-center justify-center rounded-full',
          className,
        )}
      >
        <Icon aria-hidden className="size-[18px]" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        {title ? (
          <ToastPrimitive.Title className="text-sm font-semibold text-fg">{title}</ToastPrimitive.Title>
        ) : null}
        {message ? (
          <ToastPrimitive.Description className={cn('text-sm text-fg-muted', title && 'mt-0.5')}>
            {message}
          </ToastPrimitive.Description>
        ) : null}
        {details ? (
          <p className="mt-1.5 break-words rounded-lg bg-surface-2 px-2 py-1 font-mono text-xs text-fg-muted">
            {details}
          </p>
        ) : null}
        {action ? (
          <ToastPrimitive.Action
            altText={action.altText}
            onClick={action.onClick}
            className="mt-2.5 inline-flex h-8 items-center rounded-full bg-primary px-3.5 text-[13px] font-medium text-primary-fg transition-colors hover:bg-primary-hover"
          >
            {action.label}
          </ToastPrimitive.Action>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label={t('app.ui.close')}
        className="absolute right-2.5 top-2.5 inline-flex size-7 items-center justify-center rounded-full text-fg-subtle transition-colors hover:bg-surface-2 hover:text-fg"
      >
        <X aria-hidden className="size-4" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
