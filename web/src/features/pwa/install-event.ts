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

function set(event: BeforeInstallPromptEvent | null): void {
  pending = event;
  for (const listener of listeners) listener();
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
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; the app asks in its own words.
    event.preventDefault();
    if (installDismissed() || installed()) return;
    set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
}

export const installStore = {
  get: (): BeforeInstallPromptEvent | null => pending,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The browser's dialog was used (or failed): the event cannot be used twice. */
  consume(): void {
    set(null);
  },
};
