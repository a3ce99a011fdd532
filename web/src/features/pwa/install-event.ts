/**
 * Chromium's installability signal, caught from the start (the prompt's component loads later, and
 * the event fires once per page load).
 */

/** Local storage flag: once dismissed, the install prompt never shows again (spec section 4). */
export const INSTALL_DISMISSED_KEY = 'kaleido-install-dismissed';

/** `beforeinstallprompt` (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let pending: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
let listening = false;
/**
 * Whether the person has used the page yet (a tap, click, key or scroll). The prompt waits for it so
 * it never covers the first view of a page (and so is never that view's largest paint).
 */
let engaged = false;
const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

function notify(): void {
  for (const listener of listeners) listener();
}

function set(event: BeforeInstallPromptEvent | null): void {
  pending = event;
  notify();
}

function watchEngagement(): void {
  // A prerendered page starts the app on the visitor's first use of it (web/scripts/prerender.mjs),
  // before these listeners exist: #root carries `data-used` then.
  if (document.getElementById('root')?.hasAttribute('data-used')) {
    engaged = true;
    return;
  }
  const options = { capture: true, passive: true } as const;
  const onFirstUse = () => {
    for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, onFirstUse, options);
    engaged = true;
    if (pending) notify();
  };
  for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, onFirstUse, options);
}

function installDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberInstallDismissed(): void {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
  } catch {
    // private mode: it stays hidden for this visit
  }
  set(null);
}

function installed(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Starts listening (idempotent): keeps the event unless the app is installed or the prompt was dismissed. */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  watchEngagement();
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; the app asks in its own words.
    event.preventDefault();
    if (installDismissed() || installed()) return;
    set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
}

export const installStore = {
  /** The kept event, once the person has used the page. */
  get: (): BeforeInstallPromptEvent | null => (engaged ? pending : null),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The browser's dialog was used (or failed): the event cannot be used twice. */
  consume(): void {
    set(null);
  },
};
