import { TIMINGS } from '@kaleido/common/browser';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ToastAction, ToastType } from '../ui/toast';

export type { ToastAction, ToastType };

interface ToastOptions {
  type?: ToastType;
  title?: string;
  message?: string;
  /** Extra detail in small print, e.g. the server's error text. */
  details?: string;
  /** Milliseconds before it closes by itself; TIMINGS.toastDurationMs (5 s) by default. */
  duration?: number;
  /** A button in the toast (e.g. "View"); clicking it runs `onClick` and closes the toast. */
  action?: ToastAction;
}

export interface ToastItem {
  id: string;
  type: ToastType;
  title?: string;
  message?: string;
  details?: string;
  duration: number;
  action?: ToastAction;
  open: boolean;
}

type Shorthand = (title: string, message?: string, details?: string) => string;

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => string;
  success: Shorthand;
  error: Shorthand;
  warning: Shorthand;
  info: Shorthand;
  dismiss: (id: string) => void;
}

/** Time a closed toast stays mounted so its exit animation can play. */
const EXIT_MS = 200;

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 0;

function createToastItem(options: ToastOptions): ToastItem {
  nextId += 1;
  return {
    id: `toast-${nextId}`,
    type: options.type ?? 'info',
    title: options.title,
    message: options.message,
    details: options.details,
    duration: options.duration ?? TIMINGS.toastDurationMs,
    action: options.action,
    open: true,
  };
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [mounted, setMounted] = useState(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, EXIT_MS);
    timers.current.add(timer);
  }, []);

  const api = useMemo<ToastApi>(() => {
    const toast = (options: ToastOptions) => {
      const item = createToastItem(options);
      setMounted(true);
      setToasts((current) => [...current, item]);
      return item.id;
    };
    const shorthand =
      (type: ToastType): Shorthand =>
      (title, message, details) =>
        toast({ type, title, message, details });
    return {
      toast,
      success: shorthand('success'),
      error: shorthand('error'),
      warning: shorthand('warning'),
      info: shorthand('info'),
      dismiss,
    };
  }, [dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} onClose={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}
