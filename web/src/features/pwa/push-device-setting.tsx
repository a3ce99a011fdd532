import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button';
import { SettingRow } from '../settings/settings-controls';
import { disablePush, enablePush, type PushState, pushState } from './push';

const DESCRIPTION: Record<PushState, string> = {
  unsupported: 'This browser cannot show notifications from Kaleido.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings.',
  off: 'Get a notification on this device when a generation finishes or fails.',
  on: 'This device gets a notification when a generation finishes or fails.',
};

/**
 * The opt-in of this browser (under "Desktop notifications"): asks for permission and subscribes, or
 * unsubscribes. Shown while the account's desktop notifications are on.
 */
export function PushDeviceSetting() {
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
      label="Notifications on this device"
      description={DESCRIPTION[state]}
      control={
        state === 'on' ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void change(disablePush)}>
            Turn off
          </Button>
        ) : state === 'off' ? (
          <Button size="sm" disabled={busy} onClick={() => void change(enablePush)}>
            Turn on
          </Button>
        ) : null
      }
    />
  );
}
