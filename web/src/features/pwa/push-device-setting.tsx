import { useEffect, useId, useState } from 'react';
import type { MessageId } from '../../i18n/catalogs/en';
import { useT } from '../../i18n/use-t';
import { Button } from '../../ui/button';
import { SettingRow } from '../settings/settings-controls';
import { disablePush, enablePush, type PushState, pushState } from './push';

const DESCRIPTION: Record<PushState, MessageId> = {
  unsupported: 'pwa.push.unsupported',
  denied: 'pwa.push.denied',
  off: 'pwa.push.off',
  on: 'pwa.push.on',
};

/**
 * The opt-in of this browser (under "Desktop notifications"): asks for permission and subscribes, or
 * unsubscribes. Shown while the account's desktop notifications are on.
 */
export function PushDeviceSetting() {
  const t = useT();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  useEffect(() => {
    pushState()
      .then(setState)
      .catch(() => setState('unsupported'));
  }, []);

  if (state === null) return null;

  const change = async (action: () => Promise<PushState>) => {
    setBusy(true);
    try {
      setState(await action());
    } catch (error) {
      console.error('[pwa] push', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingRow
      labelId={`${ids}-label`}
      descriptionId={`${ids}-description`}
      label={t('pwa.push.label')}
      description={t(DESCRIPTION[state])}
      control={
        state === 'on' ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void change(disablePush)}>
            {t('pwa.push.turnOff')}
          </Button>
        ) : state === 'off' ? (
          <Button size="sm" disabled={busy} onClick={() => void change(enablePush)}>
            {t('pwa.push.turnOn')}
          </Button>
        ) : null
      }
    />
  );
}
