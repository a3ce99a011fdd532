import { APP_ROUTES, LIMITS } from '@kaleido/common/browser';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../app/toast-provider';
import { formatCredits } from '../../lib/format';
import { playChime, trackUserGesture } from './chime';

export const LOW_CREDITS_TITLE = 'Your credits are running low';

/**
 * Settings → Credit alerts, in the open app: a warning toast when the balance falls below the low mark
 * (LIMITS.lowCreditWarningBelow), once per crossing: it is said again only after the balance has been
 * back at or above the mark. A balance already low when the app opens is no crossing.
 */
export function useLowCreditAlert(credits: number | null, enabled: boolean): void {
  const toast = useToast();
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
        title: LOW_CREDITS_TITLE,
        message: `You have ${formatCredits(credits)} left.`,
        action: {
          label: 'Add credits',
          altText: 'Buy credits on the billing page',
          onClick: () => navigate(APP_ROUTES.billing),
        },
      });
    }
  }, [credits, enabled, toast, navigate]);
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
