import { useQueryClient } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { serverText } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { isPasskeyCancel, signInWithPasskey, webAuthn } from './two-factor-api';

/**
 * "Sign in with a passkey" on the sign-in form, and the browser's own offer of passkeys in the e-mail
 * field's suggestions (conditional UI; the field says `autocomplete="username webauthn"`). Both end in a
 * session: a passkey is two factors at once, so no second step follows. Renders nothing in a browser
 * without WebAuthn.
 */
export function PasskeySignIn({
  remember,
  disabled,
  onBusyChange,
  onSignedIn,
  onError,
}: {
  remember: boolean;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
  onSignedIn: () => void;
  onError: (message: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  // Shown from the first paint (every current browser has passkeys; the prerendered page keeps its
  // place, so nothing moves when the page comes alive) and removed if this browser turns out not to.
  const [supported, setSupported] = useState(true);
  const [busy, setBusy] = useState(false);
  /** Bumped after a button attempt ends without a session, to offer the autofill again. */
  const [autofillRound, setAutofillRound] = useState(0);
  const autofillStopped = useRef(false);
  // The latest callbacks, so the autofill effect does not restart on each render of the page.
  const latest = useRef({ remember, onSignedIn, onError, onBusyChange });
  latest.current = { remember, onSignedIn, onError, onBusyChange };

  useEffect(() => {
    let live = true;
    void webAuthn()
      .then((library) => {
        if (live) setSupported(library.browserSupportsWebAuthn());
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  // Conditional UI: waits in the background until a passkey is picked from the e-mail field's list. It
  // starts again (a new round) after the button's attempt, which aborted it, ended without a session.
  // The person did not start this wait, so it fails silently (no passkey, the browser refusing or
  // aborting it, the options not arriving); only the server's answer to a picked passkey is shown.
  useEffect(() => {
    if (!supported || autofillRound < 0) return;
    let live = true;
    let picked = false;
    autofillStopped.current = false;
    void (async () => {
      const library = await webAuthn();
      if (!live || !(await library.browserSupportsWebAuthnAutofill())) return;
      try {
        await signInWithPasskey(queryClient, {
          autofill: true,
          remember: () => latest.current.remember,
          stopped: () => !live || autofillStopped.current,
          picked: () => {
            picked = true;
          },
        });
        if (live) latest.current.onSignedIn();
      } catch (error) {
        if (!live || !picked || autofillStopped.current || isPasskeyCancel(error)) return;
        latest.current.onError(serverText(error) ?? t('security.passkeySignIn.failed'));
      }
    })();
    return () => {
      live = false;
      void webAuthn().then((library) => library.WebAuthnAbortService.cancelCeremony());
    };
  }, [supported, autofillRound, queryClient, t]);

  if (!supported) return null;

  const start = async () => {
    autofillStopped.current = true;
    setBusy(true);
    latest.current.onBusyChange(true);
    let signedIn = false;
    try {
      await signInWithPasskey(queryClient, { remember: () => remember });
      signedIn = true;
    } catch (error) {
      if (!isPasskeyCancel(error)) onError(serverText(error) ?? t('security.passkeySignIn.failed'));
    } finally {
      setBusy(false);
      latest.current.onBusyChange(false);
    }
    if (signedIn) onSignedIn();
    else setAutofillRound((round) => round + 1);
  };

  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={() => void start()}
    >
      {busy ? <Spinner className="size-[18px]" /> : <Fingerprint aria-hidden />}
      {t('security.passkeySignIn.button')}
    </Button>
  );
}
