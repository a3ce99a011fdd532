import { TIMINGS } from '@kaleido/common/browser';
import { useCallback, useEffect, useState } from 'react';
import type { AlertTone } from '../../ui/alert';

export interface Banner {
  id: number;
  tone: AlertTone;
  text: string;
}

let nextId = 0;

/**
 * The generators' success and error banner (spec section 4): one at a time, closed by its dismiss
 * button or by itself after TIMINGS.bannerDismissMs. The countdown waits while the pointer or the
 * keyboard focus is on the banner (`hold(true)`), so it can be read.
 */
export function useBanner(timeoutMs: number = TIMINGS.bannerDismissMs) {
  const [banner, setBanner] = useState<Banner | null>(null);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!banner || held) return;
    const timer = setTimeout(
      () => setBanner((current) => (current?.id === banner.id ? null : current)),
      timeoutMs,
    );
    return () => clearTimeout(timer);
  }, [banner, held, timeoutMs]);

  const show = useCallback((tone: AlertTone, text: string) => {
    nextId += 1;
    setBanner({ id: nextId, tone, text });
  }, []);
  const dismiss = useCallback(() => {
    setBanner(null);
    setHeld(false);
  }, []);
  return { banner, show, dismiss, hold: setHeld };
}
