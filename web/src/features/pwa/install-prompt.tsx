import { Download, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useT } from '../../i18n/use-t';
import { Button } from '../../ui/button';
import { installStore, listenForInstallPrompt, rememberInstallDismissed } from './install-event';

/**
 * "Install Kaleido": shown when the browser signals installability (`beforeinstallprompt`), the app
 * is not installed and the person has started using the page (never over its first view); 'Install'
 * opens the browser's own dialog, 'Not now' hides it for good.
 */
export function InstallPrompt() {
  const t = useT();
  listenForInstallPrompt();
  const event = useSyncExternalStore(installStore.subscribe, installStore.get, installStore.get);

  if (!event) return null;

  const dismiss = rememberInstallDismissed;

  const install = async () => {
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === 'dismissed') dismiss();
    } catch (error) {
      console.error('[pwa] install prompt', error);
    }
    installStore.consume();
  };

  return (
    <section
      aria-labelledby="install-prompt-title"
      className="pointer-events-auto w-full rounded-2xl border border-line bg-bg-elevated p-4 shadow-lg"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h2 id="install-prompt-title" className="font-semibold text-sm">
            {t('pwa.install.title')}
          </h2>
          <p className="mt-0.5 text-pretty text-fg-muted text-sm">{t('pwa.install.description')}</p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('pwa.install.dismiss')}
          className="-m-1 rounded-full p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={dismiss}>
          {t('pwa.install.notNow')}
        </Button>
        <Button size="sm" onClick={() => void install()}>
          <Download aria-hidden="true" />
          {t('pwa.install.install')}
        </Button>
      </div>
    </section>
  );
}
