import { InstallPrompt } from './install-prompt';
import { OfflineBanner } from './offline-banner';
import { useOfflineSync } from './offline-sync';
import { UpdatePrompt } from './update-prompt';

/**
 * The installable app's overlays (spec section 2): offline banner, update prompt and install prompt,
 * stacked above the phone's bottom bar and the floating prompt box, bottom right on wider screens.
 */
export function PwaOverlays() {
  useOfflineSync();
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-[calc(9rem+env(safe-area-inset-bottom))] z-50 flex flex-col gap-2 sm:left-auto sm:w-96 md:right-6 md:bottom-24">
      <OfflineBanner />
      <UpdatePrompt />
      <InstallPrompt />
    </div>
  );
}
