import { TIMINGS } from '@kaleido/common/browser';
import { ChevronDown, WifiOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { formatTime } from '../../lib/format';
import { listQueued, type QueuedAction } from './offline-queue';
import { useOnline } from './use-online';

/** The queued actions, read again every 5 s while mounted (spec section 9). */
function useQueuedActions(enabled: boolean, list: () => Promise<QueuedAction[]>): QueuedAction[] {
  const [actions, setActions] = useState<QueuedAction[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const read = () => {
      list()
        .then((found) => {
          if (live) setActions(found.sort((a, b) => a.timestamp - b.timestamp));
        })
        .catch((error: unknown) => console.error('[pwa] offline queue', error));
    };
    read();
    const timer = setInterval(read, TIMINGS.offlineQueuePollMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [enabled, list]);
  return actions;
}

/**
 * Shown only while the browser is offline (spec section 4): says so, counts the actions waiting to be
 * sent, and expands to list them and to say what still works.
 */
export function OfflineBanner({ list = listQueued }: { list?: () => Promise<QueuedAction[]> }) {
  const t = useT();
  const online = useOnline();
  const [expanded, setExpanded] = useState(false);
  const actions = useQueuedActions(!online, list);
  const detailsId = useId();

  if (online) return null;

  return (
    <section
      role="status"
      aria-label={t('pwa.offline.label')}
      className="pointer-events-auto w-full rounded-2xl border border-warning/40 bg-bg-elevated text-sm shadow-lg"
    >
      <button
        type="button"
        onClick={() => setExpanded((open) => !open)}
        aria-expanded={expanded}
        aria-controls={detailsId}
        className="flex w-full items-center gap-3 px-4 py-3 text-left"
      >
        <WifiOff className="size-4 shrink-0 text-warning" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="font-medium">{t('pwa.offline.title')}</span>{' '}
          <span className="text-fg-muted">
            {actions.length > 0
              ? t('pwa.offline.queued', { count: actions.length })
              : t('pwa.offline.libraryViewable')}
          </span>
        </span>
        <ChevronDown
          className={cn('size-4 shrink-0 text-fg-subtle transition-transform', expanded && 'rotate-180')}
          aria-hidden="true"
        />
        <span className="sr-only">{t(expanded ? 'pwa.offline.hideDetails' : 'pwa.offline.showDetails')}</span>
      </button>
      {expanded ? (
        <div id={detailsId} className="border-line border-t px-4 py-3 text-fg-muted">
          <p>{t('pwa.offline.details')}</p>
          {actions.length > 0 ? (
            <ul className="mt-2 space-y-1" aria-label={t('pwa.offline.queuedList')}>
              {actions.map((action) => (
                <li key={action.tag} className="flex justify-between gap-3">
                  <span className="truncate text-fg">{action.data.label}</span>
                  <time dateTime={new Date(action.timestamp).toISOString()} className="shrink-0 tabular-nums">
                    {formatTime(action.timestamp)}
                  </time>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2">{t('pwa.offline.nothingQueued')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
