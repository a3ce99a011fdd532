import { ToastCard, ToastViewportProvider } from '../ui/toast';
import type { ToastItem } from './toast-provider';

/** Renders the toasts (loaded on the first toast, so Radix Toast stays out of the initial bundle). */
export function Toaster({
  toasts,
  onClose,
}: {
  toasts: readonly ToastItem[];
  onClose: (id: string) => void;
}) {
  return (
    <ToastViewportProvider>
      {toasts.map((toast) => (
        <ToastCard
          key={toast.id}
          type={toast.type}
          title={toast.title}
          message={toast.message}
          details={toast.details}
          duration={toast.duration}
          action={toast.action}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) onClose(toast.id);
          }}
        />
      ))}
    </ToastViewportProvider>
  );
}
