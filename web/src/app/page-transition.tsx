import { TIMINGS } from '@kaleido/common/browser';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useAccountPreferences } from '../features/settings/account-preferences';
import { usePrefersReducedMotion } from '../lib/use-media-query';

/** The whole change takes TIMINGS.pageTransitionMs: the old page fades out, then the new one slides in. */
const EXIT_MS = Math.round(TIMINGS.pageTransitionMs * 0.35);
const ENTER_MS = TIMINGS.pageTransitionMs - EXIT_MS;
const EXIT_FRAMES: Keyframe[] = [
  { opacity: 1, transform: 'none' },
  { opacity: 0, transform: 'translateX(-12px)' },
];
const ENTER_FRAMES: Keyframe[] = [
  { opacity: 0, transform: 'translateX(16px)' },
  { opacity: 1, transform: 'none' },
];

/**
 * Slide/fade between pages (about 0.4 s) with the Web Animations API, so no animation library is in
 * the initial bundle. The old page stays on screen while it fades out. Under prefers-reduced-motion,
 * with the account's animations setting off, or without element.animate, pages change at once.
 */
export function PageTransition() {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const { animationsEnabled } = useAccountPreferences();
  const reducedMotion = usePrefersReducedMotion() || !animationsEnabled;
  const ref = useRef<HTMLDivElement>(null);
  const [shownPathname, setShownPathname] = useState(pathname);
  // The last page rendered for the shown path: what stays on screen while it animates out.
  const leaving = useRef<ReactNode>(outlet);
  const entering = useRef(false);

  const samePage = shownPathname === pathname;
  if (samePage) leaving.current = outlet;

  useLayoutEffect(() => {
    if (samePage) return;
    const element = ref.current;
    if (reducedMotion || !element || typeof element.animate !== 'function') {
      setShownPathname(pathname);
      return;
    }
    const exit = element.animate(EXIT_FRAMES, { duration: EXIT_MS, easing: 'ease-in', fill: 'forwards' });
    let finished = false;
    exit.onfinish = () => {
      finished = true;
      entering.current = true;
      setShownPathname(pathname);
    };
    return () => {
      if (!finished) exit.cancel();
    };
  }, [samePage, pathname, reducedMotion]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!shownPathname || !entering.current || !element) return;
    entering.current = false;
    for (const animation of element.getAnimations()) animation.cancel();
    element.animate(ENTER_FRAMES, { duration: ENTER_MS, easing: 'cubic-bezier(0.22, 1, 0.36, 1)' });
  }, [shownPathname]);

  return (
    <div ref={ref} className="flex flex-1 flex-col">
      {samePage ? outlet : leaving.current}
    </div>
  );
}
