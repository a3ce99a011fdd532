import { APP_ROUTES } from '@kaleido/common/browser';
import { Clapperboard, ImageIcon, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MessageId } from '../i18n/catalogs/en';
import { useT } from '../i18n/use-t';
import { cn } from '../lib/cn';

const SHORTCUTS = [
  { to: APP_ROUTES.generateImage, label: 'app.create.image', icon: ImageIcon },
  { to: APP_ROUTES.generateVideo, label: 'app.create.video', icon: Clapperboard },
] as const satisfies readonly { to: string; label: MessageId; icon: typeof ImageIcon }[];

/** Floating plus button for signed-out visitors: a disclosure with shortcuts to the two generators. */
export function CreateFab() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Close when the page changes.
  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 flex flex-col items-end gap-3 md:right-6 md:bottom-6"
    >
      {open ? (
        <ul
          id={panelId}
          className="animate-fade-in flex flex-col gap-1 rounded-2xl border border-line bg-bg-elevated p-1.5 shadow-pop"
        >
          {SHORTCUTS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-xl py-2 pr-4 pl-2 text-sm font-medium text-fg transition-colors hover:bg-surface-2"
              >
                <span className="inline-flex size-8 items-center justify-center rounded-lg bg-surface-2 text-fg">
                  <Icon aria-hidden className="size-4" />
                </span>
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('app.create.label')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="bg-kaleido inline-flex size-14 items-center justify-center rounded-full text-white shadow-[0_14px_34px_-12px_rgb(192_38_211/0.75)] transition-transform hover:scale-105 active:scale-95"
      >
        <Plus aria-hidden className={cn('size-6 transition-transform duration-200', open && 'rotate-45')} />
      </button>
    </div>
  );
}
