import { TIMINGS } from '@kaleido/common/browser';
import { RefreshCw } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useT } from '../../i18n/use-t';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { applyUpdate, pwaStore } from './register';

/**
 * "A new version is available" (spec section 4): 'Update Now' shows 'Updating App...', waits 1 s, asks
 * the waiting worker to skip waiting and reloads onto the new version; 'Later' hides the prompt.
 */
export function UpdatePrompt({ apply = applyUpdate }: { apply?: () => Promise<void> }) {
  const t = useT();
  const { updateReady } = useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
  const [updating, setUpdating] = useState(false);

  if (!updateReady) return null;

  const update = () => {
    setUpdating(true);
    setTimeout(() => {
      apply().catch((error: unknown) => {
        console.error('[pwa] update', error);
        setUpdating(false);
      });
    }, TIMINGS.updateReloadDelayMs);
  };

  return (
    <section
      role="status"
      aria-labelledby="update-prompt-title"
      className="pointer-events-auto w-full rounded-2xl border border-line bg-bg-elevated p-4 shadow-lg"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent">
          <RefreshCw className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="update-prompt-title" className="font-semibold text-sm">
            {t('pwa.update.title')}
          </h2>
          <p className="mt-0.5 text-pretty text-fg-muted text-sm">{t('pwa.update.description')}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={pwaStore.dismissUpdate} disabled={updating}>
          {t('pwa.update.later')}
        </Button>
        <Button size="sm" onClick={update} disabled={updating}>
          {updating ? <Spinner className="size-4" /> : null}
          {t(updating ? 'pwa.update.updating' : 'pwa.update.now')}
        </Button>
      </div>
    </section>
  );
}
