import { APP_ROUTES, LIMITS } from '@kaleido/common/browser';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { useT } from '../../i18n/use-t';
import { formatCredits } from '../../lib/format';
import { playChime, trackUserGesture } from './chime';

/**
 * Settings → Credit alerts, in the open app: a warning toast when the balance falls below the low mark
 * (LIMITS.lowCreditWarningBelow), once per crossing: it is said again only after the balance has been
 * back at or above the mark. A balance already low when the app opens is no crossing.
 */
export function useLowCreditAlert(credits: number | null, enabled: boolean): void {
  const toast = useToast();
  const t = useT();
  const navigate = useNavigate();
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = credits;
    if (credits === null || before === null || !enabled) return;
    const mark = LIMITS.lowCreditWarningBelow;
    if (before >= mark && credits < mark) {
      toast.toast({
        type: 'warning',
        title: t('generate.alerts.lowCredits.title'),
        message: t('generate.alerts.lowCredits.message', { credits: formatCredits(credits) }),
        action: {
          label: t('generate.alerts.lowCredits.action'),
          altText: t('generate.alerts.lowCredits.actionLabel'),
          onClick: () => navigate(APP_ROUTES.billing),
        },
      });
    }
  }, [credits, enabled, toast, navigate, t]);
}

/**
 * Settings → Sounds: `play()` sounds the chime when the setting is on and the page has had a user
 * gesture (browsers block audio before one).
 */
export function useJobSound(enabled: boolean): { play: () => void } {
  const gestured = useRef(false);
  const on = useRef(enabled);
  on.current = enabled;
  useEffect(
    () =>
      trackUserGesture(() => {
        gestured.current = true;
      }),
    [],
  );
  const play = useRef(() => {
    if (on.current && gestured.current) playChime();
  });
  return { play: play.current };
}
