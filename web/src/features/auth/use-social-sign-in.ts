import type { TAuthPopupMessage } from '@kaleido/common';
import { AUTH_POPUP_CHANNEL, AUTH_POPUP_MESSAGE_TYPE, type TTwoFactorMethod } from '@kaleido/common/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { leavePage } from '../../lib/browser';
import { authKeys, socialStartUrl } from './api';
import { twoFactorMethods } from './two-factor-api';

const POPUP_NAME = 'kaleido-social-sign-in';
const POPUP_FEATURES = 'popup,width=500,height=650';

export type SocialSignInResult =
  | { status: 'signed-in' }
  | { status: 'failed'; error: string }
  /** The account has a second factor: the page asks for it (the popup left the challenge cookie). */
  | { status: 'two-factor'; methods: TTwoFactorMethod[] }
  /** The popup was blocked, so the whole page went to the provider instead. */
  | { status: 'redirected' }
  /** The person stopped waiting (or started another attempt). */
  | { status: 'cancelled' };

function isPopupMessage(value: unknown): value is TAuthPopupMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === AUTH_POPUP_MESSAGE_TYPE &&
    typeof (value as { ok?: unknown }).ok === 'boolean'
  );
}

/**
 * The methods of the second step when the popup says one is needed (`twoFactorRequired` and `methods`
 * beside `ok`), else null.
 */
function secondStepMethods(message: TAuthPopupMessage): TTwoFactorMethod[] | null {
  if (message.twoFactorRequired !== true) return null;
  const methods = twoFactorMethods(message.methods);
  return methods.length > 0 ? methods : null;
}

/**
 * Social sign-in in a popup. `start` must run inside the click handler (window.open is only allowed
 * there); when the popup is blocked the page itself goes to the provider. The popup's last page tells
 * us the outcome by postMessage (checked: our origin, from that popup) and on a BroadcastChannel (for
 * providers whose opener policy severs window.opener). A closed popup is not treated as a cancel: with
 * such providers `popup.closed` turns true long before the sign-in ends.
 */
export function useSocialSignIn() {
  const queryClient = useQueryClient();
  const t = useT();
  const [pendingProvider, setPendingProvider] = useState<string | null>(null);
  const stopWaiting = useRef<(() => void) | null>(null);

  useEffect(() => () => stopWaiting.current?.(), []);

  const start = useCallback(
    (providerId: string, options: { returnTo?: string } = {}): Promise<SocialSignInResult> => {
      stopWaiting.current?.();
      const popup = window.open(
        socialStartUrl(providerId, { popup: true, returnTo: options.returnTo }),
        POPUP_NAME,
        POPUP_FEATURES,
      );
      if (!popup) {
        leavePage(socialStartUrl(providerId, { popup: false, returnTo: options.returnTo }));
        return Promise.resolve({ status: 'redirected' });
      }
      popup.focus?.();
      setPendingProvider(providerId);

      return new Promise<SocialSignInResult>((resolve) => {
        let settled = false;
        let channel: BroadcastChannel | null = null;

        const detach = () => {
          window.removeEventListener('message', onMessage);
          channel?.close();
          channel = null;
          if (stopWaiting.current === cancel) stopWaiting.current = null;
        };
        const settle = (result: SocialSignInResult) => {
          if (settled) return;
          settled = true;
          detach();
          setPendingProvider(null);
          resolve(result);
        };
        const finish = async (message: TAuthPopupMessage) => {
          if (settled) return;
          detach();
          const methods = secondStepMethods(message);
          if (methods) {
            settle({ status: 'two-factor', methods });
          } else if (message.ok) {
            await queryClient.invalidateQueries({ queryKey: authKeys.me() });
            settle({ status: 'signed-in' });
          } else {
            // The popup's page states the server's reason in the person's language; these cover its absence.
            const fallback = t(providerId === 'google' ? 'auth.error.googleFailed' : 'auth.error.failed');
            settle({ status: 'failed', error: message.error || fallback });
          }
        };
        function onMessage(event: MessageEvent) {
          if (event.origin !== window.location.origin || event.source !== popup) return;
          if (isPopupMessage(event.data)) void finish(event.data);
        }
        function cancel() {
          settle({ status: 'cancelled' });
        }

        window.addEventListener('message', onMessage);
        if (typeof BroadcastChannel === 'function') {
          channel = new BroadcastChannel(AUTH_POPUP_CHANNEL);
          channel.onmessage = (event: MessageEvent) => {
            if (isPopupMessage(event.data)) void finish(event.data);
          };
        }
        stopWaiting.current = cancel;
      });
    },
    [queryClient, t],
  );

  const cancel = useCallback(() => stopWaiting.current?.(), []);

  return { start, cancel, pendingProvider };
}
