import type { TAnnouncement, TAnnouncementLevel } from '@kaleido/common';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Info, type LucideIcon, Megaphone, X } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { useUser } from '../auth/auth-provider';
import { publicSiteQueryOptions } from './site-api';

const STORAGE_KEY = 'kaleido.announcement.dismissed';

const LEVELS: Record<TAnnouncementLevel, { icon: LucideIcon; className: string }> = {
  info: { icon: Megaphone, className: 'border-info/20 bg-info-soft text-info' },
  warning: { icon: Info, className: 'border-warning/25 bg-warning-soft text-warning' },
  critical: { icon: CircleAlert, className: 'border-danger/25 bg-danger-soft text-danger' },
};

/** What identifies one announcement: a new text, level or end shows again after a dismissal. */
export function announcementId(announcement: TAnnouncement): string {
  return JSON.stringify([announcement.text, announcement.level, announcement.until]);
}

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The administrators' announcement, above the navigation on every page, for everyone. Dismissing hides
 * this announcement on this device (remembered per announcement); it is gone by itself after its end.
 */
export default function AnnouncementBanner() {
  const t = useT();
  const { user } = useUser();
  const site = useQuery(publicSiteQueryOptions(user?.id ?? null));
  const [dismissed, setDismissed] = useState(readDismissed);
  const announcement = site.data?.announcement;
  if (!announcement) return null;
  const id = announcementId(announcement);
  if (dismissed === id) return null;
  if (announcement.until && Date.parse(announcement.until) <= Date.now()) return null;
  const { icon: Icon, className } = LEVELS[announcement.level];

  const dismiss = () => {
    setDismissed(id);
    try {
      window.localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // Hidden for this page only.
    }
  };

  return (
    <aside
      aria-label={t('admin.banner.label')}
      className={cn('flex items-start gap-2.5 border-b px-4 py-2.5 text-sm sm:px-6 lg:px-8', className)}
      {...(announcement.level === 'critical' ? { role: 'alert' } : {})}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1 text-pretty font-medium">{announcement.text}</p>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('admin.banner.dismiss')}
        className="-my-1 inline-flex size-7 shrink-0 items-center justify-center rounded-full opacity-80 transition-[opacity,background-color] hover:bg-current/10 hover:opacity-100"
      >
        <X aria-hidden className="size-4" />
      </button>
    </aside>
  );
}
